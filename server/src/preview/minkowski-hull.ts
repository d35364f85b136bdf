import type { Transform } from '../../../core/math/vec2';
import { convexHull } from '../../../core/shapes/polygon';
import type { ConvexShape } from '../../../core/shapes/shape';
import type { PreviewMinkowski } from '../../../protocol/preview-model';

/**
 * B ⊖ A of two placed shapes' cores as the convex hull of all vertex differences b_j − a_i
 * (the definition; O(nm log nm), which is nothing at the sizes a person inspects), each hull
 * vertex keeping the pair (i, j) that made it, and each edge the shape it came from: an edge
 * between (i, j) and (i, j') is a translated edge of B, one between (i, j) and (i', j) a negated
 * edge of A (the tutorials' colouring of the Minkowski difference). When the core's O(n + m)
 * edge merge (core/narrow/minkowski.ts) is available the preview can take its result instead;
 * both describe the same polygon.
 *
 * World coordinates; the rounding radius is rA + rB. Null for an empty shape.
 */
export function minkowskiHull(shapeA: ConvexShape, xfA: Transform, shapeB: ConvexShape, xfB: Transform): PreviewMinkowski | null {
  const a = shapeA.vertices.map((v) => ({ x: xfA.c * v.x - xfA.s * v.y + xfA.x, y: xfA.s * v.x + xfA.c * v.y + xfA.y }));
  const b = shapeB.vertices.map((v) => ({ x: xfB.c * v.x - xfB.s * v.y + xfB.x, y: xfB.s * v.x + xfB.c * v.y + xfB.y }));
  if (a.length === 0 || b.length === 0) return null;
  const origin = new Map<string, [number, number]>();
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const p = { x: b[j]!.x - a[i]!.x, y: b[j]!.y - a[i]!.y };
      const key = `${p.x},${p.y}`;
      if (!origin.has(key)) origin.set(key, [i, j]);
      points.push(p);
    }
  }
  const hull = convexHull(points);
  if (hull.length === 0) return null;
  const ids = hull.map((p) => origin.get(`${p.x},${p.y}`)!);
  const vertices: number[] = [];
  const vertexA: number[] = [];
  const vertexB: number[] = [];
  const edgeFrom: PreviewMinkowski['edgeFrom'] = [];
  const push = (i: number, j: number, from: 'A' | 'B' | 'both'): void => {
    vertices.push(b[j]!.x - a[i]!.x, b[j]!.y - a[i]!.y);
    vertexA.push(i);
    vertexB.push(j);
    edgeFrom.push(from);
  };
  const n = hull.length;
  const adjacent = (k: number, l: number, count: number): boolean => count > 1 && ((k + 1) % count === l || (l + 1) % count === k);
  for (let k = 0; k < n; k++) {
    const [i, j] = ids[k]!;
    const [i2, j2] = ids[(k + 1) % n]!;
    if (n === 1) push(i, j, 'both');
    else if (i === i2) push(i, j, 'B');
    else if (j === j2) push(i, j, 'A');
    else if (adjacent(i, i2, a.length) && adjacent(j, j2, b.length)) {
      // Parallel edges of A and B make one hull edge (the exactly aligned case): split it at
      // b_j2 - a_i, so that B's edge and A's edge each keep their colour.
      push(i, j, 'B');
      push(i, j2, 'A');
    } else push(i, j, 'both');
  }
  return { vertices, vertexA, vertexB, edgeFrom, radius: shapeA.radius + shapeB.radius };
}

/**
 * The origin against a rounded convex polygon (core `vertices`, radius r): the signed distance
 * (negative inside: the penetration depth) and the boundary point nearest the origin. The
 * nearest core point c moved by r along the outward normal there is the rounded boundary's
 * nearest point (the normal at c is the direction to the origin when the origin is outside the
 * core, the edge's outward normal when inside); Ericson, "Real-Time Collision Detection", §5.1.
 */
export function originAgainst(md: PreviewMinkowski): { distance: number; closest: [number, number] } {
  const v = md.vertices;
  const n = v.length >> 1;
  const r = md.radius;
  let best = Infinity;
  let cx = 0;
  let cy = 0;
  let nx = 0;
  let ny = 0;
  let inside = n >= 3;
  for (let i = 0; i < n; i++) {
    if (n === 2 && i === 1) break;
    const j = (i + 1) % n;
    const ax = v[2 * i]!;
    const ay = v[2 * i + 1]!;
    const ex = v[2 * j]! - ax;
    const ey = v[2 * j + 1]! - ay;
    // CCW polygon: the origin is inside when it is left of (or on) every edge.
    if (ex * -ay - ey * -ax < 0) inside = false;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.min(1, Math.max(0, (-ax * ex - ay * ey) / len2)) : 0;
    const px = ax + t * ex;
    const py = ay + t * ey;
    const d = Math.hypot(px, py);
    if (d < best) {
      best = d;
      cx = px;
      cy = py;
      const len = Math.sqrt(len2);
      nx = len > 0 ? ey / len : 0;
      ny = len > 0 ? -ex / len : 0;
    }
  }
  if (n === 1) {
    best = Math.hypot(v[0]!, v[1]!);
    cx = v[0]!;
    cy = v[1]!;
  }
  if (!inside && best > 0) {
    nx = -cx / best;
    ny = -cy / best;
  }
  const closest: [number, number] = [cx + r * nx, cy + r * ny];
  const distance = inside ? -(best + r) : best - r;
  return { distance, closest };
}
