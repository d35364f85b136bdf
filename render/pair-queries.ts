import { contact, distance, minkowskiDifference, penetration, timeOfImpact } from '../core';
import type { ConvexShape, GjkStep, MinkowskiDifference, MinkowskiVertex, ShapePair, ToiInput, Transform, Vec2 } from '../core';
import type { PairDetail, Point, PreviewAdvancementStep, PreviewEpaStep, PreviewGjkStep, PreviewMinkowski, PreviewSimplexVertex } from '../protocol/preview-model';

/**
 * The pair inspector's queries on one part pair, shared by the server's answer
 * (server/src/preview/pair-detail.ts, from the analyzed scene) and the webview's live one
 * (render/pair-live.ts, from the preview model): B ⊖ A (core/narrow/minkowski.ts), the origin's
 * signed distance to it, the push-out vector, the relative motion's time of impact, and the
 * traces the core records on request: GJK simplices, EPA polytopes where the cores overlap and
 * conservative-advancement iterations (van den Bergen; Mirtich).
 */

/** Above this many conservative-advancement iterations only every k-th carries its B ⊖ A. */
const MAX_ADVANCEMENT_SHAPES = 64;

/** The part pair at t = 0 and its motion, as the time of impact takes them; tMax: the scene's end (frames × dt). */
export interface PairGeometry extends Pick<ToiInput, 'shapeA' | 'transformA' | 'velocityA' | 'spinA' | 'shapeB' | 'transformB' | 'velocityB' | 'spinB' | 'tMax'> {
  /**
   * The overlap finding's push-out (depth × normal) when it is this part pair's: the analysis'
   * answer, which the picture then agrees with; otherwise the explicit difference gives it.
   */
  readonly findingPushOut: Point | null;
}

export type PairQueries = Pick<PairDetail, 'minkowski' | 'distance' | 'closest' | 'normal' | 'pushOut' | 'toi' | 'gjk' | 'epa' | 'advancement' | 'notes'>;

export function pairQueries(g: PairGeometry): PairQueries {
  const { shapeA, transformA, shapeB, transformB } = g;
  const notes: string[] = [];
  const gjk = distance({ shapeA, transformA, shapeB, transformB, useRadii: true, trace: true });
  if (gjk.state !== 'ok') notes.push(`GJK: ${gjk.state} after ${gjk.iterations} iterations.`);
  const md = minkowskiDifference({ shapeA, transformA, shapeB, transformB });
  const minkowski = previewMinkowski(md);
  let signed = gjk.overlapping ? 0 : gjk.distance;
  let closest: Point = [gjk.pointB.x - gjk.pointA.x, gjk.pointB.y - gjk.pointA.y];
  let normal: Point | null = null;
  if (minkowski) {
    signed = md.signedDistance;
    closest = pt(md.closest);
    normal = pt(md.normal);
  } else notes.push('The Minkowski difference could not be built (malformed geometry).');
  const pushOut: Point | null = signed < 0 ? (g.findingPushOut ?? [-closest[0], -closest[1]]) : null;
  const epa = signed < 0 ? epaSteps(g, notes) : [];
  const moving = g.velocityB.x !== g.velocityA.x || g.velocityB.y !== g.velocityA.y || g.spinA !== 0 || g.spinB !== 0;
  let toi: PairDetail['toi'] = null;
  const advancement: PreviewAdvancementStep[] = [];
  if (moving) {
    const out = timeOfImpact({
      shapeA,
      transformA,
      velocityA: g.velocityA,
      spinA: g.spinA,
      shapeB,
      transformB,
      velocityB: g.velocityB,
      spinB: g.spinB,
      tMin: 0,
      tMax: g.tMax,
      trace: true,
    });
    toi = { state: out.state, t: out.t, point: pt(out.point), normal: pt(out.normal), method: out.method, iterations: out.iterations };
    const steps = out.trace ?? [];
    const rotating = g.spinA !== 0 || g.spinB !== 0;
    const every = Math.max(1, Math.ceil(steps.length / MAX_ADVANCEMENT_SHAPES));
    steps.forEach((s, k) => {
      const m = rotating && (k % every === 0 || k === steps.length - 1) ? previewMinkowski(minkowskiDifference({ shapeA, transformA: s.transformA, shapeB, transformB: s.transformB })) : null;
      advancement.push({ t: s.t, distance: s.distance, normal: pt(s.normal), ...(m ? { minkowski: m } : {}) });
    });
  }
  return {
    minkowski,
    distance: signed,
    closest,
    normal,
    pushOut,
    toi,
    gjk: gjkSteps(gjk.trace),
    epa,
    advancement,
    notes,
  };
}

/**
 * The part pair at the least signed separation (deepest overlap first), as the analysis ranks
 * part pairs for findings (analysis/overlap.ts): [0, 0] for two one-part bodies.
 */
export function closestPartPair(countA: number, partA: (i: number) => ConvexShape, transformA: Transform, countB: number, partB: (j: number) => ConvexShape, transformB: Transform): [number, number] {
  let best: [number, number] = [0, 0];
  let bestD = Infinity;
  if (countA === 1 && countB === 1) return best;
  for (let i = 0; i < countA; i++) {
    for (let j = 0; j < countB; j++) {
      const key = contact({ shapeA: partA(i), transformA, shapeB: partB(j), transformB }).separation;
      if (key < bestD) {
        bestD = key;
        best = [i, j];
      }
    }
  }
  return best;
}

/** GJK's recorded simplices in the protocol's form. */
export function gjkSteps(trace: readonly GjkStep[] | undefined): PreviewGjkStep[] {
  return (trace ?? []).map((s) => ({ simplex: s.simplex.map(vertex), closest: pt(s.closest), direction: pt(s.direction) }));
}

/**
 * EPA's polytopes for a pair that overlaps: it runs where GJK's simplex encloses the origin, the
 * cores overlap; shapes that overlap only through their rounding need no polytope (the cores'
 * distance gives the depth). A run that does not converge is noted in `notes`.
 */
export function epaSteps(pair: ShapePair, notes: string[]): PreviewEpaStep[] {
  const { shapeA, transformA, shapeB, transformB } = pair;
  const pen = penetration({ shapeA, transformA, shapeB, transformB, useRadii: true, trace: true });
  if (pen.state !== 'ok') notes.push(`EPA: ${pen.state} after ${pen.iterations} iterations.`);
  return (pen.trace ?? []).map((step) => ({ polytope: step.polytope.map(vertex), closestEdge: step.closestEdge, distance: step.distance }));
}

export function pt(v: Vec2): Point {
  return [v.x, v.y];
}

export function vertex(v: MinkowskiVertex): PreviewSimplexVertex {
  return { w: pt(v.w), indexA: v.indexA, indexB: v.indexB };
}

/**
 * The core's B ⊖ A in the protocol's flat form: vertices (world difference coordinates), the A
 * and B vertex of each, and each edge's source shape. Parallel edges of A and B arrive already
 * split, one per source (minkowski.ts), so every edge has one color; a lone vertex (two circles)
 * has no edge, and its single entry says so with 'both'. Null for malformed geometry.
 */
export function previewMinkowski(md: MinkowskiDifference): PreviewMinkowski | null {
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
