import { vertexX, vertexY } from '../shapes/shape';
import { supportFeature, supportIndex, type SupportFeature } from '../shapes/support';
import { bx, by, dirToWorld, isWellFormed, relativePair, toWorld, worldVertex, type RelativePair } from './relative';
import { edgeClosestToOrigin, solveSimplex, SIMPLEX_PAYLOAD, SIMPLEX_WEIGHT, SIMPLEX_X, SIMPLEX_Y } from './simplex';
import type { DistanceInput, DistanceOutput, GjkStep, MinkowskiVertex, QueryState } from './types';

/**
 * GJK distance between two convex shapes (Gilbert, Johnson and Keerthi, 1988), in the 2D
 * formulation of Catto ("Computing Distance", GDC 2010; Box2D's b2ShapeDistance): the simplex is
 * solved with signed-area barycentric coordinates instead of Johnson's sub-algorithm, the search
 * direction along an edge is that edge's perpendicular (not -v, which loses digits), and
 * termination is by repeated support vertices plus van den Bergen's progress test
 * ("Collision Detection in Interactive 3D Environments", 4.3.8): stop when the new support point
 * brings the simplex closer to the origin by no more than a tolerance relative to the shapes' size.
 *
 * GJK runs on the cores; radii are applied at the end (van den Bergen's core + margin). Everything
 * happens in A's local frame (relative.ts) and is mapped to the world once.
 */

/** Progress tolerance, relative to the pair's size (relative.ts `scale`). */
export const GJK_TOLERANCE = 1e-13;

/** Default iteration cap: a 2D polytope pair has nA + nB distinct Minkowski edges to walk at most. */
export function defaultGjkIterations(nA: number, nB: number): number {
  return Math.max(20, 2 * (nA + nB));
}

// Simplex rows: three × [wx, wy, weight, ax, ay, bx, by, indexA, indexB] in A's frame, in
// simplex.ts's row layout (w = b − a first, then the payload the solver carries along).
const STRIDE = 9;
const WX = SIMPLEX_X;
const WY = SIMPLEX_Y;
const WT = SIMPLEX_WEIGHT;
const AX = SIMPLEX_PAYLOAD;
const AY = SIMPLEX_PAYLOAD + 1;
const BX = SIMPLEX_PAYLOAD + 2;
const BY = SIMPLEX_PAYLOAD + 3;
const IA = SIMPLEX_PAYLOAD + 4;
const IB = SIMPLEX_PAYLOAD + 5;
// Private to gjkLocal, which never re-enters: the support indices of the previous simplex.
const savedA = new Int32Array(3);
const savedB = new Int32Array(3);

/**
 * GJK's answer and its final simplex, owned by the caller and refilled by each `gjkLocal` call so
 * that a query allocates nothing per iteration; EPA and the contact dispatcher read the simplex
 * from here.
 */
export interface GjkLocalResult {
  /** The simplex rows (simplexVertex, simplexWitness read them), A frame. */
  readonly simplex: Float64Array;
  /** Rows in use (1..3). */
  count: number;
  iterations: number;
  /** The cores overlap or touch (origin on or inside the simplex, within tolerance). */
  overlap: boolean;
  /** The iteration cap was hit before convergence. */
  capped: boolean;
  /** Barycentric solve met a zero-area triangle it could not place the origin in. */
  degenerate: boolean;
  /** Closest point of the simplex to the origin (A frame): w = pointB - pointA. */
  vx: number;
  vy: number;
}

export function emptyGjkResult(): GjkLocalResult {
  return { simplex: new Float64Array(3 * STRIDE), count: 1, iterations: 0, overlap: false, capped: false, degenerate: false, vx: 0, vy: 0 };
}

function setVertex(S: Float64Array, p: RelativePair, slot: number, ia: number, ib: number): void {
  const o = slot * STRIDE;
  const ax = vertexX(p.shapeA, ia);
  const ay = vertexY(p.shapeA, ia);
  const px = bx(p, ib);
  const py = by(p, ib);
  S[o + AX] = ax;
  S[o + AY] = ay;
  S[o + BX] = px;
  S[o + BY] = py;
  S[o + WX] = px - ax;
  S[o + WY] = py - ay;
  S[o + WT] = 1;
  S[o + IA] = ia;
  S[o + IB] = ib;
}

const FOOT = new Float64Array(2);

function closestPoint(count: number, r: GjkLocalResult): void {
  const S = r.simplex;
  if (count === 2 && edgeClosestToOrigin(S[WX]!, S[WY]!, S[STRIDE + WX]!, S[STRIDE + WY]!, FOOT)) {
    r.vx = FOOT[0]!;
    r.vy = FOOT[1]!;
    return;
  }
  let x = 0;
  let y = 0;
  for (let k = 0; k < count; k++) {
    x += S[k * STRIDE + WT]! * S[k * STRIDE + WX]!;
    y += S[k * STRIDE + WT]! * S[k * STRIDE + WY]!;
  }
  r.vx = x;
  r.vy = y;
}

function traceStep(p: RelativePair, r: GjkLocalResult, count: number, dx: number, dy: number): GjkStep {
  return {
    simplex: simplexToWorld(p, r.simplex, count),
    closest: dirToWorld(p, r.vx, r.vy),
    direction: dirToWorld(p, dx, dy),
  };
}

/** The first `count` rows of a GJK simplex as world Minkowski vertices. */
function simplexToWorld(p: RelativePair, S: Float64Array, count: number): MinkowskiVertex[] {
  const out: MinkowskiVertex[] = [];
  for (let k = 0; k < count; k++) {
    const o = k * STRIDE;
    out.push(worldVertex(p, S[o + AX]!, S[o + AY]!, S[o + BX]!, S[o + BY]!, S[o + IA]!, S[o + IB]!));
  }
  return out;
}

/** Vertex k of a GJK simplex, A frame: [ax, ay, bx, by, indexA, indexB]. */
export function simplexVertex(S: Float64Array, k: number): [number, number, number, number, number, number] {
  const o = k * STRIDE;
  return [S[o + AX]!, S[o + AY]!, S[o + BX]!, S[o + BY]!, S[o + IA]!, S[o + IB]!];
}

/** Witness points of a GJK simplex, A frame: Σ λk ak and Σ λk bk (van den Bergen 4.3.7). */
export interface Witness {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

export function simplexWitness(r: GjkLocalResult, out: Witness): Witness {
  const S = r.simplex;
  const count = r.count;
  out.ax = out.ay = out.bx = out.by = 0;
  for (let k = 0; k < count; k++) {
    const o = k * STRIDE;
    const w = S[o + WT]!;
    out.ax += w * S[o + AX]!;
    out.ay += w * S[o + AY]!;
    out.bx += w * S[o + BX]!;
    out.by += w * S[o + BY]!;
  }
  return out;
}

/**
 * GJK on the cores of a relative pair (A frame). Leaves the final simplex, with its barycentric
 * weights, in `result.simplex`. `trace`, when given, receives one step per iteration.
 */
export function gjkLocal(p: RelativePair, maxIterations: number, trace: GjkStep[] | null, result: GjkLocalResult): GjkLocalResult {
  const S = result.simplex;
  const vA = p.shapeA.xy;
  const vB = p.shapeB.xy;
  const nA = p.shapeA.count;
  const nB = p.shapeB.count;
  result.count = 1;
  result.iterations = 0;
  result.overlap = false;
  result.capped = false;
  result.degenerate = false;
  result.vx = 0;
  result.vy = 0;
  // Start from the vertices that support the center-to-center direction: usually one step from
  // the answer for separated shapes.
  {
    const dx = p.x;
    const dy = p.y;
    const ia = supportIndex(vA, dx, dy, nA);
    const ib = supportIndex(vB, -(p.c * dx + p.s * dy), -(-p.s * dx + p.c * dy), nB);
    setVertex(S, p, 0, ia, ib);
  }
  const tol = GJK_TOLERANCE * p.scale;
  let count = 1;
  let converged = false;
  while (result.iterations < maxIterations) {
    const saveCount = count;
    for (let k = 0; k < count; k++) {
      savedA[k] = S[k * STRIDE + IA]!;
      savedB[k] = S[k * STRIDE + IB]!;
    }
    if (count > 1) {
      const c = solveSimplex(S, STRIDE, count);
      if (c < 0) result.degenerate = true;
      count = c < 0 ? -c : c;
    }
    if (count === 3) {
      result.overlap = true;
      converged = true;
      break;
    }
    // Search direction towards the origin: -w for a point; the edge normal facing the origin
    // for a segment (exact to the last bit where -v is not).
    let dx: number;
    let dy: number;
    if (count === 1) {
      dx = -S[WX]!;
      dy = -S[WY]!;
    } else {
      const ex = S[STRIDE + WX]! - S[WX]!;
      const ey = S[STRIDE + WY]! - S[WY]!;
      const side = ex * -S[WY]! - ey * -S[WX]!;
      if (side > 0) {
        dx = -ey;
        dy = ex;
      } else {
        dx = ey;
        dy = -ex;
      }
      // Origin on the edge's line (within rounding of the cross product): cores touch.
      const el = Math.hypot(ex, ey);
      if (Math.abs(side) <= tol * el) {
        dx = 0;
        dy = 0;
      }
    }
    const dl = Math.hypot(dx, dy);
    if (trace) {
      closestPoint(count, result);
      trace.push(traceStep(p, result, count, dx, dy));
    }
    if (!(dl > tol)) {
      // The origin is on the simplex: the cores touch (or overlap by less than the tolerance).
      result.overlap = true;
      converged = true;
      break;
    }
    const ia = supportIndex(vA, -dx, -dy, nA);
    const ib = supportIndex(vB, p.c * dx + p.s * dy, -p.s * dx + p.c * dy, nB);
    result.iterations++;
    let duplicate = false;
    for (let k = 0; k < saveCount; k++) {
      if (savedA[k] === ia && savedB[k] === ib) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) {
      converged = true;
      break;
    }
    // van den Bergen's progress test along the unit search direction.
    const wx = bx(p, ib) - vA[2 * ia]!;
    const wy = by(p, ib) - vA[2 * ia + 1]!;
    const gain = ((wx - S[WX]!) * dx + (wy - S[WY]!) * dy) / dl;
    if (gain <= tol) {
      converged = true;
      break;
    }
    setVertex(S, p, count, ia, ib);
    count++;
  }
  if (!converged) {
    result.capped = true;
    if (count > 1) {
      const c = solveSimplex(S, STRIDE, count);
      if (c < 0) result.degenerate = true;
      count = c < 0 ? -c : c;
      if (count === 3) result.overlap = true;
    }
  }
  result.count = count;
  closestPoint(count, result);
  return result;
}

const featureScratch: SupportFeature = { first: -1, second: -1 };

function featureOf(xy: readonly number[], dx: number, dy: number, n: number): number[] {
  const f = supportFeature(xy, dx, dy, n, featureScratch);
  return f.second < 0 ? [f.first] : [f.first, f.second];
}

function unique(values: number[]): number[] {
  return [...new Set(values)];
}

/**
 * The numbers of a distance query, A's frame, written in place by `distanceLocal`: what an
 * iterative caller (conservative advancement) needs from each of its many queries, without the
 * allocations of the world-frame `DistanceOutput`.
 */
export interface LocalDistance {
  state: QueryState;
  overlapping: boolean;
  /** Separation >= 0 (radii subtracted when asked); 0 when overlapping. */
  distance: number;
  /** Distance of the cores (0 when they overlap or touch): the normal is defined when > 0. */
  coreDistance: number;
  /** Closest points on A and on B, A's frame. */
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Unit normal from A towards B, A's frame; (0, 0) when the cores overlap. */
  nx: number;
  ny: number;
  iterations: number;
}

export function emptyLocalDistance(): LocalDistance {
  return { state: 'ok', overlapping: false, distance: 0, coreDistance: 0, ax: 0, ay: 0, bx: 0, by: 0, nx: 0, ny: 0, iterations: 0 };
}

const witnessScratch: Witness = { ax: 0, ay: 0, bx: 0, by: 0 };

/**
 * GJK distance of a well-formed relative pair, with the radii applied when `useRadii`, into `out`
 * (A's frame), GJK's simplex into `gjk`. Allocates nothing unless `trace` is given; `distance` is
 * this plus the mapping to the world, the final simplex and the closest features.
 */
export function distanceLocal(
  p: RelativePair,
  useRadii: boolean,
  maxIterations: number,
  trace: GjkStep[] | null,
  gjk: GjkLocalResult,
  out: LocalDistance,
): LocalDistance {
  const r = gjkLocal(p, Math.max(1, maxIterations), trace, gjk);
  const wit = simplexWitness(r, witnessScratch);
  let ax = wit.ax;
  let ay = wit.ay;
  let bxv = wit.bx;
  let byv = wit.by;
  let dist = r.overlap ? 0 : Math.hypot(r.vx, r.vy);
  let nx = 0;
  let ny = 0;
  out.coreDistance = dist;
  if (dist > 0) {
    nx = r.vx / dist;
    ny = r.vy / dist;
  } else {
    // Overlapping cores: the witness points coincide (pB - pA = Σ λ w = 0).
    bxv = ax;
    byv = ay;
  }
  let overlapping = r.overlap;
  if (useRadii) {
    const rA = p.shapeA.radius;
    const rB = p.shapeB.radius;
    const tol = GJK_TOLERANCE * p.scale;
    if (dist > rA + rB + tol) {
      ax += rA * nx;
      ay += rA * ny;
      bxv -= rB * nx;
      byv -= rB * ny;
      dist -= rA + rB;
    } else if (dist > 0) {
      // Overlapping rounded shapes: the witness is the middle of the two surfaces' overlap.
      const mx = (ax + rA * nx + bxv - rB * nx) / 2;
      const my = (ay + rA * ny + byv - rB * ny) / 2;
      ax = bxv = mx;
      ay = byv = my;
      dist = 0;
      overlapping = true;
    }
  }
  out.state = r.capped ? 'not-converged' : r.degenerate ? 'degenerate' : 'ok';
  out.overlapping = overlapping;
  out.distance = dist;
  out.ax = ax;
  out.ay = ay;
  out.bx = bxv;
  out.by = byv;
  out.nx = nx;
  out.ny = ny;
  out.iterations = r.iterations;
  return out;
}

/**
 * Distance between two shapes (cores, or true shapes when `useRadii`), with closest points,
 * closest features, the final simplex and, on request, the trace of simplices. Never throws:
 * malformed input (no vertices, non-finite numbers) gives state `degenerate`.
 */
export function distance(input: DistanceInput): DistanceOutput {
  if (!isWellFormed(input)) {
    return {
      state: 'degenerate',
      overlapping: false,
      distance: 0,
      pointA: { x: input.transformA.x, y: input.transformA.y },
      pointB: { x: input.transformB.x, y: input.transformB.y },
      normal: { x: 0, y: 0 },
      iterations: 0,
      simplex: [],
      featureA: [],
      featureB: [],
      ...(input.trace ? { trace: [] } : {}),
    };
  }
  const p = relativePair(input);
  const trace: GjkStep[] | null = input.trace ? [] : null;
  const cap = input.maxIterations ?? defaultGjkIterations(p.shapeA.count, p.shapeB.count);
  const g = emptyGjkResult();
  const d = distanceLocal(p, input.useRadii, cap, trace, g, emptyLocalDistance());
  const simplex = simplexToWorld(p, g.simplex, g.count);
  let featureA: number[];
  let featureB: number[];
  if (d.coreDistance > 0) {
    featureA = featureOf(p.shapeA.xy, d.nx, d.ny, p.shapeA.count);
    featureB = featureOf(p.shapeB.xy, -(p.c * d.nx + p.s * d.ny), -(-p.s * d.nx + p.c * d.ny), p.shapeB.count);
  } else {
    // Overlapping cores: no normal; report the simplex's vertices.
    const fa: number[] = [];
    const fb: number[] = [];
    for (let k = 0; k < g.count; k++) {
      fa.push(g.simplex[k * STRIDE + IA]!);
      fb.push(g.simplex[k * STRIDE + IB]!);
    }
    featureA = unique(fa);
    featureB = unique(fb);
  }
  return {
    state: d.state,
    overlapping: d.overlapping,
    distance: d.distance,
    pointA: toWorld(p, d.ax, d.ay),
    pointB: toWorld(p, d.bx, d.by),
    normal: d.nx === 0 && d.ny === 0 ? { x: 0, y: 0 } : dirToWorld(p, d.nx, d.ny),
    iterations: d.iterations,
    simplex,
    featureA,
    featureB,
    ...(trace ? { trace } : {}),
  };
}
