import { hypot2, type Vec2 } from '../math/vec2';
import { extentOf, hullIndices, removeDegenerate, signedArea } from './polygon';

/**
 * Tolerance of `weldToHull`, as a fraction of the point set's extent: coordinates rounded to six
 * decimals stay within it down to an extent of about 0.1 (Box2D's b2ComputeHull likewise welds
 * points closer than its linear slop, and parry's hulls tolerate rounding).
 */
export const WELD_TOLERANCE = 1e-5;

export interface WeldedPolygon {
  /** The convex hull, counter-clockwise: the polygon the collision core gets. */
  readonly hull: Vec2[];
  /** The largest distance of a welded point from the hull edge it was welded onto. */
  readonly deviation: number;
}

/**
 * The convex hull of a polygon that is convex up to rounding noise: the hull's vertices appear
 * in the polygon in one cyclic order, in the polygon's winding, and each point between two
 * consecutive hull vertices lies within WELD_TOLERANCE times the extent of the segment joining
 * them. The polygon then differs from its hull by at most that distance everywhere. Undefined
 * for any other polygon (truly concave, self-crossing, no area). O(n log n): the hull, then one
 * pass. `points` are distinct objects, without repeated neighbors (as after removeDegenerate).
 */
export function weldToHull(points: readonly Vec2[]): WeldedPolygon | undefined {
  const n = points.length;
  if (n < 3) return undefined;
  const chain = hullIndices(points);
  const hull = removeDegenerate(chain.map((i) => points[i]!)).points;
  const h = hull.length;
  const ext = extentOf(points);
  // A hull thinner than the tolerance is a line, not a polygon to weld onto.
  if (h < 3 || !(signedArea(hull) > WELD_TOLERANCE * ext * ext)) return undefined;
  const tol = WELD_TOLERANCE * ext;
  const kept = new Set(hull);
  // Polygon positions of the hull vertices, walked in the polygon's winding.
  const forward = signedArea(points) > 0;
  const at: number[] = [];
  for (const i of chain) if (kept.has(points[i]!)) at.push(forward ? i : n - 1 - i);
  if (at.length !== h) return undefined;
  let descents = 0;
  for (let j = 0; j < h; j++) if (at[(j + 1) % h]! <= at[j]!) descents++;
  if (descents !== 1) return undefined;
  let deviation = 0;
  for (let j = 0; j < h; j++) {
    const a = hull[j]!;
    const b = hull[(j + 1) % h]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const ll = ex * ex + ey * ey;
    const to = at[(j + 1) % h]!;
    for (let k = (at[j]! + 1) % n; k !== to; k = (k + 1) % n) {
      const p = points[forward ? k : n - 1 - k]!;
      // Distance from p to the segment a–b (Ericson, "Real-Time Collision Detection", 5.1.2).
      const t = ll > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ll)) : 0;
      const d = hypot2(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
      if (!(d <= tol)) return undefined;
      if (d > deviation) deviation = d;
    }
  }
  return { hull, deviation };
}
