import type { Transform, Vec2 } from '../../../core/math/vec2';
import { makeTransform } from '../../../core/math/vec2';
import { aabbOverlaps } from '../../../core/math/aabb';
import type { ConvexShape } from '../../../core/shapes/shape';
import { timeOfImpact } from '../../../core/ccd/toi';
import type { ToiInput } from '../../../core/ccd/types';
import { sweptBounds } from '../../../core/ccd/swept-aabb';
import { effectiveSpin, maxRadius, poseAt } from '../../../core/ccd/motion';
import { signedDepth } from '../../../core/ccd/step-depth';
import type { Scene, SceneBody } from '../semantics/scene';
import type { Diagnostic } from '../common/diagnostic';
import type { ImpactFinding } from './findings';

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
 * t + (slop − δ)/L can be deep. Work grows with the number of contacts, not with `frames`.
 */

/** Time-of-impact accuracy asked of core/ccd, relative to dt (the spec's 1e-4, with margin). */
const TIME_ACCURACY = 1e-5;
/** Most step ends examined per part pair; beyond that the pair counts as seen by the engine. */
const MAX_STEP_CHECKS = 4096;

interface PartMotion {
  readonly shape: ConvexShape;
  readonly xf: Transform;
  readonly velocity: Vec2;
  readonly spin: number;
}

interface PartResult {
  /** 'resting': touching at t = 0; 'contact': first contact found. */
  readonly kind: 'resting' | 'contact';
  readonly toi: number;
  readonly point: Vec2;
  readonly normal: Vec2;
  /** Some step end sees depth > slop (or the check could not rule it out). */
  readonly deep: boolean;
  /** Length of the first contact interval, seconds (for the substep advice). */
  readonly duration: number;
}

function bodyMotion(body: SceneBody, shape: ConvexShape): PartMotion {
  return {
    shape,
    xf: makeTransform(body.position.x, body.position.y, body.angle),
    velocity: body.velocity,
    spin: body.spin,
  };
}

export function impactPair(scene: Scene, a: SceneBody, b: SceneBody): ImpactFinding | null {
  const dt = scene.dt;
  const T = scene.frames * dt;
  if (!(dt > 0) || !(T > 0) || a.parts.length === 0 || b.parts.length === 0) return null;
  let best: (PartResult & { partA: number; partB: number }) | null = null;
  let deep = false;
  for (let i = 0; i < a.parts.length; i++) {
    const ma = bodyMotion(a, a.parts[i]!.shape);
    const boundsA = sweptBounds(ma.shape, ma.xf, ma.velocity, ma.spin, 0, T);
    for (let j = 0; j < b.parts.length; j++) {
      const mb = bodyMotion(b, b.parts[j]!.shape);
      if (!aabbOverlaps(boundsA, sweptBounds(mb.shape, mb.xf, mb.velocity, mb.spin, 0, T))) continue;
      const r = partPair(ma, mb, dt, scene.frames, scene.slop);
      if (!r) continue;
      if (r.kind === 'resting') return null; // touching at t = 0: resting contact, no diagnostic
      deep ||= r.deep;
      if (!best || r.toi < best.toi) best = { ...r, partA: i, partB: j };
    }
  }
  if (!best) return null;
  if (!deep && !(best.toi < T)) return null; // first touch exactly at the end: not in (0, T)
  const base = {
    a: a.name,
    b: b.name,
    ia: a.index,
    ib: b.index,
    toi: best.toi,
    point: best.point,
    normal: best.normal,
    partA: best.partA,
    partB: best.partB,
  };
  if (deep) return { kind: 'collision', ...base };
  return { kind: 'tunnelling', ...base, substeps: substepsFor(best.duration, dt) };
}

/** Substeps per step so that samples dt/n apart cannot straddle a contact lasting `duration`. */
function substepsFor(duration: number, dt: number): number {
  if (!(duration > 0)) return Infinity;
  return Math.max(2, Math.ceil(dt / duration));
}

function partPair(ma: PartMotion, mb: PartMotion, dt: number, frames: number, slop: number): PartResult | null {
  const T = frames * dt;
  const wA = effectiveSpin(ma.shape, ma.spin);
  const wB = effectiveSpin(mb.shape, mb.spin);
  const rvx = mb.velocity.x - ma.velocity.x;
  const rvy = mb.velocity.y - ma.velocity.y;
  const L = Math.hypot(rvx, rvy) + Math.abs(wA) * maxRadius(ma.shape) + Math.abs(wB) * maxRadius(mb.shape);
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
    maxIterations: 4000,
  };
  const first = timeOfImpact(input);
  if (first.state === 'overlapped') return { kind: 'resting', toi: 0, point: first.point, normal: first.normal, deep: false, duration: 0 };
  if (first.state !== 'hit') return null;

  const depthAt = (t: number): number =>
    signedDepth(ma.shape, poseAt(ma.xf, ma.velocity, wA, t), mb.shape, poseAt(mb.xf, mb.velocity, wB, t));

  // Walk the step ends that can matter (see the file comment).
  let deep = false;
  let duration = NaN;
  let k = Math.max(1, Math.ceil(first.t / dt - 1e-12));
  let checks = 0;
  while (k <= frames) {
    if (++checks > MAX_STEP_CHECKS) {
      deep = true; // undecided after many shallow step ends: a discrete engine sees this contact
      break;
    }
    const tk = k * dt;
    const depth = depthAt(tk);
    if (Number.isNaN(duration)) duration = contactDuration(input, first.t, tk, depth);
    if (depth > slop) {
      deep = true;
      break;
    }
    if (depth < 0) {
      // Apart at this step end: the next step end that can matter follows the next contact.
      const next = timeOfImpact({ ...input, tMin: tk });
      if (next.state === 'hit') k = Math.max(k + 1, Math.ceil(next.t / dt - 1e-12));
      else if (next.state === 'overlapped') k += 1;
      else break;
      continue;
    }
    // In shallow contact: no step end before the depth could have grown past slop.
    k = L > 0 ? Math.max(k + 1, Math.ceil((tk + (slop - depth) / L) / dt - 1e-12)) : frames + 1;
  }
  if (Number.isNaN(duration)) duration = contactDuration(input, first.t, T, depthAt(T));
  return { kind: 'contact', toi: first.t, point: first.point, normal: first.normal, deep, duration };
}

/**
 * How long the first contact lasts: from its start t0 to the last separation before `tEnd`, found
 * by a time-of-impact query run backwards from tEnd (motion reversed). If the pair still touches
 * at tEnd, the contact lasts at least until then.
 */
function contactDuration(input: ToiInput, t0: number, tEnd: number, depthAtEnd: number): number {
  if (depthAtEnd >= 0 || !(tEnd > t0)) return Math.max(0, tEnd - t0);
  const xa = poseAt(input.transformA, input.velocityA, input.spinA, tEnd);
  const xb = poseAt(input.transformB, input.velocityB, input.spinB, tEnd);
  const back = timeOfImpact({
    ...input,
    transformA: xa,
    velocityA: { x: -input.velocityA.x, y: -input.velocityA.y },
    spinA: -input.spinA,
    transformB: xb,
    velocityB: { x: -input.velocityB.x, y: -input.velocityB.y },
    spinB: -input.spinB,
    tMin: 0,
    tMax: tEnd - t0,
  });
  if (back.state !== 'hit') return 0;
  return Math.max(0, tEnd - back.t - t0);
}

/** Fastest surface speed of a body: |v| plus |spin| times its largest radius over its parts. */
function surfaceSpeed(body: SceneBody): number {
  let r = 0;
  for (const p of body.parts) r = Math.max(r, maxRadius(p.shape));
  return Math.hypot(body.velocity.x, body.velocity.y) + Math.abs(body.spin) * r;
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x !== 0 && (Math.abs(x) < 1e-4 || Math.abs(x) >= 1e6)) return x.toExponential(3).replace(/\.?0+e/, 'e');
  return String(Number(x.toPrecision(4)));
}

function stepFraction(toi: number, dt: number): string {
  const f = toi / dt;
  return f < 1 ? `${fmt(f)} of a step` : `${fmt(f)} steps`;
}

/**
 * The diagnostic for an impact finding. Range: the name of the faster body (largest surface
 * speed, the later-declared one on a tie) — the body whose speed, spin, `bullet` modifier or
 * thickness the author would change, which is where the quick fixes belong. Related information
 * points at the other body.
 */
export function impactDiagnostic(scene: Scene, f: ImpactFinding): Diagnostic {
  const ba = scene.bodies[f.ia];
  const bb = scene.bodies[f.ib];
  const aFaster = !!ba && !!bb && surfaceSpeed(ba) > surfaceSpeed(bb);
  const fast = (aFaster ? ba : bb) ?? ba ?? bb;
  const other = fast === ba ? bb : ba;
  const fastName = fast?.name ?? f.b;
  const otherName = fast === ba ? f.b : f.a;
  const dt = scene.dt;
  const when = `t = ${fmt(f.toi)} s (${stepFraction(f.toi, dt)} of ${fmt(dt)} s)`;
  const related = other ? [{ range: other.nameRange, message: `${otherName} is the other body of this ${f.kind}.` }] : [];
  const range = fast?.nameRange ?? { start: 0, end: 0 };
  if (f.kind === 'collision') {
    return {
      range,
      severity: 'information',
      code: 'collision',
      message: `${fastName} hits ${otherName} at ${when}; a step end sees them overlap, so a discrete engine catches it.`,
      related,
      data: { toi: f.toi, point: f.point, normal: f.normal },
    };
  }
  const bullet = !!(ba?.isBullet || bb?.isBullet);
  const n = f.substeps ?? Infinity;
  const speed = pathSpeed(ba, bb);
  // n = ceil(dt / D) for a contact lasting D, so the path crosses the other body in about
  // speed × dt / n units: the thinness along the path.
  const advice = Number.isFinite(n)
    ? `the path crosses it in about ${fmt((speed * dt) / n)} units at ${fmt(speed)} units/s, so a discrete engine needs ${n} substeps per step (every ${fmt(dt / n)} s) to see the contact`
    : 'they only graze, so no number of substeps is sure to see the contact';
  const fix = bullet
    ? 'continuous detection (bullet) is expected to handle it.'
    : `mark ${fastName} as a bullet, slow it down, or thicken ${otherName}.`;
  return {
    range,
    severity: bullet ? 'information' : 'warning',
    code: 'tunnelling',
    message: `${fastName} passes through ${otherName} between two step ends: first contact at ${when}, but no step end sees them overlap; ${advice}. ${bullet ? 'Reported for information: ' : 'To fix: '}${fix}`,
    related,
    data: { toi: f.toi, point: f.point, normal: f.normal, substeps: Number.isFinite(n) ? n : null },
  };
}

/** Relative surface speed of the pair: relative translation plus each spin times its reach. */
function pathSpeed(a: SceneBody | undefined, b: SceneBody | undefined): number {
  if (!a || !b) return 0;
  const reach = (x: SceneBody) => x.parts.reduce((m, p) => Math.max(m, maxRadius(p.shape)), 0);
  return (
    Math.hypot(b.velocity.x - a.velocity.x, b.velocity.y - a.velocity.y) +
    Math.abs(a.spin) * reach(a) +
    Math.abs(b.spin) * reach(b)
  );
}
