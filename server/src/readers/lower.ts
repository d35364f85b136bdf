// Lowering: a level's scene as the equivalent .collide text, which the language's own pipeline
// analyzes unchanged; the source map and name table (lowered-level.ts) carry its results back.
import type { Diagnostic, TextRange } from '../common/diagnostic';
import { MAX_MAGNITUDE } from '../semantics/result';
import { IdentifierPool } from './identifiers';
import type { LevelBody, LevelScene, LevelShape } from './level-scene';
import { godotLayerName, lowerLayers } from './level-layers';
import { lowerPolygon } from './level-polygon';
import { LoweredLevel, type LoweredBody, type LoweredPart } from './lowered-level';

export { LoweredLevel, type LoweredBody, type LoweredPart, type LevelNames } from './lowered-level';

const FORMAT_NAMES: Record<LevelScene['format'], string> = { godot: 'a Godot scene', tiled: 'a Tiled map' };

/**
 * A number as the language reads it back to the same double: JavaScript's shortest round-trip
 * form (ECMA-262 Number::toString), which the lexer's number syntax takes whole (`1e-7`,
 * `2.5e+21`); a negative one is unary minus on its magnitude, exact in IEEE arithmetic. Negative
 * zero is written `0`. Only finite numbers reach here (lowering checks them first).
 */
export function sceneNumber(n: number): string {
  return n === 0 ? '0' : String(n);
}

/** A part as lowering writes it: shape text, and where in it the shape expression ends. */
interface PartText {
  /** The shape expression, then any ` at (x, y)` and ` angle a` of a compound's part. */
  readonly shape: string;
  readonly placement: string;
}

/**
 * The level's scene as .collide text (levels-and-tiles.md §1: "collide convert prints the
 * equivalent .collide scene"): a header comment naming the format; `dt`, `slop` and `frames`;
 * Godot's layer bits as declared layers (level-layers.ts); then one `body` statement per level
 * body, in order, each on its own line. A body is named by an identifier made from its level
 * name (identifiers.ts). A part the language could not take (non-finite or out-of-range
 * numbers, non-positive sizes, an unusable polygon) is left out with an error on its level
 * range, and a body left without parts (or with an unusable pose) is left out with a diagnostic
 * of its own: nothing is dropped silently. `levelText`, when given, gives the first line, where
 * `toLevelRange` puts what has no body.
 */
export function lowerLevel(scene: LevelScene, levelText?: string): LoweredLevel {
  const diagnostics: Diagnostic[] = [];
  const kept: { body: LevelBody; levelIndex: number; parts: { text: PartText; levelPart: number }[] }[] = [];
  for (let i = 0; i < scene.bodies.length; i++) {
    const body = scene.bodies[i]!;
    const pose = invalidPose(body);
    if (pose !== undefined) {
      diagnostics.push({ range: body.nameRange, severity: 'error', code: 'level-value-invalid', message: `${body.name} is left out of the check: its ${pose}.` });
      continue;
    }
    const parts: { text: PartText; levelPart: number }[] = [];
    for (let k = 0; k < body.parts.length; k++) {
      const part = body.parts[k]!;
      const texts = partTexts(part.shape, (code, message) => diagnostics.push({ range: part.range, severity: 'error', code, message: `${message} It is left out of the check of ${body.name}.` }));
      for (const text of texts) parts.push({ text, levelPart: k });
    }
    if (parts.length === 0) {
      diagnostics.push(
        body.parts.length === 0
          ? { range: body.nameRange, severity: 'information', code: 'level-body-empty', message: `${body.name} has no collision shape, so it is not checked.` }
          : { range: body.nameRange, severity: 'warning', code: 'level-body-empty', message: `None of the collision shapes of ${body.name} can be used, so it is not checked.` },
      );
      continue;
    }
    kept.push({ body, levelIndex: i, parts });
  }

  const layers = lowerLayers(kept.map((k) => k.body.layers));
  const pool = new IdentifierPool(layers.used ? kept.flatMap((k) => (k.body.layers ? [godotLayerName(k.body.layers)] : [])) : []);
  const out: string[] = [];
  let length = 0;
  const write = (s: string) => {
    out.push(s);
    length += s.length;
  };
  write(`// The collision shapes of ${FORMAT_NAMES[scene.format]}, lowered to the Collide scene language.\n`);
  write(`dt ${sceneNumber(scene.dt)}\nslop ${sceneNumber(scene.slop)}\nframes ${sceneNumber(scene.frames)}\n`);
  for (const s of layers.statements) write(`${s}\n`);

  const bodies: LoweredBody[] = [];
  for (const { body, levelIndex, parts } of kept) {
    const identifier = pool.take(body.name);
    const start = length;
    write('body ');
    const nameStart = length;
    write(identifier);
    const nameEnd = length;
    write(body.isStatic ? ' static' : '');
    write(body.sensor ? ' sensor' : '');
    write(body.bullet ? ' bullet' : '');
    write(' ');
    const lowered: LoweredPart[] = [];
    const single = parts.length === 1 && parts[0]!.text.placement === '';
    if (!single) write('compound(');
    for (let p = 0; p < parts.length; p++) {
      const { text, levelPart } = parts[p]!;
      if (p > 0) write(', ');
      const shapeStart = length;
      write(text.shape);
      const shapeEnd = length;
      if (!single) write(text.placement);
      const level = body.parts[levelPart]!;
      lowered.push({
        generated: { start: shapeStart, end: shapeEnd },
        generatedPart: { start: shapeStart, end: length },
        levelPart,
        range: level.range,
        ...(level.label !== undefined ? { label: level.label } : {}),
        ...(level.cell !== undefined ? { cell: level.cell } : {}),
      });
    }
    if (!single) write(')');
    if (body.x !== 0 || body.y !== 0) write(` at (${sceneNumber(body.x)}, ${sceneNumber(body.y)})`);
    if (body.angle !== 0) write(` angle ${sceneNumber(body.angle)}`);
    if (body.vx !== 0 || body.vy !== 0) write(` velocity (${sceneNumber(body.vx)}, ${sceneNumber(body.vy)})`);
    if (body.spin !== 0) write(` spin ${sceneNumber(body.spin)}`);
    if (layers.used && body.layers) write(` layer ${godotLayerName(body.layers)}`);
    bodies.push({
      index: bodies.length,
      levelIndex,
      identifier,
      name: body.name,
      generated: { start, end: length },
      generatedName: { start: nameStart, end: nameEnd },
      range: body.range,
      nameRange: body.nameRange,
      parts: lowered,
    });
    write('\n');
  }
  return new LoweredLevel(out.join(''), scene, bodies, diagnostics, firstLine(levelText));
}

/** What is wrong with a body's pose or motion for the language, or undefined. */
function invalidPose(body: LevelBody): string | undefined {
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

function placement(x: number, y: number, angle: number): string {
  return `${x !== 0 || y !== 0 ? ` at (${sceneNumber(x)}, ${sceneNumber(y)})` : ''}${angle !== 0 ? ` angle ${sceneNumber(angle)}` : ''}`;
}

/**
 * The texts of a level part: one, or a decomposed polygon's several, or none with `report`
 * called (code and message) when the language could not take it.
 */
function partTexts(shape: LevelShape, report: (code: string, message: string) => void): PartText[] {
  const bad = (what: string) => {
    report('level-shape-invalid', `This ${shape.kind} cannot be checked: ${what}.`);
    return [];
  };
  switch (shape.kind) {
    case 'circle':
      if (!usable(shape.x) || !usable(shape.y)) return bad('its center is not a finite position');
      if (!usable(shape.radius) || !(shape.radius > 0)) return bad(`its radius is ${String(shape.radius)}`);
      return [{ shape: `circle(${sceneNumber(shape.radius)})`, placement: placement(shape.x, shape.y, 0) }];
    case 'box':
      if (!usable(shape.x) || !usable(shape.y) || !Number.isFinite(shape.angle)) return bad('its center or angle is not finite');
      if (!usable(shape.width) || !usable(shape.height) || !(shape.width > 0) || !(shape.height > 0)) return bad(`its size is ${String(shape.width)} by ${String(shape.height)}`);
      return [{ shape: `box(${sceneNumber(shape.width)}, ${sceneNumber(shape.height)})`, placement: placement(shape.x, shape.y, shape.angle) }];
    case 'capsule':
      if (!usable(shape.x) || !usable(shape.y) || !Number.isFinite(shape.angle)) return bad('its center or angle is not finite');
      if (!usable(shape.radius) || !(shape.radius > 0)) return bad(`its radius is ${String(shape.radius)}`);
      if (!usable(shape.length) || !(shape.length >= 0)) return bad(`its length is ${String(shape.length)}`);
      // A capsule without a core segment is its circle (Godot's capsule whose height is its diameter).
      if (shape.length === 0) return [{ shape: `circle(${sceneNumber(shape.radius)})`, placement: placement(shape.x, shape.y, 0) }];
      return [{ shape: `capsule(${sceneNumber(shape.length)}, ${sceneNumber(shape.radius)})`, placement: placement(shape.x, shape.y, shape.angle) }];
    case 'segment':
      if (![shape.ax, shape.ay, shape.bx, shape.by].every(usable)) return bad('an end is not a finite position');
      if (shape.ax === shape.bx && shape.ay === shape.by) return bad('its two ends are the same point');
      return [{ shape: `segment((${sceneNumber(shape.ax)}, ${sceneNumber(shape.ay)}), (${sceneNumber(shape.bx)}, ${sceneNumber(shape.by)}))`, placement: '' }];
    case 'polygon': {
      if (!shape.points.every(usable)) return bad('a vertex is not a finite position');
      const lowered = lowerPolygon(shape.points);
      if ('code' in lowered) {
        report(lowered.code, lowered.message);
        return [];
      }
      return lowered.parts.map((part) => ({ shape: `polygon(${part.map((p) => `(${sceneNumber(p.x)}, ${sceneNumber(p.y)})`).join(', ')})`, placement: '' }));
    }
  }
}

/** The level text's first line, where diagnostics of no body go (empty range without a text). */
function firstLine(text: string | undefined): TextRange {
  if (text === undefined) return { start: 0, end: 0 };
  const m = /[\r\n]/.exec(text);
  return { start: 0, end: m ? m.index : text.length };
}

/**
 * The lowered text as `collide convert` prints it: a `// <level name>` comment line above each
 * body whose identifier differs from its level name, so that the reader of the scene can tell
 * which node or object it is (line breaks in a name are written as spaces).
 */
export function annotatedText(lowered: LoweredLevel): string {
  const text = lowered.text;
  const out: string[] = [];
  let from = 0;
  for (const b of lowered.bodies) {
    if (b.identifier === b.name) continue;
    out.push(text.slice(from, b.generated.start), `// ${b.name.replace(/[\r\n\u2028\u2029]/g, ' ')}\n`);
    from = b.generated.start;
  }
  out.push(text.slice(from));
  return out.join('');
}
