import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Vec2 } from '../../../core/math/vec2';
import {
  convexHull,
  extentOf,
  isCertainlyConvex,
  isConvex,
  isSimple,
  polygonCentroid,
  RELATIVE_TOLERANCE,
  removeDegenerate,
  signedArea,
} from '../../../core/shapes/polygon';

const P = (...xy: number[]): Vec2[] => {
  const out: Vec2[] = [];
  for (let i = 0; i < xy.length; i += 2) out.push({ x: xy[i]!, y: xy[i + 1]! });
  return out;
};


describe('core/shapes/polygon', () => {
  it('signed area is positive counter-clockwise and keeps digits far from the origin', () => {
    assert.equal(signedArea(P(0, 0, 2, 0, 2, 1, 0, 1)), 2);
    assert.equal(signedArea(P(0, 0, 0, 1, 2, 1, 2, 0)), -2);
    const far = P(1e6, 1e6, 1e6 + 1e-3, 1e6, 1e6 + 1e-3, 1e6 + 1e-3, 1e6, 1e6 + 1e-3);
    const side = 1e6 + 1e-3 - 1e6; // the representable side length
    assert.ok(Math.abs(signedArea(far) - side * side) <= 1e-15 * side * side);
  });

  it('centroid of an L-shape', () => {
    // Two unit-by-2 rectangles: [0,2]x[0,1] and [0,1]x[1,2]; centroid = mean of (1, .5) and (.5, 1.5).
    const c = polygonCentroid(P(0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2));
    assert.ok(Math.abs(c.x - 5 / 6) < 1e-15 && Math.abs(c.y - 5 / 6) < 1e-15);
  });

  it('classifies convexity in either winding', () => {
    assert.ok(isConvex(P(0, 0, 1, 0, 0, 1)));
    assert.ok(isConvex(P(0, 0, 0, 1, 1, 0)));
    assert.ok(!isConvex(P(0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2)), 'notch');
    assert.ok(!isConvex(P(0, 0, 1, 0, 2, 0)), 'no area');
    // Pentagram: turns the same way at every vertex but winds twice.
    const star: Vec2[] = [];
    for (let k = 0; k < 5; k++) star.push({ x: Math.cos((4 * Math.PI * k) / 5), y: Math.sin((4 * Math.PI * k) / 5) });
    assert.ok(!isConvex(star));
    assert.ok(isConvex(P(0, 0, 1, 0, 2, 0, 2, 2, 0, 2)), 'a straight angle is still convex');
  });

  it('detects self-crossing, touching and folded-back edges', () => {
    assert.ok(isSimple(P(0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2)));
    assert.ok(!isSimple(P(0, 0, 1, 1, 1, 0, 0, 1)), 'bow tie');
    assert.ok(!isSimple(P(0, 0, 4, 0, 4, 4, 2, 0, 0, 4)), 'vertex touching an edge');
    assert.ok(!isSimple(P(0, 0, 2, 0, 1, 0, 1, 1)), 'edge folding back');
    assert.ok(isSimple(P(0, 0, 1, 0, 1, 0, 1, 1)), 'a repeated vertex is not a crossing');
    assert.ok(!isSimple(P(0, 0, 1, 1)), 'two points are no polygon');
  });

  it('convex hull: CCW, collinear and repeated points dropped', () => {
    const h = convexHull(P(0, 0, 1, 0, 2, 0, 2, 2, 1, 1, 0, 2, 0, 0, 2, 1));
    assert.deepEqual(h, P(0, 0, 2, 0, 2, 2, 0, 2));
    assert.deepEqual(convexHull(P(1, 1, 1, 1)), P(1, 1));
    assert.deepEqual(convexHull(P(0, 0, 1, 1, 2, 2)), P(0, 0, 2, 2));
    assert.deepEqual(convexHull([]), []);
  });

  it('removes repeated and collinear vertices, reporting their indices', () => {
    const r = removeDegenerate(P(0, 0, 1, 0, 2, 0, 2, 0, 2, 2, 0, 2));
    assert.deepEqual(r.points, P(0, 0, 2, 0, 2, 2, 0, 2));
    assert.deepEqual(r.dropped, [1, 3]);
    // Decimal input whose binary cross product is not exactly zero.
    const d = removeDegenerate(P(0.1, 0.2, 0.2, 0.4, 0.3, 0.6, 0, 1));
    assert.deepEqual(d.dropped, [1]);
    const spike = removeDegenerate(P(0, 0, 2, 0, 3, 0, 2, 0, 2, 2));
    assert.equal(spike.points.length, 3);
  });

  it('property: hull contains every point and is convex', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })), { minLength: 3, maxLength: 30 }), (xy) => {
        const pts = xy.map(([x, y]) => ({ x, y }));
        const h = convexHull(pts);
        if (h.length < 3) return;
        assert.ok(isConvex(h));
        assert.ok(signedArea(h) > 0);
        for (const p of pts)
          for (let i = 0; i < h.length; i++) {
            const a = h[i]!;
            const b = h[(i + 1) % h.length]!;
            assert.ok((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0);
          }
      }),
      { numRuns: 1500 },
    );
  });
  it('removeDegenerate keeps the input points at exactly the indices it does not drop, in order', () => {
    // Points on a small grid, so that repeats and collinear runs are common.
    const pointsArb = fc.array(fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 3 }) }), { maxLength: 12 });
    let droppedSome = 0;
    fc.assert(
      fc.property(pointsArb, (points) => {
        const r = removeDegenerate(points);
        if (r.dropped.length > 0) droppedSome++;
        const keptIdx: number[] = [];
        for (let i = 0; i < points.length; i++) if (!r.dropped.includes(i)) keptIdx.push(i);
        assert.deepStrictEqual([...r.dropped].sort((a, b) => a - b), r.dropped);
        assert.equal(new Set(r.dropped).size, r.dropped.length);
        assert.ok(r.dropped.every((i) => i >= 0 && i < points.length));
        assert.equal(r.points.length, keptIdx.length);
        keptIdx.forEach((i, k) => assert.equal(r.points[k], points[i]));
      }),
      { numRuns: 2000 },
    );
    // The checks on the dropped indices ran on inputs that had some.
    assert.ok(droppedSome > 0, 'no input had a point to drop');
  });
  it('isCertainlyConvex implies isSimple (its pair test), and isConvex on cleaned polygons with area', () => {
    // Convex polygons of any size, place, squash and winding, some nearly degenerate (a vertex
    // pushed towards its neighbors' line, a sliver), then stars (pentagrams turn twice) and
    // grid points (anything).
    const ring = fc
      .tuple(
        fc.integer({ min: 3, max: 10 }),
        fc.constantFrom(1e-9, 1e-3, 1, 1e3, 1e9),
        fc.constantFrom(0, 1, -1e3, 1e6),
        fc.double({ min: 1e-12, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.boolean(),
        fc.nat(12),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 2),
      )
      .map(([n, r, c, squash, turn, cw, pushed, depth, k]) => {
        const pts = Array.from({ length: n }, (_, i) => {
          const t = turn + (2 * Math.PI * k * i) / n;
          return { x: c + r * Math.cos(t), y: c + r * squash * Math.sin(t) };
        });
        if (pushed < n) {
          // Towards the midpoint of its neighbors: collinear at depth 1, a reflex vertex beyond.
          const a = pts[(pushed + n - 1) % n]!;
          const b = pts[(pushed + 1) % n]!;
          const q = pts[pushed]!;
          const s = 1 - depth ** 8;
          pts[pushed] = { x: (a.x + b.x) / 2 + s * (q.x - (a.x + b.x) / 2), y: (a.y + b.y) / 2 + s * (q.y - (a.y + b.y) / 2) };
        }
        return cw ? pts.reverse() : pts;
      });
    const grid = fc.array(fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 3 }) }), { maxLength: 8 });
    let convex = 0;
    let simple = 0;
    let certain = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: ring }, { weight: 1, arbitrary: grid }), (points) => {
        const isSimplePolygon = isSimple(points);
        if (isCertainlyConvex(points)) assert.ok(isSimplePolygon);
        if (isSimplePolygon) simple++;
        if (isConvex(points)) convex++;
        // What polygon validation skips: isSimple on the cleaned points, and isConvex on them once
        // they have area.
        const kept = removeDegenerate(points).points;
        const ext = extentOf(kept);
        if (isCertainlyConvex(kept)) {
          assert.ok(isSimple(kept));
          if (Math.abs(signedArea(kept)) > RELATIVE_TOLERANCE * ext * ext) {
            certain++;
            assert.ok(isConvex(kept));
          }
        }
      }),
      { numRuns: 3000 },
    );
    assert.ok(convex > 500 && simple < 2900 && certain > 500, `${convex} convex, ${simple} simple, ${certain} certain of 3000`);
  });
  it('removeDegenerate answers clean input (its one-pass check) exactly as its general loop does', () => {
    // A non-finite point changes neither the extent nor the other points' fate, and sends the
    // call down the general loop: the two answers must agree but for that point's own index.
    const grid = fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 3 }) });
    const decimal = fc.record({ x: fc.integer({ min: -30, max: 30 }).map((v) => v / 10), y: fc.integer({ min: -30, max: 30 }).map((v) => v / 10) });
    // Convex polygons around a circle, some with a point near an edge's midpoint (near-collinear).
    const ring = fc
      .tuple(fc.integer({ min: 3, max: 9 }), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.nat(20), fc.double({ min: -1e-9, max: 1e-9, noNaN: true }))
      .map(([n, r, c, mid, off]) => {
        const pts = Array.from({ length: n }, (_, i) => ({ x: c + r * Math.cos((2 * Math.PI * i) / n), y: c + r * Math.sin((2 * Math.PI * i) / n) }));
        if (mid < n) {
          const a = pts[mid]!;
          const b = pts[(mid + 1) % n]!;
          pts.splice(mid + 1, 0, { x: (a.x + b.x) / 2 + off * r, y: (a.y + b.y) / 2 - off * r });
        }
        return pts;
      });
    const pointsArb = fc.oneof(fc.array(grid, { maxLength: 10 }), fc.array(decimal, { maxLength: 8 }), ring);
    let clean = 0;
    fc.assert(
      fc.property(pointsArb, (points) => {
        const fast = removeDegenerate(points);
        const general = removeDegenerate([...points, { x: NaN, y: NaN }]);
        assert.deepStrictEqual(general.points, fast.points);
        assert.deepStrictEqual(general.dropped, [...fast.dropped, points.length]);
        if (fast.dropped.length === 0) clean++;
      }),
      { numRuns: 2000 },
    );
    assert.ok(clean > 200, `only ${clean} clean inputs`);
  });
});
