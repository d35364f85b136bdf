import type { Transform } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';
import { distance } from '../narrow/gjk';

/**
 * Signed depth of two rounded convex shapes at one pose: the penetration depth when they overlap
 * (> 0), minus the separation when apart (< 0). This is what a discrete engine sees at a step
 * end, and what the continuous analysis compares with `slop` there.
 *
 * Apart cores: GJK distance d, so the rounded shapes overlap by rA + rB − d. Overlapping cores:
 * the origin is inside the cores' Minkowski difference B ⊖ A, and its distance to the boundary is
 * the smallest support value h(n) = max n·b − min n·a over the difference's face normals, which
 * are the two cores' edge normals (the separating-axis theorem for convex polygons: Ericson,
 * "Real-Time Collision Detection", §5.2.1; Gottschalk's SAT). Both signs of every edge normal are
 * tried: the extra directions can only give larger values, so the minimum is exact. The radii add
 * on top (the rounded difference is the core difference grown by rA + rB).
 */
export function signedDepth(shapeA: ConvexShape, xfA: Transform, shapeB: ConvexShape, xfB: Transform): number {
  const R = shapeA.radius + shapeB.radius;
  const d = distance({ shapeA, transformA: xfA, shapeB, transformB: xfB, useRadii: false });
  if (!d.overlapping && d.distance > 0) return R - d.distance;
  let best = Infinity;
  const A = shapeA.vertices;
  const B = shapeB.vertices;
  const axes = (V: readonly { x: number; y: number }[], xf: Transform): void => {
    const n = V.length;
    if (n < 2) return;
    const edges = n === 2 ? 1 : n;
    for (let i = 0; i < edges; i++) {
      const p = V[i]!;
      const q = V[(i + 1) % n]!;
      const lx = q.x - p.x;
      const ly = q.y - p.y;
      const l = Math.hypot(lx, ly);
      if (!(l > 0)) continue;
      // World direction of the edge's perpendicular.
      const ux = (xf.c * ly + xf.s * lx) / l;
      const uy = (xf.s * ly - xf.c * lx) / l;
      best = Math.min(best, extent(ux, uy), extent(-ux, -uy));
    }
  };
  const extent = (ux: number, uy: number): number => {
    let maxB = -Infinity;
    for (const v of B) maxB = Math.max(maxB, ux * (xfB.c * v.x - xfB.s * v.y + xfB.x) + uy * (xfB.s * v.x + xfB.c * v.y + xfB.y));
    let minA = Infinity;
    for (const v of A) minA = Math.min(minA, ux * (xfA.c * v.x - xfA.s * v.y + xfA.x) + uy * (xfA.s * v.x + xfA.c * v.y + xfA.y));
    return maxB - minA;
  };
  axes(A, xfA);
  axes(B, xfB);
  const core = best === Infinity ? 0 : Math.max(0, best);
  return R + core;
}
