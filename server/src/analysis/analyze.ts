import { createBroadPhase, emptyPairKeys, gridPairs, growFloat64 } from '../../../core';
import type { AABB, BroadPhaseKind, PairKeys } from '../../../core';
import { canCollide, type Scene, type SceneBody } from '../semantics/scene';
import type { Finding } from './findings';
import { overlapPair } from './overlap';
import { impactPair } from './continuous';
import { chainPair } from './chain-pair';
import { bodyBounds } from './body-bounds';
import { findGhostBumps } from './ghost-bump';

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
  /**
   * Record what only editor features read (semantics/check.ts `SemanticOptions`). Default true;
   * `collide check` and `collide render` turn it off. Diagnostics, findings and the scene are the
   * same either way.
   */
  readonly editorData?: boolean;
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
  // A chain body or tile grid has no convex part: its pairs go to the chain queries.
  if (a.partCount === 0 || b.partCount === 0) return chainPair(scene, a, b, continuous);
  const overlap = overlapPair(scene, a, b);
  if (overlap) return overlap;
  return continuous ? impactPair(scene, a, b) : null;
}

/** Findings of the whole scene, in a deterministic order (see `compareFindings`). */
export function analyzeScene(scene: Scene, options: AnalysisOptions = {}): Finding[] {
  const continuous = options.continuous ?? true;
  const bodies = scene.bodies;
  const n = bodies.length;
  const kind = options.broadPhase ?? DEFAULT_BROAD_PHASE;
  boxes = growFloat64(boxes, 4 * n);
  const box = boxScratch;
  for (let i = 0; i < n; i++) {
    bodyBounds(scene, bodies[i]!, box);
    boxes[4 * i] = box.minX;
    boxes[4 * i + 1] = box.minY;
    boxes[4 * i + 2] = box.maxX;
    boxes[4 * i + 3] = box.maxY;
  }
  // The broad phase only lists the candidates, as keys i·n + j (i < j, exact below 2^53); the
  // pair tests run in one loop of their own, never inside a broad phase's callback. A from-scratch
  // run has all its boxes at once, so the grid is built in one pass (core/broad/grid-pairs.ts);
  // the other kinds, and a grid too sparse to lay out densely, go through the incremental
  // structure. Every kind gives the same set.
  if (kind !== 'grid' || !gridPairs(boxes, n, candidates)) {
    const broad = createBroadPhase(kind);
    for (let i = 0; i < n; i++) {
      box.minX = boxes[4 * i]!;
      box.minY = boxes[4 * i + 1]!;
      box.maxX = boxes[4 * i + 2]!;
      box.maxY = boxes[4 * i + 3]!;
      broad.insert(i, box);
    }
    candidates.count = 0;
    collectWidth = n;
    broad.pairs(collectPair);
    broad.clear();
  }
  // In ascending key order the pairs visit the bodies in memory order, each body's pairs as the
  // first body in a row (overlap.ts keeps its pose between them), and the findings come sorted.
  const keys = candidates.keys.subarray(0, candidates.count).sort();
  const findings: Finding[] = [];
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const i = Math.floor(key / n);
    const f = analyzePair(scene, bodies[i]!, bodies[key - i * n]!, continuous);
    if (f) findings.push(f);
  }
  // Ghost bumps involve a third body (the piece beyond the seam): found apart from the pairs.
  for (const g of findGhostBumps(scene)) findings.push(g);
  return findings.sort(compareFindings);
}

// Scratch of analyzeScene, which never re-enters (a broad phase's callback may not start another
// analysis): the bodies' boxes and the candidate keys, grown by doubling and kept between runs.
let boxes = new Float64Array(64);
const boxScratch: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const candidates: PairKeys = emptyPairKeys();
let collectWidth = 0;

function collectPair(i: number, j: number): void {
  const c = candidates;
  if (c.count === c.keys.length) c.keys = growFloat64(c.keys, c.count + 1);
  c.keys[c.count++] = i * collectWidth + j;
}

const KIND_ORDER: Record<Finding['kind'], number> = { overlap: 0, tunnelling: 1, collision: 2, 'ghost-bump': 3 };

/**
 * By the first body's index, then the second's, then the kind: a pair has at most one pair
 * finding (overlap, tunnelling or collision) and at most one ghost bump.
 */
export function compareFindings(x: Finding, y: Finding): number {
  return x.ia - y.ia || x.ib - y.ib || KIND_ORDER[x.kind] - KIND_ORDER[y.kind];
}
