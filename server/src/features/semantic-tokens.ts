import type { TextRange } from '../common/diagnostic';
import { forEachChild, type Node } from '../syntax/ast';
import { callOpenings } from '../syntax/lexer';
import { statementIndexOf, type StatementIndex } from '../syntax/statement-index';
import { entryKind, isSceneBody } from '../semantics/symbols';
import { finish } from '../common/steps';
import { lowerBoundBy } from '../syntax/positions';
import type { AnalyzedDocument } from './document';

/**
 * Semantic tokens: what the TextMate grammar cannot know, namely what each
 * name means. Bodies, named shapes, constants, layers and built-in functions get their own token
 * types, definitions the `declaration` modifier, constants `readonly`; keywords, numbers and
 * comments stay with the grammar. Unknown names get no token, so the error squiggle is the only
 * decoration they carry.
 *
 * A token's type is its index in TOKEN_TYPES, its modifiers a bit set over TOKEN_MODIFIERS
 * (bit k for the k-th); lsp/semantic-tokens.ts declares both lists as the LSP legend.
 */
export const TOKEN_TYPES = ['class', 'type', 'variable', 'namespace', 'function'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary'] as const;

/**
 * Tokens in LSP's relative encoding, five numbers a token: line delta, start delta (from the
 * previous token's start when on its line), length, type, modifiers (LSP 3.16 "Semantic Tokens").
 */
export interface EncodedTokens {
  readonly data: number[];
}

/** Replace `deleteCount` numbers of the previous encoding from `start` on with `data`. */
export interface TokenEdit {
  readonly start: number;
  readonly deleteCount: number;
  readonly data: number[];
}

const TYPE_OF = { body: 0, shape: 1, let: 2, layer: 3 } as const;
const DECLARATION = 1;
const READONLY = 2;
const DEFAULT_LIBRARY = 4;

interface Entry {
  readonly range: TextRange;
  readonly type: number;
  readonly modifiers: number;
}

/**
 * Tokens of the whole document, or of the lines that `range` touches (range requests).
 *
 * Names come from the symbol table; built-in function calls, the only other tokens, from the
 * trees of the statements that may hold one: those the range touches, or for the whole document
 * those with a `(` that may follow a name (syntax/lexer.ts `callOpenings`), usually none. So
 * neither request parses the file, and a range request costs its statements.
 */
export function semanticTokens(doc: AnalyzedDocument, range?: TextRange): EncodedTokens {
  const index = statementIndexOf(doc.analysis.parse);
  if (!range) return finish(wholeDocumentTokenSteps(doc, index));
  // The entries, not `definitions`, which makes every scene body's definition on each read.
  const { entries, references } = doc.analysis.semantics.symbols;
  // Both lists are in source order, each item inside its statement: a range request reads the
  // stretch that can touch the range (the statement around its start onwards, up to its end).
  // A reference that reaches the range starts in the statement that starts before it, or later.
  const k = index.atOrBefore(range.start - 1);
  const slices: SymbolSlices = {
    d0: lowerBoundBy(entries, range.start, (e) => (isSceneBody(e) ? e.end : e.range.end)),
    d1: lowerBoundBy(entries, range.end + 1, (e) => (isSceneBody(e) ? e.start : e.range.start)),
    r0: k < 0 ? 0 : lowerBoundBy(references, index.start(k), (r) => r.range.start),
    r1: lowerBoundBy(references, range.end + 1, (r) => r.range.start),
  };
  return semanticTokensOf(doc, range, slices, (visit) => {
    // The file's own node spans the text; past it nothing is visited.
    if (!(doc.text.length < range.start || range.end < 0)) for (const s of index.touching(range.start, range.end)) visit(s);
  });
}

/**
 * The stretches of the symbol table's definitions (`d0` to `d1`, excluded) and references
 * (`r0` to `r1`) that hold every name a request's tokens come from.
 */
export interface SymbolSlices {
  readonly d0: number;
  readonly d1: number;
  readonly r0: number;
  readonly r1: number;
}

/**
 * The tokens of `range` (of the whole document when undefined), from the names in `slices` and
 * the calls in the trees `walk` visits (each tree that may hold a call in range, or a node above
 * them): found by the statement index and `callOpenings` here, the whole table and the file's
 * tree in the equivalence test's oracle (test/unit/features/oracle/semantic-tokens.ts).
 */
export function semanticTokensOf(doc: AnalyzedDocument, range: TextRange | undefined, slices: SymbolSlices, walk: (visit: (n: Node) => void) => void): EncodedTokens {
  const entries: Entry[] = [];
  // Read from the table's entries (in the order of its definitions): a scene body's definition
  // is made on each read of `definitions`, for every body of the scene.
  const { entries: table, references } = doc.analysis.semantics.symbols;
  for (let i = slices.d0; i < slices.d1; i++) {
    const d = table[i]!;
    const kind = entryKind(d);
    entries.push({ range: d.nameRange, type: TYPE_OF[kind], modifiers: DECLARATION | (kind === 'let' ? READONLY : 0) });
  }
  for (let i = slices.r0; i < slices.r1; i++) {
    const r = references[i]!;
    if (!r.definition) continue;
    const kind = r.definition.kind;
    entries.push({ range: r.range, type: TYPE_OF[kind], modifiers: kind === 'let' ? READONLY : 0 });
  }
  const visit = (n: Node): void => {
    if (range && (n.range.end < range.start || n.range.start > range.end)) return;
    if (n.kind === 'Call') entries.push({ range: n.callee.range, type: 4, modifiers: DEFAULT_LIBRARY });
    forEachChild(n, visit);
  };
  walk(visit);
  entries.sort((a, b) => a.range.start - b.range.start);

  // The relative encoding of EncodedTokens. Names never span lines.
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let lastStart = -1;
  for (const e of entries) {
    if (e.range.start === lastStart) continue; // a definition that is also recorded as a reference
    if (range && (e.range.end < range.start || e.range.start > range.end)) continue;
    lastStart = e.range.start;
    const p = doc.lines.positionAt(e.range.start);
    const length = e.range.end - e.range.start;
    if (length <= 0) continue;
    data.push(p.line - prevLine, p.line === prevLine ? p.character - prevChar : p.character, length, e.type, e.modifiers);
    prevLine = p.line;
    prevChar = p.character;
  }
  return { data };
}

/**
 * The whole document's tokens in steps (common/steps.ts), pausing between stretches of text and of
 * tokens: `semanticTokens(doc)` run a slice at a time.
 */
export function semanticTokenSteps(doc: AnalyzedDocument): Generator<void, EncodedTokens, void> {
  return wholeDocumentTokenSteps(doc, statementIndexOf(doc.analysis.parse));
}

/** Characters of text scanned for calls, and tokens written, between two pauses. */
const SCAN_SLICE = 1 << 18;
const TOKEN_SLICE = 8192;

/**
 * `semanticTokensOf` for the whole document, with the same names and calls, written for a large
 * scene (VS Code asks after every edit): names are read from the table's entries, never made into
 * definitions (a scene body's is made on each read, its detail with it), kept in typed columns
 * rather than an object each, and sorted only when out of order, by start then by place in the
 * columns, which is the stable sort's order.
 */
function* wholeDocumentTokenSteps(doc: AnalyzedDocument, index: StatementIndex): Generator<void, EncodedTokens, void> {
  const { entries, references } = doc.analysis.semantics.symbols;
  let n = 0;
  let starts = new Int32Array(entries.length + references.length + 16);
  let ends = new Int32Array(starts.length);
  let codes = new Int32Array(starts.length);
  const add = (start: number, end: number, type: number, modifiers: number): void => {
    if (n === starts.length) {
      starts = grown(starts);
      ends = grown(ends);
      codes = grown(codes);
    }
    starts[n] = start;
    ends[n] = end;
    codes[n++] = type | (modifiers << 3);
  };
  for (const e of entries) {
    if (isSceneBody(e)) add(e.nameStart, e.nameEnd, TYPE_OF.body, DECLARATION);
    else add(e.nameRange.start, e.nameRange.end, TYPE_OF[e.kind], DECLARATION | (e.kind === 'let' ? READONLY : 0));
  }
  for (const r of references) {
    if (!r.definition) continue;
    const kind = r.definition.kind;
    add(r.range.start, r.range.end, TYPE_OF[kind], kind === 'let' ? READONLY : 0);
  }
  const visit = (node: Node): void => {
    if (node.kind === 'Call') add(node.callee.range.start, node.callee.range.end, 4, DEFAULT_LIBRARY);
    forEachChild(node, visit);
  };
  let last = -1;
  for (let from = 0; from < doc.text.length; from += SCAN_SLICE) {
    yield;
    for (const p of callOpenings(doc.text, from, Math.min(doc.text.length, from + SCAN_SLICE))) {
      const k = index.atOrBefore(p);
      if (k <= last || k < 0 || p >= index.end(k)) continue;
      last = k;
      for (const s of index.parse(k)) visit(s);
    }
  }
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = starts[i - 1]! <= starts[i]!;
  let order: ArrayLike<number> | null = null;
  if (!sorted) {
    const o = Array.from({ length: n }, (_, i) => i);
    o.sort((a, b) => starts[a]! - starts[b]! || a - b);
    order = o;
  }
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let lastStart = -1;
  for (let j = 0; j < n; j++) {
    if (j % TOKEN_SLICE === TOKEN_SLICE - 1) yield;
    const i = order === null ? j : order[j]!;
    const start = starts[i]!;
    if (start === lastStart) continue; // a definition that is also recorded as a reference
    lastStart = start;
    const length = ends[i]! - start;
    const p = doc.lines.positionAt(start);
    if (length <= 0) continue;
    data.push(p.line - prevLine, p.line === prevLine ? p.character - prevChar : p.character, length, codes[i]! & 7, codes[i]! >> 3);
    prevLine = p.line;
    prevChar = p.character;
  }
  return { data };
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/**
 * The edit that turns `previous` into `next` (semanticTokens/full/delta, LSP 3.16): one
 * replacement of the stretch between their common prefix and common suffix, or none when they
 * are equal. The encoding is relative, so an edit that moves no name changes nothing or a few
 * numbers, and a typed line shifts only the line delta of the first token after it.
 */
export function semanticTokensEdits(previous: ArrayLike<number>, next: readonly number[]): TokenEdit[] {
  const limit = Math.min(previous.length, next.length);
  let prefix = 0;
  while (prefix < limit && previous[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && previous[previous.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix++;
  if (prefix === previous.length && prefix === next.length) return [];
  return [{ start: prefix, deleteCount: previous.length - prefix - suffix, data: next.slice(prefix, next.length - suffix) }];
}

