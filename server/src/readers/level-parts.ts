// A level part's validity and text in the lowered scene (lower.ts).
import { growFloat64, type Vec2 } from '../../../core';
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
 * clean-up and decomposition are the expensive part of lowering, done once): its convex pieces
 * are pushed onto `polygonPieces`, and their count returned in place of a problem.
 */
export function checkPart(shape: LevelShape, polygonPieces: PolygonPieces): Problem | number | undefined {
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
      for (const part of lowered.parts) polygonPieces.push(part);
      return lowered.parts.length;
    }
  }
}

/**
 * Convex pieces of lowered polygons, kept from lowering's first pass to its second as numbers
 * in one growing Float64Array (a vertex count, then the vertices), read back in order: off the
 * heap that scavenges copy, where texts or point objects for every piece of a level would be.
 */
export class PolygonPieces {
  private data = new Float64Array(1024);
  private size = 0;
  private at = 0;

  push(piece: readonly Vec2[]): void {
    const needed = this.size + 1 + 2 * piece.length;
    if (needed > this.data.length) this.data = growFloat64(this.data, needed);
    const d = this.data;
    d[this.size++] = piece.length;
    for (const p of piece) {
      d[this.size++] = p.x;
      d[this.size++] = p.y;
    }
  }

  /** The next piece's `polygon(...)` text. */
  nextText(): string {
    const d = this.data;
    const n = d[this.at++]!;
    let text = 'polygon(';
    for (let v = 0; v < n; v++, this.at += 2) text += `${v > 0 ? ', ' : ''}(${sceneNumber(d[this.at]!)}, ${sceneNumber(d[this.at + 1]!)})`;
    return `${text})`;
  }
}

/**
 * The text of a part that checkPart took, other than a polygon, written into `out` at `at` as
 * two strings: the shape expression, then the ` at (x, y) angle a` it takes in a compound (''
 * when it needs none).
 */
export function partTexts(shape: Exclude<LevelShape, { kind: 'polygon' }>, out: string[], at: number): void {
  switch (shape.kind) {
    case 'circle':
      out[at] = `circle(${sceneNumber(shape.radius)})`;
      out[at + 1] = placement(shape.x, shape.y, 0);
      return;
    case 'box':
      out[at] = `box(${sceneNumber(shape.width)}, ${sceneNumber(shape.height)})`;
      out[at + 1] = placement(shape.x, shape.y, shape.angle);
      return;
    case 'capsule':
      // A capsule without a core segment is its circle (Godot's capsule whose height is its diameter).
      out[at] = shape.length === 0 ? `circle(${sceneNumber(shape.radius)})` : `capsule(${sceneNumber(shape.length)}, ${sceneNumber(shape.radius)})`;
      out[at + 1] = placement(shape.x, shape.y, shape.length === 0 ? 0 : shape.angle);
      return;
    case 'segment':
      out[at] = `segment((${sceneNumber(shape.ax)}, ${sceneNumber(shape.ay)}), (${sceneNumber(shape.bx)}, ${sceneNumber(shape.by)}))`;
      out[at + 1] = '';
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
