import { strict as assert } from 'node:assert';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';

describe('analysis/pipeline: analyzeDocument', () => {
  it('returns the parse, the semantics, findings and all diagnostics in position order', () => {
    const text = 'body a circle(0)\nbody b box(1, 1) wobble\nlet k = 1 / 0\nbody c circle(1) at (5, 0)\n';
    const r = analyzeDocument(text);
    assert.equal(r.parse.text, text);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['invalid-size', 'syntax-unexpected-token', 'unused-definition', 'division-by-zero'],
    );
    for (let i = 1; i < r.diagnostics.length; i++) assert.ok(r.diagnostics[i]!.range.start >= r.diagnostics[i - 1]!.range.start);
    // a has an error (its radius) and b a syntax error: both are left out of the analysis.
    assert.deepEqual(r.semantics.scene.bodies.map((b) => b.name), ['c']);
    assert.ok(Array.isArray(r.findings));
  });

  it('keeps the statements after a syntax error in the middle of the file', () => {
    const r = analyzeDocument('body a circle(1)\nbody b circle(1 at (1, 0\nbody c circle(1) at (9, 0)\n');
    // b itself has the error, so it is left out until it parses (docs/language.md, "Findings").
    assert.deepEqual(r.semantics.scene.bodies.map((b) => b.name), ['a', 'c']);
    assert.equal(r.diagnostics.filter((d) => d.severity === 'error').length, 1);
  });

  it('never throws, on empty or strange text', () => {
    for (const text of ['', '\uFEFF', '\u0000\u0000', ')))(((', 'body', 'body a compound(compound(compound('])
      assert.doesNotThrow(() => analyzeDocument(text));
  });

  it('passes the analysis options through (continuous detection can be turned off)', () => {
    const text = 'body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)';
    const off = analyzeDocument(text, { continuous: false });
    // Control: with continuous detection on, the same scene has a finding that is not an overlap.
    assert.ok(analyzeDocument(text).findings.some((f) => f.kind !== 'overlap'));
    assert.ok(off.findings.every((f) => f.kind === 'overlap'));
  });

  it('orders findings by the first body, then the second', () => {
    const text = ['body a box(1, 1)', 'body b box(1, 1) at (0.5, 0)', 'body c box(1, 1) at (0.2, 0)', 'body d box(1, 1) at (0.9, 0)'].join('\n');
    const r = analyzeDocument(text);
    const keys = r.findings.map((f) => [f.ia, f.ib]);
    const sorted = keys.slice().sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
    assert.deepEqual(keys, sorted);
  });
});
