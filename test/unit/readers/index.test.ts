import { strict as assert } from 'node:assert';
import { levelFormatOf, looksLikeTiledJson, readLevel, type LevelHost } from '../../../server/src/readers';

const NO_FILES: LevelHost = { readFile: () => undefined, inflate: () => undefined };

describe('readers: the front door', () => {
  it('tells a level format by its extension, and a .json file by its text', () => {
    assert.equal(levelFormatOf('/a/level.tscn'), 'godot');
    assert.equal(levelFormatOf('C:/a/LEVEL.TSCN'), 'godot');
    assert.equal(levelFormatOf('/a/map.tmx'), 'tiled');
    assert.equal(levelFormatOf('/a/map.tmj'), 'tiled');
    assert.equal(levelFormatOf('/a/map.json', '{ "height": 10, "tiledversion": "1.11.0", "type": "map" }'), 'tiled');
    assert.equal(levelFormatOf('/a/map.json', '{"type":"map","version":"1.10"}'), 'tiled');
    assert.equal(levelFormatOf('/a/package.json', '{ "name": "game", "type": "module" }'), undefined);
    assert.equal(levelFormatOf('/a/scene.collide'), undefined);
    assert.equal(levelFormatOf('/a/tileset.tsx'), undefined);
    assert.equal(looksLikeTiledJson('{ "tiledversion" : "1.2" }'), true);
  });

  it('reads a path of no level format as an empty level with an internal error, never a throw', () => {
    const level = readLevel('body a circle(1)', '/a/scene.collide', NO_FILES);
    assert.deepEqual(level.bodies, []);
    assert.deepEqual(
      level.diagnostics.map((d) => d.code),
      ['reader-internal-error'],
    );
  });
});
