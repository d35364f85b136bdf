import { canCollide, type Scene } from '../semantics/scene';
import type { Finding } from './findings';
import { overlapPair } from './overlap';
import { impactPair } from './continuous';

/**
 * Scene analysis: every pair that can collide (scene-language.md, "Findings") is tested for an
 * overlap at t = 0 and, when not overlapping, for a first contact over [0, frames * dt].
 *
 * Candidate pairs are enumerated here pairwise for now; the broad phase (core/broad) replaces
 * this loop with swept bounds, and the incremental cache sits in front of it.
 */
export interface AnalysisOptions {
  /** Run continuous detection (tunnelling and collision findings). Default true. */
  readonly continuous?: boolean;
}

export function analyzeScene(scene: Scene, options: AnalysisOptions = {}): Finding[] {
  const continuous = options.continuous ?? true;
  const findings: Finding[] = [];
  const bodies = scene.bodies;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i]!;
      const b = bodies[j]!;
      if (!canCollide(scene, a, b)) continue;
      const overlap = overlapPair(scene, a, b);
      if (overlap) {
        findings.push(overlap);
        continue;
      }
      if (continuous) {
        const impact = impactPair(scene, a, b);
        if (impact) findings.push(impact);
      }
    }
  }
  return findings;
}
