import type { Transform, Vec2 } from '../../../../core/math/vec2';
import { shapeVertices, type ConvexShape } from '../../../../core/shapes/shape';
import type { ToiInput } from '../../../../core/ccd/types';
import { poseAt } from '../../../../core/ccd/motion';

/**
 * Brute-force references for the continuous-detection tests, deliberately independent of the
 * code under test (no GJK, no support mapping): the exact separation of two rounded convex shapes
 * from all feature pairs, and the first time of contact by dense sampling refined by bisection.
 */

function worldVerts(shape: ConvexShape, xf: Transform): Vec2[] {
  return shapeVertices(shape).map((v) => ({ x: xf.c * v.x - xf.s * v.y + xf.x, y: xf.s * v.x + xf.c * v.y + xf.y }));
}

function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const l2 = ex * ex + ey * ey;
  let u = l2 > 0 ? ((p.x - a.x) * ex + (p.y - a.y) * ey) / l2 : 0;
  u = Math.max(0, Math.min(1, u));
  return Math.hypot(a.x + ex * u - p.x, a.y + ey * u - p.y);
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}

/** Inside (or on) a convex CCW polygon. */
function insidePolygon(p: Vec2, poly: Vec2[]): boolean {
  if (poly.length < 3) return false;
  for (let i = 0; i < poly.length; i++) if (orient(poly[i]!, poly[(i + 1) % poly.length]!, p) < 0) return false;
  return true;
}

function edges(v: Vec2[]): [Vec2, Vec2][] {
  if (v.length === 1) return [[v[0]!, v[0]!]];
  if (v.length === 2) return [[v[0]!, v[1]!]];
  return v.map((p, i) => [p, v[(i + 1) % v.length]!] as [Vec2, Vec2]);
}

/** Distance between the cores (0 when they intersect). */
export function coreDistance(a: Vec2[], b: Vec2[]): number {
  if (insidePolygon(a[0]!, b) || insidePolygon(b[0]!, a)) return 0;
  let best = Infinity;
  for (const [p, q] of edges(a)) {
    for (const [r, s] of edges(b)) {
      if (segmentsCross(p, q, r, s)) return 0;
      best = Math.min(best, pointSegment(p, r, s), pointSegment(q, r, s), pointSegment(r, p, q), pointSegment(s, p, q));
    }
  }
  return best;
}

/** Exact separation of the rounded shapes at time t under the input's motion (0 when they overlap). */
export function separationAt(input: ToiInput, t: number): number {
  const xa = poseAt(input.transformA, input.velocityA, input.spinA, t);
  const xb = poseAt(input.transformB, input.velocityB, input.spinB, t);
  const d = coreDistance(worldVerts(input.shapeA, xa), worldVerts(input.shapeB, xb));
  return Math.max(0, d - input.shapeA.radius - input.shapeB.radius);
}

/**
 * First time in [tMin, tMax] at which the separation is <= eps, by `samples` uniform samples and
 * bisection between the last clear sample and the first touching one (to `timeTol`); null when no
 * sample touches. Sampling can miss a contact shorter than the spacing: the tests use this as
 * "a contact the method must not miss or report late", never as proof that none exists.
 */
export function referenceFirstContact(input: ToiInput, eps: number, samples: number, timeTol: number): number | null {
  const { tMin, tMax } = input;
  if (separationAt(input, tMin) <= eps) return tMin;
  let prev = tMin;
  for (let k = 1; k <= samples; k++) {
    const t = tMin + ((tMax - tMin) * k) / samples;
    if (separationAt(input, t) <= eps) {
      let lo = prev;
      let hi = t;
      while (hi - lo > timeTol) {
        const mid = (lo + hi) / 2;
        if (separationAt(input, mid) <= eps) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    prev = t;
  }
  return null;
}

/** Smallest sampled separation over [t0, t1] (to check that a reported contact is real). */
export function minSeparation(input: ToiInput, t0: number, t1: number, samples: number): number {
  let m = Infinity;
  for (let k = 0; k <= samples; k++) m = Math.min(m, separationAt(input, t0 + ((t1 - t0) * k) / samples));
  return m;
}
