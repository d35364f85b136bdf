import type { Transform, Vec2 } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';

/**
 * Flat records for the continuous (time-of-impact) queries, in the manner of Box2D's b2TOIInput /
 * b2TOIOutput. Units: scene units, seconds, radians. Points and directions are in world
 * coordinates unless a field says otherwise.
 *
 * Motion model (scene-language.md, "Motion and time"): a shape's pose at time t is
 * `position = transform.(x, y) + velocity * t`, `angle = angle(transform) + spin * t`, the rotation
 * being about the transform's origin (for a scene body, the body origin). `transform` is the pose
 * at t = 0, not at `tMin`, so that a search can be resumed part-way through an interval with the
 * same input.
 */

/**
 * - `hit`: the shapes come within `tolerance` of touching at `t` (the first such time in the range,
 *   to `timeTolerance`; never later than the true first touch).
 * - `separated`: they stay apart over the whole range (`t === tMax`).
 * - `overlapped`: they already touch or overlap at `tMin` (`t === tMin`).
 * - `failed`: the iteration cap was reached before the question was settled; `t` is the last
 *   time up to which they are known to be apart (a conservative lower bound of any contact).
 */
export type ToiState = 'hit' | 'separated' | 'overlapped' | 'failed';

/** Which exact method answered (the dispatcher picks the cheapest for the shapes and motion). */
export type ToiMethod = 'circle' | 'swept-aabb' | 'linear-cast' | 'gjk-raycast' | 'conservative-advancement';

export interface ToiInput {
  readonly shapeA: ConvexShape;
  /** Pose of A at t = 0 (shape-local → world). */
  readonly transformA: Transform;
  /** Velocity of A's transform origin, units per second. */
  readonly velocityA: Vec2;
  /** Angular velocity of A about its transform origin, radians per second. */
  readonly spinA: number;
  readonly shapeB: ConvexShape;
  readonly transformB: Transform;
  readonly velocityB: Vec2;
  readonly spinB: number;
  /** Search interval in seconds, tMin <= tMax. */
  readonly tMin: number;
  readonly tMax: number;
  /**
   * Separation (scene units) at or below which the shapes count as touching. Default:
   * motion.ts contactTolerance, 1e-12 times the shapes' sizes — never a function of speed, spin or
   * the length of the interval.
   */
  readonly tolerance?: number;
  /** Accuracy of the reported time, seconds. Default: 1e-6 × (tMax − tMin). */
  readonly timeTolerance?: number;
  /** Iteration cap of the iterative methods (distance evaluations). Default 1000. */
  readonly maxIterations?: number;
  /**
   * Record conservative advancement's steps (for the preview's step slider): the times the search
   * commits to, increasing, the last one the reported t. Off by default.
   */
  readonly trace?: boolean;
}

/**
 * One conservative-advancement step, recorded when `trace` is set: tMin, then each time the search
 * advanced to (proven free of contact before it), and last the answer's t. Look-ahead evaluations
 * of the end game are counted in ToiOutput.iterations but are not steps, so the trace never goes
 * back in time.
 */
export interface AdvanceStep {
  readonly t: number;
  readonly transformA: Transform;
  readonly transformB: Transform;
  /** Separation of the shapes (radii included) at t, >= 0. */
  readonly distance: number;
  /** Unit normal from A towards B at t; (0, 0) when they touch. */
  readonly normal: Vec2;
  /** Closest points on A's and B's surfaces at t (world). */
  readonly pointA: Vec2;
  readonly pointB: Vec2;
}

export interface ToiOutput {
  readonly state: ToiState;
  /** See ToiState for what `t` means in each state. */
  readonly t: number;
  /**
   * Point (world) at `t` midway between the two surfaces' closest points: the contact point for
   * `hit` and `overlapped` (the surfaces are within tolerance there); for `separated` the closest
   * approach at tMax; for `failed` the method's last estimate, for information only.
   */
  readonly point: Vec2;
  /** Unit normal from A towards B at `t`; (0, 0) when undefined (deep overlap at tMin). */
  readonly normal: Vec2;
  /**
   * Separation of the surfaces at `t` (>= 0; 0 when overlapping): for `separated`, at t = tMax,
   * whatever time the method settled the answer at.
   */
  readonly separation: number;
  /** Distance evaluations / solver iterations spent. */
  readonly iterations: number;
  readonly method: ToiMethod;
  readonly trace?: readonly AdvanceStep[];
}
