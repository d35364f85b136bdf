import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform } from '../../../core/math/vec2';
import { shapeBounds, shapeSize } from '../../../core/shapes/bounds';
import { makeBox, makeCircle, makeSegment, transformShape } from '../../../core/shapes/factory';
import { packedCoordinates, shapeNormals, shapeVertices, type ConvexShape } from '../../../core/shapes/shape';
import { supportFeature, supportIndex, supportPoint } from '../../../core/shapes/support';
import { timeOfImpact } from '../../../core/ccd/toi';
import { maxRadius } from '../../../core/ccd/motion';
import { sweptBounds } from '../../../core/ccd/swept-aabb';
import { inCanonicalOrder } from '../../../core/narrow/canonical-order';
import { contact } from '../../../core/narrow/contact';
import { penetration } from '../../../core/narrow/epa';
import { distance } from '../../../core/narrow/gjk';
import { minkowskiDifference } from '../../../core/narrow/minkowski';
import { isWellFormedShape } from '../../../core/narrow/relative';
import { sat } from '../../../core/narrow/sat';
import { anyShapeArb } from './narrow-arbitraries';

/**
 * A scene body keeps its numbers after its one shape's vertices, in the shape's own `xy`
 * (core/shapes/shape.ts, server semantics/scene.ts): every reader must stop at `count`. The same
 * shape with a tail of far-away "vertices" after its own must give the very same results; a
 * reader that went by the array's length would take the tail for support points, bounds, a
 * rectangle's corners or a polygon's edges.
 */
function withTail(shape: ConvexShape, tail: readonly number[]): ConvexShape {
  const xy = packedCoordinates(2 * shape.count + tail.length);
  for (let i = 0; i < 2 * shape.count; i++) xy[i] = shape.xy[i]!;
  for (let i = 0; i < tail.length; i++) xy[2 * shape.count + i] = tail[i]!;
  return { kind: shape.kind, count: shape.count, xy, radius: shape.radius, nxy: shape.nxy };
}

// Body numbers as the scene writes them (a pose, a speed, packed clause offsets), large enough
// that a reader taking them for vertices changes every answer; 4 of them make a box's array 12
// long and a segment's 8, the length of a box's own.
const tailArb = fc.array(fc.constantFrom(1e6, -1e6, 3e9, 0.5, 42), { minLength: 1, maxLength: 9 });

const poseArb = fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }), fc.integer({ min: -314, max: 314 }))
  .map(([x, y, a]) => makeTransform(x / 100, y / 100, a / 100));

describe('core: a shape whose vertex array goes on past its vertices', () => {
  it('gives every narrow-phase, swept and bounds query the results of the same shape without the tail', () => {
    fc.assert(
      fc.property(anyShapeArb(), anyShapeArb(), poseArb, poseArb, tailArb, tailArb, (a, b, xa, xb, ta, tb) => {
        const at = withTail(a, ta);
        const bt = withTail(b, tb);
        const pair = { shapeA: a, transformA: xa, shapeB: b, transformB: xb };
        const tailed = { shapeA: at, transformA: xa, shapeB: bt, transformB: xb };
        assert.ok(isWellFormedShape(at) && isWellFormedShape(bt));
        assert.deepEqual(distance({ ...tailed, useRadii: true }), distance({ ...pair, useRadii: true }));
        assert.deepEqual(penetration({ ...tailed, useRadii: true }), penetration({ ...pair, useRadii: true }));
        assert.deepEqual(contact(tailed), contact(pair));
        assert.deepEqual(sat(tailed), sat(pair));
        assert.deepEqual(minkowskiDifference(tailed), minkowskiDifference(pair));
        assert.equal(inCanonicalOrder(at, xa, bt, xb), inCanonicalOrder(a, xa, b, xb));
        const motion = { velocityA: { x: 2, y: -1 }, spinA: 0.5, velocityB: { x: -3, y: 0.5 }, spinB: 0, tMin: 0, tMax: 1 };
        assert.deepEqual(timeOfImpact({ ...tailed, ...motion }), timeOfImpact({ ...pair, ...motion }));
        assert.deepEqual(shapeBounds(at, xa), shapeBounds(a, xa));
        assert.deepEqual(sweptBounds(at, xa, { x: 1, y: 2 }, 0.5, 0, 1), sweptBounds(a, xa, { x: 1, y: 2 }, 0.5, 0, 1));
        assert.equal(shapeSize(at), shapeSize(a));
        assert.equal(maxRadius(at), maxRadius(a));
        assert.deepEqual(shapeVertices(at), shapeVertices(a));
        assert.deepEqual(shapeNormals(at), shapeNormals(a));
        const moved = transformShape(at, xb);
        assert.deepEqual(moved, transformShape(a, xb));
        assert.equal(moved.xy.length, 2 * a.count);
      }),
      { numRuns: 300 },
    );
  });

  it('bounds the support functions by the count given, which no reader may leave out', () => {
    const box = withTail(makeBox(2, 2), [1e6, 1e6, 0, 0]);
    // Corner 2 is (1, 1); the tail's first "vertex" (1e6, 1e6) would win along (1, 1).
    assert.equal(supportIndex(box.xy, 1, 1, box.count), 2);
    // The array's length, which a reader taking no count would go by, takes the tail for a vertex.
    assert.equal(supportIndex(box.xy, 1, 1, box.xy.length >> 1), 4);
    assert.deepEqual(supportPoint(box, { x: 1, y: 1 }), { x: 1, y: 1 });
    assert.deepEqual(supportFeature(box.xy, 1, 0, box.count, { first: 0, second: 0 }), { first: 1, second: 2 });
    assert.equal(isWellFormedShape({ ...box, count: 7 }), false, 'a count past the array is not well formed');
  });

  it("keeps the box fast paths, which know a box by its four vertices, for a box whose array is longer", () => {
    // A box's array with body numbers is 11 to 14 long, and a segment's with 4 of them is 8, a
    // box's own length: only `count` tells them apart.
    const a = withTail(makeBox(2, 2), [0, 0, 0]);
    const b = withTail(makeBox(1, 3), [5, 0, 0, 1]);
    const pair = { shapeA: a, transformA: makeTransform(0, 0, 0), shapeB: b, transformB: makeTransform(1.2, 0.5, 0) };
    assert.equal(contact(pair).method, 'aabb-aabb');
    const disc = withTail(makeCircle({ x: 0, y: 0 }, 0.5), [1, 1]);
    const round = { shapeA: a, transformA: makeTransform(0, 0, 0.3), shapeB: disc, transformB: makeTransform(1.2, 0.5, 0) };
    assert.equal(contact(round).method, 'circle-obb');
    const segment = withTail(makeSegment({ x: -1, y: -1 }, { x: 1, y: -1 }), [1, 1, -1, 1]);
    assert.equal(contact({ shapeA: segment, transformA: makeTransform(0, 0, 0), shapeB: b, transformB: makeTransform(0.5, -0.5, 0) }).method === 'aabb-aabb', false);
  });
});
