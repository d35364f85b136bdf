import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IncrementalFrontEnd, type FrontEndResult } from '../../../server/src/analysis/statement-window';
import { analyzeSemantics, recordedValues, type SemanticResult } from '../../../server/src/semantics/check';
import type { EvaluatedValue } from '../../../server/src/semantics/evaluate';
import { parse } from '../../../server/src/syntax/parser';
import { statementIndexOf } from '../../../server/src/syntax/statement-index';
import { bodyLine, sceneArb, settingsLines } from '../analysis/scenes';

/**
 * SemanticResult.valuesOf (semantics/check.ts): the values of a few statements, evaluated on
 * request in the result's environment, against the table a whole-file run of the same text
 * records (`recordedValues`, the table the language server once kept): for every statement, for
 * runs of statements as inlay hints ask for them, and for the whole file; on documents with
 * errors and cycles, from scratch and after incremental edits.
 */

/** Statements that exercise every path that records values, and mistakes of every kind. */
const LINES = [
  'let k = 2',
  'let w = k * 2 + 15deg',
  'let v = (k, -w / 2)',
  // A cycle, a constant defined by itself, and a constant on top of the cycle.
  'let a = b + 30deg',
  'let b = a * 2',
  'let c = c + 1deg',
  'let d = a + 45deg',
  'let u = k +',
  'let = 4deg',
  'let x = (k, unknown_name)',
  'let big = 1e300 * 1e300',
  'let k = 3',
  'shape s = box(w, 1)',
  // A cycle of shapes with angle literals inside.
  'shape p = compound(circle(k) at (1, 0) angle 20deg, q)',
  'shape q = compound(p at (0, 1) angle 5deg)',
  'shape t = compound(s at (k, 0) angle w, box(1, 1) angle 10deg)',
  'shape n = k',
  'dt = 1 / 60',
  'frames = k * 3',
  'slop = 0.5deg',
  'dt = (',
  'layer red collides red',
  'body b1 circle(k) at (w, 1) angle 30deg',
  'body b2 s at (k, k) velocity (w, 0) spin 90deg',
  'body b3 t at (1, 2) angle a layer red',
  'body b4 polygon((0, 0), (k, 0), (0, w)) at (1e10, 0)',
  'body b5 box(1, -k) at (1, 1) angle d',
  'body b6 circle(unknown) at (v) angle 1rad',
  'body b7 static capsule(k, 0.5) at (0, 0) velocity (1, 0) angle 5deg angle 10deg',
  'body b8 segment((0, 0), (k, 1)) at (',
  'body b9 p at (k * 2, 1)',
  'body b10 compound(circle(1) at (1, 0), box(k, k) angle 45deg) at (0, 1deg)',
  'body b1 circle(2deg) at (sqrt(k), hypot(w, 1))',
  'body b11 n at (1, 1)',
  'body',
  'box(1, 2) @',
  '/* block\n comment */',
];

/** What an edit inserts: fragments that break, mend and change statements. */
const INSERTS = ['', ' ', '1', '7deg', '(', ')', ',', '\n', '*', 'k', 'let k = 5\n', 'body z circle(w) at (k, 1)\n', 'deg'];

function expectedOf(whole: readonly EvaluatedValue[], start: number, end: number): EvaluatedValue[] {
  return whole.filter((v) => v.range.start >= start && v.range.start <= end);
}

/**
 * `semantics`' values of `text` asked for as features ask (statements parsed from the statement
 * index) against the whole-file table of a fresh check of `text`.
 */
function assertValuesOnRequest(semantics: SemanticResult, syntax: FrontEndResult['syntax'], what: string, slices: readonly [number, number][] = []): void {
  const whole = recordedValues(parse(syntax.text)).toArray();
  const index = statementIndexOf(syntax);
  assert.deepStrictEqual(semantics.valuesOf(index.parse(0, index.count - 1)).toArray(), whole, `all values ${what}`);
  for (let i = 0; i < index.count; i++) {
    assert.deepStrictEqual(semantics.valuesOf(index.parse(i)).toArray(), expectedOf(whole, index.start(i), index.end(i)), `statement ${i} ${what}`);
  }
  for (const [f, g] of slices) {
    const i = Math.floor(f * index.count);
    const j = Math.min(index.count - 1, i + Math.floor(g * 4));
    if (i >= index.count) continue;
    assert.deepStrictEqual(semantics.valuesOf(index.parse(i, j)).toArray(), expectedOf(whole, index.start(i), index.end(j)), `statements ${i} to ${j} ${what}`);
  }
}

const sliceArb = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 4 });

const editArb = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat({ max: 8 }), insert: fc.constantFrom(...INSERTS) });

describe('semantics: values evaluated on request', () => {
  it('are the whole-file run\'s values, statement by statement, on documents with errors and cycles', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 18 }), sliceArb, (lines, slices) => {
        const text = lines.join('\n') + '\n';
        const frontEnd = new IncrementalFrontEnd();
        const r = frontEnd.update(text);
        assertValuesOnRequest(r.semantics, r.syntax, JSON.stringify(text), slices);
        // The checker's own result (the pipeline's is the front end's) gives the same.
        const p = parse(text);
        assert.deepStrictEqual(analyzeSemantics(p).valuesOf(p.file.statements).toArray(), recordedValues(p).toArray());
      }),
      { numRuns: 300 },
    );
  });

  it('are the whole-file run\'s values on generated scenes', () => {
    fc.assert(
      fc.property(sceneArb(12), fc.boolean(), ({ settings, bodies }, headerLast) => {
        const header = [...settingsLines(settings), 'let k = 0.5', 'let turn = 30deg + k'];
        const body = bodies.map(bodyLine).map((l, i) => (i % 3 === 0 ? `${l} angle turn` : l));
        const text = (headerLast ? [...body, ...header] : [...header, ...body]).join('\n');
        const r = new IncrementalFrontEnd().update(text);
        assertValuesOnRequest(r.semantics, r.syntax, JSON.stringify(text));
      }),
      { numRuns: 100 },
    );
  });

  it('come from the current version\'s environment after incremental edits', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 14 }), fc.array(editArb, { minLength: 1, maxLength: 5 }), sliceArb, (lines, edits, slices) => {
        let text = lines.join('\n') + '\n';
        const frontEnd = new IncrementalFrontEnd();
        const versions = [frontEnd.update(text)];
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          const r = frontEnd.update(text);
          assertValuesOnRequest(r.semantics, r.syntax, `${r.mode} ${JSON.stringify(text)}`, slices);
          versions.push(r);
        }
        // A request the server answers from an earlier version (the last finished one while a
        // newer is analyzed, or one a lens was made from): its values are still its own text's,
        // though the session it shares may have served window edits since, or been replaced.
        for (const r of versions) assertValuesOnRequest(r.semantics, r.syntax, `earlier ${r.mode} ${JSON.stringify(r.syntax.text)}`);
      }),
      { numRuns: 200 },
    );
  });

  it('follow a constant changed above a body, and a body changed below it (whole-file and window edits)', () => {
    const frontEnd = new IncrementalFrontEnd();
    const bodyValues = (r: FrontEndResult): string[] => {
      const index = statementIndexOf(r.syntax);
      return r.semantics
        .valuesOf(index.parse(index.count - 1))
        .toArray()
        .map((v) => `${r.syntax.text.slice(v.range.start, v.range.end)} ${JSON.stringify(v.value)} ${v.role}`);
    };
    let text = 'let k = 1\nbody b circle(k * 2) at (k, 0)\n';
    const first = frontEnd.update(text);
    assert.deepStrictEqual(bodyValues(first), ['k * 2 2 length', '(k, 0) {"x":1,"y":0} position']);
    text = text.replace('k = 1', 'k = 3');
    const full = frontEnd.update(text);
    assert.equal(full.mode, 'full');
    assert.deepStrictEqual(bodyValues(full), ['k * 2 6 length', '(k, 0) {"x":3,"y":0} position']);
    text = text.replace('k * 2', 'k * 4');
    const window = frontEnd.update(text);
    assert.equal(window.mode, 'window');
    assert.deepStrictEqual(bodyValues(window), ['k * 4 12 length', '(k, 0) {"x":3,"y":0} position']);
    // The earlier versions' results still answer for their own text: the first one's session
    // was replaced by the whole-file edit, the second's served the window edit since.
    assert.deepStrictEqual(bodyValues(first), ['k * 2 2 length', '(k, 0) {"x":1,"y":0} position']);
    assert.deepStrictEqual(bodyValues(full), ['k * 2 6 length', '(k, 0) {"x":3,"y":0} position']);
  });

  it('never throw: statements of another version, or none, give a table all the same', () => {
    const r = new IncrementalFrontEnd().update('let a = b\nlet b = a\nbody x circle(a) at (1, 1)\n');
    // Statements this result's environment never saw: names it does not know (as in their own
    // file), a let and a shape at offsets none of its statements start at.
    const other = parse('// another version\nshape q = compound(circle(1) at (1, 0) angle 3deg)\nlet z = zz + 1deg\ndt = 1deg\nbody y circle(2deg) at (1, 1) layer none\n');
    const values = r.semantics.valuesOf(other.file.statements).toArray();
    assert.ok(values.length > 0);
    assert.deepStrictEqual(values, recordedValues(other).toArray());
    assert.equal(r.semantics.valuesOf([]).count, 0);
  });
});
