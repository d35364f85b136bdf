import type { Vec2 } from '../math/vec2';
import { bx, by, dirToWorld, isPointCore, isWellFormed, relativePair, worldVertex } from './relative';
import { precedes, tieTolerance } from './tie-break';
import type { MinkowskiVertex, QueryState, ShapePair } from './types';

/**
 * The explicit Minkowski difference B ⊖ A = { b - a } of two convex cores, in O(n + m): B ⊕ (-A)
 * by merging the two edge sequences sorted by angle (de Berg, Cheong, van Kreveld, Overmars,
 * "Computational Geometry", 3rd ed., 13.3), starting from each polygon's lowest vertex. Negating
 * A turns it by π and keeps it counter-clockwise; its edges are A's edges reversed. Each vertex
 * remembers the vertex of A and of B it is made of, and each edge the shape it came from — what
 * the preview draws, coloring edges by their source (as the wildbunny demos do).
 *
 * Parallel edges of A and B are kept as two collinear edges, one per source, so that every edge
 * has a single source and every vertex is a true pair (a, b). Capsule and segment cores take part
 * as two-sided polygons; a point core (circle) adds no edge. The rounded difference is the core
 * difference swept by rA + rB; `signedDistance` and `closest` refer to the rounded one.
 *
 * The origin's signed distance to B ⊖ A is the pair's signed separation (positive: the gap;
 * negative: minus the penetration depth), and the boundary point closest to the origin, c, gives
 * the least translation of B that makes the shapes touch: -c.
 */

export interface MinkowskiEdge {
  /** The edge runs from vertices[index] to vertices[index + 1 mod count]. */
  readonly source: 'A' | 'B';
  /** Index of the edge in its source shape (edge i runs from vertex i to vertex i + 1). */
  readonly edge: number;
}

export interface MinkowskiDifference {
  /** 'degenerate' for malformed input (then every list is empty). */
  readonly state: QueryState;
  /**
   * Vertices of the core difference, counter-clockwise, in world orientation (w = pointB - pointA
   * of world points; independent of where the pair is). One vertex when both cores are points.
   */
  readonly vertices: readonly MinkowskiVertex[];
  /** edges[k] joins vertices[k] and vertices[k + 1 mod count]. Empty for a single vertex. */
  readonly edges: readonly MinkowskiEdge[];
  /** rA + rB: the true difference is the core difference swept by a disc of this radius. */
  readonly radius: number;
  /** Signed distance of the origin to the rounded difference: > 0 apart, < 0 overlapping (-depth). */
  readonly signedDistance: number;
  /** Boundary point of the rounded difference closest to the origin (world orientation). */
  readonly closest: Vec2;
  /**
   * Unit normal of the least translation, from A towards B (world): closest = signedDistance ×
   * normal, and it stays defined when the shapes just touch (signedDistance 0), where `closest`
   * has no direction. Minus the rounded difference's outward normal at `closest`.
   */
  readonly normal: Vec2;
}

interface Loop {
  /** Vertex coordinates (A frame), negated for A. */
  xs: number[];
  ys: number[];
  /** Start index: the lowest (then leftmost) vertex. */
  start: number;
}

function loopOf(count: number, x: (i: number) => number, y: (i: number) => number, point: boolean): Loop {
  const xs: number[] = [];
  const ys: number[] = [];
  const n = point ? 1 : count;
  let start = 0;
  for (let i = 0; i < n; i++) {
    xs.push(x(i));
    ys.push(y(i));
    if (ys[i]! < ys[start]! || (ys[i] === ys[start] && xs[i]! < xs[start]!)) start = i;
  }
  return { xs, ys, start };
}

/** Angle order of edge directions on [0, 2π) from the +x axis: half-plane first, then cross. */
function before(ax: number, ay: number, bx_: number, by_: number): boolean {
  const ha = ay > 0 || (ay === 0 && ax > 0) ? 0 : 1;
  const hb = by_ > 0 || (by_ === 0 && bx_ > 0) ? 0 : 1;
  if (ha !== hb) return ha < hb;
  return ax * by_ - ay * bx_ > 0;
}

export function minkowskiDifference(pair: ShapePair): MinkowskiDifference {
  if (!isWellFormed(pair)) {
    return { state: 'degenerate', vertices: [], edges: [], radius: 0, signedDistance: 0, closest: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
  }
  const p = relativePair(pair);
  const tol = 1e-14 * p.scale;
  const vA = pair.shapeA.xy;
  // -A: A's vertices negated, same (counter-clockwise) order; edge i of -A is -(edge i of A).
  const negA = loopOf(pair.shapeA.count, (i) => -vA[2 * i]!, (i) => -vA[2 * i + 1]!, isPointCore(pair.shapeA, tol));
  const B = loopOf(pair.shapeB.count, (i) => bx(p, i), (i) => by(p, i), isPointCore(pair.shapeB, tol));
  const na = negA.xs.length;
  const nb = B.xs.length;
  const ea = na > 1 ? na : 0; // edge counts (a two-vertex core has two opposite edges)
  const eb = nb > 1 ? nb : 0;

  // Merge: i edges of -A and j edges of B walked so far from the two start vertices.
  const ia: number[] = [];
  const ib: number[] = [];
  const src: ('A' | 'B')[] = [];
  const edgeIdx: number[] = [];
  let i = 0;
  let j = 0;
  let ca = negA.start;
  let cb = B.start;
  while (i < ea || j < eb) {
    ia.push(ca);
    ib.push(cb);
    const na1 = (ca + 1) % na;
    const nb1 = (cb + 1) % nb;
    let takeA: boolean;
    if (i >= ea) takeA = false;
    else if (j >= eb) takeA = true;
    else
      takeA = !before(
        B.xs[nb1]! - B.xs[cb]!,
        B.ys[nb1]! - B.ys[cb]!,
        negA.xs[na1]! - negA.xs[ca]!,
        negA.ys[na1]! - negA.ys[ca]!,
      );
    if (takeA) {
      // The edge of -A from vertex ca to ca+1 is A's edge ca, reversed.
      src.push('A');
      edgeIdx.push(ca);
      ca = na1;
      i++;
    } else {
      src.push('B');
      edgeIdx.push(cb);
      cb = nb1;
      j++;
    }
  }
  if (ia.length === 0) {
    ia.push(ca);
    ib.push(cb);
  }

  const count = ia.length;
  const vertices: MinkowskiVertex[] = [];
  const wxs: number[] = [];
  const wys: number[] = [];
  for (let k = 0; k < count; k++) {
    const ax = vA[2 * ia[k]!]!;
    const ay = vA[2 * ia[k]! + 1]!;
    const px = bx(p, ib[k]!);
    const py = by(p, ib[k]!);
    vertices.push(worldVertex(p, ax, ay, px, py, ia[k]!, ib[k]!));
    wxs.push(px - ax);
    wys.push(py - ay);
  }
  const edges: MinkowskiEdge[] = src.map((s, k) => ({ source: s, edge: edgeIdx[k]! }));

  // Signed distance of the origin to the core polygon, then to its rounding.
  let best = Infinity;
  let cx = wxs[0]!;
  let cy = wys[0]!;
  let inside = count >= 3;
  // Unit direction from the core's nearest point towards the origin (outside the core), and
  // whether it is an edge's normal (exact) rather than a vertex-to-origin direction.
  let fromEdge = false;
  let ux = count === 1 ? -cx : 0;
  let uy = count === 1 ? -cy : 0;
  if (count === 1) {
    const l = Math.hypot(ux, uy);
    ux = l > 0 ? ux / l : 0;
    uy = l > 0 ? uy / l : 0;
  }
  let inDepth = Infinity;
  let inNx = 0;
  let inNy = 0;
  let inCx = 0;
  let inCy = 0;
  if (count === 1) best = Math.hypot(cx, cy);
  for (let k = 0; k < (count > 1 ? count : 0); k++) {
    const k1 = k + 1 === count ? 0 : k + 1;
    const x0 = wxs[k]!;
    const y0 = wys[k]!;
    const ex = wxs[k1]! - x0;
    const ey = wys[k1]! - y0;
    const ll = ex * ex + ey * ey;
    if (!(ll > 0)) continue;
    const l = Math.sqrt(ll);
    const s = -(x0 * ey - y0 * ex) / l; // signed distance of the origin past this edge's line
    const t = -(x0 * ex + y0 * ey) / ll;
    if (t > 0 && t < 1) {
      // The origin's foot lies inside the edge: distance and direction from the edge's own
      // normal, exact where the foot point's coordinates would drown a tiny distance in rounding.
      if (Math.abs(s) < best) {
        best = Math.abs(s);
        const sign = s < 0 ? -1 : 1;
        fromEdge = true;
        ux = (sign * ey) / l;
        uy = (sign * -ex) / l;
        cx = -s * (ey / l);
        cy = -s * (-ex / l);
      }
    } else {
      const qx = t <= 0 ? x0 : wxs[k1]!;
      const qy = t <= 0 ? y0 : wys[k1]!;
      const dq = Math.hypot(qx, qy);
      if (dq < best) {
        best = dq;
        cx = qx;
        cy = qy;
        fromEdge = false;
        ux = dq > 0 ? -qx / dq : 0;
        uy = dq > 0 ? -qy / dq : 0;
      }
    }
    if (s > 0) inside = false;
    if (-s < inDepth) {
      inDepth = -s;
      inNx = ey / l;
      inNy = -ex / l;
      // Projection of the origin on this edge's line.
      inCx = -s * inNx;
      inCy = -s * inNy;
    }
  }
  // A difference with no area (parallel segment or capsule cores) has no inside: every edge's
  // half-plane contains the line it lies on, so an origin on that line but beyond the ends passes
  // the half-plane test. Inside a true convex polygon the nearest edge line's foot lies on that
  // edge, so the distance to the boundary equals the least edge-line distance; when it is larger,
  // the origin is outside (collinear segments 3 apart are 3 apart, not touching).
  if (inside && best > inDepth + tol) inside = false;
  const r = pair.shapeA.radius + pair.shapeB.radius;
  const tie = tieTolerance(p);
  if (inside && r + inDepth > 0) {
    // Of the edges that tie for the least push, the conventional one (tie-break.ts); B is pushed
    // against the edge's outward normal.
    for (let k = 0; k < count; k++) {
      const k1 = k + 1 === count ? 0 : k + 1;
      const ex = wxs[k1]! - wxs[k]!;
      const ey = wys[k1]! - wys[k]!;
      const l = Math.hypot(ex, ey);
      if (!(l > 0)) continue;
      const nx = ey / l;
      const ny = -ex / l;
      const depth = (wxs[k]! * ey - wys[k]! * ex) / l; // minus the signed distance above
      if (depth <= inDepth + tie && precedes(p, -nx, -ny, -inNx, -inNy)) {
        // The depth stays the least; the tied edge's own differs from it by rounding.
        inNx = nx;
        inNy = ny;
        inCx = depth * nx;
        inCy = depth * ny;
      }
    }
  } else if (count === 2 && fromEdge && best <= tie && r > best && precedes(p, ux, uy, -ux, -uy)) {
    // The origin on a flat difference (parallel capsule cores on one line): both sides push out
    // equally; the conventional one (tie-break.ts). The push is against the outward direction u.
    ux = -ux;
    uy = -uy;
  }
  let signed: number;
  let clx: number;
  let cly: number;
  // Outward normal of the rounded difference at its closest point (A frame).
  let ox: number;
  let oy: number;
  if (inside) {
    signed = -inDepth - r;
    clx = inCx + r * inNx;
    cly = inCy + r * inNy;
    ox = inNx;
    oy = inNy;
  } else {
    signed = best - r;
    // The rounded boundary point nearest the origin is r from the core's nearest point c, towards
    // the origin (whether the origin is beyond it or within r of the core). With the origin on a
    // vertex of the core (within rounding: 1e-16 of noise is no direction), outwards along an
    // edge's normal instead.
    if ((ux !== 0 || uy !== 0) && (fromEdge || best > tol)) {
      clx = cx + r * ux;
      cly = cy + r * uy;
      ox = ux;
      oy = uy;
    } else if (count > 1) {
      clx = cx + r * inNx;
      cly = cy + r * inNy;
      ox = inNx;
      oy = inNy;
    } else {
      // Concentric discs: every direction is as short; B is pushed along world +y by convention
      // (tie-break.ts), as contact does, so the outward normal at `closest` is world -y.
      ox = -p.xfA.s;
      oy = -p.xfA.c;
      clx = cx + r * ox;
      cly = cy + r * oy;
    }
  }
  return {
    state: 'ok',
    vertices,
    edges,
    radius: r,
    signedDistance: signed,
    closest: dirToWorld(p, clx, cly),
    normal: dirToWorld(p, -ox, -oy),
  };
}
