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

/** JSON exactly as scene-language.md specifies ("The CLI's JSON output"); ranges zero-based, UTF-16. */
export function formatJson(reports: readonly FileReport[]): string {
  const files = reports.map((r) => {
    const idx = r.analysis.parse.lines;
    return {
      path: r.path,
      diagnostics: r.analysis.diagnostics.map((d) => ({
        range: idx.rangeOf(d.range) satisfies LineRange,
        severity: d.severity,
        code: d.code,
        message: d.message,
      })),
      findings: r.analysis.findings.map(findingJson),
    };
  });
  return `${JSON.stringify({ version: 1, files }, null, 2)}\n`;
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
