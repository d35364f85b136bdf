import { makeTransform } from '../../../core';
import type { PairDetail, Point } from '../../../protocol/preview-model';
import { closestPartPair, pairQueries } from '../../../render/pair-queries';
import type { SceneBody } from '../semantics/scene';
import { previewFinding, type PreviewSource } from './scene-model';

/**
 * The pair inspector's data for bodies named `a` and `b` (either order; the answer names the
 * earlier-declared one `a`, as findings do): B ⊖ A of the part pair that matters (the finding's
 * parts, otherwise the closest pair) from core/narrow/minkowski.ts, the origin's signed distance
 * to it, the push-out vector, the relative motion and its time of impact, and the traces the core
 * records on request: GJK simplices (core/narrow/gjk.ts), EPA polytopes when the cores overlap
 * (core/narrow/epa.ts) and conservative-advancement iterations (core/ccd/toi.ts). Null when either
 * body does not exist.
 */
export function buildPairDetail(uri: string, version: number, source: PreviewSource, nameA: string, nameB: string): PairDetail | null {
  const { scene } = source;
  let A = scene.bodies.find((b) => b.name === nameA);
  let B = scene.bodies.find((b) => b.name === nameB);
  if (!A || !B || A === B) return null;
  if (B.index < A.index) [A, B] = [B, A];
  const finding = source.findings.find((f) => f.ia === A.index && f.ib === B.index) ?? null;
  const xfA = makeTransform(A.x, A.y, A.angle);
  const xfB = makeTransform(B.x, B.y, B.angle);
  const [partA, partB] = finding ? [finding.partA, finding.partB] : closestPartPair(A.partCount, (i) => A.partShape(i), xfA, B.partCount, (j) => B.partShape(j), xfB);
  const shapeA = partA < A.partCount ? A.partShape(partA) : undefined;
  const shapeB = partB < B.partCount ? B.partShape(partB) : undefined;
  // Only the finding's wording: not a model of the whole scene's bodies per pair request.
  const findingModel = finding ? previewFinding(scene, finding) : null;
  const relativeVelocity: Point = [B.vx - A.vx, B.vy - A.vy];
  const base = {
    uri,
    version,
    a: A.name,
    b: B.name,
    ia: A.index,
    ib: B.index,
    partA,
    partB,
    finding: findingModel,
    relativeVelocity,
    relativeSpin: B.spin - A.spin,
  };
  if (!shapeA || !shapeB) {
    return { ...base, minkowski: null, distance: 0, closest: [0, 0], normal: null, pushOut: null, toi: null, gjk: [], epa: [], advancement: [], notes: [noShapeNote(A.partCount === 0 && A.chainGeometry ? A : B.partCount === 0 && B.chainGeometry ? B : undefined)] };
  }
  const overlapFinding = finding && finding.kind === 'overlap' && finding.partA === partA && finding.partB === partB;
  const queries = pairQueries({
    shapeA,
    transformA: xfA,
    velocityA: A.velocity,
    spinA: A.spin,
    shapeB,
    transformB: xfB,
    velocityB: B.velocity,
    spinB: B.spin,
    tMax: scene.frames * scene.dt,
    findingPushOut: overlapFinding ? [finding.normalX * finding.depth, finding.normalY * finding.depth] : null,
  });
  return { ...base, ...queries };
}

/**
 * Why a pair has no configuration space: a body without a convex part, which is a chain body or
 * a tile grid (`chained`: its findings are drawn in the scene, on its edges or cells) or one left
 * without a shape.
 */
function noShapeNote(chained: SceneBody | undefined): string {
  if (!chained) return 'One of the bodies has no shape.';
  const what = chained.sourceKind === 'tiles' ? 'a tile grid' : 'a chain';
  return `\`${chained.name}\` is ${what}: one-sided edges, not a convex part, so the pair has no configuration space to draw. Its findings are drawn in the scene.`;
}
