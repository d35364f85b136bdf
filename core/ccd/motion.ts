import type { Transform, Vec2 } from '../math/vec2';
import { vertexX, vertexY, type ConvexShape } from '../shapes/shape';
import { shapeSize } from '../shapes/bounds';

/**
 * Rigid motion helpers shared by the continuous queries: the pose of a shape at time t under the
 * scene's motion model (linear translation, constant spin about the transform origin) and the
 * quantities conservative bounds need.
 */

/** Pose at time t of a transform given at t = 0 moving with `velocity` and `spin`. */
export function poseAt(xf0: Transform, velocity: Vec2, spin: number, t: number): Transform {
  return poseAtInto({ x: 0, y: 0, c: 1, s: 0 }, xf0, velocity.x, velocity.y, spin, t);
}

/** A pose a query refills in place. */
export interface MutableTransform {
  x: number;
  y: number;
  c: number;
  s: number;
}

/**
 * poseAt written into `out` (and returned), the velocity as two numbers: for the iterative
 * queries (conservative advancement, exit advancement, the measure at tMax), which pose a pair
 * hundreds of times a query and keep one scratch pose per shape.
 */
export function poseAtInto(out: MutableTransform, xf0: Transform, vx: number, vy: number, spin: number, t: number): MutableTransform {
  out.x = xf0.x + vx * t;
  out.y = xf0.y + vy * t;
  if (spin === 0) {
    out.c = xf0.c;
    out.s = xf0.s;
  } else {
    const da = spin * t;
    const dc = Math.cos(da);
    const ds = Math.sin(da);
    out.c = xf0.c * dc - xf0.s * ds;
    out.s = xf0.s * dc + xf0.c * ds;
  }
  return out;
}

/**
 * Largest distance of any point of the shape (radius included) from its local origin: the lever
 * arm in Mirtich's bound on how fast a spinning body's surface can move.
 */
export function maxRadius(shape: ConvexShape): number {
  let m = 0;
  const v = shape.xy;
  for (let i = 0; i < shape.count; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    const d = x * x + y * y;
    if (d > m) m = d;
  }
  return Math.sqrt(m) + shape.radius;
}

/**
 * True when spinning the shape about its local origin does not move its surface: a circle
 * centered on the origin. Such a shape's spin is ignored, which lets a rolling wheel take the exact
 * translation-only paths.
 */
function isRotationInvariant(shape: ConvexShape): boolean {
  if (shape.kind !== 'circle' || shape.count !== 1) return false;
  return vertexX(shape, 0) === 0 && vertexY(shape, 0) === 0;
}

/**
 * The spin that matters for the shape's surface (0 for a rotation-invariant shape). No spin needs
 * no look at the shape: almost every body of a level rests.
 */
export function effectiveSpin(shape: ConvexShape, spin: number): number {
  return spin !== 0 && isRotationInvariant(shape) ? 0 : spin;
}

/**
 * Relative accuracy of "touching" in the time-of-impact queries: ten times the narrow phase's GJK
 * tolerance (gjk.ts GJK_TOLERANCE, 1e-13 of the pair's size), so that a distance GJK still calls
 * apart is never mistaken for a touch, and 1e-12 of the shapes' size, far below any gap an author
 * draws (a 1e9-long wall and a 0.01 ball: 1e-3).
 */
export const TOI_CONTACT_TOLERANCE = 1e-12;

/**
 * Default separation at or below which the time-of-impact queries count two shapes as touching:
 * TOI_CONTACT_TOLERANCE times the sum of the shapes' sizes (shapes/bounds.ts shapeSize, radii
 * included). It depends on the shapes only: never on how far they travel, how fast they spin or
 * how long the search is. A tolerance that grew with speed × look-ahead (as Bullet's and Box2D's
 * per-step target distances may, over one step) turned a gap of half a unit into a "touch at
 * tMin" for a bar spinning at 1000 rad/s over 1e5 steps, and the analysis read that as resting
 * contact. Rounding of the poses themselves is not covered: it only moves a touch by the poses'
 * last bits, which the methods' own end tests absorb.
 */
export function contactTolerance(shapeA: ConvexShape, shapeB: ConvexShape): number {
  return TOI_CONTACT_TOLERANCE * (shapeSize(shapeA) + shapeSize(shapeB));
}
