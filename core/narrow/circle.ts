import { addPoint, type LocalManifold } from './manifold';
import { edgeNormal, type MutableVec2, type RelativePair } from './relative';
import { conventionalNormalX, conventionalNormalY, precedes, tieTolerance } from './tie-break';

/**
 * Fast paths with a circle (any point core with a radius): closed forms instead of GJK/EPA.
 * - circle–circle: squared distances first, one square root for the contact;
 * - circle–box (AABB or OBB): clamp the center into the box's own frame (Ericson, "Real-Time
 *   Collision Detection", 5.1.3 and 5.2.5; the wildbunny and N tutorials' "closest point by
 *   clamping");
 * - circle–polygon (capsule and segment cores too, and rounded polygons): Voronoi regions of the
 *   polygon's features (Ericson 5.2.8; Catto's b2CollidePolygonAndCircle): inside the core the
 *   least-separated face wins; outside, the nearest edge point, which lies in an edge's region
 *   (face normal) or a vertex's (center-to-vertex normal).
 * All in A's frame; the normal goes from A to B whichever side the circle is on.
 */

const dir: MutableVec2 = { x: 0, y: 0 };

/**
 * Unit direction of (dx, dy), given its length d > 0, into `dir`. Tiny vectors are first scaled by
 * 2^600, exactly, as a careful hypot does (Blue's algorithm; Higham, "Accuracy and Stability of
 * Numerical Algorithms", §27.8): the length of subnormal components is rounded by up to √2
 * (hypot(5e-324, 5e-324) is 5e-324) and a squared length below 1e-308 by more, which made
 * directions of centers 1e-300 apart come out of unit length.
 */
function direction(dx: number, dy: number, d: number): MutableVec2 {
  if (d < 1e-150) {
    const x = dx * 2 ** 600;
    const y = dy * 2 ** 600;
    const l = Math.hypot(x, y);
    dir.x = x / l;
    dir.y = y / l;
  } else {
    dir.x = dx / d;
    dir.y = dy / d;
  }
  return dir;
}

/** Point-core center (vertex 0) of A or B, A frame. */
function centerX(p: RelativePair, ofA: boolean): number {
  return ofA ? p.av[0]! : p.bv[0]!;
}
function centerY(p: RelativePair, ofA: boolean): number {
  return ofA ? p.av[1]! : p.bv[1]!;
}

/** Fixes a normal that points from the shape at `fromA` towards the other into A → B. */
function orient(m: LocalManifold, fromA: boolean): void {
  if (!fromA) {
    m.nx = -m.nx;
    m.ny = -m.ny;
  }
}

export function collideCircles(p: RelativePair, m: LocalManifold): LocalManifold {
  const ax = centerX(p, true);
  const ay = centerY(p, true);
  const dx = centerX(p, false) - ax;
  const dy = centerY(p, false) - ay;
  const rA = p.shapeA.radius;
  const rB = p.shapeB.radius;
  // hypot, not √(dx² + dy²): centers 1e-162 apart still have a direction.
  const d = Math.hypot(dx, dy);
  m.method = 'circle-circle';
  m.separation = d - rA - rB;
  if (d > 0) {
    const u = direction(dx, dy, d);
    m.nx = u.x;
    m.ny = u.y;
  } else {
    // Concentric: every direction separates equally; the caller's B goes along world +y by
    // convention (tie-break.ts).
    m.nx = conventionalNormalX(p);
    m.ny = conventionalNormalY(p);
    m.state = 'degenerate';
  }
  // Midway between A's surface point (a + rA n) and B's (b - rB n).
  const t = (rA + d - rB) / 2;
  addPoint(m, ax + t * m.nx, ay + t * m.ny);
  return m;
}

/**
 * Whether a core is a rectangle (four vertices, a parallelogram with a right angle, within a
 * relative tolerance): the clamping fast path applies to it. `n` is the shape's `count` (a scene
 * body's array may go on past its vertices: shape.ts).
 */
export function isRectangle(xy: readonly number[], n: number): boolean {
  if (n !== 4) return false;
  const v0x = xy[0]!;
  const v0y = xy[1]!;
  const v1x = xy[2]!;
  const v1y = xy[3]!;
  const v2x = xy[4]!;
  const v2y = xy[5]!;
  const v3x = xy[6]!;
  const v3y = xy[7]!;
  const ux = v1x - v0x;
  const uy = v1y - v0y;
  const wx = v3x - v0x;
  const wy = v3y - v0y;
  const lu = Math.hypot(ux, uy);
  const lw = Math.hypot(wx, wy);
  if (!(lu > 0 && lw > 0)) return false;
  const tol = 1e-12;
  if (Math.abs(ux * wx + uy * wy) > tol * lu * lw) return false;
  if (ux * wy - uy * wx <= 0) return false; // counter-clockwise
  const size = lu + lw;
  return Math.abs(v0x + v2x - v1x - v3x) <= tol * size && Math.abs(v0y + v2y - v1y - v3y) <= tol * size;
}

const n1: MutableVec2 = { x: 0, y: 0 };

/**
 * Circle against a rectangle core (radius allowed on both): the circle's center in the box frame
 * (center, unit axes u and w, half extents) is clamped to the box; outside, the clamped point is
 * the closest point; inside, the nearer face along the axis of least penetration (of faces that
 * tie, the conventional one: tie-break.ts).
 */
export function collideCircleBox(p: RelativePair, boxIsA: boolean, m: LocalManifold): LocalManifold {
  const box = boxIsA ? p.shapeA : p.shapeB;
  const circle = boxIsA ? p.shapeB : p.shapeA;
  // The box's core vertices in A's frame, interleaved (relative.ts).
  const v = boxIsA ? p.av : p.bv;
  const ox = (v[0]! + v[4]!) / 2;
  const oy = (v[1]! + v[5]!) / 2;
  let ux = v[2]! - v[0]!;
  let uy = v[3]! - v[1]!;
  const hx = Math.hypot(ux, uy) / 2;
  ux /= 2 * hx;
  uy /= 2 * hx;
  // w = u turned +90°: the box is counter-clockwise, so v3 - v0 points along it.
  const wx = -uy;
  const wy = ux;
  const hy = Math.abs((v[6]! - v[0]!) * wx + (v[7]! - v[1]!) * wy) / 2;
  const qx = centerX(p, !boxIsA);
  const qy = centerY(p, !boxIsA);
  const lx = (qx - ox) * ux + (qy - oy) * uy;
  const ly = (qx - ox) * wx + (qy - oy) * wy;
  const kx = Math.min(hx, Math.max(-hx, lx));
  const ky = Math.min(hy, Math.max(-hy, ly));
  const rK = box.radius;
  const rC = circle.radius;
  let nlx: number;
  let nly: number;
  let h: number; // signed distance of the center from the box core along the normal
  let sx: number; // box-core point the normal starts from (box frame)
  let sy: number;
  if (kx !== lx || ky !== ly) {
    const dx = lx - kx;
    const dy = ly - ky;
    h = Math.hypot(dx, dy);
    const u = direction(dx, dy, h);
    nlx = u.x;
    nly = u.y;
    sx = kx;
    sy = ky;
  } else {
    const px = hx - Math.abs(lx);
    const py = hy - Math.abs(ly);
    if (px <= py) {
      nlx = lx < 0 ? -1 : 1;
      nly = 0;
      h = -px;
    } else {
      nlx = 0;
      nly = ly < 0 ? -1 : 1;
      h = -py;
    }
    if (rK + rC - h > 0) {
      // Overlapping: of the faces whose push ties with the least, the conventional one
      // (tie-break.ts), compared as the normal from A to B.
      const most = -h + tieTolerance(p);
      const toB = boxIsA ? 1 : -1;
      for (let k = 0; k < 4; k++) {
        const fx = k === 0 ? 1 : k === 1 ? -1 : 0;
        const fy = k === 2 ? 1 : k === 3 ? -1 : 0;
        const depth = fx !== 0 ? hx - fx * lx : hy - fy * ly;
        if (!(depth <= most)) continue;
        const cx = toB * (fx * ux + fy * wx);
        const cy = toB * (fx * uy + fy * wy);
        if (!precedes(p, cx, cy, toB * (nlx * ux + nly * wx), toB * (nlx * uy + nly * wy))) continue;
        // The separation stays the least push's; the tied face differs from it by rounding.
        nlx = fx;
        nly = fy;
      }
    }
    sx = nlx !== 0 ? nlx * hx : lx;
    sy = nlx !== 0 ? ly : nly * hy;
  }
  // An AABB is a box whose axes are the world's: the same clamp, named for the report.
  const worldUy = p.xfA.s * ux + p.xfA.c * uy;
  const worldUx = p.xfA.c * ux - p.xfA.s * uy;
  m.method = worldUx === 0 || worldUy === 0 ? 'circle-aabb' : 'circle-obb';
  m.separation = h - rK - rC;
  m.nx = nlx * ux + nly * wx;
  m.ny = nlx * uy + nly * wy;
  // Midway between the box surface (s + rK n) and the circle's (q - rC n), from s along n.
  const t = (rK + h - rC) / 2;
  addPoint(m, ox + sx * ux + sy * wx + t * m.nx, oy + sx * uy + sy * wy + t * m.ny);
  orient(m, boxIsA);
  return m;
}

/** Circle against any polygon-like core (polygon, capsule or segment; rounded or not). */
export function collideCirclePolygon(p: RelativePair, polyIsA: boolean, m: LocalManifold): LocalManifold {
  const poly = polyIsA ? p.shapeA : p.shapeB;
  const circle = polyIsA ? p.shapeB : p.shapeA;
  const n = poly.count;
  // The polygon's core vertices in A's frame, interleaved (relative.ts).
  const v = polyIsA ? p.av : p.bv;
  const qx = centerX(p, !polyIsA);
  const qy = centerY(p, !polyIsA);
  // Largest face separation of the center: > 0 outside the core, <= 0 inside (or on it).
  let maxS = -Infinity;
  let fnx = 0;
  let fny = 0;
  for (let i = 0; i < n; i++) {
    edgeNormal(poly, i, n1);
    let nx = n1.x;
    let ny = n1.y;
    if (!polyIsA) {
      nx = p.c * n1.x - p.s * n1.y;
      ny = p.s * n1.x + p.c * n1.y;
    }
    const s = nx * (qx - v[2 * i]!) + ny * (qy - v[2 * i + 1]!);
    if (s > maxS) {
      maxS = s;
      fnx = nx;
      fny = ny;
    }
  }
  const rP = poly.radius;
  const rC = circle.radius;
  const toB = polyIsA ? 1 : -1;
  if (maxS <= 0 && n > 2 && rP + rC - maxS > 0) {
    // Center inside the core: of the faces that tie for the least push, the conventional one
    // (tie-break.ts), compared as the normal from A to B.
    // The separation stays the largest face separation; a tied face differs from it by rounding.
    const least = maxS - tieTolerance(p);
    for (let i = 0; i < n; i++) {
      edgeNormal(poly, i, n1);
      let ex = n1.x;
      let ey = n1.y;
      if (!polyIsA) {
        ex = p.c * n1.x - p.s * n1.y;
        ey = p.s * n1.x + p.c * n1.y;
      }
      const s = ex * (qx - v[2 * i]!) + ey * (qy - v[2 * i + 1]!);
      if (s >= least && precedes(p, toB * ex, toB * ey, toB * fnx, toB * fny)) {
        fnx = ex;
        fny = ey;
      }
    }
  }
  let h = maxS;
  let nx = fnx;
  let ny = fny;
  // A two-vertex core (capsule, segment) has no end faces: a center on its line beyond an end
  // has face separation 0 yet is outside, so it always takes the nearest-point route.
  if (maxS > 0 || n === 2) {
    // Outside: the nearest point of the boundary, and the Voronoi region it lies in.
    let best = Infinity;
    for (let i = 0; i < n; i++) {
      const ax = v[2 * i]!;
      const ay = v[2 * i + 1]!;
      const ex = v[2 * ((i + 1) % n)]! - ax;
      const ey = v[2 * ((i + 1) % n) + 1]! - ay;
      const ll = ex * ex + ey * ey;
      const t = ll > 0 ? ((qx - ax) * ex + (qy - ay) * ey) / ll : 0;
      const dx = qx - (ax + Math.min(1, Math.max(0, t)) * ex);
      const dy = qy - (ay + Math.min(1, Math.max(0, t)) * ey);
      const dd = dx * dx + dy * dy;
      if (dd < best) {
        best = dd;
        const d = Math.sqrt(dd);
        h = d;
        if ((t > 0 && t < 1) || d === 0) {
          // Edge region (or on the core): the face normal exactly, which keeps aligned cases
          // exact; a two-sided core faces the center from whichever side it is on.
          edgeNormal(poly, i, n1);
          nx = polyIsA ? n1.x : p.c * n1.x - p.s * n1.y;
          ny = polyIsA ? n1.y : p.s * n1.x + p.c * n1.y;
          h = nx * (qx - ax) + ny * (qy - ay);
          if (h < 0 && n === 2) {
            nx = -nx;
            ny = -ny;
            h = -h;
          }
          if (n === 2 && h <= tieTolerance(p) && rP + rC - h > 0 && precedes(p, -toB * nx, -toB * ny, toB * nx, toB * ny)) {
            // Center on a two-sided core: both sides push out equally; the conventional one.
            nx = -nx;
            ny = -ny;
          }
        } else {
          const u = direction(dx, dy, d);
          nx = u.x;
          ny = u.y;
        }
      }
    }
  }
  m.method = 'circle-polygon';
  m.separation = h - rP - rC;
  m.nx = nx;
  m.ny = ny;
  // The core point below the center is q - h n; midway between the surfaces from there.
  const t = (rP + h - rC) / 2;
  addPoint(m, qx - h * nx + t * nx, qy - h * ny + t * ny);
  orient(m, polyIsA);
  return m;
}
