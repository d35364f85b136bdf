import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ImpactFinding, OverlapFinding, type Finding } from '../../../server/src/analysis/findings';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';
import { formatJson, JsonReport, type FileReport } from '../../../server/src/cli/report';
import type { Diagnostic, Severity } from '../../../server/src/common/diagnostic';
import { LineIndex } from '../../../server/src/syntax/positions';

/**
 * The JSON report is written by the batch (report.ts JsonReport); the reference here is the
 * report as one object tree stringified whole, which is what scene-language.md's layout is.
 */
function reference(reports: readonly FileReport[]): string {
  const files = reports.map((r) => {
    const idx = r.analysis.parse.lines;
    return {
      path: r.path,
      diagnostics: r.analysis.diagnostics.map((d) => ({ range: idx.rangeOf(d.range), severity: d.severity, code: d.code, message: d.message })),
      findings: r.analysis.findings.map((f) => ({
        ...(f.kind === 'overlap'
          ? {
              kind: f.kind,
              a: f.a,
              b: f.b,
              depth: f.depth,
              normal: [f.normalX, f.normalY],
              points: Array.from({ length: f.pointCount }, (_, i) => [f.pointX(i), f.pointY(i)]),
            }
          : f.kind === 'ghost-bump'
            ? { kind: f.kind, a: f.a, b: f.b, seam: [f.seamX, f.seamY], toi: f.toi, pieces: [...f.pieces] }
            : { kind: f.kind, a: f.a, b: f.b, toi: f.toi, point: [f.point.x, f.point.y], normal: [f.normal.x, f.normal.y] }),
        // Against a chain or a tile grid, what it touched, after the other members.
        ...(f.kind !== 'ghost-bump' && f.edge !== undefined ? { edge: f.edge } : {}),
        ...(f.kind !== 'ghost-bump' && f.cell !== undefined ? { cell: f.cell } : {}),
      })),
    };
  });
  return `${JSON.stringify({ version: 1, files }, null, 2)}\n`;
}

/** A report of made-up diagnostics and findings over `text` (the writer reads nothing else). */
function fakeReport(path: string, text: string, diagnostics: Diagnostic[], findings: Finding[]): FileReport {
  const analysis = { parse: { lines: new LineIndex(text) }, diagnostics, findings } as unknown as DocumentAnalysis;
  return { path, analysis };
}

/** `n` circles in a row, each overlapping the next: n - 1 overlaps and their n - 1 diagnostics. */
function chain(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `body c${i} circle(1) at (${1.5 * i}, ${(i % 7) / 30})\n`;
  return text;
}

describe('cli/report: the JSON report', () => {
  it('equals the whole report stringified at once, for lists around the batch size', () => {
    // 256 items make one batch: 256 and 257 diagnostics put the cut at the end and one past it.
    for (const n of [1, 2, 256, 257, 258, 513, 700]) {
      const text = chain(n + 1);
      const analysis = analyzeDocument(text, { editorData: false });
      assert.equal(analysis.findings.length, n, `${n + 1} circles in a chain`);
      const reports = [{ path: `chain-${n}.collide`, analysis }];
      assert.equal(formatJson(reports), reference(reports), `${n} findings`);
    }
  });

  it('writes empty lists, no files, several files, and a file with only syntax errors as JSON.stringify does', () => {
    const clean = analyzeDocument('body a circle(1)\nbody b circle(1) at (5, 0)\n');
    const broken = analyzeDocument('body a circle(\nbody b box(1, 1) at (0.5, 0)\nlet = 3\n');
    const overlapping = analyzeDocument(chain(4));
    assert.equal(formatJson([]), reference([]));
    assert.equal(formatJson([]), '{\n  "version": 1,\n  "files": []\n}\n');
    for (const reports of [
      [{ path: 'clean.collide', analysis: clean }],
      [{ path: 'broken.collide', analysis: broken }],
      [
        { path: 'a/clean.collide', analysis: clean },
        { path: 'b/broken.collide', analysis: broken },
        { path: 'c/chain.collide', analysis: overlapping },
      ],
    ]) {
      assert.equal(formatJson(reports), reference(reports));
    }
  });

  it('writes the edge of a chain and the cell of a tile grid as JSON.stringify does', () => {
    const analysis = analyzeDocument(
      ['tiles g cell 1 at (0, 2)', '  "####"', '  "####"', 'body floor static chain((20, 0), (10, 0))', 'body crate box(1, 1) at (1.5, 2.3)', 'body ball circle(0.5) at (15, 0.4)', 'body shot circle(0.1) at (15, 3) velocity (0, -900)'].join('\n'),
    );
    assert.ok(analysis.findings.some((f) => f.cell !== undefined) && analysis.findings.some((f) => f.edge !== undefined && f.kind !== 'overlap'));
    const reports = [{ path: 'tiles.collide', analysis }];
    assert.equal(formatJson(reports), reference(reports));
  });

  it('hands the report over in pieces that join into the whole, the first before any file is added', () => {
    const pieces: string[] = [];
    const report = new JsonReport((t) => pieces.push(t));
    assert.equal(pieces.join(''), '{\n  "version": 1,\n  "files": [');
    const reports = [
      { path: 'one.collide', analysis: analyzeDocument(chain(600)) },
      { path: 'two.collide', analysis: analyzeDocument(chain(3)) },
    ];
    for (const r of reports) report.file(r);
    report.end();
    assert.ok(pieces.length > 8, `written by the batch (${pieces.length} pieces)`);
    assert.equal(pieces.join(''), reference(reports));
  });

  it('escapes any text and writes any number exactly as JSON.stringify does', () => {
    const severities: Severity[] = ['error', 'warning', 'information', 'hint'];
    const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', '\udc00', '😀', 'é', 'a') }));
    const anyNumber = fc.oneof(fc.double(), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e21, 5e-324, -1e-7, 2 ** 53));
    const point = fc.record({ x: anyNumber, y: anyNumber });
    const finding: fc.Arbitrary<Finding> = fc.oneof(
      fc
        .tuple(anyText, anyText, anyNumber, point, fc.array(point, { maxLength: 2 }))
        .map(([a, b, depth, normal, points]) => OverlapFinding.of(a, b, 0, 1, -1, -1, depth, normal, points)),
      fc
        .tuple(anyText, anyText, anyNumber, point, point, fc.boolean())
        .map(([a, b, toi, p, n, tunnelling]) =>
          tunnelling ? ImpactFinding.tunnelling(a, b, 0, 1, -1, -1, undefined, toi, p, n, 2, 0.1) : ImpactFinding.collision(a, b, 0, 1, -1, -1, undefined, toi, p, n, undefined),
        ),
    );
    const file = fc
      .tuple(anyText, fc.string({ unit: fc.constantFrom('a', '\n', '\r', '😀') }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...severities), anyText, anyText), { maxLength: 6 }), fc.array(finding, { maxLength: 6 }))
      .map(([path, text, ds, findings]) =>
        fakeReport(
          path,
          text,
          ds.map(([s, e, severity, code, message]) => ({ range: { start: s % (text.length + 1), end: e % (text.length + 1) }, severity, code, message })),
          findings,
        ),
      );
    fc.assert(
      fc.property(fc.array(file, { maxLength: 3 }), (reports) => {
        assert.equal(formatJson(reports), reference(reports));
      }),
      { numRuns: 300 },
    );
  });
});
