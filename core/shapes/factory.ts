import type { Transform, Vec2 } from '../math/vec2';
import { packedCoordinates, packVertices, shapeVertices, type ConvexShape } from './shape';
import { packedEdgeNormals, polygonCentroid, signedArea } from './polygon';

/**
 * Constructors for the rounded convex point sets of shape.ts, in the shape's local frame, and the
 * mass-free geometric properties (area, centroid) of each kind. Sizes are taken by absolute value
 * so that a sign slip in the caller gives a valid shape rather than an inside-out one; semantics
 * reports non-positive sizes itself.
 */

function build(kind: ConvexShape['kind'], xy: readonly number[], radius: number, nxy: readonly number[]): ConvexShape {
  return { kind, count: xy.length >> 1, xy, radius, nxy };
}

/** Shared by every kind without stored normals (circle, capsule, segment). */
const NO_NORMALS: readonly number[] = packedCoordinates(0);

/** A packed coordinate array of the given numbers. */
function packed(...values: number[]): number[] {
  const out = packedCoordinates(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}

/** A disc of radius r about `center`. */
export function makeCircle(center: Vec2, r: number): ConvexShape {
  return build('circle', packed(center.x, center.y), Math.abs(r), NO_NORMALS);
}

/** An axis-aligned w × h rectangle centered on the origin, counter-clockwise from (-w/2, -h/2). */
export function makeBox(w: number, h: number): ConvexShape {
  return build('polygon', boxVertices(w, h), 0, packed(0, -1, 1, 0, 0, 1, -1, 0));
}

/**
 * The outward normals of every axis-aligned box (makeBox's), packed, one shared list: a box's
 * normals depend on nothing, and a scene of thousands of boxes need not hold them each. Not
 * frozen: freezing moves a double array to a frozen elements kind of boxed numbers, and the
 * normals would no longer be read like every other shape's. Nothing writes shape arrays.
 */
export const BOX_NORMALS: readonly number[] = packed(0, -1, 1, 0, 0, 1, -1, 0);

/** `makeBox` with the shared BOX_NORMALS (equal values), for shapes that are never mutated. */
export function makeSharedBox(w: number, h: number): ConvexShape {
  return build('polygon', boxVertices(w, h), 0, BOX_NORMALS);
}

/**
 * The corners of a w × h box centered on the origin, counter-clockwise from (-w/2, -h/2), packed.
 * Written in place rather than through `packed(...)`: every box of a scene is made here, and the
 * rest parameter's array would be one more allocation per box and more code for V8 to compile.
 */
function boxVertices(w: number, h: number): number[] {
  const hx = Math.abs(w) / 2;
  const hy = Math.abs(h) / 2;
  const out = packedCoordinates(8);
  out[0] = -hx;
  out[1] = -hy;
  out[2] = hx;
  out[3] = -hy;
  out[4] = hx;
  out[5] = hy;
  out[6] = -hx;
  out[7] = hy;
  return out;
}

/**
 * A convex polygon from counter-clockwise vertices, rounded by `radius` when > 0. The vertices
 * must already be convex, CCW and free of repeated/collinear points (polygon.ts validates and
 * cleans authored input); this does not re-check, so that building parts stays O(n). The
 * coordinates are copied into the shape's packed array (shape.ts).
 *
 * Its edge normals are not stored: the narrow phase computes each from its edge where it needs it
 * (narrow/relative.ts edgeNormal, the very operations of polygon.ts packedEdgeNormals, so the same
 * bits). Stored, they would be a second array as large as the vertices' for every polygon a
 * scene keeps, and computing them in the few SAT and clipping loops that read them costs no more
 * than making and keeping them. A turned copy (`transformShape`, a compound's part) stores them.
 */
export function makePolygon(ccwVertices: readonly Vec2[], radius = 0): ConvexShape {
  return build('polygon', packVertices(ccwVertices), Math.abs(radius), NO_NORMALS);
}

/** Two half-discs of radius r joined by a rectangle: inner segment of `length` along local x, centered. */
export function makeCapsule(length: number, r: number): ConvexShape {
  const h = Math.abs(length) / 2;
  return build('capsule', packed(-h, 0, h, 0), Math.abs(r), NO_NORMALS);
}

/** A zero-thickness edge from a to b. */
export function makeSegment(a: Vec2, b: Vec2): ConvexShape {
  return build('segment', packed(a.x, a.y, b.x, b.y), 0, NO_NORMALS);
}

/**
 * The same shape with its vertices mapped by `xf` (rotation then translation) — how a compound's
 * part offset and angle are baked into body-local coordinates. Rotation keeps normals unit and
 * the winding counter-clockwise.
 */
export function transformShape(shape: ConvexShape, xf: Transform): ConvexShape {
  // Normals turn but do not move: −0 is the exact additive identity (+0 would turn a −0 into +0).
  // A polygon's are made first when not stored, and the turned ones kept: normals computed from
  // the turned vertices would differ from them in the last bits, and results with them.
  const normals = shape.nxy.length === 0 && shape.kind === 'polygon' && shape.count >= 3 ? packedEdgeNormals(shape.xy, shape.count) : shape.nxy;
  const nxy = normals.length === 0 ? NO_NORMALS : rotatePacked(normals, normals.length, xf.c, xf.s, -0, -0);
  return { kind: shape.kind, count: shape.count, xy: rotatePacked(shape.xy, 2 * shape.count, xf.c, xf.s, xf.x, xf.y), radius: shape.radius, nxy };
}

/**
 * The first `length` numbers of packed points [x0, y0, ...] (a scene body's vertex array may go
 * on past them) rotated by (c, s) then moved by (tx, ty), into a fresh packed array.
 */
function rotatePacked(v: readonly number[], length: number, c: number, s: number, tx: number, ty: number): number[] {
  const out = packedCoordinates(length);
  for (let i = 0; 2 * i + 1 < length; i++) {
    const x = v[2 * i]!;
    const y = v[2 * i + 1]!;
    out[2 * i] = c * x - s * y + tx;
    out[2 * i + 1] = s * x + c * y + ty;
  }
  return out;
}

/**
 * Area of the rounded point set: core area + perimeter × r + π r² (Steiner's formula for the
 * parallel body of a convex set). Covers every kind: a circle has no core area or perimeter, a
 * capsule's core is a segment with perimeter 2L, a segment has r = 0 and no area.
 */
export function shapeArea(shape: ConvexShape): number {
  const v = shapeVertices(shape);
  const r = shape.radius;
  let perimeter = 0;
  if (v.length === 2) perimeter = 2 * Math.hypot(v[1]!.x - v[0]!.x, v[1]!.y - v[0]!.y);
  else if (v.length >= 3) {
    for (let i = 0; i < v.length; i++) {
      const a = v[i]!;
      const b = v[(i + 1) % v.length]!;
      perimeter += Math.hypot(b.x - a.x, b.y - a.y);
    }
  }
  const core = v.length >= 3 ? Math.abs(signedArea(v)) : 0;
  return core + perimeter * r + Math.PI * r * r;
}

/**
 * Area centroid of the rounded point set. For a rounded polygon the set splits into the core, one
 * r-wide rectangle outside each edge and one circular sector at each vertex (the sectors' angles
 * add up to 2π), whose centroids are known: a sector of angle θ has its centroid 4 r sin(θ/2) / 3θ
 * from its apex along the bisector. For a circle or a capsule, and for a segment, the center /
 * midpoint by symmetry.
 */
export function shapeCentroid(shape: ConvexShape): Vec2 {
  const v = shapeVertices(shape);
  if (v.length === 0) return { x: 0, y: 0 };
  if (v.length === 1) return { x: v[0]!.x, y: v[0]!.y };
  if (v.length === 2) return { x: (v[0]!.x + v[1]!.x) / 2, y: (v[0]!.y + v[1]!.y) / 2 };
  const core = polygonCentroid(v);
  const r = shape.radius;
  if (!(r > 0)) return core;
  const n = v.length;
  // Moments relative to the core centroid keep digits for shapes far from the origin.
  let area = Math.abs(signedArea(v));
  let mx = 0;
  let my = 0;
  const normals = shape.nxy.length === 2 * n ? shape.nxy : packedEdgeNormals(shape.xy, n);
  for (let i = 0; i < n; i++) {
    const a = v[i]!;
    const j = (i + 1) % n;
    const b = v[j]!;
    const nx = normals[2 * i]!;
    const ny = normals[2 * i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const rect = len * r;
    area += rect;
    mx += rect * ((a.x + b.x) / 2 + (nx * r) / 2 - core.x);
    my += rect * ((a.y + b.y) / 2 + (ny * r) / 2 - core.y);
    // Sector at b, between the normals of edges i and i+1.
    const n2x = normals[2 * j]!;
    const n2y = normals[2 * j + 1]!;
    const theta = Math.atan2(nx * n2y - ny * n2x, nx * n2x + ny * n2y);
    if (theta <= 0) continue;
    const sector = (theta * r * r) / 2;
    const bx = nx + n2x;
    const by = ny + n2y;
    const bl = Math.hypot(bx, by);
    const d = (4 * r * Math.sin(theta / 2)) / (3 * theta);
    area += sector;
    mx += sector * (b.x - core.x + (bl > 0 ? (bx / bl) * d : 0));
    my += sector * (b.y - core.y + (bl > 0 ? (by / bl) * d : 0));
  }
  return { x: core.x + mx / area, y: core.y + my / area };
}
