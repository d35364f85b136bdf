import type { AABB } from '../../../core/math/aabb';
import { createBroadPhase, type BroadPhaseKind } from '../../../core/broad/broad-phase';
import { canCollide, type Scene, type SceneBody } from '../semantics/scene';
import type { Finding } from './findings';
import { overlapPair } from './overlap';
import { impactPair } from './continuous';
import { bodyBounds } from './body-bounds';

/**
 * Scene analysis: every pair that can collide (scene-language.md, "Findings") is tested for an
 * overlap at t = 0 and, when not overlapping, for a first contact over [0, frames * dt].
 *
 * Candidate pairs come from a broad phase (core/broad) in which each body stands for its swept
 * bounds over the look-ahead (body-bounds.ts), the classic two-phase split (Ericson, "Real-Time
 * Collision Detection" ch. 7; Box2D's b2BroadPhase feeding b2ContactManager): only pairs whose
 * boxes overlap reach the narrow phase, and the boxes are chosen so that no other pair can
 * produce a finding. The result therefore equals testing all n(n-1)/2 pairs. The incremental
 * analyzer (incremental.ts) keeps the broad phase and the pair results between edits.
 */
export interface AnalysisOptions {
  /** Run continuous detection (tunnelling and collision findings). Default true. */
  readonly continuous?: boolean;
  /** Which broad phase enumerates candidate pairs (every kind gives the same findings). */
  readonly broadPhase?: BroadPhaseKind;
}

/**
 * The default broad phase: the loose grid, the fastest kind on the benchmark (`npm run bench`)
 * both for all pairs of a level from scratch (10k and 100k bodies) and for a one-body move, which
 * is what typing does; oversized bodies (floors, walls) sit in its separate list. Sort-and-sweep
 * wins only when most bodies move far (the swept-boxes rows), and the dynamic tree is the
 * all-rounder; the setting `collide.broadPhase` chooses, and every kind gives the same findings.
 */
export const DEFAULT_BROAD_PHASE: BroadPhaseKind = 'grid';

/**
 * The finding for one pair, `a` declared before `b` (a.index < b.index), or null: nothing when the
 * spec's filter excludes the pair, else the overlap at t = 0, else (when continuous detection is
 * on) the first impact. Depends only on the two bodies' geometry, motion, modifiers and layers and
 * on the scene's dt, frames, slop and layer table — what the incremental cache relies on.
 */
export function analyzePair(scene: Scene, a: SceneBody, b: SceneBody, continuous: boolean): Finding | null {
  if (!canCollide(scene, a, b)) return null;
  const overlap = overlapPair(scene, a, b);
  if (overlap) return overlap;
  return continuous ? impactPair(scene, a, b) : null;
}

/** Findings of the whole scene, in a deterministic order (see `compareFindings`). */
export function analyzeScene(scene: Scene, options: AnalysisOptions = {}): Finding[] {
  const continuous = options.continuous ?? true;
  const bodies = scene.bodies;
  const broad = createBroadPhase(options.broadPhase ?? DEFAULT_BROAD_PHASE);
  const box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  for (let i = 0; i < bodies.length; i++) broad.insert(i, bodyBounds(scene, bodies[i]!, box));
  const findings: Finding[] = [];
  broad.pairs((i, j) => {
    // Proxy ids are declaration indices and pairs come with i < j: i is the pair's `a`.
    const f = analyzePair(scene, bodies[i]!, bodies[j]!, continuous);
    if (f) findings.push(f);
  });
  broad.clear();
  return findings.sort(compareFindings);
}

const KIND_ORDER: Record<Finding['kind'], number> = { overlap: 0, tunnelling: 1, collision: 2 };

/** By the first body's index, then the second's (a pair has at most one finding). */
export function compareFindings(x: Finding, y: Finding): number {
  return x.ia - y.ia || x.ib - y.ib || KIND_ORDER[x.kind] - KIND_ORDER[y.kind];
}
