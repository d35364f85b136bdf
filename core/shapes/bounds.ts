import type { AABB } from '../math/aabb';
import type { Transform } from '../math/vec2';
import type { ConvexShape } from './shape';

/**
 * Bounds of a rounded convex point set. The AABB of a convex hull is the AABB of its vertices
 * (support along ±x and ±y), grown by the radius; no other point can stick out further.
 */

/** World (parent-frame) AABB of the shape placed by `xf`, radius included. */
export function shapeBounds(shape: ConvexShape, xf: Transform): AABB {
  return shapeBoundsInto(shape, xf, 0, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
}

/**
 * `shapeBounds` grown by `margin` on every side, written into `out` (and returned): for loops
 * that bound many shapes and keep no box (the analysis' overlap test, per part and pair).
 */
export function shapeBoundsInto(shape: ConvexShape, xf: Transform, margin: number, out: AABB): AABB {
  const v = shape.xy;
  const n = shape.count;
  if (n === 0) {
    out.minX = xf.x - margin;
    out.minY = xf.y - margin;
    out.maxX = xf.x + margin;
    out.maxY = xf.y + margin;
    return out;
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // Extremes of the rotated offsets first, translation added once: a box far from the origin
  // then loses no more than the one rounding of the final addition.
  for (let i = 0; i < n; i++) {
    const px = v[2 * i]!;
    const py = v[2 * i + 1]!;
    const x = xf.c * px - xf.s * py;
    const y = xf.s * px + xf.c * py;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  const r = shape.radius;
  out.minX = xf.x + minX - r - margin;
  out.minY = xf.y + minY - r - margin;
  out.maxX = xf.x + maxX + r + margin;
  out.maxY = xf.y + maxY + r + margin;
  return out;
}

/**
 * A length that stands for the shape's size: the larger side of its local AABB plus its diameter
 * (0 only for a point). The narrow phase scales its tolerances by it, so that accuracy is
 * relative to the shapes' size whatever their units.
 */
export function shapeSize(shape: ConvexShape): number {
  const v = shape.xy;
  const n = shape.count;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  const core = n > 0 ? Math.max(maxX - minX, maxY - minY) : 0;
  return core + 2 * shape.radius;
}
