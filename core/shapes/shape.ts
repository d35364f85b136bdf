import type { Vec2 } from '../math/vec2';
import { packedEdgeNormals } from './polygon';

/**
 * Every convex shape in Collide is a *rounded convex point set*: the convex hull of its core
 * vertices swept by a disc of `radius`. This is the representation GJK needs (van den Bergen,
 * "Collision Detection in Interactive 3D Environments", ch. 4: a core shape plus a margin) and the
 * one Box2D v3 uses for its shape proxies:
 *
 * | kind     | vertices (`count`)               | radius |
 * |----------|----------------------------------|--------|
 * | circle   | 1: the center                    | r > 0  |
 * | capsule  | 2: the ends of the inner segment | r > 0  |
 * | segment  | 2: the ends                      | 0      |
 * | polygon  | >= 3, convex, counter-clockwise  | >= 0 (rounded polygon when > 0) |
 *
 * Coordinates are in the shape's local frame (for a scene body: body-local, with any compound
 * part offset and angle already applied). A box is a polygon. Polygons are validated before they
 * get here (semantics does it, with diagnostics): convex, CCW, no repeated or collinear vertices.
 *
 * Coordinates are stored packed, [x0, y0, x1, y1, ...], in plain arrays of doubles: a scene keeps
 * every body's shapes for as long as its document is open, and V8 (without pointer compression)
 * spends 72 bytes on a `{ x, y }` of two boxed doubles against 16 in a packed double array
 * (PACKED_DOUBLE_ELEMENTS). The support functions, GJK, EPA, SAT and clipping read the arrays
 * directly. Build them with `packedCoordinates` (or `packVertices`) so that every shape's arrays
 * share one elements kind and the hot loops stay monomorphic; never leave holes or store
 * anything but numbers in them, and never hand the functions that read them any other kind of
 * array: optimized code whose load has seen a more general kind transitions each double array it
 * then loads from to that kind (V8's elements-kind transitions on keyed loads), boxing every
 * coordinate of every shape that passes.
 */
export type ShapeKind = 'circle' | 'capsule' | 'segment' | 'polygon';

export interface ConvexShape {
  readonly kind: ShapeKind;
  /** Number of core vertices. */
  readonly count: number;
  /**
   * Core vertices packed [x0, y0, x1, y1, ...]: the first 2 × count numbers. A scene body's own
   * shape may hold the body's numbers after them (server semantics/scene.ts SceneBody `data`:
   * one array a body instead of two), so every reader bounds its loops by `count`, never by
   * the array's length.
   */
  readonly xy: readonly number[];
  readonly radius: number;
  /**
   * Outward unit normal of edge i → i+1 packed likewise [nx0, ny0, ...], 2 × count numbers, when
   * stored: a box's (factory.ts makeBox, the shared BOX_NORMALS), by which the swept test knows
   * an axis-aligned box. Empty for every other polygon (factory.ts makePolygon says why) and for
   * the other kinds: read a polygon's normals through narrow/relative.ts `edgeNormal`, which
   * computes them when they are not stored.
   */
  readonly nxy: readonly number[];
}

/**
 * Every shape object is a literal of these five properties in this order (factory.ts `build`,
 * `transformShape`, semantics' circles), so all share one hidden class. This one is made first,
 * and never used, to make that class's `radius` a tagged field: V8 keeps a number field that has
 * only ever held numbers, one of them a fraction, as a double field, where every object of the
 * class holds its value in a 16-byte box of its own, a sharp polygon's 0 included (most shapes'
 * radius is 0). A field that has held something else is
 * tagged: 0 sits in the object itself as a small integer, a fraction still in a box. Made at
 * module load, before any shape, so that no object or optimized code ever sees the class with a
 * double field (a later change of representation deprecates the class and deoptimizes its
 * readers).
 */
export const TAGGED_RADIUS_SHAPE: unknown = makeRadiusTagged();

// A call, which bundlers keep where they drop an unused literal; the result is held, so that the
// class outlives a collection before the first real shape (V8's transitions to a class are weak).
function makeRadiusTagged(): unknown {
  return { kind: 'circle', count: 0, xy: [], radius: null, nxy: [] };
}

// Slices of a PACKED_DOUBLE_ELEMENTS array keep its elements kind and get a backing store of
// exactly their length; `new Array(n)` would be holey, and pushing onto `[]` over-allocates
// (a 17-slot store for one push).
const ZEROS: number[] = [0.5];
ZEROS.length = 0;

/** A fresh packed array of `length` double zeros, to fill with coordinates. */
export function packedCoordinates(length: number): number[] {
  while (ZEROS.length < length) ZEROS.push(0);
  return ZEROS.slice(0, length);
}

/** Points packed into a fresh coordinate array [x0, y0, x1, y1, ...]. */
export function packVertices(points: readonly Vec2[]): number[] {
  const out = packedCoordinates(2 * points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    out[2 * i] = p.x;
    out[2 * i + 1] = p.y;
  }
  return out;
}

/** x of core vertex i. */
export function vertexX(shape: ConvexShape, i: number): number {
  return shape.xy[2 * i]!;
}
/** y of core vertex i. */
export function vertexY(shape: ConvexShape, i: number): number {
  return shape.xy[2 * i + 1]!;
}

/** The core vertices as fresh vectors, in order (for code outside the hot loops). */
export function shapeVertices(shape: ConvexShape): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < shape.count; i++) out.push({ x: vertexX(shape, i), y: vertexY(shape, i) });
  return out;
}

/**
 * A polygon's edge normals as fresh vectors, stored or computed from the vertices by polygon.ts
 * packedEdgeNormals (whose operations narrow/relative.ts edgeNormal repeats: the same bits); empty
 * for the other kinds. For code outside the hot loops.
 */
export function shapeNormals(shape: ConvexShape): Vec2[] {
  const n = shape.count;
  const out: Vec2[] = [];
  if (shape.nxy.length !== 2 * n && (shape.kind !== 'polygon' || n < 3)) return out;
  // A call-time use of polygon.ts, which imports this module for packedCoordinates: the cycle
  // is harmless, since neither module reads the other while it loads.
  const nxy = shape.nxy.length === 2 * n ? shape.nxy : packedEdgeNormals(shape.xy, n);
  for (let i = 0; i < n; i++) out.push({ x: nxy[2 * i]!, y: nxy[2 * i + 1]! });
  return out;
}
