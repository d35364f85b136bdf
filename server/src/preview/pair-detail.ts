import { contact, distance, makeTransform, minkowskiDifference, penetration, timeOfImpact } from '../../../core';
import type { ConvexShape, MinkowskiVertex, Transform, Vec2 } from '../../../core';
import type {
  PairDetail,
  Point,
  PreviewAdvancementStep,
  PreviewEpaStep,
  PreviewGjkStep,
  PreviewMinkowski,
  PreviewSimplexVertex,
} from '../../../protocol/preview-model';
import type { SceneBody } from '../semantics/scene';
import { previewFinding, type PreviewSource } from './scene-model';

/** Above this many conservative-advancement iterations only every k-th carries its B ⊖ A. */
const MAX_ADVANCEMENT_SHAPES = 64;

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
  const notes: string[] = [];
  const finding = source.findings.find((f) => f.ia === A.index && f.ib === B.index) ?? null;
  const xfA = makeTransform(A.x, A.y, A.angle);
  const xfB = makeTransform(B.x, B.y, B.angle);
  const [partA, partB] = finding ? [finding.partA, finding.partB] : closestParts(A, xfA, B, xfB);
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

  const gjk = distance({ shapeA, transformA: xfA, shapeB, transformB: xfB, useRadii: true, trace: true });
  if (gjk.state !== 'ok') notes.push(`GJK: ${gjk.state} after ${gjk.iterations} iterations.`);
  const md = minkowskiDifference({ shapeA, transformA: xfA, shapeB, transformB: xfB });
  const minkowski = previewMinkowski(md);
  let signed = gjk.overlapping ? 0 : gjk.distance;
  let closest: Point = [gjk.pointB.x - gjk.pointA.x, gjk.pointB.y - gjk.pointA.y];
  let normal: Point | null = null;
  if (minkowski) {
    signed = md.signedDistance;
    closest = pt(md.closest);
    normal = pt(md.normal);
  } else notes.push('The Minkowski difference could not be built (malformed geometry).');
  let pushOut: Point | null = null;
  if (signed < 0) {
    // The overlap finding's depth and normal are the analysis' answer; the picture agrees with
    // them (B moves by depth × normal), and falls back to the explicit difference otherwise.
    pushOut =
      finding && finding.kind === 'overlap' && finding.partA === partA && finding.partB === partB
        ? [finding.normalX * finding.depth, finding.normalY * finding.depth]
        : [-closest[0], -closest[1]];
  }
  // EPA runs where GJK's simplex encloses the origin: the cores overlap. Shapes that overlap only
  // through their rounding need no polytope (the cores' distance gives the depth).
  const epa: PreviewEpaStep[] = [];
  if (signed < 0) {
    const pen = penetration({ shapeA, transformA: xfA, shapeB, transformB: xfB, useRadii: true, trace: true });
    if (pen.state !== 'ok') notes.push(`EPA: ${pen.state} after ${pen.iterations} iterations.`);
    for (const step of pen.trace ?? []) {
      epa.push({ polytope: step.polytope.map(vertex), closestEdge: step.closestEdge, distance: step.distance });
    }
  }

  const T = scene.frames * scene.dt;
  const moving = relativeVelocity[0] !== 0 || relativeVelocity[1] !== 0 || A.spin !== 0 || B.spin !== 0;
  let toi: PairDetail['toi'] = null;
  const advancement: PreviewAdvancementStep[] = [];
  if (moving) {
    const out = timeOfImpact({
      shapeA,
      transformA: xfA,
      velocityA: A.velocity,
      spinA: A.spin,
      shapeB,
      transformB: xfB,
      velocityB: B.velocity,
      spinB: B.spin,
      tMin: 0,
      tMax: T,
      trace: true,
    });
    toi = { state: out.state, t: out.t, point: pt(out.point), normal: pt(out.normal), method: out.method, iterations: out.iterations };
    const steps = out.trace ?? [];
    const rotating = A.spin !== 0 || B.spin !== 0;
    const every = Math.max(1, Math.ceil(steps.length / MAX_ADVANCEMENT_SHAPES));
    steps.forEach((s, k) => {
      const md = rotating && (k % every === 0 || k === steps.length - 1) ? differenceAt(shapeA, s.transformA, shapeB, s.transformB) : null;
      advancement.push({ t: s.t, distance: s.distance, normal: pt(s.normal), ...(md ? { minkowski: md } : {}) });
    });
  }
  return {
    ...base,
    minkowski,
    distance: signed,
    closest,
    normal,
    pushOut,
    toi,
    gjk: (gjk.trace ?? []).map((s): PreviewGjkStep => ({ simplex: s.simplex.map(vertex), closest: pt(s.closest), direction: pt(s.direction) })),
    epa,
    advancement,
    notes,
  };
}

/** The part pair at the least signed separation (deepest overlap first), as analysis picks for findings. */
function closestParts(A: SceneBody, xfA: Transform, B: SceneBody, xfB: Transform): [number, number] {
  let best: [number, number] = [0, 0];
  let bestD = Infinity;
  if (A.partCount === 1 && B.partCount === 1) return best;
  for (let i = 0; i < A.partCount; i++) {
    for (let j = 0; j < B.partCount; j++) {
      // The narrow phase's signed separation (analysis/overlap.ts ranks part pairs by it too):
      // the deepest overlapping pair, else the nearest.
      const key = contact({ shapeA: A.partShape(i), transformA: xfA, shapeB: B.partShape(j), transformB: xfB }).separation;
      if (key < bestD) {
        bestD = key;
        best = [i, j];
      }
    }
  }
  return best;
}

function pt(v: Vec2): Point {
  return [v.x, v.y];
}

function vertex(v: MinkowskiVertex): PreviewSimplexVertex {
  return { w: pt(v.w), indexA: v.indexA, indexB: v.indexB };
}

/**
 * The core's B ⊖ A in the protocol's flat form: vertices (world difference coordinates), the A
 * and B vertex of each, and each edge's source shape. Parallel edges of A and B arrive already
 * split, one per source (minkowski.ts), so every edge has one color; a lone vertex (two circles)
 * has no edge, and its single entry says so with 'both'. Null for malformed geometry.
 */
function previewMinkowski(md: ReturnType<typeof minkowskiDifference>): PreviewMinkowski | null {
  if (md.state !== 'ok' || md.vertices.length === 0) return null;
  const vertices: number[] = [];
  const vertexA: number[] = [];
  const vertexB: number[] = [];
  for (const v of md.vertices) {
    vertices.push(v.w.x, v.w.y);
    vertexA.push(v.indexA);
    vertexB.push(v.indexB);
  }
  const edgeFrom: PreviewMinkowski['edgeFrom'] = md.edges.length === md.vertices.length ? md.edges.map((e) => e.source) : md.vertices.map(() => 'both');
  return { vertices, vertexA, vertexB, edgeFrom, radius: md.radius };
}

function differenceAt(shapeA: ConvexShape, transformA: Transform, shapeB: ConvexShape, transformB: Transform): PreviewMinkowski | null {
  return previewMinkowski(minkowskiDifference({ shapeA, transformA, shapeB, transformB }));
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
