import type { Transform } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';
import { contact } from '../narrow/contact';

/**
 * Signed depth of two rounded convex shapes at one pose: the penetration depth when they overlap
 * (> 0), minus the separation when apart (< 0). This is what a discrete engine sees at a step
 * end, and what the continuous analysis compares with `slop` there.
 *
 * It is the narrow phase's signed separation with the sign turned: core/narrow/contact.ts picks
 * the exact method for the kinds (circle closed forms, SAT on overlapping polygon cores, GJK on
 * apart ones; radii on top), so a step end is measured exactly as the overlap finding at t = 0 is.
 * Geometry the narrow phase cannot measure (non-finite poses) reads as touching, depth 0.
 */
export function signedDepth(shapeA: ConvexShape, xfA: Transform, shapeB: ConvexShape, xfB: Transform): number {
  const r = contact({ shapeA, transformA: xfA, shapeB, transformB: xfB });
  return Number.isFinite(r.separation) ? -r.separation : 0;
}
