// 2D affine maps for the readers: columns x = (a, b), y = (c, d) and the origin (e, f), so a point
// maps to (a·x + c·y + e, b·x + d·y + f). Godot's Transform2D holds them so; Tiled's placements
// (flips, scale, rotation about an object's origin) are built as them.

export interface Affine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

export const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** `outer · inner`: inner applied first. */
export function compose(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

export function determinant(t: Affine): number {
  return t.a * t.d - t.b * t.c;
}

/** The inverse, or undefined when the transform is singular (a zero scale). */
export function invert(t: Affine): Affine | undefined {
  const det = determinant(t);
  if (!Number.isFinite(det) || det === 0) return undefined;
  const a = t.d / det;
  const b = -t.b / det;
  const c = -t.c / det;
  const d = t.a / det;
  return { a, b, c, d, e: -(a * t.e + c * t.f), f: -(b * t.e + d * t.f) };
}

export function apply(t: Affine, x: number, y: number): [number, number] {
  return [t.a * x + t.c * y + t.e, t.b * x + t.d * y + t.f];
}

/** Translation and rotation of a transform: its origin and the angle of its x column. */
export function rigidPart(t: Affine): { x: number; y: number; angle: number } {
  const angle = t.a === 0 && t.b === 0 ? 0 : Math.atan2(t.b, t.a);
  return { x: t.e, y: t.f, angle };
}

/** The rigid transform of a pose. */
export function rigid(x: number, y: number, angle: number): Affine {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { a: cos, b: sin, c: -sin, d: cos, e: x, f: y };
}

/** True when every coefficient is finite. */
export function isFiniteAffine(t: Affine): boolean {
  return Number.isFinite(t.a) && Number.isFinite(t.b) && Number.isFinite(t.c) && Number.isFinite(t.d) && Number.isFinite(t.e) && Number.isFinite(t.f);
}

const RELATIVE_TOLERANCE = 1e-9;

/** The columns are perpendicular (no skew): rectangles stay rectangles. */
export function isOrthogonal(t: Affine): boolean {
  const dot = t.a * t.c + t.b * t.d;
  return Math.abs(dot) <= RELATIVE_TOLERANCE * Math.hypot(t.a, t.b) * Math.hypot(t.c, t.d);
}

/** Perpendicular columns of equal length: circles stay circles. */
export function isConformal(t: Affine): boolean {
  const sx = Math.hypot(t.a, t.b);
  const sy = Math.hypot(t.c, t.d);
  return isOrthogonal(t) && Math.abs(sx - sy) <= RELATIVE_TOLERANCE * Math.max(sx, sy);
}

/** The lengths of the columns: how much a unit along local x and local y grows. */
export function columnScales(t: Affine): [number, number] {
  return [Math.hypot(t.a, t.b), Math.hypot(t.c, t.d)];
}
