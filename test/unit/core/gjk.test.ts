import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform, type Transform } from '../../../core/math/vec2';
import { distance } from '../../../core/narrow/gjk';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeSegment } from '../../../core/shapes/factory';
import { shapeVertices, type ConvexShape } from '../../../core/shapes/shape';
import { bruteDistance, convexPolygonArb, transformArb, worldVertices } from './reference';
import { anyShapeArb, referenceSeparation } from './narrow-arbitraries';

const near = (a: number, b: number, tol: number, what = '') => assert.ok(Math.abs(a - b) <= tol, `${what} ${a} vs ${b} (tol ${tol})`);

function gjk(shapeA: ConvexShape, transformA: Transform, shapeB: ConvexShape, transformB: Transform, useRadii = true) {
  return distance({ shapeA, transformA, shapeB, transformB, useRadii });
}

describe('core/narrow/gjk distance', () => {
  const I = makeTransform(0, 0, 0);

  it('exactly aligned boxes, two support vertices: edge–edge features and the distance', () => {
    const r = gjk(makeBox(2, 2), I, makeBox(2, 2), makeTransform(3, 0.5, 0));
    assert.equal(r.state, 'ok');
    assert.equal(r.overlapping, false);
    near(r.distance, 1, 1e-15);
    assert.deepEqual(r.normal, { x: 1, y: 0 });
    assert.deepEqual(r.featureA, [1, 2]);
    assert.deepEqual(r.featureB, [3, 0]);
  });

  it('vertex–vertex closest features', () => {
    const r = gjk(makeBox(2, 2), I, makeBox(2, 2), makeTransform(3, 3, 0));
    near(r.distance, Math.SQRT2, 1e-15);
    assert.deepEqual(r.featureA, [2]);
    assert.deepEqual(r.featureB, [0]);
    near(r.pointA.x, 1, 1e-15);
    near(r.pointB.y, 2, 1e-15);
  });

  it('circles: closed form with radii, cores without', () => {
    const a = makeCircle({ x: 0, y: 0 }, 1);
    const b = makeCircle({ x: 0, y: 0 }, 0.5);
    const r = gjk(a, I, b, makeTransform(3, 4, 0));
    near(r.distance, 3.5, 1e-15);
    near(r.pointA.x, 0.6, 1e-15);
    near(r.pointB.y, 4 - 0.4, 1e-15);
    const core = gjk(a, I, b, makeTransform(3, 4, 0), false);
    near(core.distance, 5, 1e-15);
  });

  it('touching shapes overlap with distance 0', () => {
    const r = gjk(makeBox(2, 2), I, makeBox(2, 2), makeTransform(2, 0.3, 0));
    assert.equal(r.overlapping, true);
    assert.equal(r.distance, 0);
    const c = gjk(makeCircle({ x: 0, y: 0 }, 1), I, makeCircle({ x: 0, y: 0 }, 1), makeTransform(2, 0, 0));
    assert.equal(c.overlapping, true);
  });

  it('nested: a small box deep inside a big one overlaps', () => {
    const r = gjk(makeBox(10, 10), I, makeBox(1, 1), makeTransform(0.5, -0.25, 0.3));
    assert.equal(r.overlapping, true);
    assert.equal(r.distance, 0);
  });

  it('capsule against segment, parallel: two-vertex features on both', () => {
    const cap = makeCapsule(4, 0.5);
    const seg = makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 });
    const r = gjk(cap, I, seg, makeTransform(0.5, 2, 0));
    near(r.distance, 1.5, 1e-15);
    assert.deepEqual(r.featureA, [1, 0]);
    assert.deepEqual(r.featureB, [0, 1]);
  });

  it('tiny and far from the origin: 1e-3 boxes at 1e6 keep relative accuracy', () => {
    const s = 1e-3;
    const xa = makeTransform(1e6, -1e6, 0.4);
    const off = { x: 1.5 * s * Math.cos(0.4), y: 1.5 * s * Math.sin(0.4) };
    const xb = makeTransform(1e6 + off.x, -1e6 + off.y, 0.4);
    const r = gjk(makeBox(s, s), xa, makeBox(s, s), xb);
    // The representable offset is what the shapes get: compare with the reference on it.
    const dx = xb.x - xa.x;
    const dy = xb.y - xa.y;
    const along = dx * Math.cos(0.4) + dy * Math.sin(0.4);
    near(r.distance, along - s, 1e-9 * s);
  });

  it('degenerate input is a state, not a throw', () => {
    const empty: ConvexShape = { kind: 'polygon', count: 0, xy: [], radius: 0, nxy: [] };
    assert.equal(gjk(empty, I, makeBox(1, 1), I).state, 'degenerate');
    assert.equal(gjk(makeBox(1, 1), makeTransform(NaN, 0, 0), makeBox(1, 1), I).state, 'degenerate');
  });

  it('records a trace of simplices when asked, none otherwise', () => {
    const input = { shapeA: makeBox(2, 2), transformA: I, shapeB: makeBox(1, 3), transformB: makeTransform(4, 1, 0.7), useRadii: true };
    const traced = distance({ ...input, trace: true });
    assert.ok(traced.trace && traced.trace.length >= 1);
    assert.ok(traced.trace.every((s) => s.simplex.length >= 1 && s.simplex.length <= 3));
    assert.equal(distance(input).trace, undefined);
  });

  it('iteration cap gives not-converged', () => {
    const many = makePolygon(Array.from({ length: 64 }, (_, k) => ({ x: Math.cos((2 * Math.PI * k) / 64), y: Math.sin((2 * Math.PI * k) / 64) })));
    const r = distance({ shapeA: many, transformA: I, shapeB: many, transformB: makeTransform(3, 0.1, 0.05), useRadii: false, maxIterations: 1 });
    assert.equal(r.state, 'not-converged');
  });

  it('property: distance matches brute force over all vertex/edge pairs', () => {
    fc.assert(
      fc.property(convexPolygonArb(1), convexPolygonArb(2), transformArb(3), transformArb(3), (a, b, xa, xb) => {
        const r = gjk(a, xa, b, xb, false);
        const ref = bruteDistance(worldVertices(a, xa), worldVertices(b, xb));
        const tol = 1e-9 * 3;
        assert.equal(r.state, 'ok');
        if (ref > tol) {
          assert.equal(r.overlapping, false);
          near(r.distance, ref, tol, 'distance');
          // Witness points realize the distance.
          near(Math.hypot(r.pointB.x - r.pointA.x, r.pointB.y - r.pointA.y), ref, tol, 'witness');
        } else if (ref === 0) assert.ok(r.overlapping || r.distance <= tol);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: every kind (circles, capsules, segments, rounded polygons): distance with radii matches the reference', () => {
    fc.assert(
      fc.property(anyShapeArb(1), anyShapeArb(1), transformArb(3), transformArb(3), (a, b, xa, xb) => {
        const r = gjk(a, xa, b, xb);
        const ref = referenceSeparation(a, xa, b, xb);
        const tol = 4e-9;
        if (ref > tol) {
          assert.equal(r.overlapping, false);
          near(r.distance, ref, tol, 'distance');
          near(r.pointB.x - r.pointA.x, r.distance * r.normal.x, tol, 'witness along the normal');
        } else if (ref < -tol) assert.equal(r.overlapping, true);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: rounded shapes subtract their radii; symmetric under swap', () => {
    fc.assert(
      fc.property(
        convexPolygonArb(1),
        convexPolygonArb(1),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        transformArb(4),
        transformArb(4),
        (a0, b, rA, xa, xb) => {
          const a = makePolygon(shapeVertices(a0), rA);
          const r = gjk(a, xa, b, xb);
          const s = gjk(b, xb, a, xa);
          const core = bruteDistance(worldVertices(a, xa), worldVertices(b, xb));
          const tol = 1e-9 * 3;
          if (core > rA + tol) {
            near(r.distance, core - rA, tol);
            near(s.distance, r.distance, tol, 'swap');
            near(s.normal.x, -r.normal.x, 1e-9);
            near(s.normal.y, -r.normal.y, 1e-9);
          } else if (core < rA - tol) assert.ok(r.overlapping && s.overlapping);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: invariant under moving and rotating the whole pair, sizes 1e-3..1e4 up to 1e6 away', () => {
    fc.assert(
      fc.property(
        convexPolygonArb(1),
        convexPolygonArb(1),
        transformArb(2),
        fc.constantFrom(1e-3, 1, 1e4),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (a, b, xb, size, ox, oy, turn) => {
          const sa = makePolygon(shapeVertices(a).map((v) => ({ x: v.x * size, y: v.y * size })));
          const sb = makePolygon(shapeVertices(b).map((v) => ({ x: v.x * size, y: v.y * size })));
          const relB = makeTransform(xb.x * size, xb.y * size, Math.atan2(xb.s, xb.c));
          // Whole pair moved to (ox, oy) and turned: B's offset rotated with it. Use the offsets
          // the doubles actually hold, so the comparison measures the algorithm, not the input.
          const xa = makeTransform(ox, oy, turn);
          const rx = Math.cos(turn) * relB.x - Math.sin(turn) * relB.y;
          const ry = Math.sin(turn) * relB.x + Math.cos(turn) * relB.y;
          const xbMoved = makeTransform(ox + rx, oy + ry, turn + Math.atan2(relB.s, relB.c));
          const moved = gjk(sa, xa, sb, xbMoved);
          // Reference on the held offset: the same pair with B at the representable offset.
          const hx = xbMoved.x - xa.x;
          const hy = xbMoved.y - xa.y;
          const held = makeTransform(
            Math.cos(turn) * hx + Math.sin(turn) * hy,
            -Math.sin(turn) * hx + Math.cos(turn) * hy,
            Math.atan2(xbMoved.s * xa.c - xbMoved.c * xa.s, xbMoved.c * xa.c + xbMoved.s * xa.s),
          );
          const ref = gjk(sa, makeTransform(0, 0, 0), sb, held);
          const tol = 1e-9 * 3 * size;
          assert.equal(moved.overlapping, ref.overlapping);
          near(moved.distance, ref.distance, tol, 'distance');
        },
      ),
      { numRuns: 1500 },
    );
  });
});
