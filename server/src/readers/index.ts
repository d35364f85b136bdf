// The readers' front door: which format a level file is, its reader, and lowering.
import { finish } from '../common/steps';
import { readGodotScene } from './godot/read-godot';
import type { LevelFormat, LevelHost, LevelScene } from './level-scene';
import { LEVEL_DT, LEVEL_SLOP } from './level-scene';
import { readTiledMapSteps } from './tiled/read-tiled';

export type { LevelBody, LevelFormat, LevelHost, LevelMove, LevelPart, LevelReader, LevelScene, LevelShape } from './level-scene';
export { LEVEL_DT, LEVEL_SLOP } from './level-scene';
export { annotatedText, lowerLevel, lowerLevelSteps, sceneNumber, LoweredLevel, type LoweredBody, type LoweredPart, type LevelNames } from './lower';
export { identifierOf } from './identifiers';
export { godotLayersMeet } from './level-layers';
export { dirnameOf, joinPath, slashed } from './paths';

/** File extensions of level files, lower case, with their dot. */
export const LEVEL_EXTENSIONS: readonly string[] = ['.tscn', '.tmx', '.tmj', '.json'];

/** A '.json' text that is a Tiled map (Tiled writes both members), not some other JSON. */
export function looksLikeTiledJson(text: string): boolean {
  return /"tiledversion"\s*:/.test(text) || /"type"\s*:\s*"map"/.test(text);
}

/**
 * The level format of a path by its extension (case-insensitive): `.tscn` is a Godot scene,
 * `.tmx` and `.tmj` a Tiled map, and `.json` a Tiled map only when its text (when given) looks
 * like one (looksLikeTiledJson); undefined for anything else, `.collide` included.
 */
export function levelFormatOf(path: string, text?: string): LevelFormat | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.tscn')) return 'godot';
  if (lower.endsWith('.tmx') || lower.endsWith('.tmj')) return 'tiled';
  if (lower.endsWith('.json')) return text === undefined || looksLikeTiledJson(text) ? 'tiled' : undefined;
  return undefined;
}

/** Each format's reader in steps (common/steps.ts); a reader of one step yields nothing. */
const READERS: Record<LevelFormat, (text: string, path: string, host: LevelHost) => Generator<void, LevelScene, void>> = {
  godot: function* (text, path, host) {
    return readGodotScene(text, path, host);
  },
  tiled: readTiledMapSteps,
};

/**
 * The level scene of a level file (`path` absolute, '/'-separated), by its format's reader; a
 * path of no level format gives an empty scene with an error diagnostic. Never throws: a reader
 * that does (a defect of Collide's) gives an empty scene with `reader-internal-error`.
 */
export function readLevel(text: string, path: string, host: LevelHost): LevelScene {
  return finish(readLevelSteps(text, path, host));
}

/**
 * readLevel in steps (common/steps.ts): a large Tiled map pauses between slices of its objects,
 * so that the language server can give its event loop a turn; the result is readLevel's.
 */
export function* readLevelSteps(text: string, path: string, host: LevelHost): Generator<void, LevelScene, void> {
  const format = levelFormatOf(path, text);
  // A caller asks levelFormatOf first; a path of no level format here is Collide's mistake.
  if (format === undefined) return emptyLevel('tiled', `Collide tried to read ${path} as a level, but it is not a .tscn, .tmx, .tmj or Tiled .json file; please report it.`);
  try {
    return yield* READERS[format](text, path, host);
  } catch (e) {
    return emptyLevel(format, `Reading this file failed inside Collide (${e instanceof Error ? e.message : String(e)}); please report it.`);
  }
}

/** A level of no body, with `reader-internal-error` saying why. */
function emptyLevel(format: LevelFormat, message: string): LevelScene {
  return { format, dt: LEVEL_DT, slop: LEVEL_SLOP, frames: 1, bodies: [], diagnostics: [{ range: { start: 0, end: 0 }, severity: 'error', code: 'reader-internal-error', message }], dependencies: [] };
}
