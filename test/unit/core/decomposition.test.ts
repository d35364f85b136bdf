import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Vec2 } from '../../../core/math/vec2';
import { convexDecomposition, DECOMPOSITION_VERTEX_LIMIT } from '../../../core/shapes/decomposition';
import { isConvex, polygonCentroid, removeDegenerate, signedArea } from '../../../core/shapes/polygon';

const P = (...xy: number[]): Vec2[] => {
  const out: Vec2[] = [];
  for (let i = 0; i < xy.length; i += 2) out.push({ x: xy[i]!, y: xy[i + 1]! });
  return out;
};

/** Winding-number point-in-polygon (Sunday), boundary excluded by the caller's choice of points. */
function inside(poly: readonly Vec2[], p: Vec2): boolean {
  let w = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (a.y <= p.y) {
      if (b.y > p.y && c > 0) w++;
    } else if (b.y <= p.y && c < 0) w--;
  }
  return w !== 0;
}

/** A comb: `teeth` spikes above a base, notches between them; 3 * teeth + 3 vertices, concave. */
function comb(teeth: number): Vec2[] {
  const top: Vec2[] = [];
  for (let k = 0; k < teeth; k++) top.push({ x: 2 * k + 1, y: 1 }, { x: 2 * k + 1.5, y: 3 }, { x: 2 * k + 2, y: 1 });
  return [{ x: 0, y: 0 }, { x: 2 * teeth + 1, y: 0 }, ...top.reverse(), { x: 0, y: 1 }];
}

describe('core/shapes/decomposition', () => {
  it('decomposes a concave polygon into convex CCW parts covering it', () => {
    const notch = P(0, 0, 4, 0, 4, 4, 2, 1, 0, 4);
    const parts = convexDecomposition(notch)!;
    assert.ok(parts.length >= 2);
    let area = 0;
    for (const part of parts) {
      assert.ok(isConvex(part));
      assert.ok(signedArea(part) > 0);
      area += signedArea(part);
    }
    assert.ok(Math.abs(area - Math.abs(signedArea(notch))) < 1e-12);
    assert.deepEqual(convexDecomposition(P(0, 0, 0, 1, 1, 1, 1, 0))!.length, 1, 'convex input: one part');
    assert.deepEqual(convexDecomposition(P(0, 0, 1, 1, 2, 2)), [], 'no area: no parts');
  });

  it('property: decomposition of random star-shaped polygons covers them exactly with convex parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.2, max: 1, noNaN: true }), { minLength: 3, maxLength: 14 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (radii, phase) => {
          const n = radii.length;
          const poly = radii.map((r, k) => ({
            x: r * Math.cos((2 * Math.PI * (k + phase * 0.5)) / n),
            y: r * Math.sin((2 * Math.PI * (k + phase * 0.5)) / n),
          }));
          const parts = convexDecomposition(poly)!;
          let area = 0;
          for (const part of parts) {
            assert.ok(isConvex(part));
            area += signedArea(part);
          }
          const target = Math.abs(signedArea(removeDegenerate(poly).points));
          assert.ok(Math.abs(area - target) <= 1e-9 * Math.max(1, target));
          // Part centroids lie inside the original polygon.
          for (const part of parts) assert.ok(inside(poly, polygonCentroid(part)));
        },
      ),
      { numRuns: 1500 },
    );
  });


  it('splits a concave polygon up to DECOMPOSITION_VERTEX_LIMIT vertices, and gives up (undefined) past it', () => {
    const small = comb(Math.floor((DECOMPOSITION_VERTEX_LIMIT - 3) / 3));
    const large = comb(Math.floor((DECOMPOSITION_VERTEX_LIMIT - 3) / 3) + 1);
    assert.ok(removeDegenerate(small).points.length <= DECOMPOSITION_VERTEX_LIMIT);
    assert.ok(removeDegenerate(large).points.length > DECOMPOSITION_VERTEX_LIMIT);
    assert.ok(!isConvex(small) && !isConvex(large));
    const parts = convexDecomposition(small);
    assert.ok(parts !== undefined && parts.length > 1);
    const area = parts.reduce((sum, part) => sum + signedArea(part), 0);
    assert.ok(Math.abs(area - Math.abs(signedArea(small))) <= 1e-9 * Math.abs(signedArea(small)));
    assert.equal(convexDecomposition(large), undefined);
  });
});
