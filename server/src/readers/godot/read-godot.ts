// Placeholder so that the branch compiles; the Godot reader replaces this file.
import { LEVEL_DT, LEVEL_SLOP, type LevelReader } from '../level-scene';

export const readGodotScene: LevelReader = () => ({
  format: 'godot',
  dt: LEVEL_DT,
  slop: LEVEL_SLOP,
  frames: 1,
  bodies: [],
  diagnostics: [{ range: { start: 0, end: 0 }, severity: 'error', code: 'reader-not-built', message: 'reader not built' }],
  dependencies: [],
});
