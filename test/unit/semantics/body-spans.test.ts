import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeCircle } from '../../../core';
import { BODY_ONE_SHAPE, BODY_WIDE_SPANS, bodyData, bodySpans, nameAtFlags, sourceKindFlags, WIDE_SPANS } from '../../../server/src/semantics/body-layout';
import { SceneBody } from '../../../server/src/semantics/scene';
import { check } from './helpers';

/**
 * A body built as semantics builds one (check.ts): its shape's and statement's offsets packed
 * into `spans`, or, when they do not fit, after its data's clauses (none here) with BODY_WIDE_SPANS.
 */
function bodyAt(start: number, nameStart: number, nameEnd: number, shapeStart: number, shapeEnd: number, end: number): SceneBody {
  const tail = [0.5, 0.5, 0.5, 0.5];
  const spans = bodySpans(tail, 0, start, nameStart, nameEnd, shapeStart, shapeEnd, end);
  const flags = BODY_ONE_SHAPE | sourceKindFlags('circle') | (spans < 0 ? BODY_WIDE_SPANS : nameAtFlags(start, nameStart));
  // The name is as long as its range (its end is made from its length).
  return new SceneBody(0, 'n'.repeat(nameEnd - nameStart), nameStart, spans, flags, null, makeCircle({ x: 0, y: 0 }, 1), bodyData(1, 2, 3, undefined, undefined, tail, 0, spans < 0 ? WIDE_SPANS : 0));
}

const offsets = (b: SceneBody) => [b.start, b.nameStart, b.nameEnd, b.shapeStart, b.shapeEnd, b.end];

/** The six offsets from a start, the name's start and length, the gap to the shape, its length and the rest. */
function offsetsOf(start: number, nameAt: number, name: number, gap: number, shape: number, rest: number): [number, number, number, number, number, number] {
  const nameEnd = start + nameAt + name;
  return [start, start + nameAt, nameEnd, nameEnd + gap, nameEnd + gap + shape, nameEnd + gap + shape + rest];
}

describe("semantics: a body's statement and shape offsets (scene.ts bodySpans)", () => {
  it('packs them into one Smi and the flags up to the largest that fit, and keeps them in the data one past any of them', () => {
    // The name below 2^8 into the statement, the gap after it below 2^6, the shape below 2^13,
    // the rest of the statement below 2^11.
    const fits: [number, number, number, number][] = [
      [0, 0, 0, 0],
      [255, 63, 8191, 2047],
      [5, 1, 9, 40],
    ];
    const wide: [number, number, number, number][] = [
      [256, 1, 1, 1],
      [5, 64, 1, 1],
      [5, 1, 8192, 1],
      [5, 1, 1, 2048],
    ];
    for (const [fit, cases] of [[true, fits], [false, wide]] as const) {
      for (const [nameAt, gap, shape, rest] of cases) {
        const want = offsetsOf(1_000_000, nameAt, 3, gap, shape, rest);
        const body = bodyAt(...want);
        const what = `${[nameAt, gap, shape, rest]}`;
        assert.deepEqual(offsets(body), want, what);
        assert.equal(body.data.length, 3 + (fit ? 0 : WIDE_SPANS), what);
        assert.equal((body.flags & BODY_WIDE_SPANS) !== 0, !fit);
        // Smis with or without pointer compression: 30 bits at most.
        if (fit) assert.ok(body.spans >= 0 && body.spans < 2 ** 30 && body.flags < 2 ** 30, what);
        else assert.equal(body.spans, -1);
        assert.equal(body.sourceKind, 'circle', what);
        assert.deepEqual([body.x, body.y, body.angle, body.spin, body.vx, body.vy], [1, 2, 3, 0, 0, 0]);
      }
    }
  });

  it('keeps offsets out of order in the data, and gives them back exactly', () => {
    // No statement of the parser's has them so; the packing must still not mix one field into another.
    const body = bodyAt(102, 101, 105, 104, 110, 109);
    assert.deepEqual(offsets(body), [102, 101, 105, 104, 110, 109]);
    const before = bodyAt(100, 101, 105, 103, 110, 109);
    assert.deepEqual(offsets(before), [100, 101, 105, 103, 110, 109]);
    assert.equal(body.data.length, 3 + WIDE_SPANS);
  });

  it('gives back every offset exactly, packed or wide, wherever the statement starts', () => {
    const span = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 100 }), span, span, (start, nameAt, name, gap, shape, rest) => {
        const want = offsetsOf(start, nameAt, name, gap, shape, rest);
        const body = bodyAt(...want);
        assert.deepEqual(offsets(body), want);
        assert.equal(body.data.length, 3 + (nameAt < 256 && gap < 64 && shape < 8192 && rest < 2048 ? 0 : WIDE_SPANS));
      }),
      { numRuns: 2000 },
    );
  });

  it('moves with its name, and a what-if copy keeps them', () => {
    const text = 'body a circle(1) at (1, 2) velocity (1, 0)\nbody b box(1, 1) spin 2';
    const [, b] = check(text).scene.bodies;
    const moved = new SceneBody(b!.index, b!.name, b!.nameStart + 7, b!.spans, b!.flags, b!.layer, b!.geometry, b!.data);
    assert.deepEqual(offsets(moved), offsets(b!).map((o) => o + 7));
    const copy = b!.withMotion({ velocity: { x: 1, y: 1 } });
    assert.deepEqual([offsets(copy), copy.props.spin?.valueRange], [offsets(b!), b!.props.spin?.valueRange]);
    assert.deepEqual([b!.nameRange, b!.shapeRange, b!.range].map((r) => text.slice(r.start, r.end)), ['b', 'box(1, 1)', 'body b box(1, 1) spin 2']);
  });

  it('keeps a far name, a long shape, a far shape and a long statement exact through the wide form, clauses and all', () => {
    const long = `circle(${' '.repeat(9000)}1)`;
    const farName = `body /*${' '.repeat(300)}*/ n circle(1) at (4, 4)`;
    const text = `body p ${long} at (1, 1)\nbody q static sensor bullet${' '.repeat(60)}box(1, 1) at (2, 2) angle 1\nbody r circle(1) at (3, 3)${' '.repeat(3000)}spin 1\nbody s circle(1)\n${farName}`;
    const r = check(text);
    const [p, q, rr, s, n] = r.scene.bodies;
    const slices = (x: SceneBody) => [x.nameRange, x.shapeRange, x.range, ...Object.values(x.props).map((c) => c.valueRange)].map((g) => r.text.slice(g.start, g.end));
    assert.deepEqual(slices(p!), ['p', long, `body p ${long} at (1, 1)`, '(1, 1)']);
    assert.deepEqual(slices(q!), ['q', 'box(1, 1)', `body q static sensor bullet${' '.repeat(60)}box(1, 1) at (2, 2) angle 1`, '(2, 2)', '1']);
    assert.deepEqual(slices(rr!), ['r', 'circle(1)', `body r circle(1) at (3, 3)${' '.repeat(3000)}spin 1`, '(3, 3)', '1']);
    assert.deepEqual(slices(s!), ['s', 'circle(1)', 'body s circle(1)']);
    assert.deepEqual(slices(n!), ['n', 'circle(1)', farName, '(4, 4)']);
    assert.deepEqual([p!, q!, rr!, s!, n!].map((x) => (x.flags & BODY_WIDE_SPANS) !== 0), [true, true, true, false, true]);
    assert.deepEqual(
      [p!, q!, rr!, s!, n!].map((x) => x.sourceKind),
      ['circle', 'box', 'circle', 'circle', 'circle'],
    );
    assert.deepEqual([rr!.x, rr!.y, rr!.spin], [3, 3, 1]);
  });
});
