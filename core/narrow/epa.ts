import { vertexX, vertexY } from '../shapes/shape';
import { supportIndex } from '../shapes/support';
import { defaultGjkIterations, emptyGjkResult, gjkLocal, simplexVertex, simplexWitness, GJK_TOLERANCE } from './gjk';
import { bx, by, dirToWorld, isWellFormed, relativePair, toWorld, worldVertex, type RelativePair } from './relative';
import type { DistanceInput, EpaStep, MinkowskiVertex, PenetrationOutput, QueryState } from './types';

/**
 * Expanding Polytope Algorithm (van den Bergen, "Proximity Queries and Penetration Depth
 * Computation on 3D Game Objects", GDC 2001; "Collision Detection in Interactive 3D
 * Environments", 4.3.9), in 2D: starting from a polygon inside the cores' Minkowski difference
 * B ⊖ A that contains the origin (GJK's final simplex, widened by a few support points), repeatedly
 * take the polygon edge closest to the origin and push it out with the support point along its
 * normal, until the support point no longer moves it (a tolerance relative to the pair's size) or
 * repeats a vertex. That edge is then on the Minkowski difference's boundary, and its distance
 * to the origin is the cores' penetration depth. Radii are added at the end (core + margin).
 *
 * Computed in A's frame (relative.ts); the polytope keeps each vertex's A and B vertex indices
 * for the preview's trace.
 */

/** Default cap on expansions: a 2D Minkowski difference has at most nA + nB vertices to add. */
export function defaultEpaIterations(nA: number, nB: number): number {
  return Math.max(20, 2 * (nA + nB));
}

// Polytope scratch: [ax, ay, bx, by, indexA, indexB] per vertex, counter-clockwise.
const PS = 6;

interface Poly {
  data: Float64Array;
  count: number;
}

function pushVertex(poly: Poly, p: RelativePair, ia: number, ib: number): void {
  const o = poly.count * PS;
  poly.data[o] = vertexX(p.shapeA, ia);
  poly.data[o + 1] = vertexY(p.shapeA, ia);
  poly.data[o + 2] = bx(p, ib);
  poly.data[o + 3] = by(p, ib);
  poly.data[o + 4] = ia;
  poly.data[o + 5] = ib;
  poly.count++;
}

const wx = (poly: Poly, k: number) => poly.data[k * PS + 2]! - poly.data[k * PS]!;
const wy = (poly: Poly, k: number) => poly.data[k * PS + 3]! - poly.data[k * PS + 1]!;

function hasVertex(poly: Poly, ia: number, ib: number): boolean {
  for (let k = 0; k < poly.count; k++) if (poly.data[k * PS + 4] === ia && poly.data[k * PS + 5] === ib) return true;
  return false;
}

/**
 * Replaces the polytope by the convex hull (Andrew's monotone chain) of its points, CCW, dropping
 * repeated and collinear ones. Called on the seed only (≤ 9 points).
 */
function hullInPlace(poly: Poly): void {
  const idx: number[] = [];
  for (let k = 0; k < poly.count; k++) idx.push(k);
  idx.sort((i, j) => wx(poly, i) - wx(poly, j) || wy(poly, i) - wy(poly, j));
  const cross = (o: number, a: number, b: number) =>
    (wx(poly, a) - wx(poly, o)) * (wy(poly, b) - wy(poly, o)) - (wy(poly, a) - wy(poly, o)) * (wx(poly, b) - wx(poly, o));
  const h: number[] = [];
  for (const k of idx) {
    while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, k) <= 0) h.pop();
    h.push(k);
  }
  const lower = h.length + 1;
  for (let t = idx.length - 2; t >= 0; t--) {
    const k = idx[t]!;
    while (h.length >= lower && cross(h[h.length - 2]!, h[h.length - 1]!, k) <= 0) h.pop();
    h.push(k);
  }
  h.pop();
  if (h.length === 2 && wx(poly, h[0]!) === wx(poly, h[1]!) && wy(poly, h[0]!) === wy(poly, h[1]!)) h.pop();
  const copy = poly.data.slice(0, poly.count * PS);
  for (let t = 0; t < h.length; t++) poly.data.set(copy.subarray(h[t]! * PS, h[t]! * PS + PS), t * PS);
  poly.count = h.length;
}

function polytopeToWorld(p: RelativePair, poly: Poly): MinkowskiVertex[] {
  const out: MinkowskiVertex[] = [];
  for (let k = 0; k < poly.count; k++) {
    const o = k * PS;
    const d = poly.data;
    out.push(worldVertex(p, d[o]!, d[o + 1]!, d[o + 2]!, d[o + 3]!, d[o + 4]!, d[o + 5]!));
  }
  return out;
}

/** The point q is outside (or on the line of) the counter-clockwise polytope edge i→j: not to its left. */
function sees(poly: Poly, i: number, j: number, qx: number, qy: number): boolean {
  return (wx(poly, j) - wx(poly, i)) * (qy - wy(poly, i)) - (wy(poly, j) - wy(poly, i)) * (qx - wx(poly, i)) <= 0;
}

/**
 * Makes the polytope conv(polytope ∪ {w}) for the support point w = B[ib] − A[ia] found beyond
 * edge `edge`. This is van den Bergen's expansion step (GDC 2001; "Collision Detection in
 * Interactive 3D Environments", 4.3.9): the new point replaces every face it can see, not just the
 * one it was found through, and is joined to the horizon (in 2D, the two ends of the visible
 * chain). Inserting w next to the closest edge alone is only right when w sees that edge and no
 * other, which holds while every polytope vertex is on the boundary of B ⊖ A. Seed vertices need
 * not be: GJK starts from the pair supporting the center-to-center direction, and when the
 * origins coincide (two shapes at identity) that direction is zero and the pair is vertex 0 of
 * each, an arbitrary interior point. The closest edge can then be a chord whose neighboring chord
 * faces w too; keeping their shared vertex then leaves a reflex vertex, an edge with the origin on
 * its outer side, a negative "closest" distance and a depth of 0 for two triangles that overlap by
 * 0.22.
 *
 * The visible edges form one contiguous chain containing `edge` (a point outside a convex polygon
 * sees a connected part of its boundary), and never all of them while the origin is inside, so
 * the walk stops; the guard only protects against rounding. A vertex exactly in line between its
 * neighbor and w is dropped too, which keeps the polygon strictly convex. Shifts in place: no
 * allocation.
 */
function insertSupport(poly: Poly, p: RelativePair, edge: number, ia: number, ib: number): void {
  const count = poly.count;
  const qx = bx(p, ib) - vertexX(p.shapeA, ia);
  const qy = by(p, ib) - vertexY(p.shapeA, ia);
  let lo = edge; // last vertex kept before w
  let hi = edge + 1 === count ? 0 : edge + 1; // first vertex kept after w
  let removed = 0;
  while (removed < count - 2) {
    const prev = lo === 0 ? count - 1 : lo - 1;
    if (!sees(poly, prev, lo, qx, qy)) break;
    lo = prev;
    removed++;
  }
  while (removed < count - 2) {
    const next = hi + 1 === count ? 0 : hi + 1;
    if (!sees(poly, hi, next, qx, qy)) break;
    hi = next;
    removed++;
  }
  if (lo < hi) {
    // Removed slots lo+1 .. hi-1 (possibly none): move the tail to just after w's slot.
    poly.data.copyWithin((lo + 2) * PS, hi * PS, count * PS);
    poly.count = lo + 1;
    pushVertex(poly, p, ia, ib);
    poly.count = count - removed + 1;
  } else {
    // The removed run wraps past the last slot: the kept run hi .. lo moves to the front, w last.
    poly.data.copyWithin(0, hi * PS, (lo + 1) * PS);
    poly.count = lo - hi + 1;
    pushVertex(poly, p, ia, ib);
  }
}

function addSupport(poly: Poly, p: RelativePair, dx: number, dy: number): void {
  const ia = supportIndex(p.shapeA.xy, -dx, -dy, p.shapeA.count);
  const ib = supportIndex(p.shapeB.xy, p.c * dx + p.s * dy, -p.s * dx + p.c * dy, p.shapeB.count);
  if (!hasVertex(poly, ia, ib)) pushVertex(poly, p, ia, ib);
}

/**
 * Penetration depth, push-out normal and deepest points of two shapes. `useRadii` includes the
 * rounding radii (the true shapes). Shapes that do not overlap give overlapping = false, depth 0.
 * Never throws: malformed input gives state `degenerate`.
 */
export function penetration(input: DistanceInput): PenetrationOutput {
  const trace: EpaStep[] | null = input.trace ? [] : null;
  const withTrace = <T extends object>(o: T) => (trace ? { ...o, trace } : o);
  if (!isWellFormed(input)) {
    return withTrace({
      state: 'degenerate' as QueryState,
      overlapping: false,
      depth: 0,
      normal: { x: 0, y: 0 },
      pointA: { x: input.transformA.x, y: input.transformA.y },
      pointB: { x: input.transformB.x, y: input.transformB.y },
      iterations: 0,
      polytope: [],
    });
  }
  const p = relativePair(input);
  const vA = p.shapeA.xy;
  const vB = p.shapeB.xy;
  const rA = input.useRadii ? p.shapeA.radius : 0;
  const rB = input.useRadii ? p.shapeB.radius : 0;
  const tol = GJK_TOLERANCE * p.scale;
  const g = gjkLocal(p, input.maxIterations ?? defaultGjkIterations(p.shapeA.count, p.shapeB.count), null, emptyGjkResult());

  if (!g.overlap) {
    // Cores apart: the shapes overlap only through their radii, along the cores' closest direction.
    const d = Math.hypot(g.vx, g.vy);
    const nx = d > 0 ? g.vx / d : 0;
    const ny = d > 0 ? g.vy / d : 0;
    const { ax, ay, bx: bxv, by: byv } = simplexWitness(g, { ax: 0, ay: 0, bx: 0, by: 0 });
    const depth = rA + rB - d;
    const overlapping = depth >= -tol;
    return withTrace({
      state: (g.capped ? 'not-converged' : 'ok') as QueryState,
      overlapping,
      depth: overlapping ? Math.max(0, depth) : 0,
      normal: dirToWorld(p, nx, ny),
      pointA: toWorld(p, ax + rA * nx, ay + rA * ny),
      pointB: toWorld(p, bxv - rB * nx, byv - rB * ny),
      iterations: g.iterations,
      polytope: [],
    });
  }

  const cap = input.maxIterations ?? defaultEpaIterations(p.shapeA.count, p.shapeB.count);
  const poly: Poly = { data: new Float64Array((cap + 12) * PS), count: 0 };
  for (let k = 0; k < g.count; k++) {
    const v = simplexVertex(g.simplex, k);
    if (!hasVertex(poly, v[4], v[5])) pushVertex(poly, p, v[4], v[5]);
  }
  // Widen the seed so that it has area even when GJK stopped on a touching vertex or edge.
  addSupport(poly, p, 1, 0);
  addSupport(poly, p, -1, 0);
  addSupport(poly, p, 0, 1);
  addSupport(poly, p, 0, -1);
  hullInPlace(poly);
  if (poly.count === 2) {
    const ex = wx(poly, 1) - wx(poly, 0);
    const ey = wy(poly, 1) - wy(poly, 0);
    addSupport(poly, p, -ey, ex);
    addSupport(poly, p, ey, -ex);
    hullInPlace(poly);
  }
  if (poly.count < 3) {
    // The cores' Minkowski difference has no area (collinear segments, or points): they touch
    // with zero core depth; any normal of the line separates them, the left one by convention.
    let nx = 0;
    let ny = 1;
    if (poly.count === 2) {
      const ex = wx(poly, 1) - wx(poly, 0);
      const ey = wy(poly, 1) - wy(poly, 0);
      const l = Math.hypot(ex, ey);
      nx = -ey / l;
      ny = ex / l;
    }
    const d = poly.data;
    return withTrace({
      state: 'degenerate' as QueryState,
      overlapping: true,
      depth: rA + rB,
      normal: dirToWorld(p, nx, ny),
      pointA: toWorld(p, d[0]! + rA * nx, d[1]! + rA * ny),
      pointB: toWorld(p, d[0]! - rB * nx, d[1]! - rB * ny),
      iterations: g.iterations,
      polytope: polytopeToWorld(p, poly),
    });
  }

  let iterations = 0;
  let converged = false;
  let edge = 0;
  let dist = 0;
  let nx = 0;
  let ny = 0;
  for (;;) {
    // Closest edge of the polytope to the origin (the origin is inside: distances are >= 0).
    dist = Infinity;
    for (let k = 0; k < poly.count; k++) {
      const k1 = k + 1 === poly.count ? 0 : k + 1;
      const ex = wx(poly, k1) - wx(poly, k);
      const ey = wy(poly, k1) - wy(poly, k);
      const l = Math.hypot(ex, ey);
      if (!(l > 0)) continue;
      const mx = ey / l;
      const my = -ex / l;
      const d = mx * wx(poly, k) + my * wy(poly, k);
      if (d < dist) {
        dist = d;
        edge = k;
        nx = mx;
        ny = my;
      }
    }
    if (trace) trace.push({ polytope: polytopeToWorld(p, poly), closestEdge: edge, distance: dist });
    if (iterations >= cap) break;
    const ia = supportIndex(vA, -nx, -ny, p.shapeA.count);
    const ib = supportIndex(vB, p.c * nx + p.s * ny, -p.s * nx + p.c * ny, p.shapeB.count);
    iterations++;
    if (hasVertex(poly, ia, ib)) {
      converged = true;
      break;
    }
    const gain = nx * (bx(p, ib) - vA[2 * ia]!) + ny * (by(p, ib) - vA[2 * ia + 1]!) - dist;
    if (gain <= tol) {
      converged = true;
      break;
    }
    insertSupport(poly, p, edge, ia, ib);
  }

  // Witness points: the origin's projection on the closest edge, by its barycentric coordinate.
  // Collinear polytope edges tie on distance (e.g. concentric aligned boxes, whose Minkowski
  // difference has vertex pairs all along one side); the projection lies on one of them, so
  // walk along the line to it rather than clamp to a wrong end.
  const paramOn = (k: number) => {
    const j = k + 1 === poly.count ? 0 : k + 1;
    const ex = wx(poly, j) - wx(poly, k);
    const ey = wy(poly, j) - wy(poly, k);
    const ll = ex * ex + ey * ey;
    return ll > 0 ? -(wx(poly, k) * ex + wy(poly, k) * ey) / ll : 0;
  };
  const lineDistance = (k: number) => {
    const j = k + 1 === poly.count ? 0 : k + 1;
    const ex = wx(poly, j) - wx(poly, k);
    const ey = wy(poly, j) - wy(poly, k);
    const l = Math.hypot(ex, ey);
    return l > 0 ? (ey * wx(poly, k) - ex * wy(poly, k)) / l : Infinity;
  };
  for (let steps = 0; steps < poly.count; steps++) {
    const t = paramOn(edge);
    const next = t < 0 ? (edge + poly.count - 1) % poly.count : t > 1 ? (edge + 1) % poly.count : -1;
    if (next < 0 || !(lineDistance(next) <= dist + tol)) break;
    edge = next;
  }
  const k0 = edge;
  const k1 = edge + 1 === poly.count ? 0 : edge + 1;
  const t = Math.min(1, Math.max(0, paramOn(edge)));
  const d = poly.data;
  const lerp = (o: number) => d[k0 * PS + o]! + t * (d[k1 * PS + o]! - d[k0 * PS + o]!);
  // The closest boundary point is dist * n (n outward): B moves by -dist * n to separate, so the
  // push-out normal from A towards B is -n.
  const px = -nx;
  const py = -ny;
  return withTrace({
    state: (converged ? (g.degenerate ? 'degenerate' : 'ok') : 'not-converged') as QueryState,
    overlapping: true,
    depth: Math.max(0, dist) + rA + rB,
    normal: dirToWorld(p, px, py),
    pointA: toWorld(p, lerp(0) + rA * px, lerp(1) + rA * py),
    pointB: toWorld(p, lerp(2) - rB * px, lerp(3) - rB * py),
    iterations: g.iterations + iterations,
    polytope: polytopeToWorld(p, poly),
  });
}
