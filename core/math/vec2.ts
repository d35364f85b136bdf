/**
 * 2D vectors and rigid transforms.
 *
 * `Vec2` is a plain record so that results can cross any boundary (LSP, webview, JSON) as they
 * are. Hot loops should not allocate a `Vec2` per step: they work on plain numbers and keep
 * scratch values (see the narrow-phase files).
 */
export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

export function vec(x: number, y: number): Vec2 {
  return { x, y };
}

export const ZERO: Vec2 = Object.freeze({ x: 0, y: 0 });

export function add(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x + b.x, y: a.y + b.y };
}
export function sub(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x - b.x, y: a.y - b.y };
}
export function scale(a: Vec2, s: number): Vec2 {
  return { x: a.x * s, y: a.y * s };
}
export function neg(a: Vec2): Vec2 {
  return { x: -a.x, y: -a.y };
}
export function dot(a: Vec2, b: Vec2): number {
  return a.x * b.x + a.y * b.y;
}
/** z-component of the 3D cross product (a.x, a.y, 0) × (b.x, b.y, 0). */
export function cross(a: Vec2, b: Vec2): number {
  return a.x * b.y - a.y * b.x;
}
export function lengthSq(a: Vec2): number {
  return a.x * a.x + a.y * a.y;
}
/**
 * Math.hypot(x, y), bit for bit, as a plain function the optimizer can inline: the builtin is
 * variadic and boxes its result, which shows in loops over many small polygons. It computes what
 * V8's builtin does for two arguments (src/builtins/math.tq: the magnitudes scaled by the larger
 * so that squaring neither overflows nor underflows, then Kahan-summed, which for two terms is a
 * plain sum), including its infinities and NaNs; test/unit/core checks it against the builtin.
 */
export function hypot2(x: number, y: number): number {
  const a = Math.abs(x);
  const b = Math.abs(y);
  if (a === Infinity || b === Infinity) return Infinity;
  if (a !== a || b !== b) return NaN;
  const m = a > b ? a : b;
  if (m === 0) return 0;
  const p = a / m;
  const q = b / m;
  return Math.sqrt(p * p + q * q) * m;
}
export function length(a: Vec2): number {
  return Math.hypot(a.x, a.y);
}
export function distance(a: Vec2, b: Vec2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
/** Unit vector along `a`, or (0, 0) for a zero vector (callers that need a direction check). */
export function normalize(a: Vec2): Vec2 {
  const l = Math.hypot(a.x, a.y);
  return l > 0 ? { x: a.x / l, y: a.y / l } : ZERO;
}
/** Left perpendicular: `a` rotated by +90°. */
export function perp(a: Vec2): Vec2 {
  return { x: -a.y, y: a.x };
}
export function lerp(a: Vec2, b: Vec2, t: number): Vec2 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
export function rotate(a: Vec2, angle: number): Vec2 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * a.x - s * a.y, y: s * a.x + c * a.y };
}

/**
 * A rigid transform: rotation by an angle (kept as its cosine and sine, as Box2D's b2Rot) followed
 * by a translation. Maps a point from a local frame to the parent (usually world) frame.
 */
export interface Transform {
  readonly x: number;
  readonly y: number;
  readonly c: number;
  readonly s: number;
}

export const IDENTITY: Transform = Object.freeze({ x: 0, y: 0, c: 1, s: 0 });

export function makeTransform(x: number, y: number, angle: number): Transform {
  return { x, y, c: Math.cos(angle), s: Math.sin(angle) };
}
/** Local point → parent frame. */
export function transformPoint(t: Transform, p: Vec2): Vec2 {
  return { x: t.c * p.x - t.s * p.y + t.x, y: t.s * p.x + t.c * p.y + t.y };
}
/** Parent-frame point → local frame (inverse of transformPoint). */
export function invTransformPoint(t: Transform, p: Vec2): Vec2 {
  const dx = p.x - t.x;
  const dy = p.y - t.y;
  return { x: t.c * dx + t.s * dy, y: -t.s * dx + t.c * dy };
}
/** Local direction → parent frame (rotation only). */
export function rotateVector(t: Transform, v: Vec2): Vec2 {
  return { x: t.c * v.x - t.s * v.y, y: t.s * v.x + t.c * v.y };
}
/** Parent-frame direction → local frame. */
export function invRotateVector(t: Transform, v: Vec2): Vec2 {
  return { x: t.c * v.x + t.s * v.y, y: -t.s * v.x + t.c * v.y };
}
/** a ∘ b: first b, then a (b is expressed in a's frame). */
export function composeTransforms(a: Transform, b: Transform): Transform {
  return {
    x: a.c * b.x - a.s * b.y + a.x,
    y: a.s * b.x + a.c * b.y + a.y,
    c: a.c * b.c - a.s * b.s,
    s: a.s * b.c + a.c * b.s,
  };
}
