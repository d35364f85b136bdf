import type { Vec2 } from '../math/vec2';
import { bx, by, dirToWorld, edgeNormal, isPointCore, isWellFormed, relativePair, type MutableVec2, type RelativePair } from './relative';
import { precedes, tieTolerance } from './tie-break';
import type { QueryState, ShapePair } from './types';

/**
 * Separating axis test for two convex polygons (Gottschalk's separating axis theorem as used for
 * games by Metanet's N tutorials and Catto's b2FindMaxSeparation): for every edge normal of A
 * and of B, the separation of the other shape's deepest vertex from that edge's line. The largest
 * one is the answer. In 2D the Minkowski difference's edges are exactly A's and B's edges, so for
 * overlapping cores the largest separation is exactly minus the penetration depth and its axis is
 * the minimum-overlap push-out (projection) vector; for separated cores it is a lower bound of the
 * distance (exact when the closest features include an edge; GJK gives the exact value otherwise).
 *
 * Capsule and segment cores take part as two-sided polygons (relative.ts `edgeNormal`). Radii are
 * subtracted at the end: a rounded polygon's true separation along an axis is its core's minus
 * the radii.
 */

/** Relative tolerance by which B's axis must beat A's to be chosen (Box2D's tie-break). */
const SAT_TIE_TOLERANCE = 1e-10;

export interface SatOutput {
  /** 'degenerate' for malformed input or a shape with no edge (a point core: use circle queries). */
  readonly state: QueryState;
  /** Largest separation over all edge normals, radii subtracted. Negative: minus the penetration depth. */
  readonly separation: number;
  readonly overlapping: boolean;
  /** Unit push-out normal from A towards B (world): moving B by -separation * normal separates. */
  readonly normal: Vec2;
  /** Shape owning the axis (the reference edge), the edge index, and the incident edge on the other shape. */
  readonly referenceShape: 'A' | 'B';
  readonly referenceEdge: number;
  readonly incidentEdge: number;
}

/** SAT result in A's frame; written by `satLocal`, so the dispatcher allocates nothing. */
export interface SatLocal {
  /** Core separation (radii not subtracted). */
  separation: number;
  /** Axis from A towards B, A frame. */
  nx: number;
  ny: number;
  referenceIsA: boolean;
  referenceEdge: number;
}

const n1: MutableVec2 = { x: 0, y: 0 };

interface EdgeSeparations {
  sep: number;
  edge: number;
  /** Separation along each edge's normal, [0, edges measured): what the tie-break reads. */
  each: Float64Array;
}

/**
 * Largest separation of B's core from A's edges (A frame), or of A's core from B's edges when
 * `flip`: Catto's b2FindMaxSeparation, B's vertices read from the pair's A-frame buffer. Stops
 * at the first edge that separates by more than `stopAbove` (Infinity: never), which is all a
 * caller that only asks "apart?" needs; `out` then holds that edge.
 */
function maxSeparation(p: RelativePair, flip: boolean, out: EdgeSeparations, stopAbove: number): void {
  const ref = flip ? p.shapeB : p.shapeA;
  const inc = flip ? p.shapeA : p.shapeB;
  const nr = ref.count;
  const ni = inc.count;
  // Both cores' vertices in A's frame (relative.ts), chosen once.
  const rv = flip ? p.bv : p.av;
  const iv = flip ? p.av : p.bv;
  if (out.each.length < nr) out.each = new Float64Array(Math.max(2 * out.each.length, nr));
  const each = out.each;
  let best = -Infinity;
  let bestEdge = 0;
  let walkFrom = 0;
  for (let i = 0; i < nr; i++) {
    edgeNormal(ref, i, n1);
    let nx = n1.x;
    let ny = n1.y;
    if (flip) {
      // B's edge normal in A's frame.
      nx = p.c * n1.x - p.s * n1.y;
      ny = p.s * n1.x + p.c * n1.y;
    }
    const vx = rv[2 * i]!;
    const vy = rv[2 * i + 1]!;
    let si = Infinity;
    if (ni <= WALK_ABOVE) {
      for (let j = 0; j < ni; j++) {
        const d = nx * (iv[2 * j]! - vx) + ny * (iv[2 * j + 1]! - vy);
        if (d < si) si = d;
      }
    } else {
      // On a convex core the distance along the normal falls and rises once around it, and the
      // nearest vertex turns with the reference edge: walk downhill from the last one (rotating
      // calipers, Shamos 1978), O(nr + ni) over all edges instead of O(nr ni).
      let j = walkFrom;
      let d = nx * (iv[2 * j]! - vx) + ny * (iv[2 * j + 1]! - vy);
      for (let step = 1; step >= -1; step -= 2) {
        for (let k = 0; k < ni; k++) {
          const m = (j + step + ni) % ni;
          const e = nx * (iv[2 * m]! - vx) + ny * (iv[2 * m + 1]! - vy);
          if (!(e < d)) break;
          j = m;
          d = e;
        }
      }
      walkFrom = j;
      si = d;
    }
    each[i] = si;
    if (si > best) {
      best = si;
      bestEdge = i;
      if (si > stopAbove) break;
    }
  }
  out.sep = best;
  out.edge = bestEdge;
}

/**
 * Incident cores with more vertices than this are searched by walking (maxSeparation); smaller
 * ones, every authored shape among them, by the plain scan, whose minimum is exact.
 */
const WALK_ABOVE = 64;

const sepA: EdgeSeparations = { sep: 0, edge: 0, each: new Float64Array(16) };
const sepB: EdgeSeparations = { sep: 0, edge: 0, each: new Float64Array(16) };

/**
 * Whether some SAT axis of the cores (an edge normal of either, or for two two-sided cores a
 * segment direction) separates them by more than `threshold`: the early-out of the narrow phase.
 * Each axis is measured exactly as satLocal measures it, so this is true exactly when satLocal's
 * separation would exceed `threshold`, found at the first such axis instead of the largest.
 */
export function satSeparates(p: RelativePair, threshold: number): boolean {
  maxSeparation(p, false, sepA, threshold);
  if (sepA.sep > threshold) return true;
  // A's best is now complete and <= threshold: satLocal takes B's axis only when it beats A's by
  // the tie tolerance, so B must clear both.
  const needB = Math.max(threshold, sepA.sep + SAT_TIE_TOLERANCE * p.scale);
  maxSeparation(p, true, sepB, needB);
  if (sepB.sep > needB) return true;
  if (p.shapeA.count === 2 && p.shapeB.count === 2) return satLocal(p, satScratch).separation > threshold;
  return false;
}

const satScratch: SatLocal = { separation: 0, nx: 0, ny: 0, referenceIsA: true, referenceEdge: 0 };

/**
 * SAT on the cores of a relative pair (both with at least two distinct vertices).
 *
 * `measured`: satSeparates has just answered false for this very pair, which leaves both passes
 * over the edges complete (neither stopped early: a pass stops only at an axis that would have
 * made the answer true), so their separations are reused instead of measured again. Overlapping
 * pairs, the ones that need SAT's axis, are exactly those, and their SAT work halves.
 */
export function satLocal(p: RelativePair, out: SatLocal, measured = false): SatLocal {
  if (!measured) {
    maxSeparation(p, false, sepA, Infinity);
    maxSeparation(p, true, sepB, Infinity);
  }
  if (sepB.sep > sepA.sep + SAT_TIE_TOLERANCE * p.scale) {
    edgeNormal(p.shapeB, sepB.edge, n1);
    // B's outward normal points from B towards A: the axis from A to B is its opposite.
    out.nx = -(p.c * n1.x - p.s * n1.y);
    out.ny = -(p.s * n1.x + p.c * n1.y);
    out.separation = sepB.sep;
    out.referenceIsA = false;
    out.referenceEdge = sepB.edge;
  } else {
    edgeNormal(p.shapeA, sepA.edge, n1);
    out.nx = n1.x;
    out.ny = n1.y;
    out.separation = sepA.sep;
    out.referenceIsA = true;
    out.referenceEdge = sepA.edge;
  }
  // Two two-sided cores (capsules, segments) that are parallel have a flat Minkowski difference
  // whose ends are not edges: the segments' own directions are then the separating axes. Any
  // axis gives a lower bound of the separation, so testing them is always safe; they win only
  // when the cores are apart along their common line (referenceEdge -1: no edge to clip to).
  if (p.shapeA.count === 2 && p.shapeB.count === 2) {
    const a = p.shapeA.xy;
    const a0x = a[0]!;
    const a0y = a[1]!;
    const a1x = a[2]!;
    const a1y = a[3]!;
    for (let axis = 0; axis < 2; axis++) {
      let tx = axis === 0 ? a1x - a0x : bx(p, 1) - bx(p, 0);
      let ty = axis === 0 ? a1y - a0y : by(p, 1) - by(p, 0);
      const l = Math.hypot(tx, ty);
      if (!(l > 0)) continue;
      tx /= l;
      ty /= l;
      const pa0 = a0x * tx + a0y * ty;
      const pa1 = a1x * tx + a1y * ty;
      const pb0 = bx(p, 0) * tx + by(p, 0) * ty;
      const pb1 = bx(p, 1) * tx + by(p, 1) * ty;
      const forward = Math.min(pb0, pb1) - Math.max(pa0, pa1); // B beyond A along +t
      const backward = Math.min(pa0, pa1) - Math.max(pb0, pb1); // B before A
      const sep = Math.max(forward, backward);
      if (sep > out.separation) {
        out.separation = sep;
        out.nx = forward >= backward ? tx : -tx;
        out.ny = forward >= backward ? ty : -ty;
        out.referenceIsA = true;
        out.referenceEdge = -1;
      }
    }
  }
  // Cores that touch or overlap, and shapes that overlap: SAT's axis is then the push-out.
  if (out.referenceEdge >= 0 && out.separation <= 0 && out.separation < p.shapeA.radius + p.shapeB.radius) conventionalAxis(p, out);
  return out;
}

/**
 * Overlapping shapes whose push-out ties between several edge normals (a shape centered on its
 * twin: every axis ties with its opposite) take the conventional one (tie-break.ts). Reads the
 * separations maxSeparation recorded, so the tie-break costs one pass over the edges. The
 * separation stays the largest one, so that satSeparates still decides exactly as satLocal.
 */
function conventionalAxis(p: RelativePair, out: SatLocal): void {
  const floor = out.separation - tieTolerance(p);
  const nA = p.shapeA.count;
  const nB = p.shapeB.count;
  for (let i = 0; i < nA; i++) {
    const si = sepA.each[i]!;
    if (!(si >= floor)) continue;
    edgeNormal(p.shapeA, i, n1);
    if (!precedes(p, n1.x, n1.y, out.nx, out.ny)) continue;
    out.nx = n1.x;
    out.ny = n1.y;
    out.referenceIsA = true;
    out.referenceEdge = i;
  }
  for (let i = 0; i < nB; i++) {
    const si = sepB.each[i]!;
    if (!(si >= floor)) continue;
    edgeNormal(p.shapeB, i, n1);
    const nx = -(p.c * n1.x - p.s * n1.y);
    const ny = -(p.s * n1.x + p.c * n1.y);
    if (!precedes(p, nx, ny, out.nx, out.ny)) continue;
    out.nx = nx;
    out.ny = ny;
    out.referenceIsA = false;
    out.referenceEdge = i;
  }
}

/**
 * The edge of the incident shape most anti-parallel to the reference normal (A frame), i.e. the
 * incident face of Catto's b2ClipPolygons / Ericson's "Real-Time Collision Detection" 5.x clipping.
 */
export function incidentEdge(p: RelativePair, referenceIsA: boolean, refNx: number, refNy: number): number {
  const inc = referenceIsA ? p.shapeB : p.shapeA;
  let best = 0;
  let bestDot = Infinity;
  for (let i = 0; i < inc.count; i++) {
    edgeNormal(inc, i, n1);
    let nx = n1.x;
    let ny = n1.y;
    if (referenceIsA) {
      nx = p.c * n1.x - p.s * n1.y;
      ny = p.s * n1.x + p.c * n1.y;
    }
    const d = nx * refNx + ny * refNy;
    if (d < bestDot) {
      bestDot = d;
      best = i;
    }
  }
  return best;
}

/** SAT for a pair of polygon-like shapes (polygons, boxes, capsules, segments; rounded or not). */
export function sat(pair: ShapePair): SatOutput {
  const degenerate: SatOutput = {
    state: 'degenerate',
    separation: 0,
    overlapping: false,
    normal: { x: 0, y: 0 },
    referenceShape: 'A',
    referenceEdge: -1,
    incidentEdge: -1,
  };
  if (!isWellFormed(pair)) return degenerate;
  const p = relativePair(pair);
  const tol = 1e-14 * p.scale;
  if (isPointCore(pair.shapeA, tol) || isPointCore(pair.shapeB, tol)) return degenerate;
  const s = satLocal(p, { separation: 0, nx: 0, ny: 0, referenceIsA: true, referenceEdge: 0 });
  const refNx = s.referenceIsA ? s.nx : -s.nx;
  const refNy = s.referenceIsA ? s.ny : -s.ny;
  const separation = s.separation - pair.shapeA.radius - pair.shapeB.radius;
  return {
    state: 'ok',
    separation,
    overlapping: separation <= 0,
    normal: dirToWorld(p, s.nx, s.ny),
    referenceShape: s.referenceIsA ? 'A' : 'B',
    referenceEdge: s.referenceEdge,
    incidentEdge: s.referenceEdge < 0 ? -1 : incidentEdge(p, s.referenceIsA, refNx, refNy),
  };
}
