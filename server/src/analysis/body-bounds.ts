import { sweptBoundsInto } from '../../../core';
import type { AABB, Transform } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';

/**
 * The box a body enters the broad phase with: the union, over its parts, of the part's swept
 * bounds over the whole look-ahead [0, frames × dt] — translation plus a bound on rotation
 * (core/ccd/swept-aabb.ts `sweptBounds`), never the end poses alone, so a fast body's whole path
 * is a candidate (Ericson, "Real-Time Collision Detection" §5.5.8; Catto's continuous broad phase
 * in Box2D v3 enlarges a bullet's proxy the same way). A static or resting body's box is its
 * t = 0 box, since its swept bounds collapse to it.
 *
 * Why this box loses no finding (scene-language.md, "Findings"):
 * - `overlap` needs depth > slop >= 0 at t = 0, i.e. the shapes intersect, so their t = 0 boxes
 *   (inside the swept ones) overlap. Touching within slop is resting contact and reports nothing,
 *   so the boxes need no enlargement by slop.
 * - `tunnelling` and `collision` need contact at some t in [0, T]; `impactPair` itself rejects a
 *   part pair whose `sweptBounds` over [0, T] are disjoint, and this box is the union of exactly
 *   those boxes. Broad-phase boxes are closed, so a touching contact counts.
 * - The narrow phase counts separations within a tolerance of about 1e-9 of the query's scale
 *   (shape extents, travel and distance between origins; core/ccd/conservative-advancement.ts) as
 *   touching, and coordinates carry rounding of about 1e-16 of their magnitude. A guard band of
 *   1e-7 of the box's extent plus its distance from the origin covers both with a wide margin,
 *   and only ever adds candidates.
 *
 * The box is empty (NaN) for a body with no part, which the broad phase treats as overlapping
 * nothing (core/broad/broad-phase.ts): such a body has nothing to collide with.
 */
export const BOUNDS_GUARD = 1e-7;

// Scratch (bodyBounds never re-enters): the body's pose at t = 0 and one part's swept box.
const pose: { -readonly [K in keyof Transform]: Transform[K] } = { x: 0, y: 0, c: 1, s: 0 };
const partBox: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
// The body's velocity, which it holds as two numbers (semantics/scene.ts).
const velocity: { x: number; y: number } = { x: 0, y: 0 };

/** Writes the body's broad-phase box into `out` and returns it. */
export function bodyBounds(scene: Scene, body: SceneBody, out: AABB): AABB {
  const horizon = scene.frames * scene.dt;
  const t1 = horizon > 0 && Number.isFinite(horizon) ? horizon : 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const n = body.partCount;
  if (n > 0) {
    const xf = pose;
    xf.x = body.x;
    xf.y = body.y;
    xf.c = Math.cos(body.angle);
    xf.s = Math.sin(body.angle);
    velocity.x = body.vx;
    velocity.y = body.vy;
    for (let k = 0; k < n; k++) {
      const b = sweptBoundsInto(body.partShape(k), xf, velocity, body.spin, 0, t1, partBox);
      if (b.minX < minX) minX = b.minX;
      if (b.minY < minY) minY = b.minY;
      if (b.maxX > maxX) maxX = b.maxX;
      if (b.maxY > maxY) maxY = b.maxY;
    }
  }
  const chains = n === 0 ? body.chainGeometry : undefined;
  if (chains) {
    // A chain body is static: its chains' box in the body's pose.
    const b = chains.boxInPose(body.x, body.y, body.angle, partBox);
    minX = b.minX;
    minY = b.minY;
    maxX = b.maxX;
    maxY = b.maxY;
  }
  if (!(minX <= maxX && minY <= maxY)) {
    out.minX = NaN;
    out.minY = NaN;
    out.maxX = NaN;
    out.maxY = NaN;
    return out;
  }
  const reach = Math.max(Math.abs(minX), Math.abs(maxX)) + Math.max(Math.abs(minY), Math.abs(maxY));
  const guard = BOUNDS_GUARD * (maxX - minX + (maxY - minY) + reach);
  out.minX = minX - guard;
  out.minY = minY - guard;
  out.maxX = maxX + guard;
  out.maxY = maxY + guard;
  return out;
}
