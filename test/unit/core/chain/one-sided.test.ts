import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  chainSegment,
  classifyNormal,
  contact,
  IDENTITY,
  makeChain,
  makeOneSidedSegment,
  makeSegment,
  makeTransform,
  oneSidedContact,
  oneSidedTimeOfImpact,
  poseAt,
  shapeCentroid,
  timeOfImpact,
  type ContactOutput,
  type ConvexShape,
  type Transform,
  type Vec2,
} from '../../../../core/index';
import { anyShapeArb } from '../narrow-arbitraries';

/**
 * One-sided edge queries against the two-sided ones: equal when B is on the solid side, nothing
 * from behind; and the Gauss-map classification at a chain's vertices.
 */

const coord = fc.integer({ min: -3000, max: 3000 }).map((k) => k / 1000);

const edgeArb = fc
  .tuple(coord, coord, coord, coord)
  .filter(([a, b, c, d]) => Math.hypot(c - a, d - b) > 0.2)
  .map(([a, b, c, d]) => ({ p1: { x: a, y: b }, p2: { x: c, y: d } }));

const poseArb = fc.tuple(coord, coord, fc.integer({ min: -3141, max: 3141 })).map(([x, y, a]) => makeTransform(x, y, a / 1000));

/** Right-hand normal of the edge. */
function normalOf(p1: Vec2, p2: Vec2): Vec2 {
  const l = Math.hypot(p2.x - p1.x, p2.y - p1.y);
  return { x: (p2.y - p1.y) / l, y: -(p2.x - p1.x) / l };
}

function centroid(shape: ConvexShape, xf: Transform): Vec2 {
  const c = shapeCentroid(shape);
  return { x: xf.c * c.x - xf.s * c.y + xf.x, y: xf.s * c.x + xf.c * c.y + xf.y };
}

/** Height of B's lowest point (radius included) above the edge's line. */
function lowest(shape: ConvexShape, xf: Transform, p1: Vec2, n: Vec2): number {
  let m = Infinity;
  for (let i = 0; i < shape.count; i++) {
    const x = xf.c * shape.xy[2 * i]! - xf.s * shape.xy[2 * i + 1]! + xf.x;
    const y = xf.s * shape.xy[2 * i]! + xf.c * shape.xy[2 * i + 1]! + xf.y;
    m = Math.min(m, n.x * (x - p1.x) + n.y * (y - p1.y));
  }
  return m - shape.radius;
}

/** Two contacts equal up to rounding: separation, normal and points. */
function assertClose(a: ContactOutput, b: ContactOutput): void {
  const tol = 1e-9;
  assert.equal(a.state, b.state);
  assert.ok(Math.abs(a.separation - b.separation) <= tol, `separation ${a.separation} vs ${b.separation}`);
  assert.ok(Math.abs(a.normal.x - b.normal.x) <= tol && Math.abs(a.normal.y - b.normal.y) <= tol, 'normal');
  assert.equal(a.points.length, b.points.length);
  for (let i = 0; i < a.points.length; i++) assert.ok(Math.hypot(a.points[i]!.x - b.points[i]!.x, a.points[i]!.y - b.points[i]!.y) <= tol, 'point');
}

describe('core/chain: one-sided edge queries', () => {
  it('equals the two-sided contact on the solid side, and reports nothing from behind', () => {
    const seen = { front: 0, frontOverlap: 0, behind: 0, backNormal: 0 };
    fc.assert(
      fc.property(edgeArb, anyShapeArb(), poseArb, poseArb, ({ p1, p2 }, shape, chainPose, pose) => {
        const segment = makeOneSidedSegment(p1, p2);
        const n = normalOf(p1, p2);
        // Everything in the chain's frame is placed by chainPose; B's pose is relative to it.
        const world = { x: chainPose.c * pose.x - chainPose.s * pose.y + chainPose.x, y: chainPose.s * pose.x + chainPose.c * pose.y + chainPose.y, c: chainPose.c * pose.c - chainPose.s * pose.s, s: chainPose.s * pose.c + chainPose.c * pose.s };
        const one = oneSidedContact({ segment, transformA: chainPose, shapeB: shape, transformB: world });
        const two = contact({ shapeA: makeSegment(p1, p2), transformA: chainPose, shapeB: shape, transformB: world });
        const c = centroid(shape, pose);
        if (n.x * (c.x - p1.x) + n.y * (c.y - p1.y) < 0) {
          assert.equal(one, null);
          seen.behind++;
          return;
        }
        const wn = { x: chainPose.c * n.x - chainPose.s * n.y, y: chainPose.s * n.x + chainPose.c * n.y };
        // Along the edge, in the world.
        const along = two.normal.x * wn.y - two.normal.y * wn.x;
        if (lowest(shape, pose, p1, n) > 1e-9 || two.normal.x * wn.x + two.normal.y * wn.y >= 0 || Math.abs(along) > 1e-9) {
          // In front, or round a free end (a lone edge has no neighbors): the two-sided answer, up
          // to the rounding of the one-sided query's work in the chain's frame.
          assert.ok(one !== null);
          assertClose(one, two);
          if (two.separation < 0) seen.frontOverlap++;
          else seen.front++;
          return;
        }
        // Straddling the line with its centroid in front, pushed through the face's back by the
        // two-sided answer: the one-sided one pushes it out along the normal, by B's depth below
        // the line.
        assert.ok(one !== null);
        assert.ok(Math.abs(one.normal.x - wn.x) < 1e-12 && Math.abs(one.normal.y - wn.y) < 1e-12);
        assert.ok(Math.abs(one.separation - lowest(shape, pose, p1, n)) < 1e-9);
        seen.backNormal++;
      }),
      { numRuns: 2000 },
    );
    assert.ok(seen.front > 0 && seen.frontOverlap > 0 && seen.behind > 0, JSON.stringify(seen));
  });

  it('equals the two-sided time of impact for shapes starting in front, and is separated from behind', () => {
    const seen = { equal: 0, behind: 0, hits: 0 };
    fc.assert(
      fc.property(
        edgeArb,
        anyShapeArb(),
        poseArb,
        fc.tuple(fc.integer({ min: -4000, max: 4000 }), fc.integer({ min: -4000, max: 4000 })),
        fc.oneof(fc.constant(0), fc.integer({ min: -3000, max: 3000 }).map((k) => k / 1000)),
        ({ p1, p2 }, shape, pose, [vx, vy], spin) => {
          const segment = makeOneSidedSegment(p1, p2);
          const n = normalOf(p1, p2);
          const velocity = { x: vx / 1000, y: vy / 1000 };
          const input = { transformA: IDENTITY, shapeB: shape, transformB: pose, velocityB: velocity, spinB: spin, tMin: 0, tMax: 2 };
          const one = oneSidedTimeOfImpact({ segment, ...input });
          const two = timeOfImpact({ shapeA: makeSegment(p1, p2), velocityA: { x: 0, y: 0 }, spinA: 0, ...input });
          const c0 = centroid(shape, pose);
          if (n.x * (c0.x - p1.x) + n.y * (c0.y - p1.y) < 0) {
            assert.equal(one.state, 'separated');
            assert.equal(one.separation, Infinity);
            seen.behind++;
            return;
          }
          if (two.state === 'separated' || two.state === 'failed') {
            assert.deepEqual(one, two);
            seen.equal++;
            return;
          }
          const ct = centroid(shape, poseAt(pose, velocity, spin, two.t));
          const front = n.x * (ct.x - p1.x) + n.y * (ct.y - p1.y) >= 0;
          if (front && two.normal.x * n.x + two.normal.y * n.y >= 0 && lowest(shape, pose, p1, n) > 1e-9) {
            assert.deepEqual(one, two);
            seen.equal++;
            seen.hits++;
          } else if (!front) assert.equal(one.state, 'separated');
          else assert.equal(one.t, two.t);
        },
      ),
      { numRuns: 1500 },
    );
    assert.ok(seen.equal > 0 && seen.behind > 0 && seen.hits > 0, JSON.stringify(seen));
  });

  it('classifies normals at a chain vertex: face and convex region admitted, beyond skipped, flat snapped', () => {
    // A counter-clockwise square: every vertex convex, edges solid from outside.
    const square = makeChain(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
      true,
    );
    const bottom = chainSegment(square, 0); // (0,0) → (1,0), normal (0, -1)
    assert.equal(classifyNormal(bottom, { x: 0, y: -1 }), 'admit');
    // At (1, 0): between the bottom's normal and the right side's, (1, 0).
    assert.equal(classifyNormal(bottom, { x: Math.SQRT1_2, y: -Math.SQRT1_2 }), 'admit');
    // Beyond the right side's normal: the right side's face owns it.
    assert.equal(classifyNormal(bottom, { x: 0.6, y: 0.8 }), 'skip');
    // A flat chain: every internal vertex snaps; the free ends admit.
    const flat = makeChain(
      [
        { x: 2, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 0 },
      ],
      false,
    );
    const first = chainSegment(flat, 0); // (2,0) → (1,0), normal (0, 1); head at the internal vertex
    assert.equal(classifyNormal(first, { x: -0.6, y: 0.8 }), 'snap');
    assert.equal(classifyNormal(first, { x: 0.6, y: 0.8 }), 'admit');
    assert.equal(first.hasGhost1, false);
    assert.equal(first.hasGhost2, true);
    assert.equal(chainSegment(flat, 1).hasGhost2, false);
  });
});
