import type { Vec2, Transform } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';

/**
 * Flat input/output records for the narrow-phase queries (in the manner of Box2D's
 * b2DistanceInput / b2DistanceOutput). All points and directions in *world* coordinates unless a
 * field says otherwise. Queries never throw on geometry: a failure is a `state`.
 */

export type QueryState = 'ok' | 'degenerate' | 'not-converged';

/** A pair of shapes placed in the world. */
export interface ShapePair {
  readonly shapeA: ConvexShape;
  readonly transformA: Transform;
  readonly shapeB: ConvexShape;
  readonly transformB: Transform;
}

export interface DistanceInput extends ShapePair {
  /** Include the shapes' rounding radii (true: true shapes; false: core shapes only). */
  readonly useRadii: boolean;
  /** Record each iteration's simplex (for the preview). Off by default: no allocation. */
  readonly trace?: boolean;
  /** Iteration cap; a documented default applies when absent. */
  readonly maxIterations?: number;
}

/** One vertex of a GJK simplex / EPA polytope: a point of B ⊖ A with the vertices that made it. */
export interface MinkowskiVertex {
  /** w = pointB - pointA, a point of the Minkowski difference B ⊖ A (world). */
  readonly w: Vec2;
  readonly pointA: Vec2;
  readonly pointB: Vec2;
  /** Indices of the supporting vertices in shapeA / shapeB. */
  readonly indexA: number;
  readonly indexB: number;
}

export interface GjkStep {
  readonly simplex: readonly MinkowskiVertex[];
  /** Closest point of the simplex to the origin, and the next search direction. */
  readonly closest: Vec2;
  readonly direction: Vec2;
}

export interface DistanceOutput {
  /** 'ok' (converged), 'degenerate' (e.g. coincident cores), 'not-converged' (hit the cap). */
  readonly state: QueryState;
  /** True when the shapes (with radii if useRadii) overlap or touch within tolerance. */
  readonly overlapping: boolean;
  /** Separation distance >= 0 (0 when overlapping). */
  readonly distance: number;
  /** Closest points on A and on B (world). */
  readonly pointA: Vec2;
  readonly pointB: Vec2;
  /** Unit vector from A towards B (pointB - pointA normalized); (0, 0) if undefined. */
  readonly normal: Vec2;
  readonly iterations: number;
  /** The final simplex (1 to 3 vertices). */
  readonly simplex: readonly MinkowskiVertex[];
  /**
   * Closest features, as vertex indices into shapeA / shapeB: one index for a vertex, two (an
   * edge, in the shape's order) when an edge is parallel to the other feature (the exactly
   * aligned case). From the supporting features along the normal; when the cores overlap and
   * the normal is undefined, the simplex's vertices.
   */
  readonly featureA: readonly number[];
  readonly featureB: readonly number[];
  readonly trace?: readonly GjkStep[];
}

export interface EpaStep {
  readonly polytope: readonly MinkowskiVertex[];
  /** Index of the edge closest to the origin and its distance. */
  readonly closestEdge: number;
  readonly distance: number;
}

/**
 * Contact between two shapes at their current pose: a signed separation (negative =
 * penetration depth), the push-out normal from A towards B (moving B by -separation * normal
 * separates an overlapping pair by the least distance), and one or two contact points.
 */
export interface ContactOutput {
  readonly state: QueryState;
  readonly separation: number;
  readonly normal: Vec2;
  /** Contact points (world): midpoints between the surfaces, one or two. */
  readonly points: readonly Vec2[];
  /** Which algorithm produced the answer (for tests, hover and the preview). */
  readonly method: string;
  readonly iterations: number;
}

/**
 * A ContactOutput as plain numbers in a record the caller owns and refills (contactWithinInto),
 * in the manner of Box2D's b2Manifold: a caller that tests many pairs and keeps few of them
 * copies out only the contacts it keeps, where a ContactOutput is four to five objects per test.
 * World coordinates; the normal is (nx, ny), the points (p0x, p0y) and, when count is 2,
 * (p1x, p1y).
 */
export interface ContactRecord {
  state: QueryState;
  separation: number;
  nx: number;
  ny: number;
  /** Number of contact points: 0 (degenerate input only), 1 or 2. */
  count: number;
  p0x: number;
  p0y: number;
  p1x: number;
  p1y: number;
  method: string;
  iterations: number;
  /**
   * shapeSize(shapeA) + shapeSize(shapeB) (shapes/bounds.ts, radii included), to the bit: what a
   * caller scales its tolerances on the separation by, without measuring the shapes again.
   */
  size: number;
}

export function emptyContactRecord(): ContactRecord {
  return { state: 'ok', separation: 0, nx: 0, ny: 0, count: 0, p0x: 0, p0y: 0, p1x: 0, p1y: 0, method: 'none', iterations: 0, size: 0 };
}

/**
 * Penetration of two overlapping shapes (EPA). All points and directions in world coordinates.
 * Moving B by depth * normal (or A by the opposite) separates the pair by the least distance.
 */
export interface PenetrationOutput {
  /** 'ok', 'degenerate' (malformed input, or a Minkowski difference with no area: direction chosen), 'not-converged'. */
  readonly state: QueryState;
  /** False when the shapes (with radii if useRadii) are apart: depth 0, normal from A towards B when defined. */
  readonly overlapping: boolean;
  /** Penetration depth >= 0. */
  readonly depth: number;
  /** Unit push-out normal from A towards B; (0, 0) when undefined. */
  readonly normal: Vec2;
  /** Deepest point of A inside B and of B inside A: pointB - pointA = -depth * normal. */
  readonly pointA: Vec2;
  readonly pointB: Vec2;
  /** GJK iterations plus EPA expansions. */
  readonly iterations: number;
  /** The final polytope, counter-clockwise (empty when EPA was not needed). */
  readonly polytope: readonly MinkowskiVertex[];
  readonly trace?: readonly EpaStep[];
}
