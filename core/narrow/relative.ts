import { hypot2, type Transform, type Vec2 } from '../math/vec2';
import { packedCoordinates, type ConvexShape } from '../shapes/shape';
import type { MinkowskiVertex, ShapePair } from './types';

/**
 * Every narrow-phase query computes in A's local frame: B is placed by the relative transform
 * A⁻¹ ∘ B. Two shapes of size 1e-3 at 1e6 from the origin then meet with coordinates of order
 * 1e-3, not 1e6: the one subtraction of their world positions is exact when they are close
 * (Sterbenz), and no later step mixes 1e6 with 1e-3 (Box2D v3 does the same in b2ShapeDistance
 * and b2CollidePolygons). Results are mapped back to the world once, at the end.
 */
export interface RelativePair {
  readonly shapeA: ConvexShape;
  readonly shapeB: ConvexShape;
  /** B's pose in A's frame: rotation (c, s) and translation (x, y). */
  readonly c: number;
  readonly s: number;
  readonly x: number;
  readonly y: number;
  /** A's world transform, to map results back. */
  readonly xfA: Transform;
  /** Core sizes (see shapes/bounds.ts shapeSize, radii excluded) and their sum: the tolerance scale. */
  readonly sizeA: number;
  readonly sizeB: number;
  readonly scale: number;
  /**
   * B's core vertices in A's frame, interleaved (x0, y0, x1, y1, ...): what bx / by return,
   * transformed once per pair instead of once per use (SAT and clipping visit each n × m times).
   * May be longer than 2 × B's vertex count (a reused buffer).
   */
  readonly bv: Float64Array;
  /** A's core vertices, interleaved likewise (its own frame: a copy), so that code serving either side reads one layout. */
  readonly av: Float64Array;
  /**
   * Largest coordinate difference of a core vertex from the core's vertex 0, per shape: the core
   * is a point within tolerance t exactly when its spread is <= t (isPointCore, without a pass).
   */
  readonly spreadA: number;
  readonly spreadB: number;
  /** isWellFormed of the pair, found in the same pass: every number finite, shapes non-empty, radii >= 0. */
  readonly wellFormed: boolean;
  /**
   * The query runs with the caller's shapes swapped (contact's canonical order,
   * canonical-order.ts): the caller's B is this pair's A, and it moves along the opposite of
   * this pair's normal. Only the push-out convention reads it (tie-break.ts), so that it still
   * speaks of the caller's B.
   */
  readonly swapped: boolean;
}

/** A RelativePair that an iterative caller refills in place (conservative advancement). */
export type MutableRelativePair = { -readonly [K in keyof RelativePair]: RelativePair[K] };

const NO_SHAPE: ConvexShape = { kind: 'circle', count: 1, xy: packedCoordinates(2), radius: 0, nxy: packedCoordinates(0) };
const IDENTITY: Transform = { x: 0, y: 0, c: 1, s: 0 };

/** An empty pair for relativePairInto to fill (its B buffer grows to the largest B seen). */
export function emptyRelativePair(bVertices = 8, aVertices = 8): MutableRelativePair {
  return {
    shapeA: NO_SHAPE,
    shapeB: NO_SHAPE,
    c: 1,
    s: 0,
    x: 0,
    y: 0,
    xfA: IDENTITY,
    sizeA: 0,
    sizeB: 0,
    scale: 0,
    bv: new Float64Array(2 * bVertices),
    av: new Float64Array(2 * aVertices),
    spreadA: 0,
    spreadB: 0,
    wellFormed: false,
    swapped: false,
  };
}

export function relativePair(pair: ShapePair): RelativePair {
  const out = emptyRelativePair(pair.shapeB.count, pair.shapeA.count);
  return relativePairInto(out, pair.shapeA, pair.transformA, pair.shapeB, pair.transformB);
}

// Per-shape results of the one pass over a core's vertices (module scratch: no allocation).
let passSize = 0;
let passSpread = 0;
let passFinite = false;

/**
 * One pass over a core's vertices: its size (the larger side of its local bounding box, 0 for
 * fewer than two vertices), its spread about vertex 0 and whether every coordinate is finite;
 * the vertices are copied into `into`, interleaved — placed by (c, s, tx, ty) when `place`. Rounding is
 * monotone, so max(maxX − x0, x0 − minX, ...) is exactly the largest |xi − x0| (or |yi − y0|).
 */
function scanCore(v: readonly number[], n: number, into: Float64Array, place: boolean, c: number, s: number, tx: number, ty: number): void {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // x − x is 0 for a finite x and NaN otherwise: the sum stays 0 exactly when all are finite.
  let check = 0;
  for (let i = 0; i < n; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    check += x - x + (y - y);
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (place) {
      into[2 * i] = c * x - s * y + tx;
      into[2 * i + 1] = s * x + c * y + ty;
    } else {
      into[2 * i] = x;
      into[2 * i + 1] = y;
    }
  }
  passFinite = n > 0 && check === 0;
  passSize = n < 2 ? 0 : Math.max(maxX - minX, maxY - minY);
  if (n === 0) {
    passSpread = 0;
    return;
  }
  const x0 = v[0]!;
  const y0 = v[1]!;
  passSpread = Math.max(maxX - x0, x0 - minX, maxY - y0, y0 - minY);
}

/**
 * relativePair written into `out` (no allocation once its B buffer is large enough). `out.xfA`
 * keeps a reference to `transformA`, so a caller that mutates its transform between queries must
 * refill the pair. `swapped`: the caller passed these shapes in the other order (see the field).
 */
export function relativePairInto(
  out: MutableRelativePair,
  shapeA: ConvexShape,
  transformA: Transform,
  shapeB: ConvexShape,
  transformB: Transform,
  swapped = false,
): RelativePair {
  const a = transformA;
  const b = transformB;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  out.shapeA = shapeA;
  out.shapeB = shapeB;
  const c = a.c * b.c + a.s * b.s;
  const s = a.c * b.s - a.s * b.c;
  const x = a.c * dx + a.s * dy;
  const y = -a.s * dx + a.c * dy;
  out.c = c;
  out.s = s;
  out.x = x;
  out.y = y;
  out.xfA = a;
  out.swapped = swapped;
  if (out.av.length < 2 * shapeA.count) out.av = new Float64Array(2 * shapeA.count);
  scanCore(shapeA.xy, shapeA.count, out.av, false, 1, 0, 0, 0);
  const sizeA = passSize;
  const finiteA = passFinite;
  out.spreadA = passSpread;
  if (out.bv.length < 2 * shapeB.count) out.bv = new Float64Array(2 * shapeB.count);
  scanCore(shapeB.xy, shapeB.count, out.bv, true, c, s, x, y);
  const sizeB = passSize;
  out.spreadB = passSpread;
  out.sizeA = sizeA;
  out.sizeB = sizeB;
  out.scale = sizeA + sizeB + shapeA.radius + shapeB.radius;
  out.wellFormed =
    finiteA &&
    passFinite &&
    isFiniteTransform(a) &&
    isFiniteTransform(b) &&
    shapeA.radius >= 0 &&
    Number.isFinite(shapeA.radius) &&
    shapeB.radius >= 0 &&
    Number.isFinite(shapeB.radius);
  return out;
}

/** Whether every number of the pair is finite and each shape has at least one vertex. */
export function isWellFormed(pair: ShapePair): boolean {
  return (
    isFiniteTransform(pair.transformA) &&
    isFiniteTransform(pair.transformB) &&
    isWellFormedShape(pair.shapeA) &&
    isWellFormedShape(pair.shapeB)
  );
}

export function isFiniteTransform(t: Transform): boolean {
  return Number.isFinite(t.x) && Number.isFinite(t.y) && Number.isFinite(t.c) && Number.isFinite(t.s);
}

/**
 * At least one vertex, 2 × count finite coordinates (the array may hold more after them: a scene
 * body's own numbers, shape.ts), a finite radius >= 0.
 */
export function isWellFormedShape(s: ConvexShape): boolean {
  if (!(s.count >= 1) || !(s.xy.length >= 2 * s.count) || !(s.radius >= 0) || !Number.isFinite(s.radius)) return false;
  for (let i = 0; i < 2 * s.count; i++) if (!Number.isFinite(s.xy[i])) return false;
  return true;
}

/** B's vertex i in A's frame, x coordinate. */
export function bx(p: RelativePair, i: number): number {
  return p.bv[2 * i]!;
}
/** B's vertex i in A's frame, y coordinate. */
export function by(p: RelativePair, i: number): number {
  return p.bv[2 * i + 1]!;
}

/** A-frame point → world. */
export function toWorld(p: RelativePair, x: number, y: number): Vec2 {
  const t = p.xfA;
  return { x: t.c * x - t.s * y + t.x, y: t.s * x + t.c * y + t.y };
}
/** A-frame direction → world. */
export function dirToWorld(p: RelativePair, x: number, y: number): Vec2 {
  const t = p.xfA;
  return { x: t.c * x - t.s * y, y: t.s * x + t.c * y };
}

/** A Minkowski vertex for output, from A-frame points (w = pointB - pointA, rotated to world). */
export function worldVertex(p: RelativePair, ax: number, ay: number, bx_: number, by_: number, ia: number, ib: number): MinkowskiVertex {
  return {
    w: dirToWorld(p, bx_ - ax, by_ - ay),
    pointA: toWorld(p, ax, ay),
    pointB: toWorld(p, bx_, by_),
    indexA: ia,
    indexB: ib,
  };
}

/** Scratch 2-vector for helpers that return a direction without allocating. */
export interface MutableVec2 {
  x: number;
  y: number;
}

/**
 * Outward unit normal of edge i → i+1 of a core, in the shape's own frame. A capsule or segment
 * core is treated as a two-sided polygon [v0, v1] (edges 0: v0→v1 and 1: v1→v0, opposite normals),
 * as Box2D v3 does with b2MakeCapsule, so that SAT, clipping and the Minkowski merge need no
 * special case. Uses the shape's stored normals when it has them (a box's); computes any other's
 * from its edge with the operations of shapes/polygon.ts packedEdgeNormals (hypot2, then a
 * division each), so that a computed normal has the very bits a stored one would.
 */
export function edgeNormal(shape: ConvexShape, i: number, out: MutableVec2): MutableVec2 {
  const v = shape.xy;
  const n = shape.count;
  if (shape.nxy.length === 2 * n && n >= 3) {
    out.x = shape.nxy[2 * i]!;
    out.y = shape.nxy[2 * i + 1]!;
    return out;
  }
  const j = (i + 1) % n;
  const ex = v[2 * j]! - v[2 * i]!;
  const ey = v[2 * j + 1]! - v[2 * i + 1]!;
  const l = hypot2(ex, ey);
  out.x = l > 0 ? ey / l : 0;
  out.y = l > 0 ? -ex / l : 0;
  return out;
}

/**
 * A core with no extent (one vertex, or two or more that coincide within `tolerance`): a circle
 * for every query, whatever its kind says.
 */
export function isPointCore(shape: ConvexShape, tolerance: number): boolean {
  const v = shape.xy;
  for (let i = 1; i < shape.count; i++) {
    if (Math.abs(v[2 * i]! - v[0]!) > tolerance || Math.abs(v[2 * i + 1]! - v[1]!) > tolerance) return false;
  }
  return true;
}
