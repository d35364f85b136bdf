import type { RelativePair } from './relative';

/**
 * The convention for a push-out that has no single answer. When two shapes overlap and several
 * directions move B out equally far — concentric discs (every direction), a shape centered on a
 * copy of itself (every direction comes with its opposite: A ⊕ (−A) is centrally symmetric),
 * coincident squares (four) — B is pushed along the one that points most upward in the world
 * (greatest world y) and, of two equally upward, the one that points most to the right
 * (greatest world x). Concentric discs and a wide capsule or box centered on its twin go along
 * world +y, a tall box along world +x.
 *
 * Any of the tied directions is a valid minimum translation (Ericson, "Real-Time Collision
 * Detection" §5.5, the MTV is not unique when the Minkowski difference's nearest boundary
 * features tie); a fixed choice makes results reproducible: the same scene gives the same
 * diagnostic and quick fix whichever method measured the pair (SAT's edge order, the clamping
 * of circle–box, the AABB path), however the shapes are turned, and on every run. Without it
 * concentric discs went along +y and concentric capsules along −y.
 *
 * Only ties are affected: a direction replaces the method's own only when its push is within
 * `tieTolerance` (rounding) of the least one, so every non-degenerate answer is unchanged.
 */

/** Relative tolerance (of the pair's size) within which two pushes count as equally short. */
const TIE_TOLERANCE = 1e-12;

/** Tolerance on unit-vector components below which two directions are equally upward. */
const DIRECTION_TOLERANCE = 1e-12;

/** Absolute tie tolerance for a pair: relative to its cores' sizes and radii, which bound the coordinates compared. */
export function tieTolerance(p: RelativePair): number {
  return TIE_TOLERANCE * (p.scale + p.shapeA.radius + p.shapeB.radius);
}

/**
 * Whether pushing B along (ux, uy) comes before pushing it along (vx, vy) in the convention; both
 * are unit normals from the pair's A to its B in A's frame, compared as world directions (A's
 * rotation applied). When the pair runs swapped (relative.ts `swapped`), the caller's B is the
 * pair's A and moves along the opposite of each normal: the convention is about the caller's B.
 */
export function precedes(p: RelativePair, ux: number, uy: number, vx: number, vy: number): boolean {
  const k = p.swapped ? -1 : 1;
  const c = k * p.xfA.c;
  const s = k * p.xfA.s;
  const dy = s * ux + c * uy - (s * vx + c * vy);
  if (dy > DIRECTION_TOLERANCE) return true;
  if (dy < -DIRECTION_TOLERANCE) return false;
  return c * ux - s * uy - (c * vx - s * vy) > DIRECTION_TOLERANCE;
}

/** x of the conventional normal from the pair's A to its B (A frame) when every direction ties. */
export function conventionalNormalX(p: RelativePair): number {
  return p.swapped ? -p.xfA.s : p.xfA.s;
}
/** y of the conventional normal (world +y for the caller's B, in A's frame R_Aᵀ ŷ). */
export function conventionalNormalY(p: RelativePair): number {
  return p.swapped ? -p.xfA.c : p.xfA.c;
}
