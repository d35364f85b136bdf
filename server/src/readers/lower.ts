// Lowering: a level's scene as the equivalent .collide text, which the language's own pipeline
// analyzes unchanged; the source map and name table (lowered-level.ts) carry its results back.
import type { Diagnostic, TextRange } from '../common/diagnostic';
import { finish } from '../common/steps';
import { IdentifierPool } from './identifiers';
import type { LevelBody, LevelScene } from './level-scene';
import { godotLayerName, lowerLayers } from './level-layers';
import { checkPart, invalidPose, partTexts, PolygonPieces, sceneNumber } from './level-parts';
import { LoweredBodyRecord, LoweredLevel, LoweredMap, type LoweredBody } from './lowered-level';

export { LoweredLevel, type LoweredBody, type LoweredPart, type LevelNames } from './lowered-level';
export { sceneNumber } from './level-parts';

/** Pieces of text joined at a time while lowering (some 500 bodies). */
const CHUNK = 4096;
/** Bodies lowered between two pauses of lowerLevelSteps (some milliseconds of work). */
const STEP_BODIES = 512;

const FORMAT_NAMES: Record<LevelScene['format'], string> = { godot: 'a Godot scene', tiled: 'a Tiled map' };

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
  return finish(lowerLevelSteps(scene, levelText));
}

/**
 * lowerLevel in steps (common/steps.ts): it pauses every STEP_BODIES bodies of each pass, so
 * that the language server can give its event loop a turn while a large level is lowered. The
 * result is lowerLevel's: the pauses change nothing else.
 */
export function* lowerLevelSteps(scene: LevelScene, levelText?: string): Generator<void, LoweredLevel, void> {
  const diagnostics: Diagnostic[] = [];
  // Pass 1: which bodies and parts the language can take, with the diagnostics of the others,
  // since the layers and the names they reserve must be known before the first body is
  // written. A polygon is lowered here, once: its pieces' texts wait for pass 2; the other
  // shapes are written there, so that nothing else outlives this pass (a level of 100k objects
  // would otherwise keep their texts through the scavenges of a pass).
  const bodyCount = scene.bodies.length;
  const keptBody = new Uint8Array(bodyCount);
  /** Per part of a kept body, in order: 0 left out, 1 taken, or 2 + its count of polygon pieces. */
  const partState: number[] = [];
  const polygonPieces = new PolygonPieces();
  const keptLayers: (LevelBody['layers'] | undefined)[] = [];
  let pieceCount = 0;
  for (let i = 0; i < bodyCount; i++) {
    if (i % STEP_BODIES === STEP_BODIES - 1) yield;
    const body = scene.bodies[i]!;
    const pose = invalidPose(body);
    if (pose !== undefined) {
      diagnostics.push({ range: body.nameRange, severity: 'error', code: 'level-value-invalid', message: `${body.name} is left out of the check: its ${pose}.` });
      continue;
    }
    const before = pieceCount;
    for (const part of body.parts) {
      const checked = checkPart(part.shape, polygonPieces);
      if (typeof checked === 'object') {
        diagnostics.push({ range: part.range, severity: 'error', code: checked.code, message: `${checked.message} It is left out of the check of ${body.name}.` });
        partState.push(0);
      } else {
        partState.push(checked === undefined ? 1 : 2 + checked);
        pieceCount += checked ?? 1;
      }
    }
    if (pieceCount === before) {
      diagnostics.push(
        body.parts.length === 0
          ? { range: body.nameRange, severity: 'information', code: 'level-body-empty', message: `${body.name} has no collision shape, so it is not checked.` }
          : { range: body.nameRange, severity: 'warning', code: 'level-body-empty', message: `None of the collision shapes of ${body.name} can be used, so it is not checked.` },
      );
      partState.length -= body.parts.length;
      continue;
    }
    keptBody[i] = 1;
    keptLayers.push(body.layers);
  }

  const layers = lowerLayers(keptLayers);
  const reserved: string[] = [];
  if (layers.used) for (const bits of keptLayers) if (bits) reserved.push(godotLayerName(bits));
  const pool = new IdentifierPool(reserved);
  let head = `// The collision shapes of ${FORMAT_NAMES[scene.format]}, lowered to the Collide scene language.\n`;
  // A setting the text could not hold is left to the language's default, and said so; one it
  // holds but refuses (dt 0, frames 2.5) is the language's diagnostic, on the first line.
  for (const [keyword, value] of [['dt', scene.dt], ['slop', scene.slop], ['frames', scene.frames]] as const) {
    if (Number.isFinite(value)) head += `${keyword} ${sceneNumber(value)}\n`;
    else diagnostics.push({ range: firstLine(levelText), severity: 'error', code: 'level-value-invalid', message: `The level's ${keyword} is ${String(value)}; the default is used.` });
  }
  for (const statement of layers.statements) head += `${statement}\n`;

  // Pass 2: one line a body, its pieces pushed as they are and their offsets counted. Every
  // CHUNK pieces they are joined into one string, so that they die young.
  const out: string[] = [];
  const chunk: string[] = [head];
  let length = head.length;
  const write = (piece: string): void => {
    chunk.push(piece);
    length += piece.length;
  };
  const map = new LoweredMap(scene, new Int32Array(3 * pieceCount), new Int32Array(pieceCount));
  const { offsets, levelParts } = map;
  const bodies: LoweredBody[] = new Array(keptLayers.length);
  /** The body's pieces: shape text, then placement, for each (the first `count` entries). */
  const texts: string[] = [];
  let state = 0;
  let piece = 0;
  for (let levelIndex = 0, k = 0; levelIndex < bodyCount; levelIndex++) {
    if (levelIndex % STEP_BODIES === STEP_BODIES - 1) yield;
    if (keptBody[levelIndex] === 0) continue;
    const body = scene.bodies[levelIndex]!;
    let count = 0;
    const first = piece;
    for (let p = 0; p < body.parts.length; p++) {
      const s = partState[state++]!;
      if (s === 0) continue;
      const shape = body.parts[p]!.shape;
      if (shape.kind !== 'polygon') {
        partTexts(shape, texts, count);
        count += 2;
      } else {
        for (let q = 0; q < s - 2; q++) {
          texts[count++] = polygonPieces.nextText();
          texts[count++] = '';
        }
      }
      while (piece < first + (count >> 1)) levelParts[piece++] = p;
    }
    const identifier = pool.take(body.name);
    const start = length;
    write(`body ${identifier}${body.isStatic ? ' static' : ''}${body.sensor ? ' sensor' : ''}${body.bullet ? ' bullet' : ''} `);
    const single = count === 2 && texts[1] === '';
    if (!single) write('compound(');
    for (let t = 0; t < count; t += 2) {
      const o = 3 * (first + (t >> 1));
      if (t > 0) write(', ');
      offsets[o] = length;
      write(texts[t]!);
      offsets[o + 1] = length;
      if (!single) write(texts[t + 1]!);
      offsets[o + 2] = length;
    }
    if (!single) write(')');
    if (body.x !== 0 || body.y !== 0) write(` at (${sceneNumber(body.x)}, ${sceneNumber(body.y)})`);
    if (body.angle !== 0) write(` angle ${sceneNumber(body.angle)}`);
    if (body.vx !== 0 || body.vy !== 0) write(` velocity (${sceneNumber(body.vx)}, ${sceneNumber(body.vy)})`);
    if (body.spin !== 0) write(` spin ${sceneNumber(body.spin)}`);
    if (layers.used && body.layers) write(` layer ${godotLayerName(body.layers)}`);
    bodies[k] = new LoweredBodyRecord(map, k, levelIndex, identifier, start, length, first, piece - first);
    k++;
    write('\n');
    if (chunk.length >= CHUNK) {
      out.push(chunk.join(''));
      chunk.length = 0;
    }
  }
  out.push(chunk.join(''));
  return new LoweredLevel(out.join(''), scene, bodies, diagnostics, firstLine(levelText));
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
