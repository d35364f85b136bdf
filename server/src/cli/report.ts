import type { DocumentAnalysis } from '../analysis/pipeline';
import type { Finding } from '../analysis/findings';
import type { LevelAnalysis } from '../analysis/level-analysis';
import type { Diagnostic, Severity } from '../common/diagnostic';
import type { LineIndex } from '../syntax/positions';

/**
 * The three output formats of `collide check`. Text and SARIF take the analyzed files in order
 * and return the complete text for stdout; JSON is written file by file (`JsonReport`), and
 * `formatJson` gives its whole text at once.
 */
export interface FileReport {
  /** As the user gave it (or as found below a folder they gave). */
  readonly path: string;
  readonly analysis: DocumentAnalysis;
  /**
   * A level file's analysis (analysis/level-analysis.ts), whose lowered text `analysis` is: the
   * report then gives the level's diagnostics, findings and lines, pointing into the level file.
   */
  readonly level?: LevelAnalysis;
}

/** The diagnostics the report gives for a file: the level's for a level file. */
function diagnosticsOf(r: FileReport): readonly Diagnostic[] {
  return r.level ? r.level.diagnostics : r.analysis.diagnostics;
}

function linesOf(r: FileReport): LineIndex {
  return r.level ? r.level.lines : r.analysis.parse.lines;
}

/**
 * A level finding's tile cell (levels-and-tiles.md §3: `"cell": [column, row]`): the cell of the
 * part of either body that made it (a tile layer is static, so at most one side is one).
 */
function cellOf(level: LevelAnalysis, f: Finding): readonly [number, number] | undefined {
  return level.bodyOf(f.ia)?.levelPart(f.partA)?.cell ?? level.bodyOf(f.ib)?.levelPart(f.partB)?.cell;
}

export type OutputFormat = 'text' | 'json' | 'sarif';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'sarif'];

function oneLine(message: string): string {
  return message.replace(/\s*\r?\n\s*/g, ' ');
}

export function countBySeverity(reports: readonly FileReport[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of reports) for (const d of diagnosticsOf(r)) counts[d.severity]++;
  return counts;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Compiler-style text (the GNU "file:line:column: severity: message" convention that editors
 * and CI annotators parse), one line per diagnostic, 1-based line and column (the column counts
 * UTF-16 code units, as LSP does), then a one-line summary.
 */
export function formatText(reports: readonly FileReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const idx = linesOf(r);
    for (const d of diagnosticsOf(r)) {
      const p = idx.positionAt(d.range.start);
      lines.push(`${r.path}:${p.line + 1}:${p.character + 1}: ${d.severity} [${d.code}] ${oneLine(d.message)}`);
    }
  }
  const c = countBySeverity(reports);
  const parts = [plural(c.error, 'error'), plural(c.warning, 'warning'), `${c.information} information`, plural(c.hint, 'hint')];
  lines.push(`${plural(reports.length, 'file')} checked: ${parts.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

// The JSON report is written as text, value by value, in the layout JSON.stringify(report, null, 2)
// gives it (ECMA-262 §25.5.2: SerializeJSONObject and SerializeJSONArray put each member on a line
// of its own, indented by two spaces per level of depth, and an empty list as []). A large
// scene's report is megabytes: made as a tree of objects and stringified, the pretty printer
// would be a large share of the check, besides the objects and their scavenges. Only the
// values go through a conversion: strings as QuoteJSONString writes them, numbers as
// Number::toString does. test/unit/cli/report.test.ts compares the text with JSON.stringify's.

/** What QuoteJSONString leaves as it is: no ", \\, control character or surrogate (§25.5.2.3). */
const NO_ESCAPE = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as JSON.stringify writes it (the common case, nothing to escape, without the call). */
function jsonString(s: string): string {
  return NO_ESCAPE.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** A number as JSON.stringify writes it: Number::toString, or null when not finite (§25.5.2.2). */
function jsonNumber(n: number): string {
  return Number.isFinite(n) ? `${n}` : 'null';
}

/**
 * A diagnostic at depth 4 of the report, from its opening brace (`lines` gives its positions).
 * A severity, like a finding's kind, is one of a few fixed words, which need no escape.
 */
function diagnosticText(d: Diagnostic, lines: LineIndex): string {
  const range = d.range;
  const start = lines.positionAt(range.start);
  const end = lines.positionAt(range.end);
  return `{
          "range": {
            "start": {
              "line": ${start.line},
              "character": ${start.character}
            },
            "end": {
              "line": ${end.line},
              "character": ${end.character}
            }
          },
          "severity": "${d.severity}",
          "code": ${jsonString(d.code)},
          "message": ${jsonString(d.message)}
        }`;
}

/**
 * A finding at depth 4 of the report, from its opening brace; a level's finding on a tile cell
 * ends with its `"cell": [column, row]`.
 */
function findingText(f: Finding, cell?: readonly [number, number]): string {
  const text = kindText(f);
  if (cell === undefined) return text;
  return `${text.slice(0, -'\n        }'.length)},
          "cell": [
            ${jsonNumber(cell[0])},
            ${jsonNumber(cell[1])}
          ]
        }`;
}

function kindText(f: Finding): string {
  const head = `{
          "kind": "${f.kind}",
          "a": ${jsonString(f.a)},
          "b": ${jsonString(f.b)},
          `;
  if (f.kind === 'overlap') {
    let points = '';
    for (let i = 0; i < f.pointCount; i++) {
      points += `${i === 0 ? '' : ','}
            [
              ${jsonNumber(f.pointX(i))},
              ${jsonNumber(f.pointY(i))}
            ]`;
    }
    return `${head}"depth": ${jsonNumber(f.depth)},
          "normal": [
            ${jsonNumber(f.normalX)},
            ${jsonNumber(f.normalY)}
          ],
          "points": ${points === '' ? '[]' : `[${points}
          ]`}${featureText(f)}
        }`;
  }
  if (f.kind === 'ghost-bump') {
    return `${head}"seam": [
            ${jsonNumber(f.seamX)},
            ${jsonNumber(f.seamY)}
          ],
          "toi": ${jsonNumber(f.toi)},
          "pieces": [
            ${jsonString(f.pieces[0])},
            ${jsonString(f.pieces[1])}
          ]
        }`;
  }
  const point = f.point;
  const normal = f.normal;
  return `${head}"toi": ${jsonNumber(f.toi)},
          "point": [
            ${jsonNumber(point.x)},
            ${jsonNumber(point.y)}
          ],
          "normal": [
            ${jsonNumber(normal.x)},
            ${jsonNumber(normal.y)}
          ]${featureText(f)}
        }`;
}

/**
 * What a finding against a chain or tile grid touched (levels-and-tiles.md §2, §3), after its
 * other members: `"edge": k`, or `"cell": [column, row]`; nothing for other findings.
 */
function featureText(f: Finding): string {
  const edge = f.edge;
  if (edge !== undefined) return `,
          "edge": ${jsonNumber(edge)}`;
  const cell = f.cell;
  if (cell === undefined) return '';
  return `,
          "cell": [
            ${jsonNumber(cell[0])},
            ${jsonNumber(cell[1])}
          ]`;
}

/** How many diagnostics or findings `JsonReport` writes at a time: few writes, each a piece of some 100 KB. */
const JSON_BATCH = 256;
/** What opens a list at depth 3, separates two of its elements, and closes it. */
const LIST_OPEN = '[\n        ';
const ELEMENT_SEPARATOR = ',\n        ';
const LIST_CLOSE = '\n      ]';

/**
 * JSON exactly as scene-language.md specifies ("The CLI's JSON output"); ranges zero-based,
 * UTF-16. The text is `JSON.stringify({ version: 1, files }, null, 2)` and a line break, where
 * each file is `{ path, diagnostics: [{ range, severity, code, message }], findings }`, written
 * in pieces as the check goes: a file's report once it is analyzed (`file`), its diagnostics and
 * findings by the batch, each batch handed to `write` at once, so that no file's analysis, and
 * no text, outlives its report.
 */
export class JsonReport {
  private files = 0;

  constructor(private readonly write: (text: string) => void) {
    write('{\n  "version": 1,\n  "files": [');
  }

  /** Adds one file's report. */
  file(r: FileReport): void {
    const idx = linesOf(r);
    this.write(`${this.files++ > 0 ? ',' : ''}\n    {\n      "path": ${jsonString(r.path)},\n      "diagnostics": `);
    this.list(diagnosticsOf(r), (d) => diagnosticText(d, idx));
    this.write(',\n      "findings": ');
    const level = r.level;
    if (level) this.list(level.findings, (f) => findingText(f, cellOf(level, f)));
    else this.list(r.analysis.findings, (f) => findingText(f));
    this.write('\n    }');
  }

  /** The list of `items` at depth 4, each as `text` writes it, by the batch. */
  private list<T>(items: readonly T[], text: (item: T) => string): void {
    if (items.length === 0) {
      this.write('[]');
      return;
    }
    const parts: string[] = [];
    for (let from = 0; from < items.length; from += JSON_BATCH) {
      const to = Math.min(items.length, from + JSON_BATCH);
      parts.length = 0;
      for (let k = from; k < to; k++) parts.push(k === 0 ? LIST_OPEN : ELEMENT_SEPARATOR, text(items[k]!));
      this.write(parts.join(''));
    }
    this.write(LIST_CLOSE);
  }

  /** Closes the report. */
  end(): void {
    this.write(this.files === 0 ? ']\n}\n' : '\n  ]\n}\n');
  }
}

/** The whole JSON report of `reports` as one text (what JsonReport writes). */
export function formatJson(reports: readonly FileReport[]): string {
  const parts: string[] = [];
  const report = new JsonReport((text) => parts.push(text));
  for (const r of reports) report.file(r);
  report.end();
  return parts.join('');
}

const SARIF_LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'note', hint: 'none' };

/**
 * SARIF 2.1.0 (OASIS), the format code-scanning services read. Columns are 1-based UTF-16 code
 * units, declared with `columnKind`; each diagnostic code becomes a rule.
 */
export function formatSarif(reports: readonly FileReport[], version: string): string {
  const ruleIds = new Set<string>();
  const results: unknown[] = [];
  for (const r of reports) {
    const idx = linesOf(r);
    for (const d of diagnosticsOf(r)) {
      ruleIds.add(d.code);
      const range = idx.rangeOf(d.range);
      results.push({
        ruleId: d.code,
        level: SARIF_LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: r.path.split('\\').join('/') },
              region: {
                startLine: range.start.line + 1,
                startColumn: range.start.character + 1,
                endLine: range.end.line + 1,
                endColumn: range.end.character + 1,
              },
            },
          },
        ],
      });
    }
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'collide', version, rules: [...ruleIds].sort().map((id) => ({ id })) } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
