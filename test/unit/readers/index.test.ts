import { strict as assert } from 'node:assert';
import { levelFormatOf, looksLikeTiledJson, readLevel, readLevelSteps, type LevelHost } from '../../../server/src/readers';

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

  it("reads a large Tiled map in steps that pause, to readLevel's scene", () => {
    const objects: string[] = [];
    for (let i = 1; i <= 3000; i++) {
      const shape = i % 3 === 0 ? '<ellipse/>' : i % 3 === 1 ? '' : '<polygon points="0,0 8,0 8,3 3,3 3,8 0,8"/>';
      objects.push(`  <object id="${i}"${i % 4 === 0 ? ` name="n${i % 40}"` : ''} x="${i * 1.5}" y="${i % 97}" width="6" height="${i % 5 === 0 ? 0 : 4}">${shape}</object>`);
    }
    const text = `<map orientation="orthogonal" tilewidth="16" tileheight="16" width="10" height="10">\n <group id="3" name="Outer">\n <objectgroup id="1" name="Walls">\n${objects.slice(0, 1000).join('\n')}\n </objectgroup>\n </group>\n <objectgroup id="2" name="Crates">\n${objects.slice(1000).join('\n')}\n </objectgroup>\n</map>\n`;
    const steps = readLevelSteps(text, '/a/map.tmx', NO_FILES);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    assert.ok(pauses >= 5, `${pauses} pauses`);
    const whole = readLevel(text, '/a/map.tmx', NO_FILES);
    assert.ok(whole.bodies.length > 2000);
    assert.deepEqual(step.value, whole);
  });
});
