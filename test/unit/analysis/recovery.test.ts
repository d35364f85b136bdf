import { strict as assert } from 'node:assert';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';

/**
 * Error recovery through the whole pipeline: a broken statement between
 * two good bodies gives exactly one error, and both neighbors are in the Scene; a second body of
 * an existing name leaves the Scene. Every fixture also goes through the incremental analyzer,
 * typed in and removed again, which must agree with a from-scratch analysis.
 */

const BEFORE = 'body a circle(1)\n';
const AFTER = '\nbody c circle(1) at (5, 0)\n';

function errors(r: DocumentAnalysis): string[] {
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

function sameAsScratch(text: string): void {
  const incremental = new IncrementalAnalyzer();
  const before = BEFORE + AFTER;
  incremental.analyze(before);
  for (const version of [text, before, text]) {
    const got = incremental.analyze(version);
    const want = analyzeDocument(version);
    assert.deepStrictEqual(got.findings, want.findings, `findings of ${JSON.stringify(version)}`);
    assert.deepStrictEqual(got.diagnostics, want.diagnostics, `diagnostics of ${JSON.stringify(version)}`);
  }
}

/** The broken line, the one error it gives, and whether the parser's reading is exact (kept). */
const BROKEN: readonly (readonly [string, string])[] = [
  ['body b box(1,, at (3', 'syntax-expected-expression'],
  ['body b box(1, 1) at (1 2)', 'syntax-expected-token'],
  ['body b box(1 1)', 'syntax-expected-token'],
  ['body b polygon((0,0),(1,0)', 'syntax-expected-token'],
  ['body b circle at (1, 2)', 'syntax-expected-token'],
  ['body b compound at (1, 2)', 'syntax-expected-token'],
  ['body b circle(1) at (1, 2, 3)', 'syntax-unexpected-token'],
  ['body b circle(-1) at (1, 2', 'syntax-expected-token'],
  ['body b circle(1) layer', 'syntax-expected-name'],
  ['body b circle(1) @ at (2, 2)', 'syntax-invalid-character'],
  ['body b circle(1e+) at (1, 2)', 'syntax-invalid-number'],
  ['body b box(3dge, 1) at (1, 2)', 'syntax-invalid-number-suffix'],
  // A suffix that ends in a digit is just as much no unit (review: `1x2` was read as 1).
  ['body b circle(1x2) at (1, 2)', 'syntax-invalid-number-suffix'],
  ['body b circle(1e5q7) at (1, 2)', 'syntax-invalid-number-suffix'],
  ['body b box(1, 1) at (1, 2) wobble', 'syntax-unexpected-token'],
  ['dt 1/', 'syntax-expected-expression'],
  ['frames 0 0', 'syntax-unexpected-token'],
  ['layer l collides', 'syntax-expected-name'],
  ['shape s = box(1', 'syntax-expected-token'],
  ['shape s = box(1, 1) at', 'syntax-unexpected-token'],
];

describe('analysis: one error per broken statement, through analyzeDocument', () => {
  for (const [line, code] of BROKEN) {
    it(`${line}: only ${code}, and both neighbors in the Scene`, () => {
      const text = BEFORE + line + AFTER;
      const r = analyzeDocument(text);
      assert.deepEqual(errors(r), [code], r.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
      const names = r.semantics.scene.bodies.map((b) => b.name);
      assert.deepEqual(names, ['a', 'c'], 'a broken body is left out; its neighbors are analyzed');
      sameAsScratch(text);
    });
  }

  it('a broken let gives its syntax error, no unused-definition, and no value to what uses it', () => {
    for (const line of ['let q = (1 2)', 'let q = 1 +', 'let q = 2 3']) {
      const text = BEFORE + line + AFTER;
      const r = analyzeDocument(text);
      assert.equal(errors(r).length, 1, line);
      assert.ok(!r.diagnostics.some((d) => d.code === 'unused-definition'), `${line}: no unused hint`);
      assert.deepEqual(r.semantics.scene.bodies.map((b) => b.name), ['a', 'c']);
      sameAsScratch(text);
    }
    // Its uses stay quiet (no type-mismatch from the guessed value 1) and leave their body out.
    const r = analyzeDocument('let q = (1 2)\nbody a circle(1) at q\nbody c circle(1) at (5, 0)\n');
    assert.deepEqual(errors(r), ['syntax-expected-token']);
    assert.deepEqual(r.semantics.scene.bodies.map((b) => b.name), ['c']);
    // A constant that is used only by a broken body is used: no hint appears while typing.
    const used = analyzeDocument('let k = 2\nbody a circle(k\nbody c circle(1) at (5, 0)\n');
    assert.ok(!used.diagnostics.some((d) => d.code === 'unused-definition'));
  });

  it('a broken setting is not applied: the earlier value or the default stands, with no duplicate warning', () => {
    const r = analyzeDocument('dt 0.5\ndt 1/\nbody a circle(1)\n');
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-expected-expression']);
    assert.equal(r.semantics.scene.dt, 0.5);
    assert.equal(analyzeDocument('frames 0 0\n').semantics.scene.frames, 1);
  });

  it('a broken layer declares its name but no relation: its bodies collide with everything', () => {
    const r = analyzeDocument('layer l collides\nbody a circle(1) layer l\nbody b circle(1) at (1, 0) layer l\n');
    assert.deepEqual(errors(r), ['syntax-expected-name']);
    assert.deepEqual(r.findings.map((f) => [f.kind, f.a, f.b]), [['overlap', 'a', 'b']]);
  });

  it('errors the parser corrects exactly keep their statement: a detached unit, a misplaced modifier', () => {
    const r = analyzeDocument(`${BEFORE}body b circle(1) at (0, 3) spin 30 deg${AFTER}`);
    assert.deepEqual(errors(r), ['syntax-detached-unit']);
    assert.deepEqual(r.semantics.scene.bodies.map((b) => b.name), ['a', 'b', 'c']);
    assert.equal(r.semantics.scene.bodies[1]!.spin, Math.PI / 6);
    const m = analyzeDocument(`${BEFORE}body b circle(1) static at (0, 3)${AFTER}`);
    assert.deepEqual(errors(m), ['syntax-misplaced-modifier']);
    assert.equal(m.semantics.scene.bodies[1]!.isStatic, true);
  });

  it('a broken statement still defines its name and resolves its references (navigation)', () => {
    const r = analyzeDocument('let k = 2\nshape s = box(k, 1)\nbody b s at (k 1)\n');
    const refs = r.semantics.symbols.references.map((x) => `${x.kind} ${x.name} ${x.definition ? 'resolved' : 'unknown'}`);
    assert.deepEqual(refs, ['let k resolved', 'shape s resolved', 'let k resolved']);
    assert.ok(r.semantics.symbols.definitions.some((d) => d.kind === 'body' && d.name === 'b'));
  });
});

describe('analysis: a duplicate body is not analyzed (the first definition is the body of that name)', () => {
  const text = 'body w circle(1)\nbody x circle(1) at (0.5, 0)\nbody x circle(1) at (1, 0)\nbody y circle(1) at (10, 0)\n';

  it('body x declared twice next to other bodies: no x–x finding, one w–x finding, from the first x', () => {
    const r = analyzeDocument(text);
    assert.deepEqual(r.semantics.scene.bodies.map((b) => [b.name, b.position.x]), [['w', 0], ['x', 0.5], ['y', 10]]);
    assert.deepEqual(r.findings.map((f) => [f.kind, f.a, f.b]), [['overlap', 'w', 'x']]);
    const overlap = r.findings[0]!;
    assert.equal(overlap.kind === 'overlap' && overlap.depth, 1.5);
    // The duplicate keeps its symbol and its diagnostic.
    assert.deepEqual(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, text.slice(d.range.start, d.range.end)]), [['duplicate-definition', 'x']]);
    assert.equal(r.semantics.symbols.definitions.filter((d) => d.name === 'x').length, 2);
  });

  it('the incremental analyzer agrees when a duplicate is typed, edited and removed', () => {
    const incremental = new IncrementalAnalyzer();
    const versions = [
      text.replace('body x circle(1) at (1, 0)\n', ''),
      text,
      text.replace('at (1, 0)', 'at (1.5, 0)'),
      text.replace('body x circle(1) at (0.5, 0)\n', ''),
      text.replace('body x circle(1) at (1, 0)\n', 'body z circle(1) at (1, 0)\n'),
      text,
    ];
    for (const v of versions) {
      const got = incremental.analyze(v);
      const want = analyzeDocument(v);
      assert.deepStrictEqual(got.findings, want.findings, v);
      assert.deepStrictEqual(got.diagnostics, want.diagnostics, v);
      assert.ok(!got.findings.some((f) => f.a === f.b), 'no body overlaps itself');
    }
  });
});
