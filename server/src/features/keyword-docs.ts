import { SHAPE_SIGNATURES } from '../semantics/signatures';

/**
 * One line of documentation per keyword and built-in function, shown on hover and in
 * completion. Kept next to each other so that the two never disagree; docs/language.md says the
 * same at length.
 */
export const KEYWORD_DOCS: Readonly<Record<string, string>> = {
  dt: '`dt <seconds>`: the length of one simulation step (default 1/60).',
  frames: '`frames <n>`: how many steps ahead the swept check looks (a whole number ≥ 1; default 1).',
  slop: '`slop <depth>`: overlap at or below this depth is resting contact, not reported (default 0.005).',
  let: '`let <name> = <expr>`: a named constant, usable in any expression.',
  shape: '`shape <name> = <shape>`: a named shape, usable wherever a shape is expected.',
  layer: '`layer <name> [collides <name>...]` declares a layer; in a body, `layer <name>` puts the body on it.',
  collides: '`collides <layer>...`: the layers this one collides with (symmetric; itself only if named).',
  body: '`body <name> <modifier>* <shape> <property>*`: a rigid body of the scene.',
  static: '`static`: the body never moves; two static bodies are never tested against each other.',
  sensor: '`sensor`: a trigger that reports nothing.',
  bullet: '`bullet`: continuous detection is expected for this body; tunnelling involving it is information, not a warning.',
  at: '`at (x, y)`: position of the body origin at t = 0 (default (0, 0)); in a compound, the part\'s offset.',
  angle: '`angle <expr>`: orientation at t = 0 about the body origin, radians or `deg` (default 0).',
  velocity: '`velocity (vx, vy)`: linear velocity in units per second (default (0, 0)).',
  spin: '`spin <expr>`: angular velocity in radians per second, `deg` allowed (default 0).',
  pi: '`pi`: π = 3.14159…',
  sqrt: '`sqrt(x)`: the square root of x.',
  abs: '`abs(x)`: the absolute value of x.',
  sin: '`sin(a)`: the sine of an angle (radians, or `deg`).',
  cos: '`cos(a)`: the cosine of an angle (radians, or `deg`).',
  tan: '`tan(a)`: the tangent of an angle (radians, or `deg`).',
  asin: '`asin(x)`: the arc sine of x, in radians.',
  acos: '`acos(x)`: the arc cosine of x, in radians.',
  atan: '`atan(x)`: the arc tangent of x, in radians.',
  atan2: '`atan2(y, x)`: the angle of the vector (x, y), in radians.',
  hypot: '`hypot(x, y)`: the length of the vector (x, y).',
  min: '`min(a, b, ...)`: the smallest of its arguments.',
  max: '`max(a, b, ...)`: the largest of its arguments.',
  ...Object.fromEntries(Object.entries(SHAPE_SIGNATURES).map(([k, s]) => [k, `\`${s.label}\`: ${s.documentation}`])),
};
