import type { Transform, Vec2 } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';
import { shapeBoundsInto, shapeSize } from '../shapes/bounds';
import type { ContactOutput } from '../narrow/types';
import type { ToiOutput } from '../ccd/types';
import { sweptBoundsInto } from '../ccd/swept-aabb';
import { chainSegmentInto, chainTree, emptyChainSegment, type Chain } from './chain';
import { edgesOverlapping } from './edge-tree';
import { poseAt } from '../ccd/motion';
import {
  centroidAt,
  contactToWorld,
  edgeContactLocal,
  edgeToiLocal,
  nothing,
  relativeTransform,
  relativeVelocity,
  toiToWorld,
  type EdgeContact,
  type EdgeToi,
  type OneSidedToiInput,
} from './one-sided';

/**
 * Queries of a convex shape against a whole chain: the edge tree (edge-tree.ts) picks the edges
 * whose boxes meet B's (grown by the query's reach, or swept over the interval), and each is
 * asked one-sidedly (one-sided.ts). What one edge snaps or skips at a vertex its neighbor answers
 * from its face, so over the chain a body meets the surface, never the seams between its edges.
 */

export interface ChainPair {
  readonly chain: Chain;
  /** Pose of the chain's frame (its static body). */
  readonly transformA: Transform;
  readonly shapeB: ConvexShape;
  readonly transformB: Transform;
}

export interface ChainContactInput extends ChainPair {
  /** Report contacts up to this separation (a distance query's reach); default 0, touching. */
  readonly maxSeparation?: number;
}

/** A contact with the chain: the deepest over its edges, and which edge (its index). */
export interface ChainContactOutput extends ContactOutput {
  readonly edge: number;
}

/** Relative tolerance within which a face answer and a snapped one tie (then the face wins). */
const TIE_TOLERANCE = 1e-9;

const boxScratch = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const segScratch = emptyChainSegment();
const candidates: number[] = [];

/**
 * The deepest one-sided contact of B with the chain within `maxSeparation` (world), with its
 * edge; null when no edge has one. A snapped answer and a face answer within rounding of each
 * other tie and the face wins (the face B is over); otherwise the least separation, exact ties
 * to the lower index.
 */
export function chainContact(input: ChainContactInput): ChainContactOutput | null {
  const reach = Math.max(0, input.maxSeparation ?? 0);
  const xf = relativeTransform(input.transformA, input.transformB);
  const box = shapeBoundsInto(input.shapeB, xf, reach, boxScratch);
  candidates.length = 0;
  edgesOverlapping(chainTree(input.chain), box.minX, box.minY, box.maxX, box.maxY, candidates);
  const tol = TIE_TOLERANCE * (shapeSize(input.shapeB) + reach);
  const centroid = centroidAt(input.shapeB, xf);
  let best: EdgeContact | null = null;
  let bestEdge = -1;
  // The candidate list is module scratch: copied, since the queries below never re-enter here.
  for (const e of candidates.slice()) {
    const r = edgeContactLocal(chainSegmentInto(input.chain, e, segScratch), input.shapeB, xf, reach, centroid);
    if (r === null || !(r.output.separation <= reach)) continue;
    if (best === null || deeper(r, e, best, bestEdge, tol)) {
      best = r;
      bestEdge = e;
    }
  }
  if (best === null) return null;
  return { ...contactToWorld(input.transformA, best.output), edge: bestEdge };
}

/**
 * Whether edge a's contact beats edge b's: the lesser separation, except that a face answer and a
 * snapped one within `tol` of each other tie (the same surface measured two ways), and the face
 * wins. Two answers of one kind are compared exactly (then the lower index): each is exact to
 * rounding, so the lesser is the chain's separation even when the two differ by less than `tol`
 * (two edges meeting at a convex vertex both reach B, one of them a little nearer).
 */
function deeper(a: EdgeContact, ea: number, b: EdgeContact, eb: number, tol: number): boolean {
  const sa = a.output.separation;
  const sb = b.output.separation;
  if (a.snapped !== b.snapped) return a.snapped ? sa < sb - tol : sa <= sb + tol;
  return sa < sb || (sa === sb && ea < eb);
}

export interface ChainToiInput extends ChainPair {
  readonly velocityB: Vec2;
  readonly spinB: number;
  readonly tMin: number;
  readonly tMax: number;
  readonly tolerance?: number;
  readonly timeTolerance?: number;
  readonly maxIterations?: number;
}

/** A time of impact against the chain and the edge touched first (-1 when none). */
export interface ChainToiOutput extends ToiOutput {
  readonly edge: number;
}

/**
 * The earliest one-sided time of impact of B against the chain's edges (world), over the edges
 * whose boxes meet B's swept bounds. A `failed` edge earlier than every touch makes the answer
 * `failed` at its (conservative) time. Ties at one time go to a face answer, then the lower
 * index. No touch from the solid side: `separated` at tMax, with the least separation any edge
 * measured (infinite when none did), edge -1.
 */
export function chainTimeOfImpact(input: ChainToiInput): ChainToiOutput {
  const xf = relativeTransform(input.transformA, input.transformB);
  const v = relativeVelocity(input.transformA, input.velocityB);
  const reach = Math.max(0, input.tolerance ?? 0);
  const box = sweptBoundsInto(input.shapeB, xf, v, input.spinB, input.tMin, input.tMax, boxScratch);
  candidates.length = 0;
  edgesOverlapping(chainTree(input.chain), box.minX - reach, box.minY - reach, box.maxX + reach, box.maxY + reach, candidates);
  const edgeInput: OneSidedToiInput = { ...input, segment: segScratch };
  const c0 = centroidAt(input.shapeB, poseAt(xf, v, input.spinB, input.tMin));
  let best: EdgeToi | null = null;
  let bestEdge = -1;
  let closest = Infinity;
  let iterations = 0;
  for (const e of candidates.slice()) {
    const r = edgeToiLocal(chainSegmentInto(input.chain, e, segScratch), edgeInput, xf, v, c0);
    iterations += r.output.iterations;
    if (r.output.state === 'separated') {
      closest = Math.min(closest, r.output.separation);
      continue;
    }
    if (best === null || before(r, best)) {
      best = r;
      bestEdge = e;
    }
  }
  if (best === null) return { ...nothing(input.tMax, iterations), separation: closest, edge: -1 };
  return { ...toiToWorld(input.transformA, best.output), iterations, edge: bestEdge };
}

/** Whether a is an earlier answer than b: earlier t; at one t a touch before a failure, a face before a snap. */
function before(a: EdgeToi, b: EdgeToi): boolean {
  if (a.output.t !== b.output.t) return a.output.t < b.output.t;
  const af = a.output.state === 'failed';
  const bf = b.output.state === 'failed';
  if (af !== bf) return bf;
  return b.snapped && !a.snapped;
}

/** The distance between B and a chain from its solid side, and the closest points. */
export interface ChainDistanceOutput {
  readonly state: ContactOutput['state'];
  /** Separation >= 0 (0 when touching or overlapping). */
  readonly distance: number;
  /** The signed separation (negative: penetration depth). */
  readonly separation: number;
  /** Unit normal from the chain towards B (world). */
  readonly normal: Vec2;
  /** Closest points on the chain and on B (world); for an overlap, the deepest points. */
  readonly pointA: Vec2;
  readonly pointB: Vec2;
  readonly edge: number;
}

/**
 * The distance of B from the chain within `maxSeparation` (world): chainContact's separation,
 * with the closest points on each surface taken from its (first) contact point, which lies
 * midway between them along the normal. Null when no edge is within reach from its solid side.
 */
export function chainDistance(input: ChainContactInput): ChainDistanceOutput | null {
  const c = chainContact(input);
  if (c === null) return null;
  const p = c.points[0] ?? { x: 0, y: 0 };
  const h = c.separation / 2;
  return {
    state: c.state,
    distance: Math.max(0, c.separation),
    separation: c.separation,
    normal: c.normal,
    pointA: { x: p.x - h * c.normal.x, y: p.y - h * c.normal.y },
    pointB: { x: p.x + h * c.normal.x, y: p.y + h * c.normal.y },
    edge: c.edge,
  };
}
