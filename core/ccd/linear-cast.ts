import type { Vec2 } from '../math/vec2';
import { minkowskiDifference } from '../narrow/minkowski';
import type { ToiInput, ToiOutput } from './types';
import { contactTolerance } from './motion';
import { separatedAtEnd } from './separated';

/**
 * Time of impact of two translating polygons (radius 0; segments count as two-sided polygons) by
 * a linear cast against their Minkowski difference (the "linear cast" of wildbunny's "Collision
 * detection for dummies"; van den Bergen, "Collision Detection in Interactive 3D Environments",
 * §2.4 and §4.3.5 for the ray–Minkowski-difference view of translational motion).
 *
 * B moves relative to A with velocity v, so at time t the difference B ⊖ A has moved by v t and
 * contains the origin when −v t ∈ B ⊖ A: a ray from the origin along d = vA − vB (the relative
 * velocity of A with respect to B) against the static difference, built once at tMin by the
 * O(n + m) edge merge of core/narrow/minkowski.ts. The ray enters through a front-facing edge
 * (normal against the ray), so back-facing edges are skipped; the first front-facing edge it
 * crosses gives the time, the edge's origin gives the contact (an edge of B: A's vertex that made
 * it; an edge of A: the point of that edge) and the edge's normal the contact normal. Whether the
 * pair already touches at tMin is the difference's own signed distance.
 *
 * A difference with no area (parallel segments) has no front-facing edge for a ray along its
 * line: such a ray meets it end-on, at the first vertex it passes within tolerance of.
 *
 * Spins are ignored: the dispatcher only calls this for pairs whose surfaces do not turn. Both
 * shapes must have radius 0 and at least 2 vertices.
 */
export function linearCast(input: ToiInput): ToiOutput {
  const { shapeA, shapeB, transformA: xa, transformB: xb, velocityA: va, velocityB: vb, tMin, tMax } = input;
  // Both poses at tMin (translation only): the ray then starts at the origin.
  const md = minkowskiDifference({
    shapeA,
    transformA: { x: xa.x + va.x * tMin, y: xa.y + va.y * tMin, c: xa.c, s: xa.s },
    shapeB,
    transformB: { x: xb.x + vb.x * tMin, y: xb.y + vb.y * tMin, c: xb.c, s: xb.s },
  });
  // Ray direction d = vA − vB (world).
  const ddx = va.x - vb.x;
  const ddy = va.y - vb.y;
  const tol = input.tolerance ?? contactTolerance(shapeA, shapeB);
  // The difference's vertices are world differences, rounded to the last bits of the world
  // coordinates: the end-on and edge-end tests below must not be finer than that.
  const rounding =
    16 *
    Number.EPSILON *
    (Math.abs(xa.x + va.x * tMin) + Math.abs(xa.y + va.y * tMin) + Math.abs(xb.x + vb.x * tMin) + Math.abs(xb.y + vb.y * tMin));
  const geomTol = Math.max(tol, rounding);
  const at = (s: number, p: Vec2): Vec2 => ({ x: p.x + va.x * s, y: p.y + va.y * s });
  // A's origin at tMin: where the answer points when no contact point exists.
  const originA: Vec2 = { x: xa.x + va.x * tMin, y: xa.y + va.y * tMin };
  if (md.state !== 'ok') {
    return { state: 'failed', t: tMin, point: { x: xa.x, y: xa.y }, normal: { x: 0, y: 0 }, separation: 0, iterations: 0, method: 'linear-cast' };
  }
  const W = md.vertices;
  const n = W.length;
  if (md.signedDistance <= tol) {
    return {
      state: 'overlapped',
      t: tMin,
      point: originA,
      normal: md.normal,
      separation: Math.max(0, md.signedDistance),
      iterations: 0,
      method: 'linear-cast',
    };
  }

  // Earliest entry: ray parameter s (time after tMin), the edge's outward normal, the contact.
  let bestS = Infinity;
  let bestNx = 0;
  let bestNy = 0;
  let bestPx = 0;
  let bestPy = 0;
  for (let k = 0; k < md.edges.length; k++) {
    const P = W[k]!;
    const Q = W[k + 1 === n ? 0 : k + 1]!;
    const ex = Q.w.x - P.w.x;
    const ey = Q.w.y - P.w.y;
    const l2 = ex * ex + ey * ey;
    if (!(l2 > 0)) continue;
    const l = Math.sqrt(l2);
    const nx = ey / l;
    const ny = -ex / l;
    const nd = nx * ddx + ny * ddy;
    if (!(nd < 0)) continue; // back-facing or parallel: the ray cannot enter here
    const s = (nx * P.w.x + ny * P.w.y) / nd; // ray parameter at the edge's line
    if (s < 0 || s >= bestS) continue;
    // Where on the edge the ray crosses its line (u ∈ [0, 1] within rounding).
    let u = ((ddx * s - P.w.x) * ex + (ddy * s - P.w.y) * ey) / l2;
    const slack = geomTol / l;
    if (u < -slack || u > 1 + slack) continue;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    bestS = s;
    bestNx = nx;
    bestNy = ny;
    // An edge of B is swept by one vertex of A; an edge of A (reversed) meets one vertex of B.
    const a0 = P.pointA;
    const a1 = md.edges[k]!.source === 'A' ? Q.pointA : a0;
    bestPx = a0.x + (a1.x - a0.x) * u;
    bestPy = a0.y + (a1.y - a0.y) * u;
  }
  const dl = Math.hypot(ddx, ddy);
  if (bestS === Infinity && dl > 0 && isFlat(md.vertices, geomTol)) {
    // A flat difference along the ray's line has no edge facing the ray: it is met end-on.
    for (let k = 0; k < n; k++) {
      const w = W[k]!.w;
      const s = (w.x * ddx + w.y * ddy) / (dl * dl);
      if (s < 0 || s >= bestS || Math.abs(w.x * ddy - w.y * ddx) / dl > geomTol) continue;
      bestS = s;
      // The contact normal from A to B is the direction of approach (the outward normal of the
      // difference's end is −d).
      bestNx = -ddx / dl;
      bestNy = -ddy / dl;
      bestPx = W[k]!.pointA.x;
      bestPy = W[k]!.pointA.y;
    }
  }
  // A miss: the separation, point and normal of a `separated` answer are those at tMax.
  if (!(tMin + bestS <= tMax)) return separatedAtEnd(input, 'linear-cast', 0);
  return {
    state: 'hit',
    t: tMin + bestS,
    point: at(bestS, { x: bestPx, y: bestPy }),
    // The difference's edges face away from its inside, i.e. from B towards A.
    normal: { x: -bestNx, y: -bestNy },
    separation: 0,
    iterations: 0,
    method: 'linear-cast',
  };
}

/** Whether every vertex of the difference lies within `tol` of one line (it has no area). */
function isFlat(W: readonly { readonly w: Vec2 }[], tol: number): boolean {
  // The line through the vertex farthest from the first one: the longest extent of the set.
  const o = W[0]!.w;
  let far = o;
  let farD = 0;
  for (const v of W) {
    const d = Math.hypot(v.w.x - o.x, v.w.y - o.y);
    if (d > farD) {
      farD = d;
      far = v.w;
    }
  }
  if (!(farD > 0)) return true;
  const ux = (far.x - o.x) / farD;
  const uy = (far.y - o.y) / farD;
  for (const v of W) if (Math.abs((v.w.x - o.x) * uy - (v.w.y - o.y) * ux) > tol) return false;
  return true;
}
