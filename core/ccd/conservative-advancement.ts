import { defaultGjkIterations, distanceLocal, emptyGjkResult, emptyLocalDistance } from '../narrow/gjk';
import { isFiniteTransform, isWellFormedShape, emptyRelativePair, relativePairInto, type MutableRelativePair } from '../narrow/relative';
import type { AdvanceStep, ToiInput, ToiOutput, ToiState } from './types';
import { contactTolerance, effectiveSpin, maxRadius, poseAtInto, type MutableTransform } from './motion';

/** Default cap on distance evaluations. */
export const ADVANCEMENT_MAX_ITERATIONS = 1000;

/**
 * Time of impact with rotation by conservative advancement (Mirtich, "Impulse-based Dynamic
 * Simulation of Rigid Body Systems", 1996, §2.3; in the formulation of Coumans, Bullet's
 * btContinuousConvexCollision: advance by distance / (relative normal speed + angular bound)).
 *
 * Let n be the unit normal from A to B at the current closest points and d the separation. The
 * projection of B's points minus A's points on the fixed axis n is at most the distance, equals it
 * now, and shrinks no faster than
 *     b = max(0, −(vB − vA)·n) + |ωA| rA + |ωB| rB
 * (rX: the largest distance of X's surface from its rotation origin), because a point of a body
 * spinning at ω about a point r away moves at most |ω| r. So no contact can happen before t + d/b,
 * and advancing there is safe; repeating converges on the first contact from below.
 *
 * Near the contact the steps shrink geometrically (as fast as the true closing speed compares
 * with b). Once a step falls under the time tolerance τ, a two-sided test takes over: the distance
 * at t + τ is evaluated too, and the lower envelope of the two one-sided bounds (from t forward,
 * from t + τ backward along that end's normal) decides — contact at t + τ: hit at t (within τ);
 * envelope above the tolerance: the window is clear, jump to t + τ; otherwise the window is
 * bisected until one of the two holds. This is the no-progress test: the search always moves by at
 * least τ or stops, so it terminates, and the iteration cap stops pathological inputs with `failed`
 * and the time up to which separation is proven.
 *
 * Touching within `tolerance` at tMin is `overlapped`. With `trace`, the iterates the search
 * commits to are recorded for the preview (pose pair, distance, normal, closest points): tMin,
 * each time advanced to, and last the reported t — so the trace runs forward in time and ends
 * at the answer. The end game's look-ahead evaluations (at t + τ and the bisection's midpoints,
 * which lie after the answer when it is a hit) are counted in `iterations` but are not steps.
 *
 * `searchUntil` (default tMax) lets the dispatcher stop the search early when the relative motion
 * repeats (one shape spinning, no relative translation: nothing new happens after one turn); a
 * `separated` answer still refers to tMax, where the separation is measured.
 *
 * Each evaluation is one GJK distance query on the pair's poses at t, through gjk.ts's in-place
 * entry (`distanceLocal` on a relative pair refilled in place): hundreds of evaluations a query
 * allocate nothing unless a trace is asked for. Malformed shapes give `failed`.
 */
export function conservativeAdvancement(input: ToiInput, searchUntil: number = input.tMax): ToiOutput {
  const { shapeA, shapeB, transformA, transformB, velocityA, velocityB, tMin, tMax } = input;
  const wA = effectiveSpin(shapeA, input.spinA);
  const wB = effectiveSpin(shapeB, input.spinB);
  const rvx = velocityB.x - velocityA.x;
  const rvy = velocityB.y - velocityA.y;
  const radiusA = maxRadius(shapeA);
  const radiusB = maxRadius(shapeB);
  const angular = Math.abs(wA) * radiusA + Math.abs(wB) * radiusB;
  const relSpeed = Math.hypot(rvx, rvy);
  const lipschitz = relSpeed + angular;
  const span = tMax - tMin;
  // Touching depends on the shapes' size only (motion.ts contactTolerance): a tolerance that grew
  // with lipschitz × span would call a clear gap a touch once the search is long and fast enough.
  const tol = input.tolerance ?? contactTolerance(shapeA, shapeB);
  const tau = input.timeTolerance ?? 1e-6 * span;
  const cap = input.maxIterations ?? ADVANCEMENT_MAX_ITERATIONS;
  const trace: AdvanceStep[] | undefined = input.trace ? [] : undefined;

  let iterations = 0;
  // The last evaluation (reused for the output), world frame.
  let evT = NaN;
  let evD = 0;
  let evNx = 0;
  let evNy = 0;
  let evAx = 0;
  let evAy = 0;
  let evBx = 0;
  let evBy = 0;

  // Per-evaluation scratch: both poses, the relative pair and the distance, refilled in place.
  const xa: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
  const xb: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
  const pair: MutableRelativePair = emptyRelativePair();
  const dist = emptyLocalDistance();
  const gjk = emptyGjkResult();
  const gjkCap = defaultGjkIterations(shapeA.count, shapeB.count);
  const evaluate = (t: number): number => {
    iterations++;
    poseAtInto(xa, transformA, velocityA.x, velocityA.y, wA, t);
    poseAtInto(xb, transformB, velocityB.x, velocityB.y, wB, t);
    evT = t;
    if (!isFiniteTransform(xa) || !isFiniteTransform(xb)) {
      // Poses beyond floating point (an overflowing t × v): nothing to measure, read as touching.
      evD = 0;
      evNx = evNy = 0;
      evAx = xa.x;
      evAy = xa.y;
      evBx = xb.x;
      evBy = xb.y;
    } else {
      const p = relativePairInto(pair, shapeA, xa, shapeB, xb);
      const d = distanceLocal(p, true, gjkCap, null, gjk, dist);
      evD = d.overlapping ? 0 : d.distance;
      // A frame → world (Box2D's b2TransformPoint / b2RotateVector).
      evNx = xa.c * d.nx - xa.s * d.ny;
      evNy = xa.s * d.nx + xa.c * d.ny;
      evAx = xa.c * d.ax - xa.s * d.ay + xa.x;
      evAy = xa.s * d.ax + xa.c * d.ay + xa.y;
      evBx = xa.c * d.bx - xa.s * d.by + xa.x;
      evBy = xa.s * d.bx + xa.c * d.by + xa.y;
    }
    return evD;
  };
  // Records the last evaluation as a step of the search, once: callers commit only times the
  // search has moved to, which never decrease.
  const commit = (): void => {
    if (!trace || (trace.length > 0 && trace[trace.length - 1]!.t === evT)) return;
    trace.push({
      t: evT,
      transformA: { x: xa.x, y: xa.y, c: xa.c, s: xa.s },
      transformB: { x: xb.x, y: xb.y, c: xb.c, s: xb.s },
      distance: evD,
      normal: { x: evNx, y: evNy },
      pointA: { x: evAx, y: evAy },
      pointB: { x: evBx, y: evBy },
    });
  };
  // Forward and backward closing-speed bounds along the last evaluation's normal (Mirtich).
  const forwardBound = (): number =>
    evNx === 0 && evNy === 0 ? lipschitz : Math.max(0, -(rvx * evNx + rvy * evNy)) + angular;
  const backwardBound = (): number =>
    evNx === 0 && evNy === 0 ? lipschitz : Math.max(0, rvx * evNx + rvy * evNy) + angular;

  const finish = (state: ToiState, t: number): ToiOutput => {
    if (evT !== t) evaluate(t);
    commit();
    return {
      state,
      t,
      point: { x: (evAx + evBx) / 2, y: (evAy + evBy) / 2 },
      normal: { x: evNx, y: evNy },
      separation: evD,
      iterations,
      method: 'conservative-advancement',
      ...(trace ? { trace } : {}),
    };
  };

  if (!isWellFormedShape(shapeA) || !isWellFormedShape(shapeB)) {
    return { state: 'failed', t: tMin, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, separation: 0, iterations: 0, method: 'conservative-advancement', ...(trace ? { trace } : {}) };
  }
  if (!(span >= 0)) return finish('failed', tMin);
  // Where the search may stop: tMax, or earlier when the caller knows the motion repeats.
  const end = searchUntil >= tMin && searchUntil < tMax ? searchUntil : tMax;
  let t = tMin;
  let d = evaluate(t);
  commit();
  if (d <= tol) return finish('overlapped', t);

  while (iterations < cap) {
    const b = forwardBound();
    if (!(b > 0)) return finish('separated', tMax); // nothing turns and B does not approach A
    let step = d / b;
    // Far field: each shape lies in the disc of its largest radius about its rotation origin, and
    // those discs do not turn, so their gap shrinks no faster than the relative speed. When the
    // spin term dominates b, this bound advances much further (a spinning body approaching slowly).
    const ox = transformB.x + velocityB.x * t - (transformA.x + velocityA.x * t);
    const oy = transformB.y + velocityB.y * t - (transformA.y + velocityA.y * t);
    const discGap = Math.hypot(ox, oy) - radiusA - radiusB;
    if (discGap > tol) {
      if (!(relSpeed > 0)) return finish('separated', tMax);
      step = Math.max(step, discGap / relSpeed);
    }
    if (step >= tau) {
      t += step;
      if (t >= end) return finish('separated', tMax);
      d = evaluate(t);
      commit();
      if (d <= tol) return finish('hit', t);
      continue;
    }
    // Window [t, t + τ]: decide it with both ends.
    const dLo = d;
    const bLo = b;
    const hi = Math.min(t + tau, end);
    const dHi = evaluate(hi);
    if (dHi <= tol) return finish('hit', t);
    const bHi = backwardBound();
    const verdict = clearWindow(t, dLo, bLo, hi, dHi, bHi);
    if (verdict === 'ambiguous') {
      const r = bisectWindow(t, dLo, bLo, hi, dHi, bHi);
      if (r === 'contact') return finish('hit', t);
      if (r === 'capped') return finish('failed', t);
    }
    if (hi >= end) return finish('separated', tMax);
    t = hi;
    d = dHi;
    if (evT !== t) d = evaluate(t);
    commit();
  }
  return finish('failed', t);

  /** Clear when the lower envelope of the one-sided bounds stays above the tolerance. */
  function clearWindow(lo: number, dl: number, bl: number, hi: number, dh: number, bh: number): 'clear' | 'ambiguous' {
    const w = hi - lo;
    // f_lo(s) = dl − bl (s − lo) falls, f_hi(s) = dh − bh (hi − s) rises; the envelope max(f_lo,
    // f_hi) is lowest where they cross (clamped to the window).
    let s = bl + bh > 0 ? (dl - dh + bh * w) / (bl + bh) : 0;
    s = s < 0 ? 0 : s > w ? w : s;
    const m = Math.max(dl - bl * s, dh - bh * (w - s));
    return m > tol ? 'clear' : 'ambiguous';
  }

  /**
   * Decides an ambiguous window by bisection (any contact inside it is within τ of its start, so
   * only existence matters). Stops at a contact, when every piece is clear, when a piece becomes
   * too narrow to tell from a touch (counted as a touch), or at the cap.
   */
  function bisectWindow(
    lo: number,
    dl: number,
    bl: number,
    hi: number,
    dh: number,
    bh: number,
  ): 'contact' | 'clear' | 'capped' {
    const minWidth = Math.max(tau * 1e-6, Math.abs(hi) * 4 * Number.EPSILON);
    // Explicit stack of pending pieces (lo, dl, bl, hi, dh, bh): at most one pending piece per
    // bisection level, so the depth is bounded by log2(τ / minWidth).
    const stack: number[] = [lo, dl, bl, hi, dh, bh];
    while (stack.length > 0) {
      const b2 = stack.pop()!;
      const d2 = stack.pop()!;
      const h = stack.pop()!;
      const b1 = stack.pop()!;
      const d1 = stack.pop()!;
      const l = stack.pop()!;
      if (clearWindow(l, d1, b1, h, d2, b2) === 'clear') continue;
      if (h - l <= minWidth) return 'contact';
      if (iterations >= cap) return 'capped';
      const mid = (l + h) / 2;
      const dm = evaluate(mid);
      if (dm <= tol) return 'contact';
      const fwd = forwardBound();
      const bwd = backwardBound();
      stack.push(mid, dm, fwd, h, d2, b2);
      stack.push(l, d1, b1, mid, dm, bwd);
    }
    return 'clear';
  }
}
