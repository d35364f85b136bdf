// The Tiled reader: a .tmx (XML) or .tmj/.json (JSON) map, its external tilesets and templates
// read through the host, as a level scene (levels-and-tiles.md §1; the mapping is in
// docs/levels.md). Never throws: what it cannot read is a diagnostic on its range.
import type { LevelReader } from '../level-scene';
import { buildScene } from './build-scene';
import { readTmj } from './tmj';
import { readTmx } from './tmx';

export const readTiledMap: LevelReader = (text, path, host) => {
  const xml = /\.tmx$/i.test(path) || (!/\.(tmj|json)$/i.test(path) && text.trimStart().startsWith('<'));
  return buildScene(xml ? readTmx(text, host) : readTmj(text, host), path, host);
};
