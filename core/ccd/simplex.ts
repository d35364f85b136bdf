/**
 * The closest point to the origin of a 2D simplex (one to three points) and the smallest
 * sub-simplex that contains it — GJK's sub-algorithm, solved by Voronoi regions with barycentric
 * coordinates (van den Bergen, "Collision Detection in Interactive 3D Environments", §4.3.3 —
 * Johnson's algorithm; Ericson, "Real-Time Collision Detection", §5.1.5 and §9.5.2). The GJK ray
 * cast uses it on the points x − y of the current ray point x and the simplex vertices y.
 *
 * Works in place on plain arrays so that the calling loop does not allocate: `qx`, `qy` hold the
 * points, `w` receives the barycentric weights, and `perm` the original indices of the surviving
 * points, which are moved to the front. Returns how many survive (0 only for an empty input).
 */
export function solveSimplex(n: number, qx: Float64Array, qy: Float64Array, w: Float64Array, perm: Int32Array): number {
  if (n === 1) {
    w[0] = 1;
    perm[0] = 0;
    return 1;
  }
  if (n === 2) return solveEdge(qx, qy, w, perm, 0, 1);
  const x1 = qx[0]!;
  const y1 = qy[0]!;
  const x2 = qx[1]!;
  const y2 = qy[1]!;
  const x3 = qx[2]!;
  const y3 = qy[2]!;
  // Edge weights: for edge (i, j), dij_j = −qi·(qj − qi) is the unnormalised weight of j and
  // dij_i = qj·(qj − qi) that of i; a non-positive weight puts the origin beyond that end.
  const e12x = x2 - x1;
  const e12y = y2 - y1;
  const d12_1 = x2 * e12x + y2 * e12y;
  const d12_2 = -(x1 * e12x + y1 * e12y);
  const e13x = x3 - x1;
  const e13y = y3 - y1;
  const d13_1 = x3 * e13x + y3 * e13y;
  const d13_2 = -(x1 * e13x + y1 * e13y);
  const e23x = x3 - x2;
  const e23y = y3 - y2;
  const d23_1 = x3 * e23x + y3 * e23y;
  const d23_2 = -(x2 * e23x + y2 * e23y);
  // Triangle weights: signed areas of the sub-triangles with the origin, oriented like the whole.
  const n123 = e12x * e13y - e12y * e13x;
  const d123_1 = n123 * (x2 * y3 - y2 * x3);
  const d123_2 = n123 * (x3 * y1 - y3 * x1);
  const d123_3 = n123 * (x1 * y2 - y1 * x2);

  if (d12_2 <= 0 && d13_2 <= 0) return keep1(qx, qy, w, perm, 0);
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) return solveEdge(qx, qy, w, perm, 0, 1);
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) return solveEdge(qx, qy, w, perm, 0, 2);
  if (d12_1 <= 0 && d23_2 <= 0) return keep1(qx, qy, w, perm, 1);
  if (d13_1 <= 0 && d23_1 <= 0) return keep1(qx, qy, w, perm, 2);
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) return solveEdge(qx, qy, w, perm, 1, 2);
  // The origin is inside the triangle (or on its boundary, or the triangle is degenerate with
  // all sub-areas zero: then keep the best edge rather than divide by zero).
  const sum = d123_1 + d123_2 + d123_3;
  if (!(sum > 0)) {
    const l12 = segDist2(x1, y1, x2, y2);
    const l13 = segDist2(x1, y1, x3, y3);
    const l23 = segDist2(x2, y2, x3, y3);
    if (l12 <= l13 && l12 <= l23) return solveEdge(qx, qy, w, perm, 0, 1);
    if (l13 <= l23) return solveEdge(qx, qy, w, perm, 0, 2);
    return solveEdge(qx, qy, w, perm, 1, 2);
  }
  w[0] = d123_1 / sum;
  w[1] = d123_2 / sum;
  w[2] = d123_3 / sum;
  perm[0] = 0;
  perm[1] = 1;
  perm[2] = 2;
  return 3;
}

function keep1(qx: Float64Array, qy: Float64Array, w: Float64Array, perm: Int32Array, i: number): number {
  qx[0] = qx[i]!;
  qy[0] = qy[i]!;
  w[0] = 1;
  perm[0] = i;
  return 1;
}

function solveEdge(qx: Float64Array, qy: Float64Array, w: Float64Array, perm: Int32Array, i: number, j: number): number {
  const x1 = qx[i]!;
  const y1 = qy[i]!;
  const x2 = qx[j]!;
  const y2 = qy[j]!;
  const ex = x2 - x1;
  const ey = y2 - y1;
  const wj = -(x1 * ex + y1 * ey);
  const wi = x2 * ex + y2 * ey;
  if (wj <= 0) return keep1(qx, qy, w, perm, i);
  if (wi <= 0) return keep1(qx, qy, w, perm, j);
  const sum = wi + wj;
  qx[0] = x1;
  qy[0] = y1;
  qx[1] = x2;
  qy[1] = y2;
  w[0] = wi / sum;
  w[1] = wj / sum;
  perm[0] = i;
  perm[1] = j;
  return 2;
}

/** Squared distance of the origin from segment (x1, y1)–(x2, y2). */
function segDist2(x1: number, y1: number, x2: number, y2: number): number {
  const ex = x2 - x1;
  const ey = y2 - y1;
  const l2 = ex * ex + ey * ey;
  let u = l2 > 0 ? -(x1 * ex + y1 * ey) / l2 : 0;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  const px = x1 + ex * u;
  const py = y1 + ey * u;
  return px * px + py * py;
}
