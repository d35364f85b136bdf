import type { ToiInput, ToiOutput, ToiState } from './types';
import { supportIndex } from '../shapes/support';
import { edgeClosestToOrigin, solveSimplex, SIMPLEX_PAYLOAD, SIMPLEX_WEIGHT, SIMPLEX_X, SIMPLEX_Y } from '../narrow/simplex';
import { contactTolerance } from './motion';
import { separatedAtEnd } from './separated';

/** Default iteration cap; polygonal cores converge in a handful of iterations, rounded ones fast. */
const DEFAULT_MAX_ITERATIONS = 64;

// Simplex rows in narrow/simplex.ts's layout: [x − y (x, y), weight, y = a − b (x, y), a (x, y),
// b (x, y)], A's frame, B at t = 0. Module-level: a query allocates nothing per iteration, and
// queries never re-enter.
const STRIDE = 9;
const QX = SIMPLEX_X;
const QY = SIMPLEX_Y;
const WT = SIMPLEX_WEIGHT;
const YX = SIMPLEX_PAYLOAD;
const YY = SIMPLEX_PAYLOAD + 1;
const AX = SIMPLEX_PAYLOAD + 2;
const AY = SIMPLEX_PAYLOAD + 3;
const BX = SIMPLEX_PAYLOAD + 4;
const BY = SIMPLEX_PAYLOAD + 5;
const rows = new Float64Array(4 * STRIDE);
/** Scratch for the closest point of an edge simplex (edgeClosestToOrigin). */
const foot = new Float64Array(2);

/**
 * Time of impact of two translating convex shapes by GJK ray casting (van den Bergen, "Ray
 * Casting against General Convex Objects with Application to Continuous Collision Detection",
 * 2004; "Collision Detection in Interactive 3D Environments", §4.3.5), with the rounding radii
 * handled as a margin the way Box2D's b2ShapeCast does it (Catto).
 *
 * Work is in A's frame (so that far-away scenes keep their digits, as narrow/relative.ts explains).
 * B translates relative to A with velocity v, so the cores meet when v t ∈ K = A ⊖ B, and the
 * rounded shapes when dist(v t, K) <= rA + rB. The ray point x = v λ starts at tMin; each
 * iteration takes the support point p of K along the current closest direction z (from K's
 * current estimate to x): when x is beyond the support plane (pushed out by the radii), λ moves
 * forward to that plane — which cannot skip a contact, as the plane separates everything before it
 * from K grown by the radii — and GJK's sub-algorithm updates z for the moved x. It stops when x
 * is within `tolerance` of K grown by the radii (hit), the ray leaves the plane (separated), or
 * λ passes tMax.
 *
 * Spins are ignored (the dispatcher only calls this when neither shape's surface turns).
 */
export function gjkRaycast(input: ToiInput): ToiOutput {
  const { shapeA, shapeB, transformA: xa, transformB: xb, velocityA: va, velocityB: vb, tMin, tMax } = input;
  const vertsA = shapeA.xy;
  const vertsB = shapeB.xy;
  const rA = shapeA.radius;
  const rB = shapeB.radius;
  const R = rA + rB;
  // B relative to A at t = 0: rotation (rc, rs), translation (rx, ry), all in A's frame.
  const dx = xb.x - xa.x;
  const dy = xb.y - xa.y;
  const rc = xa.c * xb.c + xa.s * xb.s;
  const rs = xa.c * xb.s - xa.s * xb.c;
  const rx = xa.c * dx + xa.s * dy;
  const ry = -xa.s * dx + xa.c * dy;
  const wvx = vb.x - va.x;
  const wvy = vb.y - va.y;
  const vx = xa.c * wvx + xa.s * wvy;
  const vy = -xa.s * wvx + xa.c * wvy;
  const tol = input.tolerance ?? contactTolerance(shapeA, shapeB);
  const maxIterations = input.maxIterations ?? DEFAULT_MAX_ITERATIONS;

  let n = 0;
  const push = (ia: number, ib: number): void => {
    const ax = vertsA[2 * ia]!;
    const ay = vertsA[2 * ia + 1]!;
    const bx = vertsB[2 * ib]!;
    const by = vertsB[2 * ib + 1]!;
    const o = n * STRIDE;
    const bxx = rc * bx - rs * by + rx;
    const byy = rs * bx + rc * by + ry;
    rows[o + AX] = ax;
    rows[o + AY] = ay;
    rows[o + BX] = bxx;
    rows[o + BY] = byy;
    rows[o + YX] = ax - bxx;
    rows[o + YY] = ay - byy;
    n++;
  };
  push(0, 0);

  let lambda = tMin;
  let px = vx * lambda;
  let py = vy * lambda;
  // Normal of the last plane the ray was advanced to (fallback when x ends on K itself).
  let nx = 0;
  let ny = 0;
  let zx = 0;
  let zy = 0;
  let dist = 0;
  let state: ToiState = 'failed';
  let iterations = 0;

  for (;;) {
    // Closest point z of conv{x − y} to the origin; keep only the vertices that support it.
    for (let i = 0; i < n; i++) {
      rows[i * STRIDE + QX] = px - rows[i * STRIDE + YX]!;
      rows[i * STRIDE + QY] = py - rows[i * STRIDE + YY]!;
    }
    const m = solveSimplex(rows, STRIDE, n);
    n = m < 0 ? -m : m;
    zx = 0;
    zy = 0;
    for (let i = 0; i < n; i++) {
      zx += rows[i * STRIDE + WT]! * rows[i * STRIDE + QX]!;
      zy += rows[i * STRIDE + WT]! * rows[i * STRIDE + QY]!;
    }
    // On an edge, the weighted sum tilts z for a long edge (a 1e8 wall): take the edge's normal.
    if (n === 2 && edgeClosestToOrigin(rows[QX]!, rows[QY]!, rows[STRIDE + QX]!, rows[STRIDE + QY]!, foot)) {
      zx = foot[0]!;
      zy = foot[1]!;
    }
    dist = n === 3 ? 0 : Math.hypot(zx, zy);
    if (dist - R <= tol) {
      state = lambda === tMin ? 'overlapped' : 'hit';
      break;
    }
    if (iterations >= maxIterations) break;
    iterations++;
    // Support of K = A ⊖ B along z: A's support along z minus B's along −z.
    const ia = supportIndex(vertsA, zx, zy, shapeA.count);
    const ib = supportIndex(vertsB, -(rc * zx + rs * zy), -(-rs * zx + rc * zy), shapeB.count);
    const ax = vertsA[2 * ia]!;
    const ay = vertsA[2 * ia + 1]!;
    const bx = vertsB[2 * ib]!;
    const by = vertsB[2 * ib + 1]!;
    const sx = ax - (rc * bx - rs * by + rx);
    const sy = ay - (rs * bx + rc * by + ry);
    // Signed distance of x beyond the support plane of K with normal z/|z|.
    const ux = zx / dist;
    const uy = zy / dist;
    const ahead = ux * (px - sx) + uy * (py - sy);
    if (ahead - R > 0) {
      const closing = -(ux * vx + uy * vy);
      if (!(closing > 0)) {
        state = 'separated';
        break;
      }
      lambda += (ahead - R) / closing;
      if (!(lambda <= tMax)) {
        state = 'separated';
        break;
      }
      px = vx * lambda;
      py = vy * lambda;
      nx = ux;
      ny = uy;
    } else if (dist - ahead <= tol) {
      // GJK has converged on a distance that the plane test cannot improve on: x is within
      // rounding of K's margin surface.
      state = lambda === tMin ? 'overlapped' : 'hit';
      break;
    }
    // A support point already in the simplex means no further progress is possible.
    let repeated = false;
    for (let i = 0; i < n; i++) if (rows[i * STRIDE + YX] === sx && rows[i * STRIDE + YY] === sy) repeated = true;
    if (repeated) {
      if (ahead - R > 0) continue; // the ray moved: re-solve with the same simplex
      break; // 'failed': stuck without convergence (degenerate input)
    }
    push(ia, ib);
  }

  // A miss says nothing about the pair at tMax, where `separated` is reported: measure it there.
  if (state === 'separated') return separatedAtEnd(input, 'gjk-raycast', iterations);
  // Output in the world at time λ. Closest points from the barycentric weights (A frame).
  let pax = 0;
  let pay = 0;
  let pbx = 0;
  let pby = 0;
  for (let i = 0; i < n; i++) {
    const o = i * STRIDE;
    pax += rows[o + WT]! * rows[o + AX]!;
    pay += rows[o + WT]! * rows[o + AY]!;
    pbx += rows[o + WT]! * rows[o + BX]!;
    pby += rows[o + WT]! * rows[o + BY]!;
  }
  pbx += vx * lambda;
  pby += vy * lambda;
  // The closest-point direction is only meaningful while the cores are clearly apart; when they
  // end (nearly) touching, the normal of the last plane the ray was advanced to is the contact
  // normal (a face normal for a vertex meeting a face).
  let ox: number;
  let oy: number;
  if (dist > 0 && ((R > 0 && dist > 0.5 * R) || (nx === 0 && ny === 0))) {
    ox = zx / dist;
    oy = zy / dist;
  } else {
    ox = nx;
    oy = ny;
  }
  const sAx = pax + rA * ox;
  const sAy = pay + rA * oy;
  const sBx = pbx - rB * ox;
  const sBy = pby - rB * oy;
  const cx = (sAx + sBx) / 2;
  const cy = (sAy + sBy) / 2;
  const txa = xa.x + va.x * lambda;
  const tya = xa.y + va.y * lambda;
  return {
    state,
    t: lambda,
    point: { x: xa.c * cx - xa.s * cy + txa, y: xa.s * cx + xa.c * cy + tya },
    normal: { x: xa.c * ox - xa.s * oy, y: xa.s * ox + xa.c * oy },
    separation: Math.max(0, dist - R),
    iterations,
    method: 'gjk-raycast',
  };
}
