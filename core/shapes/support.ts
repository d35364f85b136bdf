import type { Vec2 } from '../math/vec2';
import type { ConvexShape } from './shape';

/**
 * Support mappings (van den Bergen, "Collision Detection in Interactive 3D Environments", 4.3):
 * s(d) = a point of the shape with the largest projection on d. GJK, EPA, SAT and the Minkowski
 * difference are all built on it. Directions are in the shape's local frame and need not be unit.
 *
 * Authored polygons have tens of vertices, so a linear scan beats hill climbing (which needs
 * adjacency and is fragile on ties); it is also exact: the first maximum wins, deterministically.
 */

/** Index of the core vertex farthest along (dx, dy); the lowest index on exact ties. */
export function supportIndex(vertices: readonly Vec2[], dx: number, dy: number): number {
  let best = 0;
  let bestDot = -Infinity;
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i]!;
    const d = v.x * dx + v.y * dy;
    if (d > bestDot) {
      bestDot = d;
      best = i;
    }
  }
  return best;
}

/**
 * Support point of the whole rounded shape (core support vertex pushed out by the radius along
 * the unit direction). A zero direction gives the first support vertex.
 */
export function supportPoint(shape: ConvexShape, d: Vec2): Vec2 {
  const v = shape.vertices[supportIndex(shape.vertices, d.x, d.y)]!;
  const l = Math.hypot(d.x, d.y);
  if (!(l > 0) || shape.radius === 0) return { x: v.x, y: v.y };
  const k = shape.radius / l;
  return { x: v.x + d.x * k, y: v.y + d.y * k };
}

/** Relative tolerance under which two vertices count as supporting together (an edge ⊥ d). */
export const SUPPORT_TOLERANCE = 1e-10;

/**
 * The supporting feature: one vertex, or the two ends of an edge perpendicular to d (within
 * SUPPORT_TOLERANCE × the core's extent). Written into `out` so hot loops do not allocate.
 * For a polygon, an edge comes back as (i, i+1 mod n) — i is its edge index; for a segment or
 * capsule core as (0, 1) or (1, 0), oriented so that d is on the edge's right (its outward side,
 * as for a CCW polygon edge).
 */
export interface SupportFeature {
  first: number;
  /** -1 when a single vertex supports. */
  second: number;
}

export function supportFeature(
  vertices: readonly Vec2[],
  dx: number,
  dy: number,
  out: SupportFeature,
  tolerance: number = SUPPORT_TOLERANCE,
): SupportFeature {
  const n = vertices.length;
  const i = supportIndex(vertices, dx, dy);
  out.first = i;
  out.second = -1;
  if (n < 2) return out;
  const l = Math.hypot(dx, dy);
  if (!(l > 0)) return out;
  const v = vertices[i]!;
  const top = v.x * dx + v.y * dy;
  // Tolerance on the projection: a distance scaled by |d|, relative to the core's size.
  let ext = 0;
  for (let k = 0; k < n; k++) ext = Math.max(ext, Math.abs(vertices[k]!.x - v.x), Math.abs(vertices[k]!.y - v.y));
  const tol = tolerance * ext * l;
  if (n === 2) {
    const w = vertices[1 - i]!;
    if (top - (w.x * dx + w.y * dy) <= tol) {
      // Orient the pair so that d points to the right of first → second.
      const ex = vertices[1]!.x - vertices[0]!.x;
      const ey = vertices[1]!.y - vertices[0]!.y;
      const right = ey * dx - ex * dy >= 0;
      out.first = right ? 0 : 1;
      out.second = right ? 1 : 0;
    }
    return out;
  }
  const next = vertices[(i + 1) % n]!;
  const prev = vertices[(i + n - 1) % n]!;
  const dn = top - (next.x * dx + next.y * dy);
  const dp = top - (prev.x * dx + prev.y * dy);
  if (dn <= tol && dn <= dp) out.second = (i + 1) % n;
  else if (dp <= tol) {
    out.second = i;
    out.first = (i + n - 1) % n;
  }
  return out;
}
