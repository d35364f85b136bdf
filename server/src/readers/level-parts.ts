// A level part's validity and text in the lowered scene (lower.ts).
import { MAX_MAGNITUDE } from '../semantics/result';
import type { LevelBody, LevelShape } from './level-scene';
import { lowerPolygon } from './level-polygon';

/** Why a part or a body is left out of the lowered scene: a diagnostic's code and message. */
export interface Problem {
  readonly code: string;
  readonly message: string;
}

/**
 * A number as the language reads it back to the same double: JavaScript's shortest round-trip
 * form (ECMA-262 Number::toString), which the lexer's number syntax takes whole (`1e-7`,
 * `2.5e+21`); a negative one is unary minus on its magnitude, exact in IEEE arithmetic. Negative
 * zero is written `0`. Only finite numbers reach here (lowering checks them first).
 */
export function sceneNumber(n: number): string {
  return n === 0 ? '0' : String(n);
}

/** What is wrong with a body's pose or motion for the language, or undefined. */
export function invalidPose(body: LevelBody): string | undefined {
  if (usable(body.x) && usable(body.y) && Number.isFinite(body.angle) && usable(body.vx) && usable(body.vy) && usable(body.spin)) return undefined;
  const fields: [string, number][] = [
    ['x position', body.x],
    ['y position', body.y],
    ['angle', body.angle],
    ['x velocity', body.vx],
    ['y velocity', body.vy],
    ['spin', body.spin],
  ];
  for (const [what, v] of fields) {
    if (!Number.isFinite(v)) return `${what} is ${String(v)}`;
    if (what !== 'angle' && Math.abs(v) > MAX_MAGNITUDE) return `${what} ${sceneNumber(v)} is beyond ${MAX_MAGNITUDE.toExponential()} in magnitude`;
  }
  return undefined;
}

/** A coordinate or size the language takes: finite and within MAX_MAGNITUDE. */
function usable(v: number): boolean {
  return Number.isFinite(v) && Math.abs(v) <= MAX_MAGNITUDE;
}

/**
 * Why the language cannot take a part, or undefined. A polygon is lowered here already (its
 * clean-up and decomposition are the expensive part of lowering, done once): the `polygon(...)`
 * text of each of its convex pieces is pushed onto `polygonPieces`, and their count returned
 * in place of a problem.
 */
export function checkPart(shape: LevelShape, polygonPieces: string[]): Problem | number | undefined {
  switch (shape.kind) {
    case 'circle':
      if (!usable(shape.x) || !usable(shape.y)) return invalidShape(shape.kind, 'its center is not a finite position');
      if (!usable(shape.radius) || !(shape.radius > 0)) return invalidShape(shape.kind, `its radius is ${String(shape.radius)}`);
      return undefined;
    case 'box':
      if (!usable(shape.x) || !usable(shape.y) || !Number.isFinite(shape.angle)) return invalidShape(shape.kind, 'its center or angle is not finite');
      if (!usable(shape.width) || !usable(shape.height) || !(shape.width > 0) || !(shape.height > 0)) return invalidShape(shape.kind, `its size is ${String(shape.width)} by ${String(shape.height)}`);
      return undefined;
    case 'capsule':
      if (!usable(shape.x) || !usable(shape.y) || !Number.isFinite(shape.angle)) return invalidShape(shape.kind, 'its center or angle is not finite');
      if (!usable(shape.radius) || !(shape.radius > 0)) return invalidShape(shape.kind, `its radius is ${String(shape.radius)}`);
      if (!usable(shape.length) || !(shape.length >= 0)) return invalidShape(shape.kind, `its length is ${String(shape.length)}`);
      return undefined;
    case 'segment':
      if (!usable(shape.ax) || !usable(shape.ay) || !usable(shape.bx) || !usable(shape.by)) return invalidShape(shape.kind, 'an end is not a finite position');
      if (shape.ax === shape.bx && shape.ay === shape.by) return invalidShape(shape.kind, 'its two ends are the same point');
      return undefined;
    case 'polygon': {
      if (!shape.points.every(usable)) return invalidShape(shape.kind, 'a vertex is not a finite position');
      const lowered = lowerPolygon(shape.points);
      if ('code' in lowered) return lowered;
      for (const part of lowered.parts) {
        let text = 'polygon(';
        for (let v = 0; v < part.length; v++) text += `${v > 0 ? ', ' : ''}(${sceneNumber(part[v]!.x)}, ${sceneNumber(part[v]!.y)})`;
        polygonPieces.push(`${text})`);
      }
      return lowered.parts.length;
    }
  }
}

/**
 * The text of a part that checkPart took, other than a polygon, pushed onto `out` as two
 * strings: the shape expression, then the ` at (x, y) angle a` it takes in a compound ('' when
 * it needs none).
 */
export function partTexts(shape: Exclude<LevelShape, { kind: 'polygon' }>, out: string[]): void {
  switch (shape.kind) {
    case 'circle':
      out.push(`circle(${sceneNumber(shape.radius)})`, placement(shape.x, shape.y, 0));
      return;
    case 'box':
      out.push(`box(${sceneNumber(shape.width)}, ${sceneNumber(shape.height)})`, placement(shape.x, shape.y, shape.angle));
      return;
    case 'capsule':
      // A capsule without a core segment is its circle (Godot's capsule whose height is its diameter).
      if (shape.length === 0) out.push(`circle(${sceneNumber(shape.radius)})`, placement(shape.x, shape.y, 0));
      else out.push(`capsule(${sceneNumber(shape.length)}, ${sceneNumber(shape.radius)})`, placement(shape.x, shape.y, shape.angle));
      return;
    case 'segment':
      out.push(`segment((${sceneNumber(shape.ax)}, ${sceneNumber(shape.ay)}), (${sceneNumber(shape.bx)}, ${sceneNumber(shape.by)}))`, '');
  }
}

function placement(x: number, y: number, angle: number): string {
  if (x === 0 && y === 0 && angle === 0) return '';
  return `${x !== 0 || y !== 0 ? ` at (${sceneNumber(x)}, ${sceneNumber(y)})` : ''}${angle !== 0 ? ` angle ${sceneNumber(angle)}` : ''}`;
}

/** Why a part is left out: `what` is wrong with this `kind` of shape. */
function invalidShape(kind: string, what: string): Problem {
  return { code: 'level-shape-invalid', message: `This ${kind} cannot be checked: ${what}.` };
}
