import type { Vec2 } from '../math/vec2';
import { extentOf, isConvex, RELATIVE_TOLERANCE, removeDegenerate, signedArea } from './polygon';

/**
 * Most vertices `convexDecomposition` takes: its ear clipping and greedy merging are cubic in the
 * worst case, which this bounds to a fraction of a second. Callers report larger concave
 * polygons without parts.
 */
export const DECOMPOSITION_VERTEX_LIMIT = 256;

/**
 * Convex decomposition of a simple polygon (either winding, possibly with repeated or collinear
 * points): an ear-clipping triangulation (Meisters' two-ears theorem; Eberly, "Triangulation by
 * Ear Clipping") merged back by Hertel–Mehlhorn (remove a diagonal whenever both its ends stay
 * convex), which gives at most four times the minimum number of parts. Each part is convex,
 * counter-clockwise and free of collinear points. A convex input comes back as one part; input
 * with no area gives no parts. Undefined for a concave polygon of more than
 * DECOMPOSITION_VERTEX_LIMIT vertices (after clean-up).
 */
export function convexDecomposition(simplePolygon: readonly Vec2[]): Vec2[][] | undefined {
  let pts = removeDegenerate(simplePolygon).points;
  if (pts.length < 3) return [];
  if (signedArea(pts) < 0) pts = pts.slice().reverse();
  const ext = extentOf(pts);
  const tol = RELATIVE_TOLERANCE * ext;
  if (!(signedArea(pts) > tol * ext)) return [];
  if (isConvex(pts)) return [pts];
  if (pts.length > DECOMPOSITION_VERTEX_LIMIT) return undefined;

  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const triangles: number[][] = [];
  const ring: number[] = pts.map((_, i) => i);
  while (ring.length > 3) {
    const n = ring.length;
    let ear = -1;
    let fallback = -1;
    let fallbackCross = -Infinity;
    for (let k = 0; k < n && ear < 0; k++) {
      const a = pts[ring[(k + n - 1) % n]!]!;
      const b = pts[ring[k]!]!;
      const c = pts[ring[(k + 1) % n]!]!;
      const turn = cross(a, b, c);
      if (turn > fallbackCross) {
        fallbackCross = turn;
        fallback = k;
      }
      if (turn <= 0) continue; // reflex or straight: not an ear tip
      let blocked = false;
      for (let m = 0; m < n && !blocked; m++) {
        if (m === k || m === (k + 1) % n || m === (k + n - 1) % n) continue;
        const p = pts[ring[m]!]!;
        if ((p.x === a.x && p.y === a.y) || (p.x === c.x && p.y === c.y)) continue;
        // A point in (or on) the candidate triangle blocks it: the diagonal a–c would cross an edge.
        blocked = cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
      }
      if (!blocked) ear = k;
    }
    // Rounding can hide every ear of a nearly degenerate polygon; clipping the most convex vertex
    // still terminates and covers the polygon.
    if (ear < 0) ear = fallback;
    const k = ear;
    triangles.push([ring[(k + n - 1) % n]!, ring[k]!, ring[(k + 1) % n]!]);
    ring.splice(k, 1);
  }
  triangles.push(ring.slice());

  // Hertel–Mehlhorn: greedily merge two parts across a shared diagonal when the result is convex.
  const parts: (number[] | null)[] = triangles;
  const convexAt = (prev: number, at: number, next: number) =>
    cross(pts[prev]!, pts[at]!, pts[next]!) >= -tol * Math.hypot(pts[next]!.x - pts[prev]!.x, pts[next]!.y - pts[prev]!.y);
  let merged = true;
  while (merged) {
    merged = false;
    for (let p = 0; p < parts.length; p++) {
      const P = parts[p];
      if (!P) continue;
      for (let q = p + 1; q < parts.length && !merged; q++) {
        const Q = parts[q];
        if (!Q) continue;
        for (let i = 0; i < P.length && !merged; i++) {
          const u = P[i]!;
          const v = P[(i + 1) % P.length]!;
          const j = Q.indexOf(v);
          if (j < 0 || Q[(j + 1) % Q.length] !== u) continue;
          const pPrev = P[(i + P.length - 1) % P.length]!;
          const pNext = P[(i + 2) % P.length]!;
          const qPrev = Q[(j + Q.length - 1) % Q.length]!;
          const qNext = Q[(j + 2) % Q.length]!;
          if (!convexAt(pPrev, u, qNext) || !convexAt(qPrev, v, pNext)) continue;
          const loop: number[] = [];
          for (let k = 0; k < P.length; k++) loop.push(P[(i + 1 + k) % P.length]!); // v ... u
          for (let k = 2; k < Q.length; k++) loop.push(Q[(j + k) % Q.length]!); // after u ... before v
          parts[p] = loop;
          parts[q] = null;
          merged = true;
        }
      }
      if (merged) break;
    }
  }
  const out: Vec2[][] = [];
  for (const part of parts) {
    if (!part) continue;
    const clean = removeDegenerate(part.map((i) => pts[i]!)).points;
    if (clean.length >= 3) out.push(clean);
  }
  return out;
}
