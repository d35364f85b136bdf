import { composeTransforms, IDENTITY, type Transform, type Vec2 } from '../math/vec2';
import { makeSegment, shapeCentroid } from '../shapes/factory';
import type { ConvexShape } from '../shapes/shape';
import { contact } from '../narrow/contact';
import type { ContactOutput } from '../narrow/types';
import { poseAt } from '../ccd/motion';
import { timeOfImpact } from '../ccd/toi';
import type { ToiOutput } from '../ccd/types';
import type { ChainSegment } from './chain';

/**
 * One-sided queries of a convex shape B against one chain edge with its ghost vertices (chain.ts
 * ChainSegment), after Box2D v3's `b2CollideChainSegmentAndPolygon` and `b2ClassifyNormal`
 * (Catto, manifold.c; "Ghost Collisions", box2d.org, 2020). Each query is the two-sided query
 * against the edge as a plain segment, then judged by where B is and which way the normal points:
 *
 * - Behind: B's centroid behind the edge's line, and behind each convex neighbor's line too
 *   (Box2D's rule: a body rolling round a convex corner keeps its contact), reports nothing.
 * - The normal n (from the edge towards B) is classified on the edge's Gauss map:
 *   - along the edge's normal (the face), or at a free end (an open chain's end, or a lone
 *     segment): admitted, the two-sided answer stands;
 *   - at a vertex where the neighbor turns the matter's corner outwards (convex): admitted when n
 *     lies between the two edges' normals (the vertex's own region on the solid side), skipped
 *     when it lies beyond the neighbor's normal (the neighbor's face owns that contact);
 *   - at a flat or concave vertex, or pointing back through the face: snapped to the edge's
 *     normal, the surface continuing past the vertex (only for B's centroid in front of the
 *     edge's own line; otherwise a convex neighbor let B through, and its face answers). A body
 *     sliding along flush edges so never gets a normal from an internal vertex: the ghost bump
 *     is gone.
 *
 * So a shape in front of a lone edge gets exactly the two-sided answer, and one behind gets none.
 * Snapped contacts measure B against the edge's line: the separation of B's deepest point along
 * the normal, the points on B's deepest feature, midway to the line.
 */

/** Turns with a sine below this count as flat (snapped), Box2D's `convexTol` and `sinTol`. */
export const CONVEX_TOLERANCE = 0.01;

/** |n · direction| at or below which a normal is the face's (a face normal is exact to rounding). */
const FACE_TOLERANCE = 1e-9;

export type NormalClass = 'admit' | 'snap' | 'skip';

/** An edge's unit direction and normal, its neighbors' normals and the kind of its vertices. */
interface EdgeFrame {
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  convex1: boolean;
  n0x: number;
  n0y: number;
  convex2: boolean;
  n2x: number;
  n2y: number;
}

const frame: EdgeFrame = { ux: 0, uy: 0, nx: 0, ny: 0, convex1: false, n0x: 0, n0y: 0, convex2: false, n2x: 0, n2y: 0 };

function frameOf(s: ChainSegment, f: EdgeFrame): EdgeFrame {
  const ex = s.x2 - s.x1;
  const ey = s.y2 - s.y1;
  const l = Math.hypot(ex, ey);
  f.ux = ex / l;
  f.uy = ey / l;
  // The right perpendicular: solid from the right-hand side.
  f.nx = f.uy;
  f.ny = -f.ux;
  f.convex1 = false;
  f.convex2 = false;
  if (s.hasGhost1) {
    const px = s.x1 - s.g1x;
    const py = s.y1 - s.g1y;
    const pl = Math.hypot(px, py);
    f.n0x = py / pl;
    f.n0y = -px / pl;
    // A left turn from the previous edge: the matter's corner points out.
    f.convex1 = (px / pl) * f.uy - (py / pl) * f.ux >= CONVEX_TOLERANCE;
  }
  if (s.hasGhost2) {
    const qx = s.g2x - s.x2;
    const qy = s.g2y - s.y2;
    const ql = Math.hypot(qx, qy);
    f.n2x = qy / ql;
    f.n2y = -qx / ql;
    f.convex2 = f.ux * (qy / ql) - f.uy * (qx / ql) >= CONVEX_TOLERANCE;
  }
  return f;
}

/** Box2D's one-sided test: the point behind the edge's line and behind every convex neighbor's. */
function behind(s: ChainSegment, f: EdgeFrame, cx: number, cy: number): boolean {
  if (f.nx * (cx - s.x1) + f.ny * (cy - s.y1) >= 0) return false;
  if (f.convex1 && f.n0x * (cx - s.x1) + f.n0y * (cy - s.y1) >= 0) return false;
  if (f.convex2 && f.n2x * (cx - s.x2) + f.n2y * (cy - s.y2) >= 0) return false;
  return true;
}

/** Where a normal from the edge towards B falls on the edge's Gauss map (see the top comment). */
function classify(s: ChainSegment, f: EdgeFrame, nx: number, ny: number): NormalClass {
  const along = nx * f.ux + ny * f.uy;
  if (!(nx !== 0 || ny !== 0)) return 'snap';
  if (Math.abs(along) <= FACE_TOLERANCE) return nx * f.nx + ny * f.ny >= 0 ? 'admit' : 'snap';
  if (along < 0) {
    if (!s.hasGhost1) return 'admit';
    if (!f.convex1) return 'snap';
    return nx * f.n0y - ny * f.n0x > CONVEX_TOLERANCE ? 'skip' : 'admit';
  }
  if (!s.hasGhost2) return 'admit';
  if (!f.convex2) return 'snap';
  return f.n2x * ny - f.n2y * nx > CONVEX_TOLERANCE ? 'skip' : 'admit';
}

/** The class of a normal (edge → B, chain frame) on the edge's Gauss map; for tests and callers. */
export function classifyNormal(segment: ChainSegment, normal: Vec2): NormalClass {
  return classify(segment, frameOf(segment, frame), normal.x, normal.y);
}

/** B's centroid placed by `xf` (a chain query computes it once for all its edges). */
export function centroidAt(shape: ConvexShape, xf: Transform): Vec2 {
  const c = shapeCentroid(shape);
  return { x: xf.c * c.x - xf.s * c.y + xf.x, y: xf.s * c.x + xf.c * c.y + xf.y };
}

/** Whether B's centroid, placed by `xf` (chain frame), is behind the edge. */
export function isBehind(segment: ChainSegment, shape: ConvexShape, xf: Transform): boolean {
  const c = centroidAt(shape, xf);
  return behind(segment, frameOf(segment, frame), c.x, c.y);
}

/** A one-sided answer in the chain's frame, with whether its normal was snapped. */
export interface EdgeContact {
  readonly output: ContactOutput;
  readonly snapped: boolean;
}

/**
 * One-sided contact of B (placed by `xf`, in the chain's frame) with the edge, in the chain's
 * frame; null when B is behind or the contact belongs to a convex neighbor. A snapped answer
 * needs B within `reach` of the edge itself (Box2D's distance test before it snaps): the edge's
 * line goes on past its ends, and a shape far from the edge may lie close to it.
 */
export function edgeContactLocal(s: ChainSegment, shape: ConvexShape, xf: Transform, reach: number, centroid: Vec2 = centroidAt(shape, xf)): EdgeContact | null {
  const f = frameOf(s, frame);
  if (behind(s, f, centroid.x, centroid.y)) return null;
  const two = contact({ shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), transformA: IDENTITY, shapeB: shape, transformB: xf });
  if (two.state === 'degenerate') return { output: two, snapped: false };
  const k = classify(s, f, two.normal.x, two.normal.y);
  if (k === 'skip') return null;
  if (k === 'admit') return { output: two, snapped: false };
  // A snap means the surface goes on along this edge's line; with B's centroid behind that line
  // (let through by a convex neighbor), the neighbor's face is B's surface, not this line.
  if (!(two.separation <= reach) || f.nx * (centroid.x - s.x1) + f.ny * (centroid.y - s.y1) < 0) return null;
  return { output: faceContact(s, f, shape, xf, two), snapped: true };
}

/**
 * B against the edge's line along its normal: the separation of B's deepest core vertex less its
 * radius, the points midway between B's deepest feature (one vertex, or two within rounding) and
 * the line.
 */
function faceContact(s: ChainSegment, f: EdgeFrame, shape: ConvexShape, xf: Transform, two: ContactOutput): ContactOutput {
  const v = shape.xy;
  let best = Infinity;
  let second = Infinity;
  let bi = -1;
  let si = -1;
  let scale = 0;
  for (let i = 0; i < shape.count; i++) {
    const x = xf.c * v[2 * i]! - xf.s * v[2 * i + 1]! + xf.x;
    const y = xf.s * v[2 * i]! + xf.c * v[2 * i + 1]! + xf.y;
    const h = f.nx * (x - s.x1) + f.ny * (y - s.y1);
    scale = Math.max(scale, Math.abs(h));
    if (h < best) {
      second = best;
      si = bi;
      best = h;
      bi = i;
    } else if (h < second) {
      second = h;
      si = i;
    }
  }
  const r = shape.radius;
  const points: Vec2[] = [];
  const keep = 1e-9 * (scale + Math.abs(s.x1) + Math.abs(s.y1) + 1e-300);
  for (const i of si >= 0 && second - best <= keep ? [bi, si] : [bi]) {
    const x = xf.c * v[2 * i]! - xf.s * v[2 * i + 1]! + xf.x;
    const y = xf.s * v[2 * i]! + xf.c * v[2 * i + 1]! + xf.y;
    const h = f.nx * (x - s.x1) + f.ny * (y - s.y1);
    points.push({ x: x - (f.nx * (h + r)) / 2, y: y - (f.ny * (h + r)) / 2 });
  }
  return { state: two.state, separation: best - r, normal: { x: f.nx, y: f.ny }, points, method: 'one-sided-face', iterations: two.iterations };
}

/** The placement of B in the chain's frame: A⁻¹ ∘ B. */
export function relativeTransform(a: Transform, b: Transform): Transform {
  return composeTransforms({ x: -(a.c * a.x + a.s * a.y), y: a.s * a.x - a.c * a.y, c: a.c, s: -a.s }, b);
}

/** A point of the chain's frame in the world. */
export function toWorld(a: Transform, p: Vec2): Vec2 {
  return { x: a.c * p.x - a.s * p.y + a.x, y: a.s * p.x + a.c * p.y + a.y };
}

/** A direction of the chain's frame in the world. */
export function dirToWorld(a: Transform, d: Vec2): Vec2 {
  return { x: a.c * d.x - a.s * d.y, y: a.s * d.x + a.c * d.y };
}

/** A contact of the chain's frame in the world. */
export function contactToWorld(a: Transform, o: ContactOutput): ContactOutput {
  if (a.x === 0 && a.y === 0 && a.c === 1 && a.s === 0) return o;
  return { ...o, normal: dirToWorld(a, o.normal), points: o.points.map((p) => toWorld(a, p)) };
}

export interface OneSidedInput {
  readonly segment: ChainSegment;
  /** Pose of the edge's frame (the chain's static body). */
  readonly transformA: Transform;
  readonly shapeB: ConvexShape;
  readonly transformB: Transform;
  /**
   * Snap only when B is within this distance of the edge itself (the two-sided separation);
   * default: any distance.
   */
  readonly maxSeparation?: number;
}

/**
 * One-sided contact of B with a chain edge (world): the two-sided contact when B is on the solid
 * side and its normal is admitted, the face answer when the normal is snapped (and B within
 * `maxSeparation` of the edge), null when B is behind or a convex neighbor owns the contact. The
 * distance is the separation when positive.
 */
export function oneSidedContact(input: OneSidedInput): ContactOutput | null {
  const reach = input.maxSeparation ?? Infinity;
  const r = edgeContactLocal(input.segment, input.shapeB, relativeTransform(input.transformA, input.transformB), reach);
  return r === null ? null : contactToWorld(input.transformA, r.output);
}

/** Motion of B and the search interval, as in ToiInput (the chain itself is static). */
export interface OneSidedToiInput extends OneSidedInput {
  readonly velocityB: Vec2;
  readonly spinB: number;
  readonly tMin: number;
  readonly tMax: number;
  readonly tolerance?: number;
  readonly timeTolerance?: number;
  readonly maxIterations?: number;
}

/** The answer for "no contact from the solid side": separated, t = tMax, separation unmeasured. */
export function nothing(tMax: number, iterations: number): ToiOutput {
  return { state: 'separated', t: tMax, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, separation: Infinity, iterations, method: 'linear-cast' };
}

/** A one-sided time of impact in the chain's frame, with whether its normal was snapped. */
export interface EdgeToi {
  readonly output: ToiOutput;
  readonly snapped: boolean;
}

/**
 * One-sided time of impact of B (pose `xf` at t = 0, velocity and spin in the chain's frame;
 * `c0` its centroid at tMin) against the edge, in the chain's frame: the two-sided first touch, kept when B's centroid is in
 * front at tMin and at the touch and the touch's normal is admitted (snapped normals are turned to
 * the face's); otherwise `separated` with an unmeasured (infinite) separation.
 */
export function edgeToiLocal(
  s: ChainSegment,
  input: OneSidedToiInput,
  xf: Transform,
  velocity: Vec2,
  c0: Vec2 = centroidAt(input.shapeB, poseAt(xf, velocity, input.spinB, input.tMin)),
): EdgeToi {
  const f = frameOf(s, frame);
  const spin = input.spinB;
  if (behind(s, f, c0.x, c0.y)) return { output: nothing(input.tMax, 0), snapped: false };
  const two = timeOfImpact({
    shapeA: makeSegment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }),
    transformA: IDENTITY,
    velocityA: { x: 0, y: 0 },
    spinA: 0,
    shapeB: input.shapeB,
    transformB: xf,
    velocityB: velocity,
    spinB: spin,
    tMin: input.tMin,
    tMax: input.tMax,
    ...(input.tolerance !== undefined ? { tolerance: input.tolerance } : {}),
    ...(input.timeTolerance !== undefined ? { timeTolerance: input.timeTolerance } : {}),
    ...(input.maxIterations !== undefined ? { maxIterations: input.maxIterations } : {}),
  });
  if (two.state === 'separated' || two.state === 'failed') return { output: two, snapped: false };
  const pose = poseAt(xf, velocity, spin, two.t);
  const f2 = frameOf(s, frame);
  const ct = centroidAt(input.shapeB, pose);
  if (behind(s, f2, ct.x, ct.y)) return { output: nothing(input.tMax, two.iterations), snapped: false };
  let nx = two.normal.x;
  let ny = two.normal.y;
  if (two.state === 'overlapped') {
    // Touching at tMin: the one-sided contact there says whether it counts, its normal and its
    // point (the two-sided methods may give no contact point for an overlap).
    const here = edgeContactLocal(s, input.shapeB, pose, Infinity, ct);
    if (here === null) return { output: nothing(input.tMax, two.iterations), snapped: false };
    const p = here.output.points[0] ?? two.point;
    return { output: { ...two, normal: here.output.normal, point: { x: p.x, y: p.y } }, snapped: here.snapped };
  }
  const k = classify(s, f2, nx, ny);
  const ahead = f2.nx * (ct.x - s.x1) + f2.ny * (ct.y - s.y1) >= 0;
  if (k === 'skip' || (k === 'snap' && !ahead)) return { output: nothing(input.tMax, two.iterations), snapped: false };
  if (k === 'admit') return { output: two, snapped: false };
  nx = f2.nx;
  ny = f2.ny;
  return { output: { ...two, normal: { x: nx, y: ny } }, snapped: true };
}

/** B's velocity in the chain's frame. */
export function relativeVelocity(a: Transform, v: Vec2): Vec2 {
  return { x: a.c * v.x + a.s * v.y, y: -a.s * v.x + a.c * v.y };
}

/** A time of impact of the chain's frame in the world. */
export function toiToWorld(a: Transform, o: ToiOutput): ToiOutput {
  if (a.x === 0 && a.y === 0 && a.c === 1 && a.s === 0) return o;
  return { ...o, point: toWorld(a, o.point), normal: dirToWorld(a, o.normal) };
}

/**
 * One-sided time of impact of a moving B against a static chain edge (world): see edgeToiLocal.
 * `separated` with an infinite separation means "nothing from the solid side".
 */
export function oneSidedTimeOfImpact(input: OneSidedToiInput): ToiOutput {
  const xf = relativeTransform(input.transformA, input.transformB);
  const r = edgeToiLocal(input.segment, input, xf, relativeVelocity(input.transformA, input.velocityB));
  return toiToWorld(input.transformA, r.output);
}
