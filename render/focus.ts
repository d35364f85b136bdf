import type { PreviewBody, PreviewScene } from '../protocol/preview-model';
import { boundingRadius } from './geometry';

/** World bounds [minX, minY, maxX, maxY] (scene units, the scene's frame). */
export type Bounds = [number, number, number, number];

/**
 * What the view frames by default: the bodies that matter rather than the scene's bounds, which
 * a few long static floors and walls dominate. A scene's story is in its findings and in what
 * moves; the static ground under it is context, shown only near where something meets it.
 */

/**
 * The box the smart Fit frames: each finding's pair (see `pairBounds`) at t = 0 and at its time
 * of impact, and every other moving body where it starts (a bullet's whole path may run far past
 * what it hits); the scene's own bounds when that leaves nothing (a still scene without
 * findings), and null for an empty scene.
 */
export function focusBounds(scene: PreviewScene): Bounds | null {
  const out: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of scene.findings) {
    unionInto(out, pairBounds(scene, f.ia, f.ib, f.toi));
    for (const p of f.points ?? []) unionInto(out, [p[0], p[1], p[0], p[1]]);
    if (f.point) unionInto(out, [f.point[0], f.point[1], f.point[0], f.point[1]]);
  }
  for (const b of scene.bodies) if (isMoving(b)) unionInto(out, b.bounds);
  if (isBounds(out)) return out;
  return scene.bounds ? [...scene.bounds] : null;
}

/**
 * The box that shows the pair (ia, ib): each moving body where it starts and, given a time of
 * impact `toi`, where it is then; a static body only near its partner, within its partner's
 * size of it (a crate on a 40-unit floor is framed with the floor under it, not the whole
 * floor). Null when an index is out of range.
 */
export function pairBounds(scene: PreviewScene, ia: number, ib: number, toi?: number): Bounds | null {
  const a = scene.bodies[ia];
  const b = scene.bodies[ib];
  if (!a || !b) return null;
  const boxA = bodyBounds(a, toi);
  const boxB = bodyBounds(b, toi);
  const out: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  unionInto(out, a.isStatic ? near(boxA, boxB) : boxA);
  unionInto(out, b.isStatic ? near(boxB, boxA) : boxB);
  return isBounds(out) ? out : null;
}

/** A body's bounds at t = 0 and, when it moves and `t` is given, at t too. */
function bodyBounds(body: PreviewBody, t: number | undefined): Bounds {
  const out: Bounds = [...body.bounds];
  if (t !== undefined && t > 0 && Number.isFinite(t) && isMoving(body)) unionInto(out, boundsAt(body, t));
  return out;
}

/** A body's bounds at time t (scene units): its t = 0 bounds moved along, or its bounding circle when it spins. */
export function boundsAt(body: PreviewBody, t: number): Bounds {
  const dx = body.velocity[0] * t;
  const dy = body.velocity[1] * t;
  if (body.spin === 0 || t === 0) return [body.bounds[0] + dx, body.bounds[1] + dy, body.bounds[2] + dx, body.bounds[3] + dy];
  const r = boundingRadius(body);
  const x = body.position[0] + dx;
  const y = body.position[1] + dy;
  return [x - r, y - r, x + r, y + r];
}

function isMoving(b: PreviewBody): boolean {
  return !b.isStatic && (b.velocity[0] !== 0 || b.velocity[1] !== 0 || b.spin !== 0);
}

/**
 * The part of `box` (a static body's) within its partner's size of `partner`: the partner's
 * box grown by its larger side on every side, met with `box`. When they are that far apart the
 * box is kept whole, as there is no nearer part to show.
 */
function near(box: Bounds, partner: Bounds): Bounds {
  const g = Math.max(partner[2] - partner[0], partner[3] - partner[1]);
  const cut: Bounds = [Math.max(box[0], partner[0] - g), Math.max(box[1], partner[1] - g), Math.min(box[2], partner[2] + g), Math.min(box[3], partner[3] + g)];
  return cut[0] <= cut[2] && cut[1] <= cut[3] ? cut : box;
}

function unionInto(out: Bounds, b: readonly number[] | null): void {
  if (!b || !b.every(Number.isFinite)) return;
  out[0] = Math.min(out[0], b[0]!);
  out[1] = Math.min(out[1], b[1]!);
  out[2] = Math.max(out[2], b[2]!);
  out[3] = Math.max(out[3], b[3]!);
}

function isBounds(b: Bounds): boolean {
  return b.every(Number.isFinite) && b[0] <= b[2] && b[1] <= b[3];
}
