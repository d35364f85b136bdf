import type { DocumentAnalysis } from '../analysis/pipeline';
import type { Finding } from '../analysis/findings';
import type { Severity } from '../common/diagnostic';
import type { LineRange } from '../syntax/positions';

/**
 * The three output formats of `collide check`. Each takes the analysed files in order and
 * returns the complete text for stdout.
 */
export interface FileReport {
  /** As the user gave it (or as found below a folder they gave). */
  readonly path: string;
  readonly analysis: DocumentAnalysis;
}

export type OutputFormat = 'text' | 'json' | 'sarif';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'sarif'];

function oneLine(message: string): string {
  return message.replace(/\s*\r?\n\s*/g, ' ');
}

export function countBySeverity(reports: readonly FileReport[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of reports) for (const d of r.analysis.diagnostics) counts[d.severity]++;
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
    const idx = r.analysis.parse.lines;
    for (const d of r.analysis.diagnostics) {
      const p = idx.positionAt(d.range.start);
      lines.push(`${r.path}:${p.line + 1}:${p.character + 1}: ${d.severity} [${d.code}] ${oneLine(d.message)}`);
    }
  }
  const c = countBySeverity(reports);
  const parts = [plural(c.error, 'error'), plural(c.warning, 'warning'), `${c.information} information`, plural(c.hint, 'hint')];
  lines.push(`${plural(reports.length, 'file')} checked: ${parts.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

type Pair = [number, number];
const pair = (v: { x: number; y: number }): Pair => [v.x, v.y];

function findingJson(f: Finding): Record<string, unknown> {
  if (f.kind === 'overlap') {
    const points = new Array<Pair>(f.pointCount);
    for (let i = 0; i < points.length; i++) points[i] = [f.pointX(i), f.pointY(i)];
    return { kind: f.kind, a: f.a, b: f.b, depth: f.depth, normal: [f.normalX, f.normalY], points };
  }
  return { kind: f.kind, a: f.a, b: f.b, toi: f.toi, point: pair(f.point), normal: pair(f.normal) };
}

/**
 * How many diagnostics or findings go through one JSON.stringify call of `JsonReport`: enough to
 * make the calls few, few enough that their objects die before a scavenge could copy them.
 */
const JSON_BATCH = 256;

/**
 * JSON.stringify(value, null, 2) puts an element of a list at depth 4 (`files[i].diagnostics[j]`
 * in the report) on lines indented by 8 spaces, its members by 10, and so on: depth alone decides
 * a line's indentation (ECMA-262 §25.5.2.5 SerializeJSONArray and §25.5.2.6 SerializeJSONObject
 * indent by the gap once per level). A batch of such elements stringified inside three more
 * arrays therefore comes out exactly as it reads in the whole report, separators included,
 * between the wrappers' brackets.
 */
const WRAP_HEAD = '[\n  [\n    [\n      [\n        ';
const WRAP_TAIL = '\n      ]\n    ]\n  ]\n]';
/** What separates two elements at depth 4, and opens and closes their list. */
const ELEMENT_SEPARATOR = ',\n        ';
const LIST_OPEN = '[\n        ';
const LIST_CLOSE = '\n      ]';

/**
 * JSON exactly as scene-language.md specifies ("The CLI's JSON output"); ranges zero-based,
 * UTF-16. The text is `JSON.stringify({ version: 1, files }, null, 2)` and a line break, where
 * each file is `{ path, diagnostics: [{ range, severity, code, message }], findings }`, written
 * in pieces as the check goes: a file's report once it is analysed (`file`), its diagnostics and
 * findings by the batch, each batch made into objects, stringified and handed to `write` while
 * the objects are still young. A 10k-body report is 5 MB of JSON; made whole, its tree of
 * objects outlived a scavenge or two only to be printed, and its text reached the pipe only at
 * the end, where now the reader drains each piece while the next is made.
 */
export class JsonReport {
  private files = 0;

  constructor(private readonly write: (text: string) => void) {
    write('{\n  "version": 1,\n  "files": [');
  }

  /** Adds one file's report. */
  file(r: FileReport): void {
    const idx = r.analysis.parse.lines;
    this.write(`${this.files++ > 0 ? ',' : ''}\n    {\n      "path": ${JSON.stringify(r.path)},\n      "diagnostics": `);
    this.list(r.analysis.diagnostics, (d) => ({
      range: idx.rangeOf(d.range) satisfies LineRange,
      severity: d.severity,
      code: d.code,
      message: d.message,
    }));
    this.write(',\n      "findings": ');
    this.list(r.analysis.findings, findingJson);
    this.write('\n    }');
  }

  /** The list of `items` at depth 4, each as `json` makes it, by the batch. */
  private list<T>(items: readonly T[], json: (item: T) => unknown): void {
    if (items.length === 0) {
      this.write('[]');
      return;
    }
    const batch: unknown[] = [];
    for (let from = 0; from < items.length; from += JSON_BATCH) {
      const to = Math.min(items.length, from + JSON_BATCH);
      batch.length = to - from;
      for (let k = from; k < to; k++) batch[k - from] = json(items[k]!);
      const text = JSON.stringify([[[batch]]], null, 2);
      // The wrappers hold one array, so the text starts and ends with them exactly.
      const body = text.slice(WRAP_HEAD.length, text.length - WRAP_TAIL.length);
      this.write(from === 0 ? LIST_OPEN + body : ELEMENT_SEPARATOR + body);
    }
    batch.length = 0;
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
    const idx = r.analysis.parse.lines;
    for (const d of r.analysis.diagnostics) {
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
