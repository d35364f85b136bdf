// Placeholder so that the branch compiles; the Tiled reader replaces this file.
import { LEVEL_DT, LEVEL_SLOP, type LevelReader } from '../level-scene';

export const readTiledMap: LevelReader = () => ({
  format: 'tiled',
  dt: LEVEL_DT,
  slop: LEVEL_SLOP,
  frames: 1,
  bodies: [],
  diagnostics: [{ range: { start: 0, end: 0 }, severity: 'error', code: 'reader-not-built', message: 'reader not built' }],
  dependencies: [],
});
