import { hypot2, type Vec2 } from '../math/vec2';
import { packedCoordinates } from './shape';

/**
 * Polygon utilities for authored point lists: winding, convexity, simplicity, hull and clean-up
 * (convex decomposition is in decomposition.ts). Inputs are whatever the author wrote (either winding, possibly concave,
 * repeated or collinear points); every function is total: bad input gives an answer that says so
 * (false, an empty list, dropped indices), never a throw.
 *
 * Geometric predicates compare against a tolerance relative to the point set's size
 * (`RELATIVE_TOLERANCE` times the largest coordinate extent), so that the same polygon scaled by
 * 1e-3 or 1e4 is classified the same way, and so that decimal input such as (0.1, 0.2),
 * (0.2, 0.4), (0.3, 0.6) counts as collinear although its binary cross product is not exactly 0.
 */

/** Relative tolerance of the predicates below (a distance, as a fraction of the set's extent). */
export const RELATIVE_TOLERANCE = 1e-12;

/** Largest coordinate extent of a point set (0 for fewer than two distinct points). */
export function extentOf(points: readonly Vec2[]): number {
  if (points.length === 0) return 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return Math.max(maxX - minX, maxY - minY);
}

/**
 * Signed area (shoelace formula): positive for counter-clockwise, negative for clockwise. Summed
 * relative to the first point so that a small polygon far from the origin keeps its digits.
 */
export function signedArea(points: readonly Vec2[]): number {
  const n = points.length;
  if (n < 3) return 0;
  const ox = points[0]!.x;
  const oy = points[0]!.y;
  let twice = 0;
  for (let i = 1; i + 1 < n; i++) {
    const ax = points[i]!.x - ox;
    const ay = points[i]!.y - oy;
    const bx = points[i + 1]!.x - ox;
    const by = points[i + 1]!.y - oy;
    twice += ax * by - ay * bx;
  }
  return twice / 2;
}

/** Area centroid of a simple polygon (either winding); the vertex mean when it has no area. */
export function polygonCentroid(points: readonly Vec2[]): Vec2 {
  const n = points.length;
  if (n === 0) return { x: 0, y: 0 };
  const ox = points[0]!.x;
  const oy = points[0]!.y;
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 1; i + 1 < n; i++) {
    const ax = points[i]!.x - ox;
    const ay = points[i]!.y - oy;
    const bx = points[i + 1]!.x - ox;
    const by = points[i + 1]!.y - oy;
    const c = ax * by - ay * bx;
    twice += c;
    cx += c * (ax + bx);
    cy += c * (ay + by);
  }
  const tol = RELATIVE_TOLERANCE * extentOf(points);
  if (Math.abs(twice) <= tol * tol) {
    let sx = 0;
    let sy = 0;
    for (const p of points) {
      sx += p.x - ox;
      sy += p.y - oy;
    }
    return { x: ox + sx / n, y: oy + sy / n };
  }
  // Triangle fan from the first point: each triangle's centroid is (o + a + b) / 3 (Bourke).
  return { x: ox + cx / (3 * twice), y: oy + cy / (3 * twice) };
}

/**
 * Outward unit normals of a counter-clockwise core packed [x0, y0, x1, y1, ...] (n vertices), one
 * per edge i → i+1, packed the same way (shape.ts): the shapes' stored normals. A zero-length
 * edge gets (0, 0): callers validate polygons first (see `removeDegenerate`).
 */
export function packedEdgeNormals(xy: readonly number[], n: number): number[] {
  const out = packedCoordinates(2 * n);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = xy[2 * j]! - xy[2 * i]!;
    const ey = xy[2 * j + 1]! - xy[2 * i + 1]!;
    const l = hypot2(ex, ey);
    out[2 * i] = l > 0 ? ey / l : 0;
    out[2 * i + 1] = l > 0 ? -ex / l : 0;
  }
  return out;
}

/**
 * Whether the closed polygon is convex, in either winding: it has area, every turn goes the same
 * way (straight angles allowed), and it turns around exactly once (a pentagram turns the same way
 * at every vertex but twice around, and is not convex).
 */
export function isConvex(points: readonly Vec2[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  const area = signedArea(points);
  const ext = extentOf(points);
  const tol = RELATIVE_TOLERANCE * ext;
  if (!(Math.abs(area) > tol * ext)) return false;
  const sign = area > 0 ? 1 : -1;
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const p = points[(i + n - 1) % n]!;
    const q = points[i]!;
    const r = points[(i + 1) % n]!;
    const ux = q.x - p.x;
    const uy = q.y - p.y;
    const vx = r.x - q.x;
    const vy = r.y - q.y;
    const lu = hypot2(ux, uy);
    const lv = hypot2(vx, vy);
    if (lu <= tol || lv <= tol) continue; // a repeated point turns nowhere
    const c = ux * vy - uy * vx;
    // Distance of r from the line through p, q: a turn against the winding beyond tolerance.
    if (sign * c < -tol * lu) return false;
    turning += Math.atan2(c, ux * vx + uy * vy);
  }
  return Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}

/** Orientation of c relative to the directed line a → b: +1 left, -1 right, 0 on it. */
function orient(a: Vec2, b: Vec2, c: Vec2): number {
  const v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** c lies within the bounding box of a, b (used once c is known to be collinear with them). */
function onSegment(a: Vec2, b: Vec2, c: Vec2): boolean {
  return (
    Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y)
  );
}

/** Closed-segment intersection, touching included (Cormen et al., "Introduction to Algorithms", 33.1). */
export function segmentsIntersect(p1: Vec2, p2: Vec2, q1: Vec2, q2: Vec2): boolean {
  const d1 = orient(q1, q2, p1);
  const d2 = orient(q1, q2, p2);
  const d3 = orient(p1, p2, q1);
  const d4 = orient(p1, p2, q2);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  if (d1 === 0 && onSegment(q1, q2, p1)) return true;
  if (d2 === 0 && onSegment(q1, q2, p2)) return true;
  if (d3 === 0 && onSegment(p1, p2, q1)) return true;
  if (d4 === 0 && onSegment(p1, p2, q2)) return true;
  return false;
}

/**
 * Error bound of the floating-point orientation test orient(a, b, c) of points whose coordinates
 * differ by at most `ext` (Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust
 * Geometric Predicates", 1997: the computed sign is right whenever |det| > (3 + 16ε)ε (|detleft| +
 * |detright|), here at most 6.7e-16 ext²), with a wide margin.
 */
const ORIENT_MARGIN = 1e-14;

/**
 * Whether the closed polygon is strictly convex with a margin that rounding cannot eat: every
 * turn (orient of three consecutive points, as isSimple computes it) has the same sign and
 * exceeds ORIENT_MARGIN ext², and the turns add up to one full turn. False proves nothing; true
 * settles two questions without asking them:
 * - isSimple is true: every orientation its pair test computes has the exact sign (for edge i and
 *   any vertex not on it, the exact orientation is at least the smaller of the turns at the edge's
 *   ends: the distance to a convex polygon's edge line rises and falls once around it), so no two
 *   edges cross or touch and none folds back;
 * - isConvex is true when the polygon has area (|signedArea| > RELATIVE_TOLERANCE ext², its own
 *   first test) and no edge shorter than RELATIVE_TOLERANCE ext (as after removeDegenerate): it
 *   then skips no vertex, each turn has the sign of the area, and it adds the very angles summed
 *   here, expression for expression.
 */
export function isCertainlyConvex(points: readonly Vec2[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  const ext = extentOf(points);
  // Far from underflow and overflow, where the error bound above holds.
  if (!(ext >= 1e-100 && ext <= 1e100)) return false;
  const margin = ORIENT_MARGIN * ext * ext;
  let sign = 0;
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const a = points[i === 0 ? n - 1 : i - 1]!;
    const b = points[i]!;
    const c = points[i + 1 === n ? 0 : i + 1]!;
    const turn = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if (sign === 0) sign = turn > 0 ? 1 : -1;
    if (!(sign * turn > margin)) return false;
    // The exterior angle at b, between a → b and b → c.
    const ux = b.x - a.x;
    const uy = b.y - a.y;
    const vx = c.x - b.x;
    const vy = c.y - b.y;
    turning += Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  }
  // Each angle is within (−π, π) and all turn one way: the sum is 2πk, k = 1 for a convex polygon
  // (a pentagram turns twice).
  return Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}

/**
 * Whether the closed polygon is simple: no two non-adjacent edges meet, and no edge folds back
 * over its neighbor. Consecutive repeated points are ignored (they are a "repeated vertex" hint,
 * not a crossing). Almost all authored polygons are convex, which isCertainlyConvex settles in
 * O(n): polygon validation asks it first (it also answers isConvex there). Undefined when the
 * answer needs more than `budget` pair tests (see `simplicity`).
 */
export function isSimple(points: readonly Vec2[], budget = Infinity): boolean | undefined {
  const pts: Vec2[] = [];
  for (const p of points) {
    const last = pts[pts.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) pts.push(p);
  }
  while (pts.length > 1 && pts[0]!.x === pts[pts.length - 1]!.x && pts[0]!.y === pts[pts.length - 1]!.y) pts.pop();
  const n = pts.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    const c = pts[(i + 2) % n]!;
    // Adjacent edges a→b, b→c overlap when c is on the line and goes back towards a.
    if (orient(a, b, c) === 0 && (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0) return false;
  }
  return noEdgesMeet(pts, budget);
}

/**
 * Whether no two non-adjacent edges of the ring meet, by sweep and prune (Baraff's sort and sweep
 * on x): the edges sorted by their left end, each tested with the exact segment test against
 * every earlier edge whose x-interval still overlaps it. Two edges that meet share an x, so every
 * meeting pair is tested. O(n log n + k) for k overlapping pairs: small for outlines, whose edges
 * are short; a comb of long parallel edges can make k quadratic, and then the test gives up
 * (undefined) after `budget` such pairs rather than stall.
 */
function noEdgesMeet(pts: readonly Vec2[], budget: number): boolean | undefined {
  const n = pts.length;
  const order = new Array<number>(n);
  const minX = new Float64Array(n);
  const maxX = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[i + 1 === n ? 0 : i + 1]!;
    order[i] = i;
    minX[i] = Math.min(a.x, b.x);
    maxX[i] = Math.max(a.x, b.x);
  }
  order.sort((i, j) => minX[i]! - minX[j]! || i - j);
  // Edges whose interval may still overlap the next ones, swept clean lazily.
  const active: number[] = [];
  let tests = 0;
  for (const i of order) {
    const x = minX[i]!;
    const a = pts[i]!;
    const b = pts[i + 1 === n ? 0 : i + 1]!;
    const lowY = Math.min(a.y, b.y);
    const highY = Math.max(a.y, b.y);
    let kept = 0;
    for (let m = 0; m < active.length; m++) {
      const j = active[m]!;
      if (maxX[j]! < x) continue;
      active[kept++] = j;
      if (++tests > budget) return undefined;
      const d = i > j ? i - j : j - i;
      if (d === 1 || d === n - 1) continue; // adjacent edges share a vertex
      const c = pts[j]!;
      const e = pts[j + 1 === n ? 0 : j + 1]!;
      if (Math.max(c.y, e.y) < lowY || Math.min(c.y, e.y) > highY) continue;
      if (segmentsIntersect(a, b, c, e)) return false;
    }
    active.length = kept;
    active.push(i);
  }
  return true;
}

/**
 * Convex hull by Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for convex
 * hulls in two dimensions", 1979): counter-clockwise, starting at the lowest-leftmost point,
 * without repeated or collinear points. Fewer than three points come back when the input has no
 * area (one point, or the two ends of a segment).
 */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const finite = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const hull = hullIndices(finite).map((i) => finite[i]!);
  if (hull.length === 2 && hull[0]!.x === hull[1]!.x && hull[0]!.y === hull[1]!.y) hull.pop();
  return hull;
}

/**
 * The monotone chain of convexHull over indices into `points` (all finite), so that a caller can
 * tell which input point each hull vertex is: counter-clockwise, collinear points dropped, ties
 * between equal points taken in index order.
 */
export function hullIndices(points: readonly Vec2[]): number[] {
  const n = points.length;
  if (n <= 1) return n === 1 ? [0] : [];
  const sorted = Array.from({ length: n }, (_, i) => i);
  sorted.sort((i, j) => points[i]!.x - points[j]!.x || points[i]!.y - points[j]!.y || i - j);
  const cross = (o: number, a: number, b: number) => {
    const O = points[o]!;
    const A = points[a]!;
    const B = points[b]!;
    return (A.x - O.x) * (B.y - O.y) - (A.y - O.y) * (B.x - O.x);
  };
  const hull: number[] = [];
  for (let k = 0; k < n; k++) {
    const p = sorted[k]!;
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, p) <= 0) hull.pop();
    hull.push(p);
  }
  const lower = hull.length + 1;
  for (let k = n - 2; k >= 0; k--) {
    const p = sorted[k]!;
    while (hull.length >= lower && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, p) <= 0) hull.pop();
    hull.push(p);
  }
  hull.pop(); // the first point again
  return hull;
}

export interface CleanPolygon {
  /** The kept points, in the input's order and winding. */
  readonly points: Vec2[];
  /** Indices into the input of the points that were dropped, ascending. */
  readonly dropped: number[];
}

/**
 * Drops repeated points and points on the line through their neighbors (straight angles and
 * zero-area spikes), repeating until none is left, as Box2D's b2ComputeHull welds and removes
 * collinear points. Tolerance: RELATIVE_TOLERANCE times the input's extent.
 */
export function removeDegenerate(points: readonly Vec2[]): CleanPolygon {
  const tol = RELATIVE_TOLERANCE * extentOf(points);
  // Authored polygons are almost always clean: one pass that would drop nothing proves it (the
  // loop below then ends after its first round with every point kept), and the general loop, its
  // index list and splices, runs for the others only. Most of a scene's polygons never reach it,
  // so a large scene neither allocates its lists nor compiles it.
  if (keepsEveryPoint(points, tol)) return { points: points.slice(), dropped: [] };
  return removeDegenerateWithin(points, tol);
}

/**
 * Whether removeDegenerate keeps every point: all are finite and the first round of its loop
 * drops none, tested with its very expressions (a repeat of the previous point, a point on the line
 * through its neighbors), so that the two never disagree.
 */
function keepsEveryPoint(points: readonly Vec2[], tol: number): boolean {
  const n = points.length;
  for (let k = 0; k < n; k++) {
    const q = points[k]!;
    if (!(Number.isFinite(q.x) && Number.isFinite(q.y))) return false;
  }
  if (n < 2) return true;
  for (let k = 0; k < n; k++) {
    const p = points[k === 0 ? n - 1 : k - 1]!;
    const q = points[k]!;
    const r = points[k + 1 === n ? 0 : k + 1]!;
    if (hypot2(q.x - p.x, q.y - p.y) <= tol) return false;
    if (n > 2) {
      const ex = r.x - p.x;
      const ey = r.y - p.y;
      const l = hypot2(ex, ey);
      if (l <= tol || Math.abs(ex * (q.y - p.y) - ey * (q.x - p.x)) <= tol * l) return false;
    }
  }
  return true;
}

/**
 * removeDegenerate's general loop, with its tolerance. Its rounds visit the kept points in input
 * order, each judged against its current neighbors, until a round drops none. A point whose
 * neighbors did not change since it was last kept would be kept again, so each round visits only
 * the neighbors of points dropped before it: the same drops in the same order, in O(n log n)
 * (a heap orders each round) instead of a splice and a full pass per drop.
 */
function removeDegenerateWithin(points: readonly Vec2[], tol: number): CleanPolygon {
  const total = points.length;
  // Repeats first, so that the later copy of a point is the one reported as dropped: each finite
  // point is compared with the finite point before it in the input.
  const idx: number[] = [];
  let previous = -1;
  for (let i = 0; i < total; i++) {
    const q = points[i]!;
    if (!(Number.isFinite(q.x) && Number.isFinite(q.y))) continue;
    if (previous < 0) idx.push(i);
    else {
      const p = points[previous]!;
      if (!(hypot2(q.x - p.x, q.y - p.y) <= tol)) idx.push(i);
    }
    previous = i;
  }
  let alive = idx.length;
  // A doubly linked ring over positions in idx.
  const prev = new Int32Array(alive);
  const next = new Int32Array(alive);
  for (let k = 0; k < alive; k++) {
    prev[k] = k === 0 ? alive - 1 : k - 1;
    next[k] = k + 1 === alive ? 0 : k + 1;
  }
  const removed = new Uint8Array(alive);
  const queued = new Uint8Array(alive).fill(1);
  // A round visits `list` (ascending) merged with `extra`, the neighbors of its drops that come
  // after them; the neighbors before them make the next round's list.
  let list: number[] = Array.from({ length: alive }, (_, k) => k);
  while (list.length > 0 && alive > 0) {
    const extra = new MinHeap();
    const later: number[] = [];
    let cursor = 0;
    while ((cursor < list.length || extra.size > 0) && alive > 1) {
      const k = extra.size > 0 && !(cursor < list.length && list[cursor]! < extra.peek()) ? extra.pop() : list[cursor++]!;
      queued[k] = 0;
      if (removed[k]) continue;
      const a = prev[k]!;
      const b = next[k]!;
      const p = points[idx[a]!]!;
      const q = points[idx[k]!]!;
      const r = points[idx[b]!]!;
      let drop = hypot2(q.x - p.x, q.y - p.y) <= tol;
      if (!drop && alive > 2) {
        const ex = r.x - p.x;
        const ey = r.y - p.y;
        const l = hypot2(ex, ey);
        // q is on the line p–r (or p and r coincide, making q the tip of a spike).
        drop = l <= tol || Math.abs(ex * (q.y - p.y) - ey * (q.x - p.x)) <= tol * l;
      }
      if (!drop) continue;
      removed[k] = 1;
      alive--;
      next[a] = b;
      prev[b] = a;
      // A neighbor after k in input order is still to come this round; one before it waits for
      // the next round, as in a full pass over the list.
      if (a !== k && !removed[a] && !queued[a]) {
        queued[a] = 1;
        if (a > k) extra.push(a);
        else later.push(a);
      }
      if (b !== k && !removed[b] && !queued[b]) {
        queued[b] = 1;
        if (b > k) extra.push(b);
        else later.push(b);
      }
    }
    for (; cursor < list.length; cursor++) queued[list[cursor]!] = 0;
    while (extra.size > 0) queued[extra.pop()] = 0;
    list = later.sort((u, v) => u - v);
  }
  const dropped: number[] = [];
  const kept: Vec2[] = [];
  let nextInput = 0;
  for (let k = 0; k < idx.length; k++) {
    if (removed[k]) continue;
    const i = idx[k]!;
    while (nextInput < i) dropped.push(nextInput++);
    nextInput = i + 1;
    kept.push(points[i]!);
  }
  while (nextInput < total) dropped.push(nextInput++);
  return { points: kept, dropped };
}

/** A binary min-heap of small integers. */
class MinHeap {
  private readonly items: number[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): number {
    return this.items[0]!;
  }
  push(v: number): void {
    const a = this.items;
    let i = a.length;
    a.push(v);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]! <= v) break;
      a[i] = a[parent]!;
      i = parent;
    }
    a[i] = v;
  }
  pop(): number {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const c = l + 1 < a.length && a[l + 1]! < a[l]! ? l + 1 : l;
        if (a[c]! >= last) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}
