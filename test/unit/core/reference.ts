/**
 * Brute-force references for the narrow-phase property tests: slow, obviously right, no shared
 * code with the algorithms they check (except convexHull, which has its own tests).
 */
import fc from 'fast-check';
import type { Transform, Vec2 } from '../../../core/math/vec2';
import { makeTransform, transformPoint } from '../../../core/math/vec2';
import { convexHull } from '../../../core/shapes/polygon';
import { makePolygon } from '../../../core/shapes/factory';
import { shapeVertices, type ConvexShape } from '../../../core/shapes/shape';

export function worldVertices(shape: ConvexShape, xf: Transform): Vec2[] {
  return shapeVertices(shape).map((v) => transformPoint(xf, v));
}

export function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const ll = ex * ex + ey * ey;
  const t = ll > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ll)) : 0;
  return Math.hypot(p.x - a.x - t * ex, p.y - a.y - t * ey);
}

function edges(v: Vec2[]): [Vec2, Vec2][] {
  if (v.length === 1) return [[v[0]!, v[0]!]];
  if (v.length === 2) return [[v[0]!, v[1]!]];
  return v.map((p, i) => [p, v[(i + 1) % v.length]!] as [Vec2, Vec2]);
}

function insideConvex(p: Vec2, v: Vec2[]): boolean {
  if (v.length < 3) return false;
  for (let i = 0; i < v.length; i++) {
    const a = v[i]!;
    const b = v[(i + 1) % v.length]!;
    if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0) return false;
  }
  return true;
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o = (p: Vec2, q: Vec2, r: Vec2) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** Core distance by brute force over all vertex/edge pairs; 0 when the cores overlap. */
export function bruteDistance(vA: Vec2[], vB: Vec2[]): number {
  if (vA.some((p) => insideConvex(p, vB)) || vB.some((p) => insideConvex(p, vA))) return 0;
  let best = Infinity;
  for (const [a0, a1] of edges(vA))
    for (const [b0, b1] of edges(vB)) {
      if (segmentsCross(a0, a1, b0, b1)) return 0;
      best = Math.min(best, pointSegment(a0, b0, b1), pointSegment(a1, b0, b1), pointSegment(b0, a0, a1), pointSegment(b1, a0, a1));
    }
  return best;
}

/**
 * The exact reference: the signed distance of the origin to the convex hull of all
 * vertex differences b - a (positive outside = separation of the cores, negative inside =
 * minus the penetration depth), with the direction from A towards B of the least translation.
 * Computed relative to `origin` (pass A's position) to keep digits far from the origin.
 */
export function referenceSignedDistance(vA: Vec2[], vB: Vec2[]): { d: number; normal: Vec2 } {
  const diffs: Vec2[] = [];
  for (const a of vA) for (const b of vB) diffs.push({ x: b.x - a.x, y: b.y - a.y });
  const hull = convexHull(diffs);
  if (hull.length < 3) {
    // Segment or point hull: distance to it, never inside.
    const d = hull.length === 1 ? Math.hypot(hull[0]!.x, hull[0]!.y) : pointSegment({ x: 0, y: 0 }, hull[0]!, hull[1]!);
    return { d, normal: { x: 0, y: 0 } };
  }
  let inside = true;
  let minOut = Infinity;
  let best = Infinity;
  let bestN: Vec2 = { x: 0, y: 0 };
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const l = Math.hypot(ex, ey);
    const nx = ey / l;
    const ny = -ex / l;
    const s = -(a.x * nx + a.y * ny); // signed distance of the origin beyond this edge's line
    if (s > 0) inside = false;
    minOut = Math.min(minOut, pointSegment({ x: 0, y: 0 }, a, b));
    // Inside: depth along this edge normal is -s; the least one is the penetration.
    if (-s < best) {
      best = -s;
      // Moving B by depth along -n... the MD contains the origin; translating B by t moves the
      // MD by t, and the nearest exit is through this edge: t = -s * n from A towards B is -n.
      bestN = { x: -nx, y: -ny };
    }
  }
  return inside ? { d: -best, normal: bestN } : { d: minOut, normal: { x: 0, y: 0 } };
}

/**
 * A random convex polygon: the hull of random points on a 2001 × 2001 grid scaled into
 * [-size, size]². The grid makes exactly aligned and parallel edges common, the cases that break
 * careless implementations; random transforms then give the generic ones.
 */
export function convexPolygonArb(size = 1, maxPoints = 8): fc.Arbitrary<ConvexShape> {
  const coord = fc.integer({ min: -1000, max: 1000 });
  return fc
    .array(fc.tuple(coord, coord), { minLength: 3, maxLength: maxPoints })
    .map((pts) => convexHull(pts.map(([x, y]) => ({ x: (x * size) / 1000, y: (y * size) / 1000 }))))
    .filter((h) => h.length >= 3 && Math.abs(areaOf(h)) > 1e-3 * size * size)
    .map((h) => makePolygon(h));
}

function areaOf(h: Vec2[]): number {
  let a = 0;
  for (let i = 0; i < h.length; i++) {
    const p = h[i]!;
    const q = h[(i + 1) % h.length]!;
    a += p.x * q.y - p.y * q.x;
  }
  return a / 2;
}

export function transformArb(range: number): fc.Arbitrary<Transform> {
  return fc
    .tuple(
      fc.double({ min: -range, max: range, noNaN: true }),
      fc.double({ min: -range, max: range, noNaN: true }),
      fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    )
    .map(([x, y, a]) => makeTransform(x, y, a));
}
