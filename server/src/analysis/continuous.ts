import type { Scene, SceneBody } from '../semantics/scene';
import type { Diagnostic } from '../common/diagnostic';
import type { ImpactFinding } from './findings';

/**
 * Continuous detection for one pair of bodies over [0, frames × dt] (scene-language.md,
 * "Findings"): `tunnelling` or `collision`, or null. The full implementation lands with core/ccd
 * (issue 4); this first version fixes the exported signatures that analyze.ts imports.
 */
export function impactPair(scene: Scene, a: SceneBody, b: SceneBody): ImpactFinding | null {
  void scene;
  void a;
  void b;
  return null;
}

/** The diagnostic for an impact finding (codes `tunnelling` and `collision`). */
export function impactDiagnostic(scene: Scene, f: ImpactFinding): Diagnostic {
  const body = scene.bodies[f.ib] ?? scene.bodies[f.ia]!;
  return {
    range: body.nameRange,
    severity: f.kind === 'tunnelling' ? 'warning' : 'information',
    code: f.kind,
    message: `${f.b} first touches ${f.a} at t = ${f.toi} s`,
  };
}
