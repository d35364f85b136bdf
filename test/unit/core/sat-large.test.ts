import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { makeTransform, type Transform, type Vec2 } from '../../../core/math/vec2';
import { sat } from '../../../core/narrow/sat';
import { makePolygon } from '../../../core/shapes/factory';
import type { ConvexShape } from '../../../core/shapes/shape';
import { convexHull } from '../../../core/shapes/polygon';
import { referenceSeparation, separationAlong, verticesIn } from './narrow-arbitraries';

/** A convex polygon of many vertices: the hull of points on a jittered ellipse. */
function manyVertices(n: number, rx: number, ry: number, jitter: readonly number[]): Vec2[] {
  const pts: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const k = 1 + 0.01 * jitter[i % jitter.length]!;
    pts.push({ x: rx * k * Math.cos(a), y: ry * k * Math.sin(a) });
  }
  return convexHull(pts);
}

/** SAT by brute force: the largest separation along any edge normal of either core, all scanned. */
function scannedSeparation(a: ConvexShape, xa: Transform, b: ConvexShape, xb: Transform): number {
  const world = makeTransform(0, 0, 0);
  let best = -Infinity;
  for (const [p, xp, q, xq] of [[a, xa, b, xb], [b, xb, a, xa]] as const) {
    const w = verticesIn(p, xp, world);
    for (let i = 0; i < w.length; i++) {
      const u = w[i]!;
      const v = w[(i + 1) % w.length]!;
      const l = Math.hypot(v.x - u.x, v.y - u.y);
      // Counter-clockwise cores: the outward normal of edge u→v is the edge turned clockwise.
      best = Math.max(best, separationAlong(p, xp, q, xq, { x: (v.y - u.y) / l, y: -(v.x - u.x) / l }));
    }
  }
  return best;
}

describe('core/narrow/sat: cores of many vertices (walked, not scanned)', () => {
  it('property: the separation of two polygons of 65 to 200 vertices equals brute force', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 65, max: 200 }),
        fc.integer({ min: 65, max: 200 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 7 }),
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (na, nb, jitter, x, y, angle) => {
          const a = makePolygon(manyVertices(na, 3, 2, jitter));
          const b = makePolygon(manyVertices(nb, 1, 2.5, jitter.slice().reverse()));
          const xa = makeTransform(0.3, -0.2, 0.4);
          const xb = makeTransform(x, y, angle);
          const s = sat({ shapeA: a, transformA: xa, shapeB: b, transformB: xb });
          const ref = referenceSeparation(a, xa, b, xb);
          const scanned = scannedSeparation(a, xa, b, xb);
          assert.ok(Math.abs(s.separation - scanned) <= 1e-9 * 10, `${s.separation} vs scanned ${scanned}`);
          // SAT's separation is the exact distance only when overlapping (and a lower bound apart).
          if (ref < 0) assert.ok(Math.abs(s.separation - ref) <= 1e-9 * 10, `${s.separation} vs ${ref}`);
          else assert.ok(s.separation <= ref + 1e-9 && s.separation > -1e-9, `${s.separation} vs ${ref}`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('separates two 100,000-vertex polygons in linear time', function () {
    this.timeout(30000);
    const big = manyVertices(100000, 1000, 1000, [0]);
    const a = makePolygon(big);
    const t0 = performance.now();
    const s = sat({ shapeA: a, transformA: makeTransform(0, 0, 0), shapeB: a, transformB: makeTransform(500, 0, 0) });
    const ms = performance.now() - t0;
    assert.ok(Math.abs(s.separation + 1500) < 1e-6, String(s.separation));
    assert.ok(ms < 10000, `${ms} ms`);
  });
});
