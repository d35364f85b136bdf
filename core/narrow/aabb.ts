import type { AABB } from '../math/aabb';
import { addPoint, type LocalManifold } from './manifold';
import type { RelativePair } from './relative';
import { precedes, tieTolerance } from './tie-break';

/**
 * AABB–AABB contact (Ericson, "Real-Time Collision Detection", 4.2 and 5.1.3; the Sacred
 * Software and N tutorials' box tests): per axis, the push to either side is a difference of two
 * coordinates; overlapping boxes separate along the axis with the least push, apart boxes are at
 * the distance of their per-axis gaps. Exact, no iteration.
 *
 * The dispatcher uses it for two unrounded boxes whose edges are parallel to A's axes in A's
 * frame (both axis-aligned in the world, or turned by the same angle, or by quarter turns):
 * the common case of authored scenes.
 */

/**
 * Whether a packed core (shape.ts) of `n` vertices (the shape's `count`: a scene body's array may
 * go on past them) is a rectangle with edges parallel to its own frame's axes (as makeBox builds).
 */
export function isAxisAlignedBox(xy: readonly number[], n: number): boolean {
  if (n !== 4) return false;
  let horizontal = 0;
  let vertical = 0;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const bx = xy[2 * j]!;
    const by = xy[2 * j + 1]!;
    if (ay === by && ax !== bx) horizontal++;
    else if (ax === bx && ay !== by) vertical++;
  }
  return horizontal === 2 && vertical === 2;
}

const boxA = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const boxB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

function boundsInto(p: RelativePair, ofA: boolean, out: AABB): void {
  out.minX = out.minY = Infinity;
  out.maxX = out.maxY = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = ofA ? p.av[2 * i]! : p.bv[2 * i]!;
    const y = ofA ? p.av[2 * i + 1]! : p.bv[2 * i + 1]!;
    if (x < out.minX) out.minX = x;
    if (y < out.minY) out.minY = y;
    if (x > out.maxX) out.maxX = x;
    if (y > out.maxY) out.maxY = y;
  }
}

/**
 * Contact of two boxes that are AABBs in A's frame (see isAxisAlignedBox and the dispatcher).
 * Face contacts get two points (the ends of the overlap of the touching faces, midway between
 * them); corner contacts one.
 */
export function collideAabbs(p: RelativePair, m: LocalManifold): LocalManifold {
  boundsInto(p, true, boxA);
  boundsInto(p, false, boxB);
  const a = boxA;
  const b = boxB;
  m.method = 'aabb-aabb';
  // Push of B along +x / -x / +y / -y that ends the overlap on that axis (negative: a gap).
  const px = a.maxX - b.minX;
  const mx = b.maxX - a.minX;
  const py = a.maxY - b.minY;
  const my = b.maxY - a.minY;
  const ox = Math.min(px, mx);
  const oy = Math.min(py, my);
  let sx = px <= mx ? 1 : -1;
  let sy = py <= my ? 1 : -1;
  if (ox >= 0 && oy >= 0) {
    // Overlapping (or touching): the axis with the least push; x on a tie when touching, and
    // the conventional one of the tied pushes when overlapping (tie-break.ts).
    let onX = ox <= oy;
    const least = onX ? ox : oy;
    if (least > 0) {
      let nx = onX ? sx : 0;
      let ny = onX ? 0 : sy;
      const most = least + tieTolerance(p);
      if (px <= most && precedes(p, 1, 0, nx, ny)) {
        nx = 1;
        ny = 0;
      }
      if (mx <= most && precedes(p, -1, 0, nx, ny)) {
        nx = -1;
        ny = 0;
      }
      if (py <= most && precedes(p, 0, 1, nx, ny)) {
        nx = 0;
        ny = 1;
      }
      if (my <= most && precedes(p, 0, -1, nx, ny)) {
        nx = 0;
        ny = -1;
      }
      onX = nx !== 0;
      if (onX) sx = nx;
      else sy = ny;
    }
    m.separation = -least;
    m.nx = onX ? sx : 0;
    m.ny = onX ? 0 : sy;
    if (onX) {
      const x = sx > 0 ? (a.maxX + b.minX) / 2 : (a.minX + b.maxX) / 2;
      const lo = Math.max(a.minY, b.minY);
      const hi = Math.min(a.maxY, b.maxY);
      addPoint(m, x, lo);
      if (hi > lo) addPoint(m, x, hi);
    } else {
      const y = sy > 0 ? (a.maxY + b.minY) / 2 : (a.minY + b.maxY) / 2;
      const lo = Math.max(a.minX, b.minX);
      const hi = Math.min(a.maxX, b.maxX);
      addPoint(m, lo, y);
      if (hi > lo) addPoint(m, hi, y);
    }
    return m;
  }
  const gx = Math.max(0, -ox);
  const gy = Math.max(0, -oy);
  const d = Math.hypot(gx, gy);
  m.separation = d;
  m.nx = (sx * gx) / d;
  m.ny = (sy * gy) / d;
  if (gy === 0) {
    const x = sx > 0 ? (a.maxX + b.minX) / 2 : (a.minX + b.maxX) / 2;
    const lo = Math.max(a.minY, b.minY);
    const hi = Math.min(a.maxY, b.maxY);
    addPoint(m, x, lo);
    if (hi > lo) addPoint(m, x, hi);
  } else if (gx === 0) {
    const y = sy > 0 ? (a.maxY + b.minY) / 2 : (a.minY + b.maxY) / 2;
    const lo = Math.max(a.minX, b.minX);
    const hi = Math.min(a.maxX, b.maxX);
    addPoint(m, lo, y);
    if (hi > lo) addPoint(m, hi, y);
  } else {
    // Corner to corner: midway between the two nearest corners.
    const ax = sx > 0 ? a.maxX : a.minX;
    const ay = sy > 0 ? a.maxY : a.minY;
    const cx = sx > 0 ? b.minX : b.maxX;
    const cy = sy > 0 ? b.minY : b.maxY;
    addPoint(m, (ax + cx) / 2, (ay + cy) / 2);
  }
  return m;
}
