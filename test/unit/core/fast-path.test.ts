import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform, type Transform } from '../../../core/math/vec2';
import { contact, contactWithin, contactWithinInto } from '../../../core/narrow/contact';
import { emptyContactRecord } from '../../../core/narrow/types';
import { shapeSize } from '../../../core/shapes/bounds';
import { isPointCore, isWellFormed, relativePair } from '../../../core/narrow/relative';
import { satLocal, satSeparates } from '../../../core/narrow/sat';
import { makeBox, makeSegment } from '../../../core/shapes/factory';
import { packVertices, shapeVertices, type ConvexShape } from '../../../core/shapes/shape';
import { anyShapeArb } from './narrow-arbitraries';
import { transformArb } from './reference';

/**
 * The narrow phase's shortcuts agree exactly with the slow paths they replace: the quick
 * separating test with the full SAT's decision, and the relative pair's one-pass spreads and
 * well-formedness with isPointCore and isWellFormed. (contact() as a whole is held to the exact
 * references by contact.test.ts.)
 */

/** Pairs that touch, nearly touch or just separate: B placed so that SAT's answer is near 0. */
function nearTouchingArb(): fc.Arbitrary<[ConvexShape, Transform, ConvexShape, Transform, number]> {
  return fc
    .tuple(anyShapeArb(1), anyShapeArb(1), transformArb(1), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.integer({ min: -14, max: 0 }), fc.boolean())
    .filter(([a, b]) => a.count >= 2 && b.count >= 2)
    .map(([a, b, xa, bearing, angle, e, sign]) => {
      // Slide B along a bearing until SAT just separates the cores, then nudge by ±10^e.
      const place = (d: number) => makeTransform(xa.x + d * Math.cos(bearing), xa.y + d * Math.sin(bearing), angle);
      let lo = 0;
      let hi = 8;
      for (let k = 0; k < 60; k++) {
        const mid = (lo + hi) / 2;
        if (satLocal(relativePair({ shapeA: a, transformA: xa, shapeB: b, transformB: place(mid) }), scratch()).separation > 0) hi = mid;
        else lo = mid;
      }
      return [a, xa, b, place(hi + (sign ? 1 : -1) * 10 ** e), 10 ** e] as [ConvexShape, Transform, ConvexShape, Transform, number];
    });
}

const scratch = () => ({ separation: 0, nx: 0, ny: 0, referenceIsA: true, referenceEdge: 0 });

describe('core/narrow fast paths agree with the exact paths', () => {
  it('satSeparates(p, t) is exactly satLocal(p).separation > t: random pairs and thresholds', () => {
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), fc.double({ min: -2, max: 2, noNaN: true }), (a, b, xa, xb, t) => {
        if (a.count < 2 || b.count < 2) return;
        const p = relativePair({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        const full = satLocal(p, scratch()).separation;
        assert.equal(satSeparates(p, t), full > t, `threshold ${t}, SAT ${full}`);
        // At the full value itself, and just around it: the boundary of the decision.
        assert.equal(satSeparates(p, full), false);
        assert.equal(satSeparates(p, full - 1e-12), true);
      }),
      { numRuns: 3000 },
    );
  });

  it('satLocal after satSeparates answered false reuses its passes and gives the full SAT, field for field', () => {
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), fc.double({ min: -2, max: 2, noNaN: true }), (a, b, xa, xb, t) => {
        if (a.count < 2 || b.count < 2) return;
        const p = relativePair({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        const full = satLocal(p, scratch());
        // Another pair's passes in between, so that nothing of p's is left over from `full`.
        satLocal(relativePair({ shapeA: makeBox(3, 1), transformA: makeTransform(0, 0, 0.3), shapeB: makeBox(1, 2), transformB: makeTransform(0.5, 0.2, 1) }), scratch());
        // A threshold at or above the separation makes the quick test run both passes to the end.
        const threshold = Math.max(t, full.separation);
        assert.equal(satSeparates(p, threshold), false);
        assert.deepStrictEqual(satLocal(p, scratch(), true), full);
      }),
      { numRuns: 3000 },
    );
  });

  it('contactWithin(pair, d) is contact(pair) bit for bit, or null only for shapes farther apart than d', () => {
    let skipped = 0;
    let measured = 0;
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), fc.oneof(fc.constant(0), fc.double({ min: -1, max: 2, noNaN: true })), (a, b, xa, xb, d) => {
        const pair = { shapeA: a, transformA: xa, shapeB: b, transformB: xb };
        const within = contactWithin(pair, d);
        const full = contact(pair);
        if (within === null) {
          skipped++;
          // Apart by more than d: contact's separation is the distance, up to its tolerance.
          assert.ok(full.separation > d - 1e-9 * (1 + Math.abs(d)), `null, yet contact says ${full.separation} <= ${d}`);
        } else {
          measured++;
          assert.deepStrictEqual(within, full);
        }
      }),
      { numRuns: 3000 },
    );
    // Both answers must actually occur for the property to mean something.
    assert.ok(skipped > 100 && measured > 100, `${skipped} skipped, ${measured} measured`);
  });

  it('contactWithinInto: the contact of contactWithin as numbers, and the two shapes\' shapeSize sum to the bit', () => {
    const record = emptyContactRecord();
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(2), transformArb(2), fc.oneof(fc.constant(0), fc.constant(Infinity)), (a, b, xa, xb, d) => {
        const pair = { shapeA: a, transformA: xa, shapeB: b, transformB: xb };
        const within = contactWithin(pair, d);
        assert.equal(contactWithinInto(pair, d, record), within !== null);
        if (within === null) return;
        const points = within.points.flatMap((p) => [p.x, p.y]);
        const got = [record.p0x, record.p0y, record.p1x, record.p1y].slice(0, 2 * record.count);
        assert.deepStrictEqual([record.state, record.separation, record.nx, record.ny, got, record.method, record.iterations], [within.state, within.separation, within.normal.x, within.normal.y, points, within.method, within.iterations]);
        if (within.state !== 'degenerate' || within.points.length > 0) assert.ok(Object.is(record.size, shapeSize(a) + shapeSize(b)), `size ${record.size}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('contactWithin on near-touching pairs: measured exactly as contact() whenever not farther than 0', () => {
    fc.assert(
      fc.property(nearTouchingArb(), ([a, xa, b, xb]) => {
        const pair = { shapeA: a, transformA: xa, shapeB: b, transformB: xb };
        const within = contactWithin(pair, 0);
        const full = contact(pair);
        if (within === null) assert.ok(full.separation > -1e-12 * (1 + Math.abs(xa.x) + Math.abs(xa.y)), `null at separation ${full.separation}`);
        else assert.deepStrictEqual(within, full);
      }),
      { numRuns: 600 },
    );
  });

  it('satSeparates near the touching tolerance: pairs placed within 1e-14..1 of touching', () => {
    fc.assert(
      fc.property(nearTouchingArb(), ([a, xa, b, xb]) => {
        const p = relativePair({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
        const full = satLocal(p, scratch()).separation;
        for (const t of [0, 1e-13 * p.scale, 1e-10 * p.scale, full, -Math.abs(full)]) assert.equal(satSeparates(p, t), full > t, `threshold ${t}, SAT ${full}`);
      }),
      { numRuns: 600 },
    );
  });

  it('examples: equal separations on both shapes’ axes around the tolerances, and parallel segments apart end to end', () => {
    // Two equal boxes side by side: A's and B's facing edges give the same separation, and the
    // full SAT keeps A's axis (B's must beat it by the tie tolerance; the properties above catch
    // a quick test that forgets that).
    for (const gap of [0, 1e-14, 1e-11, 1e-9]) {
      const p = relativePair({ shapeA: makeBox(1, 1), transformA: makeTransform(0, 0, 0), shapeB: makeBox(1, 1), transformB: makeTransform(1 + gap, 0.3, 0) });
      const full = satLocal(p, scratch()).separation;
      for (const t of [0, 1e-13 * p.scale, gap / 2, gap]) assert.equal(satSeparates(p, t), full > t, `gap ${gap}, threshold ${t}`);
    }
    // Parallel segments apart along their common line: only the segment-direction axes separate.
    const q = relativePair({ shapeA: makeSegment({ x: 0, y: 0 }, { x: 1, y: 0 }), transformA: makeTransform(0, 0, 0), shapeB: makeSegment({ x: 0, y: 0 }, { x: 1, y: 0 }), transformB: makeTransform(3, 0, 0) });
    assert.equal(satSeparates(q, 1), true);
    assert.equal(satSeparates(q, 2), false);
  });

  it("the relative pair's one-pass spreads and well-formedness are isPointCore and isWellFormed", () => {
    const bad = fc.constantFrom(NaN, Infinity, -Infinity, 1e308, -0, 5e-324);
    const shapeArb = fc.oneof(
      anyShapeArb(1),
      fc.tuple(anyShapeArb(1), bad, fc.nat(8)).map(([s, v, k]): ConvexShape => {
        // One coordinate replaced by an awkward number.
        const vertices = shapeVertices(s).map((p, i) => (i === k % s.count ? { x: v, y: p.y } : p));
        return { ...s, xy: packVertices(vertices) };
      }),
      fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.integer({ min: -16, max: -1 })).map(([x, e]): ConvexShape => {
        // Clusters of vertices within 10^e of one another: point cores or not, by tolerance.
        const d = 10 ** e;
        return { kind: 'polygon', count: 3, xy: [x, x, x + d, x, x, x - d], radius: 0.1, nxy: [] };
      }),
      fc.constant<ConvexShape>({ kind: 'polygon', count: 0, xy: [], radius: 0, nxy: [] }),
      fc.constant<ConvexShape>({ kind: 'circle', count: 1, xy: [0, 0], radius: -1, nxy: [] }),
    );
    fc.assert(
      fc.property(shapeArb, shapeArb, transformArb(2), transformArb(2), fc.integer({ min: -18, max: 0 }), (a, b, xa, xb, e) => {
        const pair = { shapeA: a, transformA: xa, shapeB: b, transformB: xb };
        const p = relativePair(pair);
        assert.equal(p.wellFormed, isWellFormed(pair));
        if (!p.wellFormed) return;
        const tol = 10 ** e;
        assert.equal(p.spreadA <= tol, isPointCore(a, tol), `A spread ${p.spreadA}, tolerance ${tol}`);
        assert.equal(p.spreadB <= tol, isPointCore(b, tol), `B spread ${p.spreadB}, tolerance ${tol}`);
      }),
      { numRuns: 3000 },
    );
  });
});
