import type { Vec2 } from '../math/vec2';
import type { ToiInput, ToiOutput } from './types';
import { maxRadius } from './motion';

/**
 * Time of impact of two translating polygons (radius 0; segments count as two-sided polygons) by
 * a linear cast against their Minkowski difference (the "linear cast" of wildbunny's "Collision
 * detection for dummies"; van den Bergen, "Collision Detection in Interactive 3D Environments",
 * §2.4 and §4.3.5 for the ray–Minkowski-difference view of translational motion).
 *
 * B moves relative to A with velocity v, so at time t the difference B ⊖ A has moved by v t and
 * contains the origin when −v t ∈ B ⊖ A: a ray from the origin along d = vA − vB (the relative
 * velocity of A with respect to B) against the static difference. Its edges are B's edges, each
 * shifted by the vertex of A deepest against that edge's normal, and A's edges reversed, each
 * shifted by B's deepest vertex (Minkowski sums of convex polygons: de Berg et al.,
 * "Computational Geometry", §13.3). The ray enters through a front-facing edge (normal against the
 * ray), so back-facing edges are skipped; the first front-facing edge it crosses gives the time,
 * the edge's origin gives the contact (a vertex of one shape on an edge of the other) and the
 * edge's normal the contact normal.
 *
 * Work is in A's frame (see narrow/relative.ts). Spins are ignored: the dispatcher only calls this
 * for pairs whose surfaces do not turn. Both shapes must have radius 0 and at least 2 vertices.
 */
export function linearCast(input: ToiInput): ToiOutput {
  const { shapeA, shapeB, transformA: xa, transformB: xb, velocityA: va, velocityB: vb, tMin, tMax } = input;
  const A = shapeA.vertices;
  const B = shapeB.vertices;
  const nA = A.length;
  const nB = B.length;
  // B's vertices in A's frame at t = 0.
  const dx = xb.x - xa.x;
  const dy = xb.y - xa.y;
  const rc = xa.c * xb.c + xa.s * xb.s;
  const rs = xa.c * xb.s - xa.s * xb.c;
  const rx = xa.c * dx + xa.s * dy;
  const ry = -xa.s * dx + xa.c * dy;
  const Bx = new Float64Array(nB);
  const By = new Float64Array(nB);
  for (let i = 0; i < nB; i++) {
    const b = B[i]!;
    Bx[i] = rc * b.x - rs * b.y + rx;
    By[i] = rs * b.x + rc * b.y + ry;
  }
  // Ray direction d = vA − vB in A's frame.
  const wx = va.x - vb.x;
  const wy = va.y - vb.y;
  const ddx = xa.c * wx + xa.s * wy;
  const ddy = -xa.s * wx + xa.c * wy;
  const tol =
    input.tolerance ??
    1e-9 * (maxRadius(shapeA) + maxRadius(shapeB) + Math.hypot(rx, ry) + Math.hypot(ddx, ddy) * Math.abs(tMax - tMin));
  // Ray start (the origin moved back to tMin).
  const sx = ddx * tMin;
  const sy = ddy * tMin;

  // Best entry so far, and the largest signed distance of the start beyond any edge (SAT): the
  // start is inside (or touching) the difference when that is <= tol.
  let bestT = Infinity;
  let bestNx = 0;
  let bestNy = 0;
  let bestPx = 0;
  let bestPy = 0;
  let sep = -Infinity;
  let sepNx = 0;
  let sepNy = 0;

  // One edge P → Q of B ⊖ A with outward normal (nx, ny); the contact point in A's frame at the
  // hit is `fixed` (when the edge comes from B, A's vertex; when from A, A's edge point).
  const edge = (
    px: number,
    py: number,
    qx: number,
    qy: number,
    nx: number,
    ny: number,
    fromB: boolean,
    ax: number,
    ay: number,
    a2x: number,
    a2y: number,
  ): void => {
    const h = nx * px + ny * py;
    const beyond = nx * sx + ny * sy - h;
    if (beyond > sep) {
      sep = beyond;
      sepNx = nx;
      sepNy = ny;
    }
    const nd = nx * ddx + ny * ddy;
    if (!(nd < 0)) return; // back-facing or parallel: the ray cannot enter here
    const s = beyond / -nd; // ray parameter from tMin to the edge's line
    if (s < 0 || tMin + s >= bestT) return;
    // Where on the edge the ray crosses its line (u ∈ [0, 1] within rounding).
    const ex = qx - px;
    const ey = qy - py;
    const l2 = ex * ex + ey * ey;
    const hx = sx + ddx * s;
    const hy = sy + ddy * s;
    let u = l2 > 0 ? ((hx - px) * ex + (hy - py) * ey) / l2 : 0;
    const slack = l2 > 0 ? tol / Math.sqrt(l2) : 0;
    if (u < -slack || u > 1 + slack) return;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    bestT = tMin + s;
    bestNx = nx;
    bestNy = ny;
    if (fromB) {
      bestPx = ax;
      bestPy = ay;
    } else {
      bestPx = ax + (a2x - ax) * u;
      bestPy = ay + (a2y - ay) * u;
    }
  };

  // Edges of B (each with A's vertex deepest against the edge normal: lowest n·a).
  const edgesB = nB === 2 ? 2 : nB;
  for (let i = 0; i < edgesB; i++) {
    const j = (i + 1) % nB;
    const ex = Bx[j]! - Bx[i]!;
    const ey = By[j]! - By[i]!;
    const l = Math.hypot(ex, ey);
    if (!(l > 0)) continue;
    const nx = ey / l;
    const ny = -ex / l;
    let k = 0;
    let lowest = Infinity;
    for (let m = 0; m < nA; m++) {
      const p = A[m]!.x * nx + A[m]!.y * ny;
      if (p < lowest) {
        lowest = p;
        k = m;
      }
    }
    const a = A[k]!;
    edge(Bx[i]! - a.x, By[i]! - a.y, Bx[j]! - a.x, By[j]! - a.y, nx, ny, true, a.x, a.y, 0, 0);
  }
  // Edges of A reversed (B ⊖ A contains −A): normal −m, shifted by B's vertex deepest along −m.
  const edgesA = nA === 2 ? 2 : nA;
  for (let i = 0; i < edgesA; i++) {
    const j = (i + 1) % nA;
    const ai = A[i]!;
    const aj = A[j]!;
    const ex = aj.x - ai.x;
    const ey = aj.y - ai.y;
    const l = Math.hypot(ex, ey);
    if (!(l > 0)) continue;
    const mx = ey / l;
    const my = -ex / l;
    let k = 0;
    let lowest = Infinity;
    for (let m = 0; m < nB; m++) {
      const p = Bx[m]! * mx + By[m]! * my;
      if (p < lowest) {
        lowest = p;
        k = m;
      }
    }
    // Edge of the difference: b − a_j → b − a_i (the reversed edge keeps the boundary CCW).
    edge(Bx[k]! - aj.x, By[k]! - aj.y, Bx[k]! - ai.x, By[k]! - ai.y, -mx, -my, false, aj.x, aj.y, ai.x, ai.y);
  }

  const toWorld = (t: number, x: number, y: number): Vec2 => ({
    x: xa.c * x - xa.s * y + xa.x + va.x * t,
    y: xa.s * x + xa.c * y + xa.y + va.y * t,
  });
  const dirWorld = (x: number, y: number): Vec2 => ({ x: xa.c * x - xa.s * y, y: xa.s * x + xa.c * y });

  if (sep <= tol) {
    // Touching or overlapping at tMin. The contact normal from A to B is minus the difference's
    // edge normal (the difference's edges face away from B ⊖ A's inside, i.e. from B towards A).
    return {
      state: 'overlapped',
      t: tMin,
      point: toWorld(tMin, 0, 0),
      normal: dirWorld(-sepNx, -sepNy),
      separation: Math.max(0, sep),
      iterations: 0,
      method: 'linear-cast',
    };
  }
  if (!(bestT <= tMax)) {
    return {
      state: 'separated',
      t: tMax,
      point: toWorld(tMax, 0, 0),
      normal: dirWorld(-sepNx, -sepNy),
      separation: sep,
      iterations: 0,
      method: 'linear-cast',
    };
  }
  return {
    state: 'hit',
    t: bestT,
    point: toWorld(bestT, bestPx, bestPy),
    normal: dirWorld(-bestNx, -bestNy),
    separation: 0,
    iterations: 0,
    method: 'linear-cast',
  };
}
