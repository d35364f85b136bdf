import type { Transform } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';

/**
 * A canonical order of two placed shapes, so that contact(B, A) is contact(A, B) mirrored to the
 * last bit (exact push-out ties aside: tie-break.ts picks a direction for the caller's B). The narrow phase computes in A's frame and every exact method makes choices at
 * rounding level that read the pair's coordinates in that frame: which face SAT takes as the
 * reference when two nearly parallel faces separate almost equally (Catto's relative bias in
 * b2FindMaxSeparation favors A, whichever A is), whether an end point lies exactly on the other
 * core's line (Ericson, "Real-Time Collision Detection" §5.1.9.1: the signed areas are rounded
 * differently in either frame), which of a cone of normals a zero-separation contact reports.
 * Each is a valid answer, but the two orders could disagree on it (one contact point or two, a
 * normal 0.02 apart), so a scene's diagnostic depended on which body the file named first.
 * Computing every pair in one order removes all of them at once, at the cost of one comparison.
 *
 * The shape with more core vertices comes first, so that the query runs in its frame and only
 * the smaller core is placed: a polygon's edges stay exactly as authored and only the circle's
 * center is rounded into its frame (Box2D likewise collides polygon against circle in the
 * polygon's frame). For a triangle 1e-160 from a disc, the triangle's frame keeps the center's
 * offset exactly; in the disc's frame, 1 + 1e-160 rounds to 1 and the corner's normal would come
 * out along -x, not the diagonal. Then lexicographic on the placement (x, y, cosine, sine), the radius and the
 * vertices: any strict total order would do, and poses differ in all but contrived cases. Placed
 * shapes equal in every number are the same placed shape: either order then runs the very same
 * computation.
 */
export function inCanonicalOrder(shapeA: ConvexShape, xfA: Transform, shapeB: ConvexShape, xfB: Transform): boolean {
  const va = shapeA.xy;
  const vb = shapeB.xy;
  if (shapeA.count !== shapeB.count) return shapeA.count > shapeB.count;
  if (xfA.x !== xfB.x) return xfA.x < xfB.x;
  if (xfA.y !== xfB.y) return xfA.y < xfB.y;
  if (xfA.c !== xfB.c) return xfA.c < xfB.c;
  if (xfA.s !== xfB.s) return xfA.s < xfB.s;
  if (shapeA.radius !== shapeB.radius) return shapeA.radius < shapeB.radius;
  // Packed x0, y0, x1, y1, ...: element order is the vertex-by-vertex, x-then-y order.
  for (let i = 0; i < 2 * shapeA.count; i++) {
    const a = va[i]!;
    const b = vb[i]!;
    if (a !== b) return a < b;
  }
  return true;
}
