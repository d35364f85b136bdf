import type { Vec2 } from '../../../core/math/vec2';

/**
 * Findings: what analysis says about a pair of bodies, as plain data. `a` is the body declared
 * first, `b` the other. Vectors are in world coordinates. See scene-language.md, "Findings".
 */
export type Finding = OverlapFinding | ImpactFinding;

export interface OverlapFinding {
  readonly kind: 'overlap';
  readonly a: string;
  readonly b: string;
  /** Body indices (declaration order) of a and b. */
  readonly ia: number;
  readonly ib: number;
  /** Penetration depth at t = 0 (> slop). */
  readonly depth: number;
  /** Unit vector from a towards b: moving b by depth * normal separates them by the least distance. */
  readonly normal: Vec2;
  /** Contact points at t = 0 (one or two). */
  readonly points: readonly Vec2[];
  /** For compounds: which parts made the deepest pair. */
  readonly partA: number;
  readonly partB: number;
}

export interface ImpactFinding {
  readonly kind: 'tunnelling' | 'collision';
  readonly a: string;
  readonly b: string;
  readonly ia: number;
  readonly ib: number;
  /** First time of impact in seconds from t = 0. */
  readonly toi: number;
  /** Contact point and unit normal (from a towards b) at the time of impact. */
  readonly point: Vec2;
  readonly normal: Vec2;
  /** Tunnelling only: how many substeps per step a discrete engine would need to catch it. */
  readonly substeps?: number;
  /**
   * Tunnelling only: how long the first contact lasts, seconds (from `toi` to the first
   * separation after it; a lower bound when it could only be followed part of the way).
   */
  readonly contactDuration?: number;
  /**
   * Collision only: the first step end k ≥ 1 (at t = k·dt) where the analysis found the pair
   * deeper than slop, the frame in which a discrete engine first sees the collision. With
   * `toi` = 0 (a collision that grows out of resting contact) it is the only moment worth naming.
   */
  readonly deepStep?: number;
  /**
   * Set when the continuous search could not settle part of the question (an iteration or work
   * cap): says what was not decided. The finding is then the cautious reading — a contact a
   * discrete engine may miss — and its diagnostic is `analysis-not-converged` (information).
   */
  readonly undecided?: string;
  readonly partA: number;
  readonly partB: number;
}
