import type { Diagnostic } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import type { OverlapFinding } from './findings';

/**
 * Overlap at t = 0 for one pair of bodies (scene-language.md, "Findings"): depth beyond `slop`,
 * normal from a to b, contact points; or null.
 *
 * PLACEHOLDER with the exported signatures only, added by the front-end engineer so that
 * analyze.ts, pipeline.ts and the CLI type-check and build before the collision core lands
 * (issue 3). The collision engineers own this file: replace it wholesale.
 */
export function overlapPair(scene: Scene, a: SceneBody, b: SceneBody): OverlapFinding | null {
  void scene;
  void a;
  void b;
  return null;
}

/** The diagnostic for an overlap finding (code `overlap`), on the later-declared body's name. */
export function overlapDiagnostic(scene: Scene, f: OverlapFinding): Diagnostic {
  const later = scene.bodies[f.ib] ?? scene.bodies[f.ia]!;
  const other = scene.bodies[f.ia];
  return {
    range: later.nameRange,
    severity: 'warning',
    code: 'overlap',
    message: `${f.b} overlaps ${f.a} by ${f.depth} at t = 0.`,
    ...(other ? { related: [{ range: other.nameRange, message: `${f.a} is declared here.` }] } : {}),
  };
}
