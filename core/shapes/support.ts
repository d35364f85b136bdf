import type { Vec2 } from '../math/vec2';
import { vertexX, vertexY, type ConvexShape } from './shape';

/**
 * Support mappings (van den Bergen, "Collision Detection in Interactive 3D Environments", 4.3):
 * s(d) = a point of the shape with the largest projection on d. GJK, EPA, SAT and the Minkowski
 * difference are all built on it. Directions are in the shape's local frame and need not be unit.
 *
 * Authored polygons have tens of vertices, so a linear scan beats hill climbing (which needs
 * adjacency and is fragile on ties); it is also exact: the first maximum wins, deterministically.
 */

/**
 * Index of the core vertex farthest along (dx, dy); the lowest index on exact ties. `xy` is a
 * shape's packed core (shape.ts), read directly, its first `n` vertices: pass the shape's
 * `count`, since a scene body's array may hold its own numbers after the vertices (shape.ts):
 * no default from the array's length, which would take those numbers for vertices.
 */
export function supportIndex(xy: readonly number[], dx: number, dy: number, n: number): number {
  let best = 0;
  let bestDot = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = xy[2 * i]! * dx + xy[2 * i + 1]! * dy;
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
  const i = supportIndex(shape.xy, d.x, d.y, shape.count);
  const vx = vertexX(shape, i);
  const vy = vertexY(shape, i);
  const l = Math.hypot(d.x, d.y);
  if (!(l > 0) || shape.radius === 0) return { x: vx, y: vy };
  const k = shape.radius / l;
  return { x: vx + d.x * k, y: vy + d.y * k };
}

/** Relative tolerance under which two vertices count as supporting together (an edge ⊥ d). */
export const SUPPORT_TOLERANCE = 1e-10;

/**
 * The supporting feature: one vertex, or the two ends of an edge perpendicular to d (within
 * SUPPORT_TOLERANCE × the core's extent). Written into `out` so hot loops do not allocate.
 * For a polygon, an edge comes back as (i, i+1 mod n) — i is its edge index; for a segment or
 * capsule core as (0, 1) or (1, 0), oriented so that d is on the edge's right (its outward side,
 * as for a CCW polygon edge). `n` is the shape's vertex count (see `supportIndex`).
 */
export interface SupportFeature {
  first: number;
  /** -1 when a single vertex supports. */
  second: number;
}

export function supportFeature(
  xy: readonly number[],
  dx: number,
  dy: number,
  n: number,
  out: SupportFeature,
  tolerance: number = SUPPORT_TOLERANCE,
): SupportFeature {
  const i = supportIndex(xy, dx, dy, n);
  out.first = i;
  out.second = -1;
  if (n < 2) return out;
  const l = Math.hypot(dx, dy);
  if (!(l > 0)) return out;
  const vx = xy[2 * i]!;
  const vy = xy[2 * i + 1]!;
  const top = vx * dx + vy * dy;
  // Tolerance on the projection: a distance scaled by |d|, relative to the core's size.
  let ext = 0;
  for (let k = 0; k < n; k++) ext = Math.max(ext, Math.abs(xy[2 * k]! - vx), Math.abs(xy[2 * k + 1]! - vy));
  const tol = tolerance * ext * l;
  if (n === 2) {
    const w = 1 - i;
    if (top - (xy[2 * w]! * dx + xy[2 * w + 1]! * dy) <= tol) {
      // Orient the pair so that d points to the right of first → second.
      const ex = xy[2]! - xy[0]!;
      const ey = xy[3]! - xy[1]!;
      const right = ey * dx - ex * dy >= 0;
      out.first = right ? 0 : 1;
      out.second = right ? 1 : 0;
    }
    return out;
  }
  const next = (i + 1) % n;
  const prev = (i + n - 1) % n;
  const dn = top - (xy[2 * next]! * dx + xy[2 * next + 1]! * dy);
  const dp = top - (xy[2 * prev]! * dx + xy[2 * prev + 1]! * dy);
  if (dn <= tol && dn <= dp) out.second = next;
  else if (dp <= tol) {
    out.second = i;
    out.first = prev;
  }
  return out;
}
