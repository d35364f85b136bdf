// 2D affine transforms as Godot's Transform2D holds them: columns x = (a, b), y = (c, d) and the
// origin (e, f), so a point maps to (a·x + c·y + e, b·x + d·y + f). A Node2D's local transform is
// built as Godot's Transform2D::set_rotation_scale_and_skew does (core/math/transform_2d.cpp):
//   x column = (cos r, sin r) · scale.x,   y column = (-sin(r + skew), cos(r + skew)) · scale.y,
// with the position as origin; a child's global transform is parent · local.
import type { Affine } from '../affine';

/** Godot's Node2D transform from its position, rotation (radians), scale and skew (radians). */
export function nodeTransform(x: number, y: number, rotation: number, sx: number, sy: number, skew: number): Affine {
  return {
    a: Math.cos(rotation) * sx,
    b: Math.sin(rotation) * sx,
    c: -Math.sin(rotation + skew) * sy,
    d: Math.cos(rotation + skew) * sy,
    e: x,
    f: y,
  };
}

/** `Transform2D(xx, xy, yx, yy, ox, oy)` as Godot writes it: the x column, the y column, the origin. */
export function fromColumns(values: readonly number[]): Affine | undefined {
  if (values.length !== 6) return undefined;
  const [a, b, c, d, e, f] = values as [number, number, number, number, number, number];
  return { a, b, c, d, e, f };
}
