import {
  aabbOverlaps,
  conservativeAdvancement,
  contactExit,
  effectiveSpin,
  makeTransform,
  maxRadius,
  poseAt,
  shapeSize,
  signedDepth,
  sweptBounds,
  timeOfImpact,
} from '../../../core';
import type { ContactExitOutput, ConvexShape, ToiInput, ToiOutput, Transform, Vec2 } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';
import type { Severity } from '../common/diagnostic';
import { FindingDiagnostic, featurePhrase, LABEL_INFORMATION, LABEL_RELATED_B } from './finding-diagnostic';
import { formatNumber } from '../../../protocol/format';
import { ImpactFinding } from './findings';
import { flatText } from './flat-text';

/**
 * Continuous detection for one pair of bodies over [0, T], T = frames × dt (scene-language.md,
 * "Findings"), for a pair that does not overlap beyond `slop` at t = 0:
 *
 * - `collision`: first contact at some t, and overlap deeper than `slop` at a step end k·dt — an
 *   ordinary collision a discrete engine sees.
 * - `tunnelling`: first contact at some t in (0, T), yet depth <= slop at every step end.
 * - null: no contact, or touching within slop at t = 0 (resting contact).
 *
 * Per part pair (compounds: the earliest part pair gives the time, point and normal), candidates
 * are rejected by swept bounds over the whole interval (translation plus a rotation bound), never
 * by end positions. The first contact comes from core/ccd's time of impact. Which step ends can
 * be deep is decided without visiting every frame: only a step end inside a contact interval can
 * see overlap, so the search jumps from contact to contact (each found by a time-of-impact query
 * from the previous step end), and inside a contact it skips every step end the depth cannot reach
 * slop by — depth changes no faster than the pair's largest relative surface speed L (relative
 * speed plus each spin times its largest radius), so from depth δ at t no step end before
 * t + (slop − δ)/L can be deep. Work grows with the number of contacts, not with `frames`; where
 * contacts come every step (a fast spin), with the number of step ends up to the first deep one.
 */

/** Time-of-impact accuracy asked of core/ccd, relative to dt (the spec's 1e-4, with margin). */
const TIME_ACCURACY = 1e-5;
/**
 * Most step ends examined per part pair: every step end of the longest look-ahead (MAX_FRAMES,
 * 100 000), so that the walk always finishes on legal input; the cap only guards the loop.
 */
const MAX_STEP_CHECKS = 100_001;
/**
 * Distance evaluations a part pair may spend on resuming a time-of-impact search that reached its
 * iteration cap (`failed`, with the time up to which the pair is proven apart) and on following a
 * long contact to its end. Beyond it, what is still open is reported, not guessed.
 */
const SEARCH_BUDGET = 64_000;
/** Cap of one time-of-impact query (conservative advancement's distance evaluations). */
const QUERY_ITERATIONS = 4000;
/**
 * "Deeper than slop" up to the narrow phase's accuracy, as the overlap finding decides it at t = 0
 * (overlap.ts, 1e-9 of the shapes' size): a pair resting exactly at slop and sliding along stays
 * resting at every step end rather than flickering into a collision on rounding.
 */
const DEPTH_TOLERANCE = 1e-9;

interface PartMotion {
  readonly shape: ConvexShape;
  readonly xf: Transform;
  readonly velocity: Vec2;
  readonly spin: number;
}

export interface PartResult {
  readonly toi: number;
  readonly point: Vec2;
  readonly normal: Vec2;
  /** Some step end sees depth > slop. */
  readonly deep: boolean;
  /** When `deep`: the first such step end k (t = k·dt). */
  readonly deepStep?: number;
  /** Length of the first contact (from `toi` to the first separation after it), seconds. */
  readonly duration: number;
  /** What the search could not settle (see ImpactFinding.undecided); the rest is the cautious reading. */
  readonly undecided?: string;
}

function partMotion(body: SceneBody, velocity: Vec2, xf: Transform, shape: ConvexShape): PartMotion {
  return { shape, xf, velocity, spin: body.spin };
}

export function impactPair(scene: Scene, a: SceneBody, b: SceneBody): ImpactFinding | null {
  const dt = scene.dt;
  const T = scene.frames * dt;
  if (!(dt > 0) || !(T > 0) || a.partCount === 0 || b.partCount === 0) return null;
  // Without spin and with equal velocities the pair's relative pose never changes, so whatever
  // holds at t = 0 (apart, or resting within slop; deeper is an overlap, decided before this)
  // holds over the whole interval: no search needed. Most bodies of a level are at rest.
  if (a.spin === 0 && b.spin === 0 && a.vx === b.vx && a.vy === b.vy) return null;
  let best: (PartResult & { partA: number; partB: number }) | null = null;
  let deep = false;
  let deepStep: number | undefined;
  let undecided: string | undefined;
  // One pose per body: every part of a compound moves with its body's transform.
  const xfA = makeTransform(a.x, a.y, a.angle);
  const xfB = makeTransform(b.x, b.y, b.angle);
  // Made on each read (semantics/scene.ts): once per body, shared by its parts' motions.
  const vA = a.velocity;
  const vB = b.velocity;
  for (let i = 0; i < a.partCount; i++) {
    const ma = partMotion(a, vA, xfA, a.partShape(i));
    const boundsA = sweptBounds(ma.shape, ma.xf, ma.velocity, ma.spin, 0, T);
    for (let j = 0; j < b.partCount; j++) {
      const mb = partMotion(b, vB, xfB, b.partShape(j));
      if (!aabbOverlaps(boundsA, sweptBounds(mb.shape, mb.xf, mb.velocity, mb.spin, 0, T))) continue;
      const r = partPair(ma, mb, dt, scene.frames, scene.slop);
      if (!r) continue;
      deep ||= r.deep;
      // A compound is deeper than slop as soon as one part pair is: the earliest over the parts.
      if (r.deepStep !== undefined && !(deepStep !== undefined && deepStep <= r.deepStep)) deepStep = r.deepStep;
      undecided ??= r.undecided;
      if (!best || r.toi < best.toi) best = { ...r, partA: i, partB: j };
    }
  }
  if (!best) return null;
  if (!deep && !undecided && !(best.toi < T)) return null; // first touch exactly at the end: not in (0, T)
  if (deep) return ImpactFinding.collision(a.name, b.name, a.index, b.index, best.partA, best.partB, undecided, best.toi, best.point, best.normal, deepStep);
  return ImpactFinding.tunnelling(a.name, b.name, a.index, b.index, best.partA, best.partB, undecided, best.toi, best.point, best.normal, substepsFor(best.duration, dt), best.duration);
}

/**
 * Substeps per step so that samples dt/n apart cannot straddle a contact lasting `duration`:
 * n = ceil(dt / duration), at least 2 (one substep is the step itself, which missed it).
 */
function substepsFor(duration: number, dt: number): number {
  if (!(duration > 0)) return Infinity;
  return Math.max(2, Math.ceil(dt / duration));
}

/**
 * One part pair over [0, T]. In order:
 * 1. Touching at t = 0 (within the time-of-impact tolerance; the overlap finding has already
 *    ruled out depth > slop) is resting contact, not an impact. It is followed to its end
 *    (core/ccd/contact-exit.ts): a step end inside it deeper than slop is a collision at t = 0
 *    (the pair was not overlapping at t = 0, and is at a step end: the spec's collision); else the
 *    search goes on from where the contact ends, and a pair that rests and moves apart gives
 *    nothing.
 * 2. The first contact (after the resting one, if any) by core/ccd's time of impact; then the
 *    step ends that can see overlap (`walk`). Deep at one: collision; else tunnelling, with the
 *    length of the first contact for the substep advice.
 * A query that reaches its cap is resumed from where it stopped, within SEARCH_BUDGET; what stays
 * open is reported as `undecided`, with the cautious reading (a contact a discrete engine may
 * miss) as the finding.
 */
function partPair(ma: PartMotion, mb: PartMotion, dt: number, frames: number, slop: number): PartResult | null {
  const T = frames * dt;
  const wA = effectiveSpin(ma.shape, ma.spin);
  const wB = effectiveSpin(mb.shape, mb.spin);
  const rvx = mb.velocity.x - ma.velocity.x;
  const rvy = mb.velocity.y - ma.velocity.y;
  const L = Math.hypot(rvx, rvy) + Math.abs(wA) * maxRadius(ma.shape) + Math.abs(wB) * maxRadius(mb.shape);
  const deepBeyond = slop + DEPTH_TOLERANCE * (shapeSize(ma.shape) + shapeSize(mb.shape));
  const input: ToiInput = {
    shapeA: ma.shape,
    transformA: ma.xf,
    velocityA: ma.velocity,
    spinA: wA,
    shapeB: mb.shape,
    transformB: mb.xf,
    velocityB: mb.velocity,
    spinB: wB,
    tMin: 0,
    tMax: T,
    timeTolerance: TIME_ACCURACY * dt,
    maxIterations: QUERY_ITERATIONS,
  };
  let budget = SEARCH_BUDGET;

  /** Time of impact from `from`, resumed while it stops at its cap and the budget lasts. */
  const toiFrom = (from: number): ToiOutput => {
    let r = timeOfImpact({ ...input, tMin: from });
    budget -= r.iterations;
    if (r.state === 'failed' && r.method !== 'conservative-advancement') {
      // A translation method that could not settle the geometry: the general method instead.
      r = conservativeAdvancement({ ...input, tMin: from });
      budget -= r.iterations;
    }
    while (r.state === 'failed' && budget > 0 && r.t > from) {
      // Apart up to r.t (ToiState `failed`): carry on from there.
      const resumed = r.t;
      r = conservativeAdvancement({ ...input, tMin: resumed });
      budget -= r.iterations;
      if (r.state === 'overlapped') r = { ...r, state: 'hit' }; // apart just before: an impact
      from = resumed;
    }
    return r;
  };
  /** Where the contact touching at `from` ends (state `failed`: followed up to t, budget spent). */
  const exitFrom = (from: number): ContactExitOutput => {
    let e = contactExit({ ...input, tMin: from, maxIterations: undefined });
    budget -= e.iterations;
    while (e.state === 'failed' && budget > 0 && e.t > from) {
      from = e.t;
      e = contactExit({ ...input, tMin: from, maxIterations: undefined });
      budget -= e.iterations;
    }
    return e;
  };
  const depthAt = (t: number): number =>
    signedDepth(ma.shape, poseAt(ma.xf, ma.velocity, wA, t), mb.shape, poseAt(mb.xf, mb.velocity, wB, t));

  return contactSearch(toiFrom, exitFrom, depthAt, dt, frames, L, deepBeyond, input.timeTolerance!, wA === 0 && wB === 0);
}

/**
 * The search of `partPair` after its queries are set up, shared with the chain pairs
 * (chain-pair.ts): `toiFrom`, `exitFrom` and `depthAt` answer for the pair over [0, frames dt];
 * L bounds how fast the depth changes, `deepBeyond` is slop with its tolerance, `tau` the
 * time-of-impact tolerance. `oneInterval`: the times of contact form one interval, as for two
 * convex shapes that do not turn; a chain is no convex shape, and a body leaving one of its edges
 * may meet another.
 */
export function contactSearch(
  toiFrom: (from: number) => ToiOutput,
  exitFrom: (from: number) => ContactExitOutput,
  depthAt: (t: number) => number,
  dt: number,
  frames: number,
  L: number,
  deepBeyond: number,
  tau: number,
  oneInterval: boolean,
): PartResult | null {
  const T = frames * dt;
  /**
   * Whether a step end k in [kFrom, kTo] sees depth > slop, visiting only the step ends that can
   * (see the file comment): in shallow contact at t_k with depth δ, none before t_k + (slop − δ)/L;
   * apart by g, none before t_k + g/L, and none before the next contact, which a time-of-impact
   * query finds. Where contacts come every step (a fast spin), that query cannot skip anything, so
   * after one that advanced a single step the walk checks the next step ends directly for a
   * doubling while (the check itself is one narrow-phase query).
   */
  const walk = (kFrom: number, kTo: number): { deep: boolean; step?: number; undecided?: string } => {
    let k = kFrom;
    let checks = 0;
    let backoff = 0;
    let direct = 0;
    while (k <= kTo) {
      if (++checks > MAX_STEP_CHECKS) return { deep: false, undecided: `step ends after t = ${formatNumber(k * dt)} s were not examined` };
      const tk = k * dt;
      const depth = depthAt(tk);
      if (depth > deepBeyond) return { deep: true, step: k };
      if (depth >= 0) {
        // In shallow contact: no step end before the depth could have grown past slop.
        k = L > 0 ? Math.max(k + 1, Math.ceil((tk + (deepBeyond - depth) / L) / dt - 1e-12)) : kTo + 1;
        continue;
      }
      const bySpeed = L > 0 ? Math.ceil((tk - depth / L) / dt - 1e-12) : kTo + 1;
      if (bySpeed > k + 1) {
        k = bySpeed;
        continue;
      }
      if (direct > 0) {
        direct--;
        k += 1;
        continue;
      }
      const next = toiFrom(tk);
      if (next.state === 'separated') return { deep: false };
      if (next.state === 'failed') return { deep: false, undecided: `the search for contacts after t = ${formatNumber(tk)} s stopped at t = ${formatNumber(next.t)} s` };
      const kNext = next.state === 'hit' ? Math.max(k + 1, Math.ceil(next.t / dt - 1e-12)) : k + 1;
      if (kNext === k + 1) {
        backoff = Math.min(backoff === 0 ? 1 : 2 * backoff, 1024);
        direct = backoff;
      } else backoff = 0;
      k = kNext;
    }
    return { deep: false };
  };

  /**
   * From a time the pair is apart, conservative advancement steps without an end game (no contact
   * before t + gap/L) until the gap is 4 L τ, wide enough for the time-of-impact search's first
   * window, or the pair touches again (a new contact: returned as is).
   */
  const pastContactTail = (t: number): number => {
    for (let i = 0; i < 64 && t < T && L > 0; i++) {
      const gap = -depthAt(t);
      if (!(gap > 0) || gap >= 4 * L * tau) break;
      t = Math.min(T, t + gap / L);
    }
    return t;
  };

  let first = toiFrom(0);
  if (first.state === 'overlapped') {
    // Resting contact at t = 0 (scene-language.md): not an impact, unless a step end inside it
    // is deeper than slop.
    const rest = exitFrom(0);
    const kEnd = rest.state === 'exit' ? Math.min(frames, Math.floor(rest.t / dt)) : rest.state === 'stays' ? frames : Math.floor(rest.t / dt);
    const w = walk(1, kEnd);
    if (w.deep) return { toi: 0, point: first.point, normal: first.normal, deep: true, deepStep: w.step, duration: NaN };
    if (rest.state === 'stays') {
      return w.undecided ? { toi: 0, point: first.point, normal: first.normal, deep: false, duration: T, undecided: w.undecided } : null;
    }
    if (rest.state === 'failed') {
      return {
        toi: rest.t,
        point: first.point,
        normal: first.normal,
        deep: false,
        duration: NaN,
        undecided: `the resting contact at t = 0 was followed up to t = ${formatNumber(rest.t)} s without finding where it ends`,
      };
    }
    // Without turning, the times of contact form one interval (contact-exit.ts): it has ended.
    if (oneInterval) return null;
    // The next contact, searched from where the pair was found apart, once past the tail of this
    // one: just after a contact ends, a time-of-impact window of the time tolerance cannot yet be
    // proven clear (Mirtich's bound is loose against the real separating speed), so the search
    // would report the tail as a new touch.
    const from = pastContactTail(rest.apartAt ?? rest.t);
    first = toiFrom(from);
    if (first.state === 'overlapped') first = { ...first, state: 'hit' }; // apart just before: an impact
  }
  if (first.state === 'separated') return null;
  if (first.state === 'failed') {
    return {
      toi: first.t,
      point: first.point,
      normal: first.normal,
      deep: false,
      duration: NaN,
      undecided: `no contact up to t = ${formatNumber(first.t)} s, where the time-of-impact search stopped after ${SEARCH_BUDGET} distance evaluations`,
    };
  }
  const t0 = first.t;
  const w = walk(Math.max(1, Math.ceil(t0 / dt - 1e-12)), frames);
  if (w.deep) return { toi: t0, point: first.point, normal: first.normal, deep: true, deepStep: w.step, duration: NaN };
  return {
    toi: t0,
    point: first.point,
    normal: first.normal,
    deep: false,
    duration: firstContactDuration(exitFrom(t0)),
    ...(w.undecided ? { undecided: w.undecided } : {}),
  };
}

/**
 * How long the first contact lasts, from its start to the first separation after it
 * (core/ccd/contact-exit.ts); a contact still going on at the end of the look-ahead, or followed
 * only part of the way, counts for as long as it is known to last (a lower bound: the substeps it
 * gives are enough).
 */
function firstContactDuration(e: ContactExitOutput): number {
  return Math.max(0, e.t - e.start);
}

/** Fastest surface speed of a body: |v| plus |spin| times its reach. */
function surfaceSpeed(body: SceneBody): number {
  return Math.hypot(body.vx, body.vy) + Math.abs(body.spin) * reach(body);
}

/** A body's largest radius over its parts (core/ccd/motion.ts maxRadius): how far its spin carries a surface point. */
function reach(body: SceneBody): number {
  let r = 0;
  for (let i = 0; i < body.partCount; i++) r = Math.max(r, maxRadius(body.partShape(i)));
  return r;
}

function stepFraction(toi: number, dt: number): string {
  const f = toi / dt;
  return f < 1 ? `${formatNumber(f)} of a step` : `${formatNumber(f)} steps`;
}

/**
 * An impact's time as its diagnostic states it, in seconds and in steps: "t = 0.25 s (15 steps of
 * 0.0166667 s)". The inlay hints and hovers quote it, so that each place words a time alike.
 */
export function impactTime(toi: number, dt: number): string {
  return `t = ${formatNumber(toi)} s (${stepFraction(toi, dt)} of ${formatNumber(dt)} s)`;
}

/**
 * The default severity of an impact's diagnostic (scene-language.md, "Findings"): a collision,
 * and an impact the search could not settle, are information; tunnelling is a warning, or
 * information when either body is a `bullet`.
 */
export function impactSeverity(scene: Scene, f: ImpactFinding): Severity {
  if (f.undecided !== undefined || f.kind === 'collision') return 'information';
  return scene.bodies[f.ia]?.isBullet || scene.bodies[f.ib]?.isBullet ? 'information' : 'warning';
}

/**
 * The diagnostic for an impact finding. Range: the name of the faster body (largest surface
 * speed, the later-declared one on a tie) — the body whose speed, spin, `bullet` modifier or
 * thickness the author would change, which is where the quick fixes belong. Related information
 * points at the other body. No `data`: the quick fixes find the finding again from the analysis
 * (features/document.ts, findingOf), which keeps every publication smaller.
 */
export function impactDiagnostic(scene: Scene, f: ImpactFinding): FindingDiagnostic {
  const ba = scene.bodies[f.ia];
  const bb = scene.bodies[f.ib];
  const aFaster = !!ba && !!bb && surfaceSpeed(ba) > surfaceSpeed(bb);
  const fast = (aFaster ? ba : bb) ?? ba ?? bb;
  const other = fast === ba ? bb : ba;
  // The names are the finding's, which are the bodies' own in the scene's analysis and the
  // level's in a level's (analysis/level-analysis.ts hands in a relabeled finding).
  const fastIsA = fast !== undefined && fast === ba;
  const fastName = fastIsA ? f.a : f.b;
  // Against a chain or tile grid (always the other body: it is static), what it touched.
  const otherName = (fast === ba ? f.b : f.a) + featurePhrase(f);
  const dt = scene.dt;
  const when = impactTime(f.toi, dt);
  const start = fast ? fast.nameStart : 0;
  const end = fast ? fast.nameEnd : 0;
  // The code follows from the finding (finding-diagnostic.ts); the message is kept, since it
  // depends on the bodies' motion and dt, which the finding does not hold. Related: the other
  // body's name, as for overlaps (overlap.ts): the message says the rest.
  const diagnostic = (severity: Severity, message: string): FindingDiagnostic =>
    FindingDiagnostic.make(
      f,
      start,
      end,
      other ? other.nameStart : -1,
      other ? other.nameEnd : -1,
      (severity === 'information' ? LABEL_INFORMATION : 0) | (fast === ba ? LABEL_RELATED_B : 0),
      message,
    );
  if (f.undecided !== undefined) {
    return diagnostic(
      'information',
      flatText('Continuous detection could not settle ', fastName, ' and ', otherName, ': ', f.undecided, '. Reported as a possible ', f.kind, ' at ', when, '.'),
    );
  }
  if (f.kind === 'collision') {
    const seen =
      f.deepStep !== undefined
        ? `the end of step ${f.deepStep} (t = ${formatNumber(f.deepStep * dt)} s) is the first to see them overlap deeper than slop`
        : 'a step end sees them overlap deeper than slop';
    // A first contact at t = 0 is resting contact (deeper would be an overlap finding): nothing
    // hits at the start; the collision is the contact deepening until a step end sees it.
    const message =
      f.toi === 0
        ? flatText(fastName, ' starts in resting contact with ', otherName, ' (touching within slop at t = 0) and the contact deepens: ', seen, ', so a discrete engine sees a collision there.')
        : flatText(fastName, ' hits ', otherName, ' at ', when, '; ', seen, ', so a discrete engine catches it.');
    return diagnostic('information', message);
  }
  const bullet = !!(ba?.isBullet || bb?.isBullet);
  const n = f.substeps ?? Infinity;
  const fix = bullet
    ? 'continuous detection (bullet) is expected to handle it.'
    : `mark ${fastName} as a bullet, slow it down, or thicken ${otherName}.`;
  return diagnostic(
    bullet ? 'information' : 'warning',
    flatText(
      fastName,
      ' passes through ',
      otherName,
      ' between two step ends: first contact at ',
      when,
      ', but no step end sees them overlap; ',
      substepAdvice(ba, bb, n, f.contactDuration, dt),
      bullet ? '. Reported for information: ' : '. To fix: ',
      fix,
    ),
  );
}

/**
 * The substep advice of a tunnelling message, from the first contact's length D (n = ceil(dt/D)).
 * When translation carries the bodies through each other, D reads best as a distance: the path
 * crosses the other body in about speed × D units. When spin dominates the surface speed, a path
 * length and a "speed" of |ω| × r_max mean little to the author, so the advice is in time: each
 * contact lasts about D seconds.
 */
function substepAdvice(a: SceneBody | undefined, b: SceneBody | undefined, n: number, duration: number | undefined, dt: number): string {
  if (!Number.isFinite(n)) return 'they only graze, so no number of substeps is sure to see the contact';
  const D = duration !== undefined && duration > 0 ? duration : dt / n;
  const needs = `a discrete engine needs ${n} substeps per step (every ${formatNumber(dt / n)} s) to see it`;
  const linear = a && b ? Math.hypot(b.vx - a.vx, b.vy - a.vy) : 0;
  if (pathSpeed(a, b) - linear > linear) return `the contact lasts about ${formatNumber(D)} s as the spin sweeps one through the other, so ${needs}`;
  return `the path crosses it in about ${formatNumber(linear * D)} units at ${formatNumber(linear)} units/s, so ${needs}`;
}

/** Relative surface speed of the pair: relative translation plus each spin times its reach. */
function pathSpeed(a: SceneBody | undefined, b: SceneBody | undefined): number {
  if (!a || !b) return 0;
  return (
    Math.hypot(b.vx - a.vx, b.vy - a.vy) +
    Math.abs(a.spin) * reach(a) +
    Math.abs(b.spin) * reach(b)
  );
}
