import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  chainContact,
  chainDistance,
  chainSegment,
  chainTimeOfImpact,
  contact,
  IDENTITY,
  makeBox,
  makeChain,
  makeSegment,
  makeTransform,
  oneSidedContact,
  oneSidedTimeOfImpact,
  shapeCentroid,
  timeOfImpact,
  type Chain,
  type ConvexShape,
  type Vec2,
} from '../../../../core/index';
import { anyShapeArb } from '../narrow-arbitraries';

/**
 * Whole-chain queries: the edge tree finds what brute force over every edge finds; a convex
 * loop's first touch from outside is the earliest two-sided touch over its edges, and nothing
 * from inside; and the ghost bump a box meets on separate boxes is gone on a chain.
 */

const coord = (range: number) => fc.integer({ min: -range * 1000, max: range * 1000 }).map((k) => k / 1000);

/** A random walk: a chain that folds back on itself, open or closed. */
const chainArb: fc.Arbitrary<Chain> = fc
  .tuple(fc.array(fc.tuple(coord(1.5), coord(1.5)), { minLength: 3, maxLength: 120 }), fc.boolean())
  .map(([steps, loop]) => {
    const pts: Vec2[] = [{ x: 0, y: 0 }];
    for (const [dx, dy] of steps) {
      const last = pts[pts.length - 1]!;
      pts.push({ x: last.x + dx, y: last.y + dy });
    }
    return makeChain(pts, loop);
  })
  .filter((c) => c.edgeCount > 0);

const poseArb = (range: number) => fc.tuple(coord(range), coord(range), fc.integer({ min: -3141, max: 3141 })).map(([x, y, a]) => makeTransform(x, y, a / 1000));

/** A regular polygon of n vertices and circumradius r about the origin, counter-clockwise. */
function regular(n: number, r: number, phase: number): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < n; i++) out.push({ x: r * Math.cos(phase + (2 * Math.PI * i) / n), y: r * Math.sin(phase + (2 * Math.PI * i) / n) });
  return out;
}

describe('core/chain: queries against a whole chain', () => {
  it('finds through its edge tree the deepest contact brute force over every edge finds', () => {
    let found = 0;
    fc.assert(
      fc.property(chainArb, anyShapeArb(), poseArb(8), poseArb(3), fc.integer({ min: 0, max: 1000 }), (chain, shape, chainPose, pose, reach) => {
        const maxSeparation = reach / 1000;
        const got = chainContact({ chain, transformA: chainPose, shapeB: shape, transformB: pose, maxSeparation });
        let best = Infinity;
        for (let e = 0; e < chain.edgeCount; e++) {
          const r = oneSidedContact({ segment: chainSegment(chain, e), transformA: chainPose, shapeB: shape, transformB: pose, maxSeparation });
          if (r !== null && r.separation <= maxSeparation) best = Math.min(best, r.separation);
        }
        if (best === Infinity) {
          assert.equal(got, null);
          return;
        }
        assert.ok(got !== null);
        assert.ok(Math.abs(got.separation - best) <= 1e-9 * (1 + maxSeparation), `${got.separation} vs ${best}`);
        const own = oneSidedContact({ segment: chainSegment(chain, got.edge), transformA: chainPose, shapeB: shape, transformB: pose, maxSeparation });
        assert.equal(own?.separation, got.separation);
        found++;
      }),
      { numRuns: 600 },
    );
    assert.ok(found > 0);
  });

  it('finds through its edge tree the earliest touch brute force over every edge finds', () => {
    let hits = 0;
    fc.assert(
      fc.property(chainArb, anyShapeArb(), poseArb(4), fc.tuple(coord(4), coord(4)), (chain, shape, pose, [vx, vy]) => {
        const motion = { transformA: IDENTITY, shapeB: shape, transformB: pose, velocityB: { x: vx, y: vy }, spinB: 0, tMin: 0, tMax: 1 };
        const got = chainTimeOfImpact({ chain, ...motion });
        let best = Infinity;
        for (let e = 0; e < chain.edgeCount; e++) {
          const r = oneSidedTimeOfImpact({ segment: chainSegment(chain, e), ...motion });
          if (r.state !== 'separated') best = Math.min(best, r.t);
        }
        if (best === Infinity) {
          assert.equal(got.state, 'separated');
          assert.equal(got.edge, -1);
          return;
        }
        assert.equal(got.t, best);
        assert.notEqual(got.state, 'separated');
        hits++;
      }),
      { numRuns: 400 },
    );
    assert.ok(hits > 0);
  });

  it('is first touched from outside a convex loop when an edge is first touched two-sidedly, never from inside', () => {
    const seen = { outside: 0, inside: 0, hole: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 0, max: 6283 }),
        anyShapeArb(0.4),
        fc.integer({ min: 0, max: 6283 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.tuple(coord(1.5), coord(1.5)),
        (n, phase, shape, bearing, gap, [ax, ay]) => {
          const pts = regular(n, 5, phase / 1000);
          const ccw = makeChain(pts, true);
          const cw = makeChain([...pts].reverse(), true);
          const a = bearing / 1000;
          // Outside: 6..9 units from the center, aimed inside the incircle (radius 2.5 at least).
          const far = 6 + gap / 1000;
          const from = makeTransform(far * Math.cos(a), far * Math.sin(a), a);
          const to = { x: ax - from.x, y: ay - from.y };
          const motion = { transformA: IDENTITY, shapeB: shape, transformB: from, velocityB: to, spinB: 0, tMin: 0, tMax: 1 };
          const got = chainTimeOfImpact({ chain: ccw, ...motion });
          const twoSided = (chain: Chain, m: typeof motion) => {
            let t = Infinity;
            for (let e = 0; e < chain.edgeCount; e++) {
              const s = chainSegment(chain, e);
              const r = timeOfImpact({ shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), velocityA: { x: 0, y: 0 }, spinA: 0, ...m });
              if (r.state === 'hit' || r.state === 'overlapped') t = Math.min(t, r.t);
            }
            return t;
          };
          const ref = twoSided(ccw, motion);
          assert.ok(ref < Infinity, 'aimed at the loop, it hits');
          assert.equal(got.t, ref);
          seen.outside++;
          // From inside (near the center) out through the loop: nothing from a counter-clockwise loop,
          // the earliest touch from a clockwise one (a hole: solid outside).
          const inside = { ...motion, transformB: makeTransform(ax / 2, ay / 2, a), velocityB: { x: 2 * from.x, y: 2 * from.y } };
          assert.equal(chainTimeOfImpact({ chain: ccw, ...inside }).state, 'separated');
          seen.inside++;
          const hole = chainTimeOfImpact({ chain: cw, ...inside });
          assert.equal(hole.t, twoSided(cw, inside));
          seen.hole++;
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(seen.outside > 0 && seen.inside > 0 && seen.hole > 0);
  });

  it('measures the distance from outside a convex loop as the least two-sided distance over its edges', () => {
    let measured = 0;
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 6283 }), anyShapeArb(0.4), poseArb(9), (n, phase, shape, pose) => {
        const chain = makeChain(regular(n, 5, phase / 1000), true);
        let least = Infinity;
        for (let e = 0; e < chain.edgeCount; e++) {
          const s = chainSegment(chain, e);
          least = Math.min(least, contact({ shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), transformA: IDENTITY, shapeB: shape, transformB: pose }).separation);
        }
        // B apart from the loop, its centroid outside it (B might still reach round the loop's
        // far side, no shape here is that large).
        const c0 = shapeCentroid(shape);
        const cx = pose.c * c0.x - pose.s * c0.y + pose.x;
        const cy = pose.s * c0.x + pose.c * c0.y + pose.y;
        let inside = true;
        for (let e = 0; e < chain.edgeCount; e++) {
          const s = chainSegment(chain, e);
          if ((s.y2 - s.y1) * (cx - s.x1) - (s.x2 - s.x1) * (cy - s.y1) > 0) inside = false;
        }
        fc.pre(!inside && least > 0.01);
        const d = chainDistance({ chain, transformA: IDENTITY, shapeB: shape, transformB: pose, maxSeparation: 20 });
        assert.ok(d !== null);
        assert.ok(Math.abs(d.distance - least) <= 1e-9, `${d.distance} vs ${least}`);
        assert.ok(Math.abs(Math.hypot(d.pointB.x - d.pointA.x, d.pointB.y - d.pointA.y) - d.distance) <= 1e-9);
        measured++;
      }),
      { numRuns: 300 },
    );
    assert.ok(measured > 0);
  });

  it('measures a thin rounded triangle near a convex vertex by the nearer of the two edges there', () => {
    // Both edges at the vertex reach B's corner, edge 2 nearer by 4.07e-9 (the exact distances
    // below), less than the tolerance within which a face answer and a snapped one tie: between
    // two face answers the lesser wins, not the edge found first.
    const chain = makeChain(regular(3, 5, 6.276), true);
    const shape: ConvexShape = { kind: 'polygon', count: 3, xy: [-0.37320000000000003, 0.0488, 0, -0.0012000000000000001, 0, 0], radius: 0.004, nxy: [] };
    const pose = { x: 0.013, y: -8.203, c: 0.9991596177334445, s: -0.04098851413209637 };
    const two: number[] = [];
    for (let e = 0; e < chain.edgeCount; e++) {
      const s = chainSegment(chain, e);
      two.push(contact({ shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), transformA: IDENTITY, shapeB: shape, transformB: pose }).separation);
    }
    assert.ok(Math.abs(two[1]! - 4.396879093418048) <= 1e-12 && Math.abs(two[2]! - 4.396879089349955) <= 1e-12, `${two}`);
    const d = chainDistance({ chain, transformA: IDENTITY, shapeB: shape, transformB: pose, maxSeparation: 20 });
    assert.ok(d !== null);
    assert.equal(d.edge, 2);
    assert.equal(d.distance, two[2]);
    const c = chainContact({ chain, transformA: IDENTITY, shapeB: shape, transformB: pose, maxSeparation: 20 });
    assert.equal(c?.separation, two[2]);
  });

  describe('ghost bumps', () => {
    // A floor of 40 unit edges at y = 0, walked right to left so that it is solid from above.
    const floorPoints: Vec2[] = [];
    for (let x = 40; x >= 0; x--) floorPoints.push({ x, y: 0 });
    const floor = makeChain(floorPoints, false);
    const tiles: ConvexShape[] = [];
    for (let i = 0; i < 40; i++) tiles.push(makeBox(1, 1));
    const box = makeBox(0.8, 0.8);
    const sunk = 0.4 - 0.01; // the box's center: its bottom 0.01 below the floor
    const positions: number[] = [];
    for (let k = 0; k <= 2400; k++) positions.push(2 + k / 80); // every 1/80, seams included

    it('gives a box sliding along a flat chain of many edges only the face normal', () => {
      let checked = 0;
      for (const x of positions) {
        const c = chainContact({ chain: floor, transformA: IDENTITY, shapeB: box, transformB: makeTransform(x, sunk, 0) });
        assert.ok(c !== null);
        assert.deepEqual([c.normal.x + 0, c.normal.y], [0, 1], `at x = ${x}`);
        assert.ok(Math.abs(c.separation + 0.01) < 1e-12);
        checked++;
      }
      // Sliding across every seam: the first touch, and every edge's, has the face normal.
      const motion = { transformA: IDENTITY, shapeB: box, transformB: makeTransform(2.5, sunk, 0), velocityB: { x: 30, y: 0 }, spinB: 0, tMin: 0, tMax: 1 };
      for (let e = 0; e < floor.edgeCount; e++) {
        const r = oneSidedTimeOfImpact({ segment: chainSegment(floor, e), ...motion });
        if (r.state !== 'separated') assert.deepEqual([r.normal.x + 0, r.normal.y], [0, 1], `edge ${e}`);
      }
      const whole = chainTimeOfImpact({ chain: floor, ...motion });
      assert.deepEqual([whole.normal.x + 0, whole.normal.y], [0, 1]);
      assert.ok(checked > 0);
    });

    it('gives the same box sliding along separate boxes an internal vertex normal (the ghost bump)', () => {
      let bumps = 0;
      for (const x of positions) {
        for (let i = 0; i < tiles.length; i++) {
          const c = contact({ shapeA: tiles[i]!, transformA: makeTransform(i + 0.5, -0.5, 0), shapeB: box, transformB: makeTransform(x, sunk, 0) });
          if (c.separation < 0 && Math.abs(c.normal.x) > 0.5) bumps++;
        }
      }
      assert.ok(bumps > 0, 'a sideways normal at some seam');
      // And in time: sliding right, the box first meets a tile's side.
      const r = timeOfImpact({ shapeA: tiles[3]!, transformA: makeTransform(3.5, -0.5, 0), velocityA: { x: 0, y: 0 }, spinA: 0, shapeB: box, transformB: makeTransform(2.5, sunk, 0), velocityB: { x: 30, y: 0 }, spinB: 0, tMin: 0, tMax: 1 });
      assert.equal(r.state, 'hit');
      assert.deepEqual([Math.round(r.normal.x), Math.round(r.normal.y)], [-1, 0]);
    });
  });
});
