// Godot's Shape2D resources and CollisionPolygon2D as LevelShapes, under the affine transform `t`
// from the shape's own frame to the body's pose frame (the body's scale and skew, any node in
// between, and the shape node's own transform). Exact where the kind survives the transform (a
// circle under a similarity, a rectangle under perpendicular columns, any polygon or segment);
// otherwise a polygon through points of the true outline, with a note saying so.
import type { Severity } from '../../common/diagnostic';
import type { LevelShape } from '../level-scene';
import { type Affine, apply, columnScales, determinant, isConformal, isOrthogonal } from '../affine';
import { type Property, property } from './sections';
import { readNumber, readPoints, readVector } from './values';

export interface ShapeNote {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** The property the note is about, when it is one. */
  readonly property?: Property;
}

export interface ShapeResult {
  readonly shapes: LevelShape[];
  readonly notes: ShapeNote[];
}

/** Outline points of an approximated circle; a capsule has half as many on each cap. */
export const CURVE_POINTS = 32;

/** Godot's Shape2D types the reader turns into parts. */
export const SHAPE_TYPES = ['CircleShape2D', 'RectangleShape2D', 'CapsuleShape2D', 'SegmentShape2D', 'ConvexPolygonShape2D', 'ConcavePolygonShape2D'];

const UNSUPPORTED = new Set(['WorldBoundaryShape2D', 'LineShape2D', 'SeparationRayShape2D', 'RayShape2D']);

class Reader {
  readonly shapes: LevelShape[] = [];
  readonly notes: ShapeNote[] = [];
  constructor(private readonly props: readonly Property[]) {}

  number(key: string, fallback: number): number {
    const p = property(this.props, key);
    if (p === undefined) return fallback;
    const r = readNumber(p.value, key);
    if (r.ok) return r.value;
    this.notes.push({ code: 'godot-bad-value', severity: 'warning', message: `${r.problem} Godot's default ${fallback} is used.`, property: p });
    return fallback;
  }

  vector(key: string, fallback: [number, number]): [number, number] {
    const p = property(this.props, key);
    if (p === undefined) return fallback;
    const r = readVector(p.value, key);
    if (r.ok) return r.value;
    this.notes.push({ code: 'godot-bad-value', severity: 'warning', message: `${r.problem} Godot's default Vector2(${fallback.join(', ')}) is used.`, property: p });
    return fallback;
  }

  points(key: string): number[] {
    const p = property(this.props, key);
    if (p === undefined) return [];
    const r = readPoints(p.value, key);
    if (r.ok) return r.value;
    this.notes.push({ code: 'godot-bad-value', severity: 'warning', message: r.problem, property: p });
    return [];
  }
}

function transformed(points: readonly number[], t: Affine): number[] {
  const out = new Array<number>(points.length);
  for (let i = 0; i + 1 < points.length; i += 2) {
    const [x, y] = apply(t, points[i]!, points[i + 1]!);
    out[i] = x;
    out[i + 1] = y;
  }
  return out;
}

/** Points on a circle of `radius` about the shape's origin. */
function circlePoints(radius: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    out.push(radius * Math.cos(a), radius * Math.sin(a));
  }
  return out;
}

/** A vertical capsule's outline (Godot's, along local y), half the points on each cap. */
function capsulePoints(radius: number, half: number, count: number): number[] {
  const out: number[] = [];
  const cap = count / 2;
  for (let i = 0; i <= cap; i++) {
    const a = (Math.PI * i) / cap;
    out.push(radius * Math.cos(a), half + radius * Math.sin(a));
  }
  for (let i = 0; i <= cap; i++) {
    const a = Math.PI + (Math.PI * i) / cap;
    out.push(radius * Math.cos(a), -half + radius * Math.sin(a));
  }
  return out;
}

function circle(r: Reader, radius: number, t: Affine): void {
  const [cx, cy] = apply(t, 0, 0);
  if (isConformal(t)) {
    r.shapes.push({ kind: 'circle', radius: radius * columnScales(t)[0], x: cx, y: cy });
    return;
  }
  r.shapes.push({ kind: 'polygon', points: transformed(circlePoints(radius, CURVE_POINTS), t) });
  r.notes.push({ code: 'godot-approximated-shape', severity: 'hint', message: `A circle under a non-uniform scale or a skew is an ellipse: checked as a ${CURVE_POINTS}-gon through its outline.` });
}

function rectangle(r: Reader, width: number, height: number, t: Affine): void {
  const [cx, cy] = apply(t, 0, 0);
  if (isOrthogonal(t)) {
    const [sx, sy] = columnScales(t);
    r.shapes.push({ kind: 'box', width: width * sx, height: height * sy, x: cx, y: cy, angle: Math.atan2(t.b, t.a) });
    return;
  }
  // A skewed rectangle is a parallelogram: exactly a polygon.
  const w = width / 2;
  const h = height / 2;
  r.shapes.push({ kind: 'polygon', points: transformed([-w, -h, w, -h, w, h, -w, h], t) });
}

function capsule(r: Reader, radius: number, height: number, t: Affine): void {
  // Godot's height is the total, caps included; the core segment runs along local y.
  const length = Math.max(0, height - 2 * radius);
  const [cx, cy] = apply(t, 0, 0);
  if (isConformal(t)) {
    const scale = columnScales(t)[0];
    r.shapes.push({ kind: 'capsule', length: length * scale, radius: radius * scale, x: cx, y: cy, angle: Math.atan2(t.d, t.c) });
    return;
  }
  r.shapes.push({ kind: 'polygon', points: transformed(capsulePoints(radius, length / 2, CURVE_POINTS), t) });
  r.notes.push({ code: 'godot-approximated-shape', severity: 'hint', message: `A capsule under a non-uniform scale or a skew is checked as a polygon of ${CURVE_POINTS + 2} points through its outline.` });
}

function segments(r: Reader, flat: readonly number[], t: Affine, closed: boolean): void {
  const p = transformed(flat, t);
  const n = p.length / 2;
  if (closed) {
    // Two points make one segment, not the same one twice.
    for (let i = 0; i < (n === 2 ? 1 : n); i++) {
      const j = (i + 1) % n;
      r.shapes.push({ kind: 'segment', ax: p[2 * i]!, ay: p[2 * i + 1]!, bx: p[2 * j]!, by: p[2 * j + 1]! });
    }
    return;
  }
  for (let i = 0; i + 3 < p.length; i += 4) r.shapes.push({ kind: 'segment', ax: p[i]!, ay: p[i + 1]!, bx: p[i + 2]!, by: p[i + 3]! });
}

function empty(what: string): ShapeNote {
  return { code: 'godot-empty-shape', severity: 'information', message: `This ${what}: it has no area to check, and the part is left out.` };
}

function degenerate(t: Affine): ShapeResult | undefined {
  if (determinant(t) !== 0 && Number.isFinite(determinant(t))) return undefined;
  return { shapes: [], notes: [{ code: 'godot-degenerate-transform', severity: 'warning', message: 'This shape is scaled to zero (or by a non-finite factor) by its transform: Godot collides with nothing here, and the part is left out.' }] };
}

/**
 * A Shape2D resource of `type` with its properties, under `t`. Unknown types are a note. A Godot 3
 * resource (`godot3`) gives a capsule's height without its caps, and names its rays and lines
 * RayShape2D and LineShape2D.
 */
export function shapeOfResource(type: string, props: readonly Property[], t: Affine, godot3 = false): ShapeResult {
  const r = new Reader(props);
  const flat = degenerate(t);
  if (flat !== undefined && !UNSUPPORTED.has(type)) return flat;
  switch (type) {
    case 'CircleShape2D': {
      const radius = Math.abs(r.number('radius', 10));
      if (radius > 0) circle(r, radius, t);
      else r.notes.push(empty('CircleShape2D has radius 0'));
      break;
    }
    case 'RectangleShape2D': {
      // Godot 3 files give half extents.
      const extents = property(props, 'extents') !== undefined && property(props, 'size') === undefined;
      const size = extents ? r.vector('extents', [10, 10]).map((v) => 2 * v) : r.vector('size', [20, 20]);
      if (size[0] !== 0 && size[1] !== 0) rectangle(r, Math.abs(size[0]!), Math.abs(size[1]!), t);
      else r.notes.push(empty('RectangleShape2D has a zero size'));
      break;
    }
    case 'CapsuleShape2D': {
      const radius = Math.abs(r.number('radius', 10));
      const height = Math.abs(r.number('height', godot3 ? 20 : 30));
      if (radius > 0) capsule(r, radius, godot3 ? height + 2 * radius : height, t);
      else r.notes.push(empty('CapsuleShape2D has radius 0'));
      break;
    }
    case 'SegmentShape2D': {
      const a = r.vector('a', [0, 0]);
      const b = r.vector('b', [0, 10]);
      segments(r, [...a, ...b], t, false);
      break;
    }
    case 'ConvexPolygonShape2D': {
      const points = r.points('points');
      if (points.length >= 6) r.shapes.push({ kind: 'polygon', points: transformed(points, t) });
      else r.notes.push({ code: 'godot-empty-shape', severity: 'information', message: 'This ConvexPolygonShape2D has fewer than three points: Godot collides with nothing here.' });
      break;
    }
    case 'ConcavePolygonShape2D': {
      const points = r.points('segments');
      if (points.length % 4 !== 0) r.notes.push({ code: 'godot-bad-value', severity: 'warning', message: 'ConcavePolygonShape2D segments come in pairs of points; the last, unpaired point is ignored.', property: property(props, 'segments') });
      if (points.length >= 4) segments(r, points, t, false);
      else r.notes.push({ code: 'godot-empty-shape', severity: 'information', message: 'This ConcavePolygonShape2D has no segments: Godot collides with nothing here.' });
      break;
    }
    case 'WorldBoundaryShape2D':
    case 'LineShape2D':
      r.notes.push({ code: 'godot-unsupported-shape', severity: 'warning', message: `${type} is an infinite half-plane, which Collide does not check; this part is left out.` });
      break;
    case 'SeparationRayShape2D':
    case 'RayShape2D':
      r.notes.push({ code: 'godot-unsupported-shape', severity: 'hint', message: `${type} separates rather than collides; Collide leaves this part out.` });
      break;
    default:
      r.notes.push({ code: 'godot-unknown-shape', severity: 'warning', message: `'${type}' is not a 2D shape Collide knows; this part is left out.` });
  }
  return r;
}

/** CollisionPolygon2D: build_mode 0 is one solid polygon, 1 a closed loop of segments. */
export function shapeOfPolygonNode(props: readonly Property[], t: Affine): ShapeResult {
  const r = new Reader(props);
  const flat = degenerate(t);
  if (flat !== undefined) return flat;
  const points = r.points('polygon');
  const mode = r.number('build_mode', 0);
  if (mode !== 0 && mode !== 1) r.notes.push({ code: 'godot-bad-value', severity: 'warning', message: `build_mode ${mode} is neither 0 (solids) nor 1 (segments); solids are assumed.`, property: property(props, 'build_mode') });
  if (mode === 1) {
    if (points.length >= 4) segments(r, points, t, true);
    else r.notes.push({ code: 'godot-empty-shape', severity: 'information', message: 'This CollisionPolygon2D has fewer than two points: Godot collides with nothing here.' });
  } else if (points.length >= 6) {
    r.shapes.push({ kind: 'polygon', points: transformed(points, t) });
  } else {
    r.notes.push({ code: 'godot-empty-shape', severity: 'information', message: 'This CollisionPolygon2D has fewer than three points: Godot collides with nothing here.' });
  }
  return r;
}
