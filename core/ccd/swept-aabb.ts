import type { AABB } from '../math/aabb';
import type { Transform, Vec2 } from '../math/vec2';
import type { ConvexShape } from '../shapes/shape';
import { effectiveSpin, poseAt } from './motion';

/**
 * Swept axis-aligned boxes.
 *
 * - `sweptAabb`: when two moving AABBs meet — per axis, the interval of times during which their
 *   projections overlap; the boxes overlap on the intersection of the two intervals, so the entry
 *   time is the later of the per-axis entries and the exit the earlier of the exits (the slab
 *   method: Ericson, "Real-Time Collision Detection", §5.3.3 and §5.5.8 for moving boxes).
 * - `sweepAndSlide`: a moving box against static boxes with timeslice subdivision — resolve the
 *   earliest hit first, stop motion along its axis, re-test the rest of the timeslice — and the
 *   "crack" tie-break of the Sacred Software tutorial "Collisions, Part 1": of two hits at the
 *   same time, the one with the larger contact face wins, so that a box moving diagonally onto a
 *   floor made of flush tiles is not caught on the inner edge where two tiles meet.
 * - `sweptBounds`: the AABB of a shape over a time interval under translation and spin, which the
 *   broad phase uses to pick candidate pairs (never from end positions alone).
 */

export interface SweptAabbHit {
  /** True when the boxes meet within [t0, t1] (including when they already overlap at t0). */
  readonly hit: boolean;
  /**
   * Start and end of the overlap interval (unclipped; −Infinity / +Infinity when no axis bounds
   * it). `tEntry < t0` means the boxes overlap at t0 already.
   */
  readonly tEntry: number;
  readonly tExit: number;
  /** Axis whose entry came last, i.e. the axis of the faces that meet: 0 = x, 1 = y. */
  readonly axis: 0 | 1;
  /** Unit normal from box a towards box b of the faces that meet (along `axis`). */
  readonly normal: Vec2;
  /**
   * Length of the shared part of the meeting faces at the entry time: the tutorial's "surface
   * area" (a length in 2D). Zero for a corner-to-corner touch.
   */
  readonly contactLength: number;
}

const NO_HIT: SweptAabbHit = Object.freeze({
  hit: false,
  tEntry: Infinity,
  tExit: -Infinity,
  axis: 0,
  normal: Object.freeze({ x: 0, y: 0 }),
  contactLength: 0,
});

/**
 * When do boxes a (moving at `va`) and b (moving at `vb`) overlap, looking over [t0, t1]? Boxes
 * are given at t = 0. `margin` grows b on every side for the test: a small positive margin makes
 * touching count as meeting (time-of-impact semantics); a negative one requires penetration
 * (motion-resolution semantics, where a box resting on a face must be free to slide along it).
 * `strict` asks for overlap of positive duration and positive width: boxes that only touch (flush
 * faces, or a corner brushing a corner) do not meet.
 */
export function sweptAabb(
  a: AABB,
  va: Vec2,
  b: AABB,
  vb: Vec2,
  t0: number,
  t1: number,
  margin = 0,
  strict = false,
): SweptAabbHit {
  // Motion of a relative to b.
  const vx = va.x - vb.x;
  const vy = va.y - vb.y;
  const bMinX = b.minX - margin;
  const bMaxX = b.maxX + margin;
  const bMinY = b.minY - margin;
  const bMaxY = b.maxY + margin;

  let inX: number;
  let outX: number;
  if (vx > 0) {
    inX = (bMinX - a.maxX) / vx;
    outX = (bMaxX - a.minX) / vx;
  } else if (vx < 0) {
    inX = (bMaxX - a.minX) / vx;
    outX = (bMinX - a.maxX) / vx;
  } else if (a.maxX >= bMinX && a.minX <= bMaxX && (!strict || (a.maxX > bMinX && a.minX < bMaxX))) {
    inX = -Infinity;
    outX = Infinity;
  } else return NO_HIT;

  let inY: number;
  let outY: number;
  if (vy > 0) {
    inY = (bMinY - a.maxY) / vy;
    outY = (bMaxY - a.minY) / vy;
  } else if (vy < 0) {
    inY = (bMaxY - a.minY) / vy;
    outY = (bMinY - a.maxY) / vy;
  } else if (a.maxY >= bMinY && a.minY <= bMaxY && (!strict || (a.maxY > bMinY && a.minY < bMaxY))) {
    inY = -Infinity;
    outY = Infinity;
  } else return NO_HIT;

  const axis: 0 | 1 = inX >= inY ? 0 : 1;
  const tEntry = Math.max(inX, inY);
  const tExit = Math.min(outX, outY);
  const meets = strict ? tEntry < tExit : tEntry <= tExit;
  if (!meets || tEntry > t1 || tExit < t0) return NO_HIT;

  // The faces that meet, and how much of them is shared, at the entry (or at t0 if earlier).
  const te = Math.max(tEntry, t0);
  let nx = 0;
  let ny = 0;
  let contactLength: number;
  if (axis === 0) {
    nx = vx > 0 ? 1 : vx < 0 ? -1 : a.maxX + a.minX <= b.maxX + b.minX ? 1 : -1;
    const lo = Math.max(a.minY + vy * te, b.minY);
    const hi = Math.min(a.maxY + vy * te, b.maxY);
    contactLength = Math.max(0, hi - lo);
  } else {
    ny = vy > 0 ? 1 : vy < 0 ? -1 : a.maxY + a.minY <= b.maxY + b.minY ? 1 : -1;
    const lo = Math.max(a.minX + vx * te, b.minX);
    const hi = Math.min(a.maxX + vx * te, b.maxX);
    contactLength = Math.max(0, hi - lo);
  }
  return { hit: true, tEntry, tExit, axis, normal: { x: nx, y: ny }, contactLength };
}

export interface SlideEvent {
  /** Time of the hit from the start of the motion, seconds. */
  readonly t: number;
  /** Index of the obstacle hit. */
  readonly obstacle: number;
  readonly axis: 0 | 1;
  readonly contactLength: number;
}

export interface SlideResult {
  /** The box at the end of the motion. */
  readonly box: AABB;
  /** Velocity left after the hits (components along hit axes zeroed). */
  readonly velocity: Vec2;
  /** Hits in the order they were resolved. */
  readonly events: readonly SlideEvent[];
  /** False when the subdivision cap stopped the resolution early (the box stops where it was). */
  readonly complete: boolean;
}

/** Times closer than this fraction of the timeslice count as simultaneous (the tutorial's epsilon). */
const SIMULTANEOUS = 1e-9;

/**
 * Moves `box` with `velocity` for `duration` seconds among static `obstacles`, stopping motion
 * along each face it hits and sliding along the rest: timeslice subdivision with earliest-first
 * resolution and the larger-contact tie-break (see the file comment). At most `maxSubdivisions`
 * hits are resolved; the box never ends inside an obstacle it did not start in (obstacles it
 * starts inside are ignored: there is no entry to resolve).
 */
export function sweepAndSlide(
  box: AABB,
  velocity: Vec2,
  obstacles: readonly AABB[],
  duration: number,
  maxSubdivisions = 32,
): SlideResult {
  let cur: AABB = { minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY };
  let vx = velocity.x;
  let vy = velocity.y;
  let remaining = duration > 0 ? duration : 0;
  let elapsed = 0;
  const events: SlideEvent[] = [];
  const zero = { x: 0, y: 0 };
  while (remaining > 0 && (vx !== 0 || vy !== 0)) {
    let best = -1;
    let bestT = Infinity;
    let bestLen = -1;
    let bestAxis: 0 | 1 = 0;
    const v = { x: vx, y: vy };
    for (let i = 0; i < obstacles.length; i++) {
      // Strict (penetration) semantics: a box resting flush on a face may slide along it, and a
      // corner brushing past a corner is not a hit.
      const h = sweptAabb(cur, v, obstacles[i]!, zero, 0, remaining, 0, true);
      if (!h.hit || h.tEntry < 0) continue;
      const tol = SIMULTANEOUS * remaining;
      if (h.tEntry < bestT - tol || (h.tEntry <= bestT + tol && h.contactLength > bestLen)) {
        best = i;
        bestT = h.tEntry;
        bestLen = h.contactLength;
        bestAxis = h.axis;
      }
    }
    const step = best < 0 ? remaining : bestT;
    cur = { minX: cur.minX + vx * step, minY: cur.minY + vy * step, maxX: cur.maxX + vx * step, maxY: cur.maxY + vy * step };
    elapsed += step;
    remaining -= step;
    if (best < 0) break;
    events.push({ t: elapsed, obstacle: best, axis: bestAxis, contactLength: bestLen });
    if (bestAxis === 0) vx = 0;
    else vy = 0;
    if (events.length >= maxSubdivisions && remaining > 0 && (vx !== 0 || vy !== 0)) {
      return { box: cur, velocity: { x: vx, y: vy }, events, complete: false };
    }
  }
  return { box: cur, velocity: { x: vx, y: vy }, events, complete: true };
}

/**
 * AABB of the shape (radius included) at the pose (x, y, c, s), written into `out`. Not
 * shapes/bounds.ts shapeBoundsInto: that one adds the translation after the extremes, and the
 * broad phase's swept boxes keep this rounding.
 */
function boundsAt(shape: ConvexShape, tx: number, ty: number, c: number, s: number, out: AABB): AABB {
  const v = shape.xy;
  const n = shape.count;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const px = v[2 * i]!;
    const py = v[2 * i + 1]!;
    const x = c * px - s * py + tx;
    const y = s * px + c * py + ty;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const r = shape.radius;
  out.minX = minX - r;
  out.minY = minY - r;
  out.maxX = maxX + r;
  out.maxY = maxY + r;
  return out;
}

/** Largest rotated-sector width (radians) of one cell in the rotation bound. */
const CELL_ANGLE = Math.PI / 8;

/**
 * AABB (world) containing every pose of `shape` over [t0, t1], the shape moving from pose `xf0`
 * at t = 0 with `velocity` and `spin` about its local origin.
 *
 * Without spin the AABBs at the two ends bound the sweep exactly (a box's extent is linear in the
 * translation). With spin, the interval is cut into cells of at most π/8 of rotation; in a cell
 * every core point lies within the chord 2 |p| sin(h/4) of where it would be at the cell's middle
 * angle (h the cell's rotation), so the cell is bounded by the shape frozen at its middle angle,
 * translated over the cell, and grown by that chord. The result is also clipped to the disc
 * bound — the origin's path grown by the shape's largest radius — which wins for many turns.
 */
export function sweptBounds(
  shape: ConvexShape,
  xf0: Transform,
  velocity: Vec2,
  spin: number,
  t0: number,
  t1: number,
): AABB {
  return sweptBoundsInto(shape, xf0, velocity, spin, t0, t1, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
}

/**
 * sweptBounds written into `out` (and returned). Without spin it allocates nothing, which is what
 * the analysis meets for almost every body of a level (once per body per run, the broad phase's
 * box).
 */
export function sweptBoundsInto(
  shape: ConvexShape,
  xf0: Transform,
  velocity: Vec2,
  spin: number,
  t0: number,
  t1: number,
  out: AABB,
): AABB {
  const ta = Math.min(t0, t1);
  const tb = Math.max(t0, t1);
  const w = effectiveSpin(shape, spin);
  const vx = velocity.x;
  const vy = velocity.y;
  if (shape.count === 0) {
    const x0 = xf0.x + vx * ta;
    const y0 = xf0.y + vy * ta;
    const x1 = xf0.x + vx * tb;
    const y1 = xf0.y + vy * tb;
    out.minX = Math.min(x0, x1);
    out.minY = Math.min(y0, y1);
    out.maxX = Math.max(x0, x1);
    out.maxY = Math.max(y0, y1);
    return out;
  }
  if (w === 0) {
    // The poses at the two ends (poseAt without spin), unrotated from t = 0. At rest they are the
    // same pose to the bit (0 · ta and 0 · tb are the same zero), so one box is the union.
    boundsAt(shape, xf0.x + vx * ta, xf0.y + vy * ta, xf0.c, xf0.s, out);
    if (vx !== 0 || vy !== 0) {
      const minX = out.minX;
      const minY = out.minY;
      const maxX = out.maxX;
      const maxY = out.maxY;
      boundsAt(shape, xf0.x + vx * tb, xf0.y + vy * tb, xf0.c, xf0.s, out);
      // growInto(first, second), with the second already in `out`.
      if (!(out.minX < minX)) out.minX = minX;
      if (!(out.minY < minY)) out.minY = minY;
      if (!(out.maxX > maxX)) out.maxX = maxX;
      if (!(out.maxY > maxY)) out.maxY = maxY;
    }
    return out;
  }
  const tmp: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  let coreR2 = 0;
  for (let i = 0; i < shape.count; i++) {
    const x = shape.xy[2 * i]!;
    const y = shape.xy[2 * i + 1]!;
    coreR2 = Math.max(coreR2, x * x + y * y);
  }
  const coreR = Math.sqrt(coreR2);
  const reach = coreR + shape.radius;
  // Disc bound: the origin's path grown by the largest radius.
  const ox0 = xf0.x + vx * ta;
  const oy0 = xf0.y + vy * ta;
  const ox1 = xf0.x + vx * tb;
  const oy1 = xf0.y + vy * tb;
  const discMinX = Math.min(ox0, ox1) - reach;
  const discMinY = Math.min(oy0, oy1) - reach;
  const discMaxX = Math.max(ox0, ox1) + reach;
  const discMaxY = Math.max(oy0, oy1) + reach;
  const sweep = Math.abs(w) * (tb - ta);
  if (!(sweep < 2 * Math.PI)) {
    out.minX = discMinX;
    out.minY = discMinY;
    out.maxX = discMaxX;
    out.maxY = discMaxY;
    return out;
  }
  const cells = Math.max(1, Math.ceil(sweep / CELL_ANGLE));
  const h = sweep / cells;
  const chord = 2 * coreR * Math.sin(h / 4);
  const dt = (tb - ta) / cells;
  out.minX = Infinity;
  out.minY = Infinity;
  out.maxX = -Infinity;
  out.maxY = -Infinity;
  for (let j = 0; j < cells; j++) {
    const tj = ta + j * dt;
    const mid = poseAt(xf0, velocity, w, tj + dt / 2);
    boundsAt(shape, mid.x, mid.y, mid.c, mid.s, tmp);
    // Translate the frozen middle pose back to the cell's start and on to its end.
    const half = dt / 2;
    const ex = Math.abs(vx) * half;
    const ey = Math.abs(vy) * half;
    tmp.minX -= ex + chord;
    tmp.maxX += ex + chord;
    tmp.minY -= ey + chord;
    tmp.maxY += ey + chord;
    growInto(out, tmp);
  }
  out.minX = Math.max(out.minX, discMinX);
  out.minY = Math.max(out.minY, discMinY);
  out.maxX = Math.min(out.maxX, discMaxX);
  out.maxY = Math.min(out.maxY, discMaxY);
  return out;
}

function growInto(acc: AABB, b: AABB): void {
  if (b.minX < acc.minX) acc.minX = b.minX;
  if (b.minY < acc.minY) acc.minY = b.minY;
  if (b.maxX > acc.maxX) acc.maxX = b.maxX;
  if (b.maxY > acc.maxY) acc.maxY = b.maxY;
}
