import { edgeNormal, type MutableVec2, type RelativePair } from './relative';
import type { ContactRecord } from './types';
import { incidentEdge } from './sat';

/**
 * Contact manifolds: the separation, the normal and one or two contact points of a pair, in A's
 * frame while a query runs (LocalManifold), in the world when handed out (ContactRecord).
 *
 * Two points come from clipping (Catto, "Contact Manifolds", GDC 2007; Box2D's b2ClipPolygons;
 * Ericson, "Real-Time Collision Detection", 8.3.2 on clipping): the incident edge (the other
 * shape's edge most anti-parallel to the reference normal) is clipped to the slab of the
 * reference edge's side planes; each clipped point that is as deep as the contact (within a
 * tolerance) becomes a contact point, placed midway between the two surfaces.
 */

/**
 * A manifold while a query runs: a ContactRecord in A's frame (normal and points in A's frame;
 * `size` is filled only when mapped to the world). A conventional normal where the geometry gives
 * none (concentric circles) is state `degenerate`.
 */
export type LocalManifold = ContactRecord;

/** Empties a manifold for reuse (a query's scratch). */
export function resetManifold(m: LocalManifold): LocalManifold {
  m.state = 'ok';
  m.separation = 0;
  m.nx = 0;
  m.ny = 0;
  m.count = 0;
  m.p0x = m.p0y = m.p1x = m.p1y = 0;
  m.method = 'none';
  m.iterations = 0;
  m.size = 0;
  return m;
}

export function addPoint(m: LocalManifold, x: number, y: number): void {
  if (m.count === 0) {
    m.p0x = x;
    m.p0y = y;
    m.count = 1;
  } else if (m.count === 1) {
    m.p1x = x;
    m.p1y = y;
    m.count = 2;
  }
}

/**
 * The manifold (A frame) in the world, written into `out`: its normal turned and its points
 * placed by A's transform (relative.ts dirToWorld and toWorld, expression for expression).
 */
export function manifoldToWorld(p: RelativePair, m: LocalManifold, out: ContactRecord): ContactRecord {
  const t = p.xfA;
  out.state = m.state;
  out.separation = m.separation;
  out.nx = t.c * m.nx - t.s * m.ny;
  out.ny = t.s * m.nx + t.c * m.ny;
  out.count = m.count >= 2 ? 2 : m.count;
  out.p0x = t.c * m.p0x - t.s * m.p0y + t.x;
  out.p0y = t.s * m.p0x + t.c * m.p0y + t.y;
  out.p1x = t.c * m.p1x - t.s * m.p1y + t.x;
  out.p1y = t.s * m.p1x + t.c * m.p1y + t.y;
  out.method = m.method;
  out.iterations = m.iterations;
  // The pair's core sizes are shapeSize's less the diameters (relative.ts scanCore); sums in
  // either order are the same double.
  out.size = p.sizeA + 2 * p.shapeA.radius + (p.sizeB + 2 * p.shapeB.radius);
  return out;
}

const nScratch: MutableVec2 = { x: 0, y: 0 };

/** Relative span along the reference face below which a clipped incident edge is one point. */
const SINGLE_SPAN = 1e-12;

/**
 * Clips the incident edge against reference edge `refEdge` of A (referenceIsA) or B, and adds to
 * `m` the clipped points whose separation (radii included) is at most `keep`. Returns how many
 * points it added. The reference normal is the edge's own outward normal (A frame).
 */
export function clipEdges(p: RelativePair, referenceIsA: boolean, refEdge: number, keep: number, m: LocalManifold): number {
  const ref = referenceIsA ? p.shapeA : p.shapeB;
  const inc = referenceIsA ? p.shapeB : p.shapeA;
  const nr = ref.count;
  const ni = inc.count;
  if (nr < 2 || ni < 2) return 0;
  edgeNormal(ref, refEdge, nScratch);
  let nx = nScratch.x;
  let ny = nScratch.y;
  if (!referenceIsA) {
    const x = p.c * nx - p.s * ny;
    ny = p.s * nx + p.c * ny;
    nx = x;
  }
  // Both shapes' core vertices in A's frame (relative.ts), chosen once.
  const rv = referenceIsA ? p.av : p.bv;
  const iv = referenceIsA ? p.bv : p.av;
  const r2 = 2 * ((refEdge + 1) % nr);
  const r1x = rv[2 * refEdge]!;
  const r1y = rv[2 * refEdge + 1]!;
  const r2x = rv[r2]!;
  const r2y = rv[r2 + 1]!;
  const tx0 = r2x - r1x;
  const ty0 = r2y - r1y;
  const len = Math.hypot(tx0, ty0);
  if (!(len > 0)) return 0;
  const tx = tx0 / len;
  const ty = ty0 / len;
  const ie = incidentEdge(p, referenceIsA, nx, ny);
  const i2 = 2 * ((ie + 1) % ni);
  let i1x = iv[2 * ie]!;
  let i1y = iv[2 * ie + 1]!;
  let i2x = iv[i2]!;
  let i2y = iv[i2 + 1]!;
  let s1 = (i1x - r1x) * tx + (i1y - r1y) * ty;
  let s2 = (i2x - r1x) * tx + (i2y - r1y) * ty;
  if (s1 > s2) {
    let t = s1;
    s1 = s2;
    s2 = t;
    t = i1x;
    i1x = i2x;
    i2x = t;
    t = i1y;
    i1y = i2y;
    i2y = t;
  }
  if (s2 < 0 || s1 > len) return 0;
  const span = s2 - s1;
  // Clip to the side planes s = 0 and s = len (Sutherland–Hodgman on a segment).
  let q1x = i1x;
  let q1y = i1y;
  let q2x = i2x;
  let q2y = i2y;
  if (s1 < 0 && span > 0) {
    const t = -s1 / span;
    q1x = i1x + t * (i2x - i1x);
    q1y = i1y + t * (i2y - i1y);
  }
  if (s2 > len && span > 0) {
    const t = (s2 - len) / span;
    q2x = i2x + t * (i1x - i2x);
    q2y = i2y + t * (i1y - i2y);
  }
  const rR = ref.radius;
  const rI = inc.radius;
  let added = 0;
  // An incident edge perpendicular to the reference face (to rounding: a span of 1e-12 of the
  // face) clips to one place along the face; its deeper end is the contact. Which end the edge
  // starts with, and whether rounding left a 1e-16 span, depends on which shape is A, so neither
  // may decide between one point and two.
  const h1 = (q1x - r1x) * nx + (q1y - r1y) * ny;
  const h2 = (q2x - r1x) * nx + (q2y - r1y) * ny;
  const single = !(span > SINGLE_SPAN * len) || (q1x === q2x && q1y === q2y);
  const first = single && h2 < h1 ? 1 : 0;
  for (let k = first; k < (single ? first + 1 : 2); k++) {
    const qx = k === 0 ? q1x : q2x;
    const qy = k === 0 ? q1y : q2y;
    const h = k === 0 ? h1 : h2;
    const sep = h - rR - rI;
    if (sep > keep) continue;
    // Midway between the incident surface (q - rI n) and the reference surface (q - (h - rR) n).
    const back = (rI + h - rR) / 2;
    addPoint(m, qx - back * nx, qy - back * ny);
    added++;
  }
  return added;
}
