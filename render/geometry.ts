import type { PreviewBody, PreviewPart } from '../protocol/preview-model';
import { chainsRadius } from './chains';
import type { Painter } from './painter';
import { toScreenX, toScreenY, upY, type Viewport } from './viewport';

/** A body's pose at some time: position and rotation (cosine, sine), as core's Transform. */
export interface Pose {
  x: number;
  y: number;
  angle: number;
  c: number;
  s: number;
}

export function makePose(): Pose {
  return { x: 0, y: 0, angle: 0, c: 1, s: 0 };
}

/** position(t) = at + velocity t, angle(t) = angle + spin t (scene-language.md, "Motion and time"). */
export function poseAt(body: PreviewBody, t: number, out: Pose): Pose {
  out.x = body.position[0] + body.velocity[0] * t;
  out.y = body.position[1] + body.velocity[1] * t;
  out.angle = body.angle + body.spin * t;
  out.c = Math.cos(out.angle);
  out.s = Math.sin(out.angle);
  return out;
}

/** Growable scratch for world coordinates, so drawing a frame allocates nothing per body. */
export class Scratch {
  buf = new Float64Array(64);
  ensure(n: number): Float64Array {
    if (this.buf.length < n) this.buf = new Float64Array(Math.max(n, this.buf.length * 2));
    return this.buf;
  }
}

/** Body-local part vertices → world, into `out`; returns the vertex count. */
export function partToWorld(part: PreviewPart, pose: Pose, out: Scratch): number {
  const v = part.vertices;
  const n = v.length >> 1;
  const w = out.ensure(v.length);
  for (let i = 0; i < n; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    w[2 * i] = pose.c * x - pose.s * y + pose.x;
    w[2 * i + 1] = pose.s * x + pose.c * y + pose.y;
  }
  return n;
}

/** Largest distance from the body origin to any point of the body (radii and chains included). */
export function boundingRadius(body: PreviewBody): number {
  let r = body.chains ? chainsRadius(body) : 0;
  for (const part of body.parts) {
    const v = part.vertices;
    // Math.hypot depends on |x| and |y| only: a vertex that mirrors the one before it (a box's
    // corners about its center) has its distance, so it is not computed again.
    let ax = NaN;
    let ay = NaN;
    for (let i = 0; i + 1 < v.length; i += 2) {
      const x = Math.abs(v[i]!);
      const y = Math.abs(v[i + 1]!);
      if (x === ax && y === ay) continue;
      ax = x;
      ay = y;
      r = Math.max(r, Math.hypot(x, y) + part.radius);
    }
  }
  return r;
}

/**
 * Add the outline of a rounded convex point set (world vertices `w[0..2n)`, radius r) to the
 * current path as one closed sub-path in screen space: the core polygon offset outwards by r,
 * with an arc of radius r at each vertex between the normals of its two edges (the Minkowski sum
 * of the core with a disc, van den Bergen ch. 4). One vertex is a circle, two a capsule or a
 * segment; r = 0 gives the plain polygon.
 */
export function traceConvex(p: Painter, v: Viewport, w: ArrayLike<number>, n: number, r: number): void {
  if (n <= 0) return;
  const R = r * v.zoom;
  if (n === 1) {
    const sx = toScreenX(v, w[0]!);
    const sy = toScreenY(v, w[1]!);
    if (R <= 0) {
      p.moveTo(sx, sy);
      p.lineTo(sx + 0.01, sy);
      return;
    }
    p.moveTo(sx + R, sy);
    p.arc(sx, sy, R, 0, 2 * Math.PI, false);
    p.closePath();
    return;
  }
  if (R < 0.25) {
    // Below a quarter pixel the rounding is invisible: draw the core polygon (the fast path
    // for a large scene of boxes).
    p.moveTo(toScreenX(v, w[0]!), toScreenY(v, w[1]!));
    for (let i = 1; i < n; i++) p.lineTo(toScreenX(v, w[2 * i]!), toScreenY(v, w[2 * i + 1]!));
    if (n > 2) p.closePath();
    return;
  }
  // Winding and normals are taken in the y-up frame (upY: the world's, or its mirror when y
  // points down), so both orientations trace the same screen path. Walk counter-clockwise in
  // that frame (anticlockwise on the canvas); reverse a clockwise input.
  let area = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += w[2 * i]! * upY(v, w[2 * j + 1]!) - w[2 * j]! * upY(v, w[2 * i + 1]!);
  }
  const dir = area < 0 ? -1 : 1;
  const at = (k: number): number => (dir > 0 ? k : n - 1 - k);
  // Normal angle (y-up frame) of the edge k → k+1 in walking order.
  const normalAngle = (k: number, fallback: number): number => {
    const i = at(k);
    const j = at((k + 1) % n);
    const dx = w[2 * j]! - w[2 * i]!;
    const dy = upY(v, w[2 * j + 1]!) - upY(v, w[2 * i + 1]!);
    if (dx === 0 && dy === 0) return fallback;
    return Math.atan2(-dx, dy);
  };
  let prev = normalAngle(n - 1, 0);
  for (let k = 0; k < n; k++) {
    const next = normalAngle(k, prev);
    const i = at(k);
    const sx = toScreenX(v, w[2 * i]!);
    const sy = toScreenY(v, w[2 * i + 1]!);
    // Screen angles are the y-up frame's negated (y flips); a CCW turn there is an
    // anticlockwise=true arc on the canvas.
    if (k === 0) p.moveTo(sx + R * Math.cos(-prev), sy + R * Math.sin(-prev));
    p.arc(sx, sy, R, -prev, -next, true);
    prev = next;
  }
  p.closePath();
}

/**
 * Andrew's monotone chain convex hull (Andrew 1979; de Berg et al., "Computational Geometry",
 * §1.1) of the points in `pts[0..2n)`, written counter-clockwise into `out`; returns the hull's
 * vertex count. Used for swept areas: the area a convex part covers while translating is the hull
 * of its start and end poses (a Minkowski sum with the path segment).
 */
export function convexHull(pts: Float64Array, n: number, out: Scratch, order: Scratch): number {
  const sorted = order.ensure(n).subarray(0, n);
  for (let i = 0; i < n; i++) sorted[i] = i;
  sorted.sort((a, b) => pts[2 * a]! - pts[2 * b]! || pts[2 * a + 1]! - pts[2 * b + 1]!);
  const h = out.ensure(4 * n + 4);
  let k = 0;
  const cross = (o: number, a: number, b: number): number =>
    (h[2 * a]! - h[2 * o]!) * (pts[2 * b + 1]! - h[2 * o + 1]!) - (h[2 * a + 1]! - h[2 * o + 1]!) * (pts[2 * b]! - h[2 * o]!);
  const push = (i: number): void => {
    h[2 * k] = pts[2 * i]!;
    h[2 * k + 1] = pts[2 * i + 1]!;
    k++;
  };
  for (let m = 0; m < n; m++) {
    const i = sorted[m]!;
    while (k >= 2 && cross(k - 2, k - 1, i) <= 0) k--;
    push(i);
  }
  const lower = k + 1;
  for (let m = n - 2; m >= 0; m--) {
    const i = sorted[m]!;
    while (k >= lower && cross(k - 2, k - 1, i) <= 0) k--;
    push(i);
  }
  return Math.max(1, k - 1);
}
