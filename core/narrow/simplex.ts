/**
 * GJK's sub-algorithm in 2D: the point of a simplex (one to three points) closest to the origin,
 * and the smallest sub-simplex that holds it. Voronoi regions of the vertices, edges and interior
 * are told apart by unnormalized barycentric coordinates — dot products for an edge, signed areas
 * for the triangle (Catto, "Computing Distance", GDC 2010, Box2D's b2SolveSimplex2/3; Ericson,
 * "Real-Time Collision Detection", §5.1.5 and §9.5.2; van den Bergen, "Collision Detection in
 * Interactive 3D Environments", §4.3.3 for Johnson's algorithm it replaces).
 *
 * The one solver of the collision core: GJK distance (gjk.ts) runs it on points of B ⊖ A, the GJK
 * ray cast (ccd/gjk-raycast.ts) on the points x − y of the ray point and its simplex vertices.
 *
 * It works in place on rows of a Float64Array so that the calling loop allocates nothing: row k
 * starts at k × stride and holds the point's x at SIMPLEX_X, y at SIMPLEX_Y, the barycentric
 * weight written at SIMPLEX_WEIGHT, and from SIMPLEX_PAYLOAD on whatever the caller keeps with the
 * point (the A and B vertices that made it). Surviving rows are moved to the front whole, payload
 * included, in a fixed order the callers may rely on:
 *   - a kept vertex moves to row 0;
 *   - a kept edge (i, j), i < j, occupies rows 0 and 1 as (i, j), except edge (2, 3) of a
 *     triangle, which comes back as (3, 2) — one row copy instead of two.
 */

export const SIMPLEX_X = 0;
export const SIMPLEX_Y = 1;
export const SIMPLEX_WEIGHT = 2;
/** First column free for the caller's data (copied along with the point). */
export const SIMPLEX_PAYLOAD = 3;

function copyRow(s: Float64Array, stride: number, from: number, to: number): void {
  const f = from * stride;
  const t = to * stride;
  for (let k = 0; k < stride; k++) s[t + k] = s[f + k]!;
}

/**
 * Solves the simplex of `count` rows (1, 2 or 3) in `s` and returns how many rows survive, with
 * their weights set. A triangle whose region tests all fail (no area to normalize by and no
 * lower-dimensional region claiming the origin — in practice only non-finite input reaches this)
 * is degenerate: its closest edge is solved instead, and the survivor count comes back negated so
 * that the caller can report the degeneracy rather than divide by zero.
 */
export function solveSimplex(s: Float64Array, stride: number, count: number): number {
  if (count === 2) return solveSegment(s, stride);
  if (count === 3) return solveTriangle(s, stride);
  s[SIMPLEX_WEIGHT] = 1;
  return 1;
}

/** Segment rows 0–1: a vertex region (d12_2 <= 0 or d12_1 <= 0) or the edge (Catto's b2Solve2). */
function solveSegment(s: Float64Array, stride: number): number {
  const w1x = s[SIMPLEX_X]!;
  const w1y = s[SIMPLEX_Y]!;
  const w2x = s[stride + SIMPLEX_X]!;
  const w2y = s[stride + SIMPLEX_Y]!;
  const ex = w2x - w1x;
  const ey = w2y - w1y;
  const d12_2 = -(w1x * ex + w1y * ey);
  if (d12_2 <= 0) {
    s[SIMPLEX_WEIGHT] = 1;
    return 1;
  }
  const d12_1 = w2x * ex + w2y * ey;
  if (d12_1 <= 0) {
    copyRow(s, stride, 1, 0);
    s[SIMPLEX_WEIGHT] = 1;
    return 1;
  }
  setWeights2(s, stride, d12_1, d12_2);
  return 2;
}

/**
 * Normalized weights of two rows. A sum so small that its reciprocal overflows (points 1e-160
 * apart) is divided by instead: slower, but never an infinite or NaN weight.
 */
function setWeights2(s: Float64Array, stride: number, u: number, v: number): void {
  const sum = u + v;
  const inv = 1 / sum;
  if (inv < Infinity) {
    s[SIMPLEX_WEIGHT] = u * inv;
    s[stride + SIMPLEX_WEIGHT] = v * inv;
  } else {
    s[SIMPLEX_WEIGHT] = u / sum;
    s[stride + SIMPLEX_WEIGHT] = v / sum;
  }
}

/**
 * Triangle rows 0–2 (Catto's b2Solve3): for edge (i, j), dij_j = −wi·(wj − wi) and
 * dij_i = wj·(wj − wi) are the unnormalized weights of j and i, a non-positive one putting the
 * origin beyond that end; d123_k are the signed areas of the sub-triangles opposite k, oriented
 * like the whole, a non-positive one putting the origin outside the edge opposite k.
 */
function solveTriangle(s: Float64Array, stride: number): number {
  const w1x = s[SIMPLEX_X]!;
  const w1y = s[SIMPLEX_Y]!;
  const w2x = s[stride + SIMPLEX_X]!;
  const w2y = s[stride + SIMPLEX_Y]!;
  const w3x = s[2 * stride + SIMPLEX_X]!;
  const w3y = s[2 * stride + SIMPLEX_Y]!;
  const e12x = w2x - w1x;
  const e12y = w2y - w1y;
  const d12_1 = w2x * e12x + w2y * e12y;
  const d12_2 = -(w1x * e12x + w1y * e12y);
  const e13x = w3x - w1x;
  const e13y = w3y - w1y;
  const d13_1 = w3x * e13x + w3y * e13y;
  const d13_2 = -(w1x * e13x + w1y * e13y);
  const e23x = w3x - w2x;
  const e23y = w3y - w2y;
  const d23_1 = w3x * e23x + w3y * e23y;
  const d23_2 = -(w2x * e23x + w2y * e23y);
  const n123 = e12x * e13y - e12y * e13x;
  const d123_1 = n123 * (w2x * w3y - w2y * w3x);
  const d123_2 = n123 * (w3x * w1y - w3y * w1x);
  const d123_3 = n123 * (w1x * w2y - w1y * w2x);
  const W = SIMPLEX_WEIGHT;

  if (d12_2 <= 0 && d13_2 <= 0) {
    s[W] = 1;
    return 1;
  }
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) {
    setWeights2(s, stride, d12_1, d12_2);
    return 2;
  }
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) {
    copyRow(s, stride, 2, 1);
    setWeights2(s, stride, d13_1, d13_2);
    return 2;
  }
  if (d12_1 <= 0 && d23_2 <= 0) {
    copyRow(s, stride, 1, 0);
    s[W] = 1;
    return 1;
  }
  if (d13_1 <= 0 && d23_1 <= 0) {
    copyRow(s, stride, 2, 0);
    s[W] = 1;
    return 1;
  }
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) {
    copyRow(s, stride, 2, 0);
    // Rows are now (3, 2): the weights follow.
    setWeights2(s, stride, d23_2, d23_1);
    return 2;
  }
  const sum = d123_1 + d123_2 + d123_3;
  if (sum > 0) {
    const inv = 1 / sum;
    if (inv < Infinity) {
      s[W] = d123_1 * inv;
      s[stride + W] = d123_2 * inv;
      s[2 * stride + W] = d123_3 * inv;
    } else {
      // The signed areas underflow for a triangle 1e-100 across (see setWeights2).
      s[W] = d123_1 / sum;
      s[stride + W] = d123_2 / sum;
      s[2 * stride + W] = d123_3 / sum;
    }
    return 3;
  }
  // No region claimed the origin and there is no area to normalize by: the closest point of a
  // flat triangle lies on its closest edge, solved as a segment.
  const l12 = segmentDistance2(w1x, w1y, w2x, w2y);
  const l13 = segmentDistance2(w1x, w1y, w3x, w3y);
  const l23 = segmentDistance2(w2x, w2y, w3x, w3y);
  if (l13 < l12 && l13 <= l23) copyRow(s, stride, 2, 1);
  else if (l23 < l12) copyRow(s, stride, 2, 0);
  return -solveSegment(s, stride);
}

/** Squared distance of the origin from segment (x1, y1)–(x2, y2). */
function segmentDistance2(x1: number, y1: number, x2: number, y2: number): number {
  const ex = x2 - x1;
  const ey = y2 - y1;
  const l2 = ex * ex + ey * ey;
  let u = l2 > 0 ? -(x1 * ex + y1 * ey) / l2 : 0;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  const px = x1 + ex * u;
  const py = y1 + ey * u;
  return px * px + py * py;
}

/**
 * The point of the line through w1 and w2 closest to the origin, as the edge's unit normal m
 * times the line's distance: v = (w1·m) m, written to out[0], out[1]. Its direction is exact to
 * the rounding of the edge (length ~ the shapes' size), where the barycentric sum Σ λk wk keeps
 * only the last bits of the end points: for two nearly touching parallel capsules that tilts the
 * normal by 1e-4, and on a 1e8-long wall it tilts a ray cast's support plane enough to miss by
 * units. Returns false (out untouched) for a zero-length edge, where the sum is the answer.
 * Shared by GJK distance (gjk.ts) and the GJK ray cast (ccd/gjk-raycast.ts).
 */
export function edgeClosestToOrigin(w1x: number, w1y: number, w2x: number, w2y: number, out: Float64Array): boolean {
  const ex = w2x - w1x;
  const ey = w2y - w1y;
  const l = Math.hypot(ex, ey);
  if (!(l > 0)) return false;
  const mx = -ey / l;
  const my = ex / l;
  const h = w1x * mx + w1y * my;
  out[0] = h * mx;
  out[1] = h * my;
  return true;
}
