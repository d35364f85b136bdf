// The Tiled reader: a .tmx (XML) or .tmj/.json (JSON) map, its external tilesets and templates
// read through the host, as a level scene (levels-and-tiles.md §1; the mapping is in
// docs/levels.md). Never throws: what it cannot read is a diagnostic on its range.
import { finish } from '../../common/steps';
import type { LevelHost, LevelReader, LevelScene } from '../level-scene';
import { buildSceneSteps } from './build-scene';
import { readTmj } from './tmj';
import { readTmx } from './tmx';

export const readTiledMap: LevelReader = (text, path, host) => finish(readTiledMapSteps(text, path, host));

/**
 * readTiledMap in steps (common/steps.ts): the file's model is read in one step, then the
 * objects are made into bodies a slice at a time.
 */
export function* readTiledMapSteps(text: string, path: string, host: LevelHost): Generator<void, LevelScene, void> {
  const xml = /\.tmx$/i.test(path) || (!/\.(tmj|json)$/i.test(path) && text.trimStart().startsWith('<'));
  const model = xml ? readTmx(text, host) : readTmj(text, host);
  yield;
  return yield* buildSceneSteps(model, path, host);
}
