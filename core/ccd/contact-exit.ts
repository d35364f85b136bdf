import type { ToiInput } from './types';
import { contactTolerance, effectiveSpin, maxRadius, poseAt, poseAtInto, type MutableTransform } from './motion';
import { signedDepth } from './step-depth';
import { timeOfImpact } from './toi';

/**
 * The end of a contact: given two shapes touching at `tMin` (for instance at a time of impact),
 * the first time after it at which they are apart again — the first separation, not the last one
 * before some later time (a spinning bar meets a target twice a turn: measuring to the last
 * separation before the end of a step would count many turns as one contact).
 *
 * - Without turning, the contact times form one interval: the relative motion is a line and the
 *   set of translations at which the shapes touch, their Minkowski difference, is convex (van den
 *   Bergen, "Collision Detection in Interactive 3D Environments", §2.4). Its end is a time of
 *   impact run backwards from tMax (motion reversed), exact to the method's tolerance.
 * - With turning, "exit advancement": conservative advancement (Mirtich 1996, §2.3) on the
 *   penetration depth instead of the distance. Touching at t with depth δ, the pair keeps
 *   touching (separation at most `tolerance`) until at least t + (δ + tolerance) / L, L the
 *   largest relative surface speed (relative speed plus each spin times its largest radius),
 *   because the signed depth changes no faster than L. Steps grow geometrically while the contact
 *   deepens and shrink geometrically towards its end, as CA's do towards a contact. A step is
 *   never shorter than 1e-6 of the time elapsed since tMin (so a contact is measured to that
 *   relative accuracy; a gap shorter than that inside a contact is not seen), and the iteration
 *   cap stops long shallow contacts (a polygon rolling on a floor) with `failed` and the time up
 *   to which touching was proven.
 *
 * The reported `t` is the last time at which touching was established, never after the first
 * separation found: a contact is reported no longer than it is (to the accuracy above), so that
 * a number of substeps computed from it is enough.
 */

export interface ContactExitOutput {
  /**
   * - `exit`: apart just after `t` (within the accuracy above).
   * - `stays`: touching through tMax (`t === tMax`).
   * - `failed`: the cap was reached; touching is established up to `t`.
   */
  readonly state: 'exit' | 'stays' | 'failed';
  /**
   * When the contact began: tMin when the shapes touch there, else the first time after tMin
   * found touching (tMin may be a time of impact, reported up to its time tolerance early). The
   * contact lasts t − start. When no touch is found before the cap, `start === t`.
   */
  readonly start: number;
  readonly t: number;
  /**
   * `exit` only: a time, at or after `t`, at which the shapes were measured apart (the first
   * evaluation that found them so; for the translation-only path the exit itself). A search for
   * the next contact starts there, past the end of this one.
   */
  readonly apartAt?: number;
  /** Depth (or distance) evaluations and time-of-impact iterations spent. */
  readonly iterations: number;
}

/** Default cap on depth evaluations of the exit advancement. */
export const CONTACT_EXIT_MAX_ITERATIONS = 400;

/** Relative accuracy of a contact's length: the shortest step, as a fraction of the time elapsed. */
const RELATIVE_STEP = 1e-6;

export function contactExit(input: ToiInput): ContactExitOutput {
  const { shapeA, shapeB, tMin, tMax } = input;
  if (!(tMax > tMin)) return { state: 'stays', start: tMin, t: tMax, iterations: 0 };
  const wA = effectiveSpin(shapeA, input.spinA);
  const wB = effectiveSpin(shapeB, input.spinB);
  if (wA === 0 && wB === 0) {
    const r = reverseExit(input);
    if (r) return r;
  }
  return exitAdvancement(input, wA, wB);
}

/** Translation only: a time of impact from tMax back to tMin with the motion reversed. */
function reverseExit(input: ToiInput): ContactExitOutput | null {
  const { tMax } = input;
  const options = {
    ...(input.tolerance !== undefined ? { tolerance: input.tolerance } : {}),
    ...(input.maxIterations !== undefined ? { maxIterations: input.maxIterations } : {}),
  };
  // Where the contact starts: the translation methods are exact, so a forward query from tMin.
  const ahead = timeOfImpact({ ...input, ...options });
  if (ahead.state === 'failed') return null;
  if (ahead.state === 'separated') return { state: 'exit', start: tMax, t: tMax, apartAt: tMax, iterations: ahead.iterations };
  const start = ahead.t;
  const xa = poseAt(input.transformA, input.velocityA, 0, tMax);
  const xb = poseAt(input.transformB, input.velocityB, 0, tMax);
  const back = timeOfImpact({
    shapeA: input.shapeA,
    transformA: xa,
    velocityA: { x: -input.velocityA.x, y: -input.velocityA.y },
    spinA: 0,
    shapeB: input.shapeB,
    transformB: xb,
    velocityB: { x: -input.velocityB.x, y: -input.velocityB.y },
    spinB: 0,
    tMin: 0,
    tMax: tMax - start,
    ...options,
  });
  if (back.state === 'overlapped') return { state: 'stays', start, t: tMax, iterations: back.iterations };
  // Rounding can leave the reversed search a hair short of the start: the contact ended at once.
  if (back.state === 'separated') return { state: 'exit', start, t: start, apartAt: start, iterations: back.iterations };
  if (back.state !== 'hit') return null;
  const end = Math.max(start, tMax - back.t);
  return { state: 'exit', start, t: end, apartAt: end, iterations: ahead.iterations + back.iterations };
}

function exitAdvancement(input: ToiInput, wA: number, wB: number): ContactExitOutput {
  const { shapeA, shapeB, tMin, tMax } = input;
  const rvx = input.velocityB.x - input.velocityA.x;
  const rvy = input.velocityB.y - input.velocityA.y;
  const L = Math.hypot(rvx, rvy) + Math.abs(wA) * maxRadius(shapeA) + Math.abs(wB) * maxRadius(shapeB);
  if (!(L > 0)) return { state: 'stays', start: tMin, t: tMax, iterations: 0 };
  const tol = input.tolerance ?? contactTolerance(shapeA, shapeB);
  const cap = input.maxIterations ?? CONTACT_EXIT_MAX_ITERATIONS;
  const xa: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
  const xb: MutableTransform = { x: 0, y: 0, c: 1, s: 0 };
  const depthAt = (t: number): number =>
    signedDepth(
      shapeA,
      poseAtInto(xa, input.transformA, input.velocityA.x, input.velocityA.y, wA, t),
      shapeB,
      poseAtInto(xb, input.transformB, input.velocityB.x, input.velocityB.y, wB, t),
    );

  return advanceThroughContact(depthAt, tMin, tMax, L, tol, cap);
}

/**
 * Conservative advancement through a contact (Mirtich; Catto's TOI notes): `depthAt(t)` is the
 * signed depth at t (negative: apart by that gap), L bounds how fast any point moves relative to
 * the other side, `tol` is the touching tolerance. Steps to the first touching time, then along
 * the contact by how long its depth proves it lasts, until it ends, the interval ends, or `cap`
 * evaluations. Shared by two shapes (contactExit) and a shape against a chain (chain-exit.ts).
 */
export function advanceThroughContact(depthAt: (t: number) => number, tMin: number, tMax: number, L: number, tol: number, cap: number): ContactExitOutput {
  let t = tMin;
  let iterations = 0;
  // The contact's first touching iterate (NaN while still approaching), and the time up to which
  // touching is established.
  let start = NaN;
  let provenUntil = tMin;
  while (iterations < cap) {
    iterations++;
    const depth = depthAt(t);
    let next: number;
    if (!(depth >= -tol)) {
      // Apart. Touching before: the contact ended after the last proven time.
      if (!Number.isNaN(start)) return { state: 'exit', start, t: Math.min(provenUntil, t), apartAt: t, iterations };
      // Not yet touching (a time of impact is reported up to its time tolerance early): conservative
      // advancement proper, no contact before t + (gap − tol) / L.
      next = Math.max(t + (-depth - tol) / L, t + RELATIVE_STEP * (t - tMin), t + 4 * Number.EPSILON * Math.abs(t));
      if (next >= tMax) return { state: 'exit', start: tMax, t: tMax, apartAt: tMax, iterations };
    } else {
      if (Number.isNaN(start)) start = t;
      provenUntil = t + (depth + tol) / L;
      if (provenUntil >= tMax) return { state: 'stays', start, t: tMax, iterations };
      next = Math.max(provenUntil, t + RELATIVE_STEP * (t - start), t + 4 * Number.EPSILON * Math.abs(t));
    }
    t = next >= tMax ? tMax : next;
  }
  return Number.isNaN(start)
    ? { state: 'failed', start: t, t, iterations }
    : { state: 'failed', start, t: Math.min(provenUntil, tMax), iterations };
}
