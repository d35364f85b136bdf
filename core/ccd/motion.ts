import type { Transform, Vec2 } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';

/**
 * Rigid motion helpers shared by the continuous queries: the pose of a shape at time t under the
 * scene's motion model (linear translation, constant spin about the transform origin) and the
 * quantities conservative bounds need.
 */

/** Pose at time t of a transform given at t = 0 moving with `velocity` and `spin`. */
export function poseAt(xf0: Transform, velocity: Vec2, spin: number, t: number): Transform {
  if (spin === 0) return { x: xf0.x + velocity.x * t, y: xf0.y + velocity.y * t, c: xf0.c, s: xf0.s };
  const da = spin * t;
  const dc = Math.cos(da);
  const ds = Math.sin(da);
  return {
    x: xf0.x + velocity.x * t,
    y: xf0.y + velocity.y * t,
    c: xf0.c * dc - xf0.s * ds,
    s: xf0.s * dc + xf0.c * ds,
  };
}

/**
 * Largest distance of any point of the shape (radius included) from its local origin: the lever
 * arm in Mirtich's bound on how fast a spinning body's surface can move.
 */
export function maxRadius(shape: ConvexShape): number {
  let m = 0;
  for (const v of shape.vertices) {
    const d = v.x * v.x + v.y * v.y;
    if (d > m) m = d;
  }
  return Math.sqrt(m) + shape.radius;
}

/**
 * True when spinning the shape about its local origin does not move its surface: a circle
 * centred on the origin. Such a shape's spin is ignored, which lets a rolling wheel take the exact
 * translation-only paths.
 */
export function isRotationInvariant(shape: ConvexShape): boolean {
  if (shape.kind !== 'circle' || shape.vertices.length !== 1) return false;
  const c = shape.vertices[0]!;
  return c.x === 0 && c.y === 0;
}

/** The spin that matters for the shape's surface (0 for a rotation-invariant shape). */
export function effectiveSpin(shape: ConvexShape, spin: number): number {
  return isRotationInvariant(shape) ? 0 : spin;
}

/** Characteristic length of a query: shape extents plus the distance travelled over the range. */
export function queryScale(
  shapeA: ConvexShape,
  xfA: Transform,
  shapeB: ConvexShape,
  xfB: Transform,
  relSpeed: number,
  duration: number,
): number {
  const spread = Math.abs(xfA.x - xfB.x) + Math.abs(xfA.y - xfB.y);
  return maxRadius(shapeA) + maxRadius(shapeB) + spread + relSpeed * duration;
}
