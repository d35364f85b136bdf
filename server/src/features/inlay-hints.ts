import type { TextRange } from '../common/diagnostic';
import type { ImpactFinding } from '../analysis/findings';
import { formatValue, isVector, type EvaluatedValue } from '../semantics/evaluate';
import { fmt, fmtTime, otherOf, stepTime } from './describe';
import type { ValueTable } from '../semantics/value-table';
import type { AnalyzedDocument } from './document';
import { statementIndexOf } from '../syntax/statement-index';
import { Scanner, TK_COMMA, TK_EOF, TK_LPAREN, TK_MINUS, TK_NUMBER, TK_RPAREN, UNIT_NONE } from '../syntax/lexer';

/**
 * Inlay hints: the evaluated value after an expression whose value is not
 * written out (`30deg` = 0.5236 rad, `1/60` = 0.01667, `w / 2`), and after a moving body's
 * velocity (or spin) the first time it hits something. Literal numbers and vectors of literals
 * get no hint: they already say their value.
 */
export interface Hint {
  /** Where the hint stands: the end of the expression or of the motion clause. */
  readonly offset: number;
  readonly label: string;
  /** `value`: an expression's value; `impact`: a moving body's first time of impact. */
  readonly kind: 'value' | 'impact';
  readonly tooltip?: string;
}

export function inlayHints(doc: AnalyzedDocument, range?: TextRange): Hint[] {
  // For a range (VS Code asks for the viewport), only the values of the statements that reach
  // it, evaluated for this request; without one (rare), every statement's.
  return inlayHintsOver(doc, range, valueBatches(doc, range));
}

/**
 * Statements evaluated at a time (`valueBatches`): the trees of a whole large document's
 * statements at once would be a peak that the server's resident size keeps (its allocator keeps
 * what it once held), for a client that asks for the hints of the whole document; a batch's
 * trees and values are garbage once its hints are made.
 */
export const HINT_BATCH = 512;

/**
 * The values of the statements that reach `range` (values lie inside their statements), a batch
 * of statements at a time, in table order: evaluated as each batch is read.
 */
function* valueBatches(doc: AnalyzedDocument, range: TextRange | undefined): Generator<ValueTable> {
  const index = statementIndexOf(doc.analysis.parse);
  const first = index.endingFrom(range?.start ?? 0);
  const last = index.atOrBefore(range?.end ?? doc.text.length);
  for (let i = first; i <= last; i += HINT_BATCH) yield doc.analysis.semantics.valuesOf(index.parse(i, Math.min(last, i + HINT_BATCH - 1)));
}

/**
 * The hints of `range` (of the whole document when undefined), given value tables (in table
 * order, one after the other) that hold every value ending in it: the values of the statements
 * that reach it here, the whole document's table in the equivalence test's oracle
 * (test/unit/features/oracle/inlay-hints.ts).
 */
export function inlayHintsOver(doc: AnalyzedDocument, range: TextRange | undefined, tables: Iterable<ValueTable>): Hint[] {
  const hints: Hint[] = [];
  const inRange = (offset: number) => !range || (offset >= range.start && offset <= range.end);
  let lastStart = -1;
  let lastEnd = -1;
  // The compact tables, read in place: only the values that become hints are made into objects.
  // A value that starts after the range ends after it too, and is skipped with those. Two values
  // of one range are of one statement, so of one table.
  for (const values of tables) {
    for (let i = 0; i < values.count; i++) {
      const start = values.start(i);
      const end = values.end(i);
      if (!inRange(end)) continue;
      if (lastStart === start && lastEnd === end) continue;
      if (isLiteral(doc, start, end)) continue;
      lastStart = start;
      lastEnd = end;
      hints.push({ offset: end, label: `= ${valueLabel(values.get(i))}`, kind: 'value' });
    }
  }

  // The first impact of each moving body, after the clause that makes it move.
  const scene = doc.analysis.semantics.scene;
  const first = new Map<number, ImpactFinding>();
  for (const f of doc.analysis.findings) {
    if (f.kind === 'overlap' || f.kind === 'ghost-bump') continue;
    for (const i of [f.ia, f.ib]) {
      const best = first.get(i);
      if (!best || f.toi < best.toi) first.set(i, f);
    }
  }
  for (const [index, f] of first) {
    const body = scene.bodies[index];
    if (!body) continue;
    // Made on each read (semantics/scene.ts): read once.
    const props = body.props;
    const clause = props.velocity && (body.vx !== 0 || body.vy !== 0) ? props.velocity : props.spin && body.spin !== 0 ? props.spin : undefined;
    if (!clause || !inRange(clause.range.end)) continue;
    const verb = f.kind === 'tunnelling' ? 'tunnels through' : 'hits';
    // A collision found at t = 0 started as resting contact; "hits at t = 0" would read as an
    // impact at the start, so name the step end where it first gets deeper than slop.
    const label =
      f.kind === 'collision' && f.toi === 0 && f.deepStep !== undefined
        ? `in resting contact with ${otherOf(f, index)}, deeper than slop at the end of step ${f.deepStep} (t = ${fmtTime(f.deepStep * scene.dt)})`
        : `${verb} ${otherOf(f, index)} at ${stepTime(scene, f.toi)}`;
    hints.push({
      offset: clause.range.end,
      label,
      kind: 'impact',
      tooltip: `First time of impact with ${otherOf(f, index)} (${f.kind}); contact at (${fmt(f.point.x)}, ${fmt(f.point.y)}).`,
    });
  }
  hints.sort((a, b) => a.offset - b.offset);
  return hints;
}

function valueLabel(v: EvaluatedValue): string {
  if (isVector(v.value)) return formatValue(v.value);
  switch (v.role) {
    case 'angle':
      return `${fmt(v.value)} rad`;
    case 'spin':
      return `${fmt(v.value)} rad/s`;
    case 'time':
      return `${fmt(v.value)} s`;
    default:
      return fmt(v.value);
  }
}

/**
 * Whether the text of `range` is only literal numbers without units, parentheses, commas and
 * unary minus signs: `(1, -2)` states its value already.
 */
function isLiteral(doc: AnalyzedDocument, start: number, end: number): boolean {
  // A value's range starts at a token, where lexing can begin (syntax/lexer.ts, Scanner): the
  // few tokens of the expression are scanned here instead of the whole document's.
  const scanner = new Scanner(doc.text, start);
  let prev = -1;
  for (let i = 0; scanner.fill(i) && scanner.starts[i]! < end; i++) {
    const kind = scanner.kinds[i]!;
    if (kind === TK_EOF) break;
    if (kind === TK_NUMBER) {
      if (scanner.extra[i] !== UNIT_NONE) return false;
    } else if (kind === TK_MINUS) {
      if (prev !== -1 && prev !== TK_LPAREN && prev !== TK_COMMA) return false;
    } else if (kind !== TK_LPAREN && kind !== TK_RPAREN && kind !== TK_COMMA) return false;
    prev = kind;
  }
  return true;
}
