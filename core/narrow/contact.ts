import { supportFeature, type SupportFeature } from '../shapes/support';
import { collideAabbs, isAxisAlignedBox } from './aabb';
import { inCanonicalOrder } from './canonical-order';
import { collideCircleBox, collideCirclePolygon, collideCircles, isRectangle } from './circle';
import { defaultGjkIterations, emptyGjkResult, gjkLocal, GJK_TOLERANCE, simplexWitness, type Witness } from './gjk';
import { addPoint, clipEdges, manifoldToWorld, resetManifold, type LocalManifold } from './manifold';
import { emptyRelativePair, relativePairInto, type RelativePair } from './relative';
import { satLocal, satSeparates, type SatLocal } from './sat';
import { emptyContactRecord, type ContactOutput, type ContactRecord, type QueryState, type ShapePair } from './types';

/**
 * The narrow-phase dispatcher: contact(pair) picks the cheapest exact method for the pair's
 * kinds and returns the signed separation, the normal from A towards B and one or two contact
 * points (types.ts ContactOutput).
 *
 * | A \ B          | point core (circle)      | box                   | polygon / capsule / segment |
 * |----------------|--------------------------|-----------------------|-----------------------------|
 * | point core     | circle.ts circle–circle  | circle.ts clamping    | circle.ts Voronoi regions   |
 * | box            |                          | aabb.ts when both are AABBs in A's frame and unrounded, else as polygons |
 * | polygon-like   |                          |                       | SAT; GJK when the cores are apart; clipping for points |
 *
 * The table is symmetric (a circle as A is handled with the normal turned). Rounded shapes go
 * through the same paths: every path works on cores and subtracts the radii. Kinds are read from
 * the geometry, not the `kind` tag: a capsule of length 0 is a circle here.
 *
 * Polygon pairs: SAT's largest separation is exact when the cores overlap (2D Minkowski
 * difference edges are the shapes' edges); when the cores are apart it is only a lower bound,
 * and GJK gives the exact distance, with clipping between its closest features when those are
 * two parallel edges (the exactly aligned case: two points).
 */

/** Relative tolerance below which a clipped point counts as deep as the contact. */
export const CONTACT_KEEP_TOLERANCE = 1e-9;

// Query scratch, module-level: contact() allocates only its output (queries never re-enter).
const sat: SatLocal = { separation: 0, nx: 0, ny: 0, referenceIsA: true, referenceEdge: 0 };
const featA: SupportFeature = { first: -1, second: -1 };
const featB: SupportFeature = { first: -1, second: -1 };
const pairScratch = emptyRelativePair();
const manifoldScratch: LocalManifold = emptyContactRecord();
const witness: Witness = { ax: 0, ay: 0, bx: 0, by: 0 };
const gjkScratch = emptyGjkResult();

/** contactWithin's record, filled and read within the call. */
const record = emptyContactRecord();

/** collidePolygons' answer when `farther` is finite and a SAT axis shows the shapes farther apart than it. */
const FARTHER = 'farther';

function collidePolygons(p: RelativePair, m: LocalManifold, farther: number): QueryState | typeof FARTHER {
  const rA = p.shapeA.radius;
  const rB = p.shapeB.radius;
  const keepTol = CONTACT_KEEP_TOLERANCE * p.scale;
  const touchTol = GJK_TOLERANCE * p.scale;
  let state: QueryState = 'ok';
  // The quick separating test first: the first SAT axis that clears the tolerance settles that
  // the cores are apart, where the largest one (all n × m of SAT's work) is needed only when
  // they touch or GJK cannot measure the gap.
  let apart: boolean;
  if (farther < Infinity) {
    // contactWithin: an axis separating the cores by more than the radii and `farther` ends the
    // query (any SAT axis bounds the distance from below). Otherwise both passes ran to the end,
    // and the full SAT from them answers the usual question: satSeparates(p, t) is exactly
    // satLocal(p).separation > t.
    if (satSeparates(p, farther + rA + rB)) return FARTHER;
    apart = satLocal(p, sat, true).separation > touchTol;
  } else apart = satSeparates(p, touchTol);
  if (apart) {
    // Cores apart: GJK for the exact distance and the closest features.
    const g = gjkLocal(p, defaultGjkIterations(p.shapeA.count, p.shapeB.count), null, gjkScratch);
    m.iterations = g.iterations;
    if (g.capped) state = 'not-converged';
    const d = Math.hypot(g.vx, g.vy);
    if (!g.overlap && d > 0) {
      const nx = g.vx / d;
      const ny = g.vy / d;
      m.method = 'gjk';
      // Never below the SAT bound: both are the distance up to rounding, and GJK's is exact.
      m.separation = d - rA - rB;
      m.nx = nx;
      m.ny = ny;
      supportFeature(p.shapeA.xy, nx, ny, p.shapeA.count, featA);
      supportFeature(p.shapeB.xy, -(p.c * nx + p.s * ny), -(-p.s * nx + p.c * ny), p.shapeB.count, featB);
      if (featA.second >= 0 && featB.second >= 0) {
        clipEdges(p, true, featA.first, m.separation + keepTol, m);
      }
      if (m.count === 0) {
        const w = simplexWitness(g, witness);
        const t = (rA + d - rB) / 2;
        addPoint(m, w.ax + t * nx, w.ay + t * ny);
      }
      return state;
    }
    // GJK sees the cores touching where SAT saw a sliver of a gap: rounding; SAT's axis stands.
  }
  // Not apart: satSeparates measured every axis, and satLocal takes its axis from those passes.
  satLocal(p, sat, !apart);
  m.method = 'sat';
  m.separation = sat.separation - rA - rB;
  m.nx = sat.nx;
  m.ny = sat.ny;
  if (p.shapeA.count === 2 && p.shapeB.count === 2 && crossingPoint(p, m)) {
    // Two-sided cores (segments, capsule cores) that cross: the contact is where they cross,
    // midway between the surfaces there. Clipping would take the deeper end of the incident core
    // instead, away from where the cores meet (for crossing segments (0,0)-(21,0) and
    // (10.5,-1)-(10.5,1), (10.5, 0.5) instead of (10.5, 0)).
  } else if (sat.referenceEdge >= 0) {
    clipEdges(p, sat.referenceIsA, sat.referenceEdge, Math.max(m.separation, 0) + keepTol, m);
  }
  if (m.count === 0) {
    // No clipped point kept (the incident edge misses the reference face's slab): the incident
    // shape's deepest vertex along the normal, projected midway.
    const refNx = sat.referenceIsA ? sat.nx : -sat.nx;
    const refNy = sat.referenceIsA ? sat.ny : -sat.ny;
    const incIsA = !sat.referenceIsA;
    const inc = incIsA ? p.shapeA : p.shapeB;
    let best = Infinity;
    let qx = 0;
    let qy = 0;
    for (let i = 0; i < inc.count; i++) {
      const x = incIsA ? p.av[2 * i]! : p.bv[2 * i]!;
      const y = incIsA ? p.av[2 * i + 1]! : p.bv[2 * i + 1]!;
      const h = x * refNx + y * refNy;
      if (h < best) {
        best = h;
        qx = x;
        qy = y;
      }
    }
    // That vertex is sat.separation above the reference core face (it realizes the SAT
    // separation); midway between the incident surface and the reference one, radii included.
    const rInc = incIsA ? rA : rB;
    const rRef = incIsA ? rB : rA;
    const back = (rInc + sat.separation - rRef) / 2;
    addPoint(m, qx - back * refNx, qy - back * refNy);
  }
  return state;
}

/**
 * Contact of two placed convex shapes: separation (negative = penetration depth), unit normal
 * from A towards B (world), one or two world contact points midway between the surfaces, and
 * the method used. Never throws: malformed input gives state `degenerate` and no points.
 */
export function contact(pair: ShapePair): ContactOutput {
  return contactWithin(pair, Infinity)!;
}

/**
 * contact(pair), bit for bit, or null when a separating axis shows two polygon-like shapes
 * (polygons, capsules, segments: neither core a point) farther apart than `farther`. For a
 * caller that only wants contacts closer than that — the overlap finding wants penetration, so
 * `farther` 0 — a pair whose cores an axis separates then costs the quick SAT test and nothing
 * else: no GJK distance, no closest features, no output. Pairs of other kinds, and pairs no axis
 * separates by that much, are measured exactly as contact() measures them; null never stands for
 * a pair closer than `farther`.
 */
export function contactWithin(pair: ShapePair, farther: number): ContactOutput | null {
  if (!contactWithinInto(pair, farther, record)) return null;
  // The record's numbers as objects (points: arrays of the exact length).
  const r = record;
  const points = r.count >= 2 ? [{ x: r.p0x, y: r.p0y }, { x: r.p1x, y: r.p1y }] : r.count === 1 ? [{ x: r.p0x, y: r.p0y }] : [];
  return { state: r.state, separation: r.separation, normal: { x: r.nx, y: r.ny }, points, method: r.method, iterations: r.iterations };
}

/**
 * contactWithin(pair, farther) written into `out` as numbers: false where contactWithin gives
 * null (`out` then holds nothing of this pair), else true with `out` holding its answer, the same
 * numbers to the bit. For callers that test many pairs and keep few: nothing is allocated.
 */
export function contactWithinInto(pair: ShapePair, farther: number, out: ContactRecord): boolean {
  // One order for both orders of a pair (canonical-order.ts): the answer for (B, A) is the one
  // for (A, B) with the normal turned, bit for bit, except for exact push-out ties, where the
  // convention of tie-break.ts is about the caller's B and so gives the same normal both ways.
  const swap = !inCanonicalOrder(pair.shapeA, pair.transformA, pair.shapeB, pair.transformB);
  const p = swap
    ? relativePairInto(pairScratch, pair.shapeB, pair.transformB, pair.shapeA, pair.transformA, true)
    : relativePairInto(pairScratch, pair.shapeA, pair.transformA, pair.shapeB, pair.transformB, false);
  const m = resetManifold(manifoldScratch);
  if (!p.wellFormed) {
    // Malformed input: no normal, no points.
    out.state = 'degenerate';
    out.separation = 0;
    out.nx = 0;
    out.ny = 0;
    out.count = 0;
    out.method = 'none';
    out.iterations = 0;
    out.size = 0;
    return true;
  }
  // Point cores (relative.ts isPointCore, read off the pair's spreads).
  const tol = 1e-14 * p.scale;
  const pointA = p.spreadA <= tol;
  const pointB = p.spreadB <= tol;
  if (pointA && pointB) collideCircles(p, m);
  else if (pointA) {
    if (isRectangle(p.shapeB.xy, p.shapeB.count)) collideCircleBox(p, false, m);
    else collideCirclePolygon(p, false, m);
  } else if (pointB) {
    if (isRectangle(p.shapeA.xy, p.shapeA.count)) collideCircleBox(p, true, m);
    else collideCirclePolygon(p, true, m);
  } else if (
    p.shapeA.radius === 0 &&
    p.shapeB.radius === 0 &&
    (p.s === 0 || p.c === 0) &&
    isAxisAlignedBox(p.shapeA.xy, p.shapeA.count) &&
    isAxisAlignedBox(p.shapeB.xy, p.shapeB.count)
  ) {
    collideAabbs(p, m);
  } else {
    const r = collidePolygons(p, m, farther);
    if (r === FARTHER) return false;
    m.state = r;
  }
  if (swap) {
    m.nx = -m.nx;
    m.ny = -m.ny;
  }
  manifoldToWorld(p, m, out);
  return true;
}

/**
 * Where two segment cores (A frame) cross properly — each one's end points strictly on opposite
 * sides of the other's line (Ericson, "Real-Time Collision Detection", §5.1.9.1, the signed-area
 * test) — added to `m` as its one contact point, moved along m's normal to midway between the
 * surfaces there (A's at X + rA n, B's at X − rB n; Box2D's b2CollideCapsules places its point
 * the same way). False when they do not cross (touching at an end or collinear: the clipping
 * path handles those).
 *
 * The midway point keeps the contact continuous as a core slides through the other's end point:
 * there the crossing X is that end point, which is also the incident end clipping keeps, and
 * clipping puts it at X + (rA − rB)/2 n too. The bare crossing would jump by rB/2 as the core
 * passes the end, and rounding of the exact-sign test could put that step on different sides of
 * the end for the two orders of a pair.
 */
function crossingPoint(p: RelativePair, m: LocalManifold): boolean {
  const a0x = p.av[0]!;
  const a0y = p.av[1]!;
  const a1x = p.av[2]!;
  const a1y = p.av[3]!;
  const b0x = p.bv[0]!;
  const b0y = p.bv[1]!;
  const b1x = p.bv[2]!;
  const b1y = p.bv[3]!;
  const d1 = (a1x - a0x) * (b0y - a0y) - (a1y - a0y) * (b0x - a0x);
  const d2 = (a1x - a0x) * (b1y - a0y) - (a1y - a0y) * (b1x - a0x);
  const d3 = (b1x - b0x) * (a0y - b0y) - (b1y - b0y) * (a0x - b0x);
  const d4 = (b1x - b0x) * (a1y - b0y) - (b1y - b0y) * (a1x - b0x);
  if (!((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) || !((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return false;
  const u = d1 / (d1 - d2);
  const lift = (p.shapeA.radius - p.shapeB.radius) / 2;
  addPoint(m, b0x + u * (b1x - b0x) + lift * m.nx, b0y + u * (b1y - b0y) + lift * m.ny);
  return true;
}
