// The reader on random texts and on random cuts and edits of real maps: it never throws, every
// range lies in the text, every number is finite. As the language's parser is fuzzed
// (test/unit/syntax/parser.test.ts).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { LevelScene } from '../../../../server/src/readers/level-scene';
import { readTiledMap } from '../../../../server/src/readers/tiled/read-tiled';
import { everyNumber, everyRange, testHost } from './host';

const ROOT = resolve(__dirname, '../../../fixtures/levels/tiled');
const FILES: Record<string, string> = {};
for (const f of ['thicket/Forest.tsx', 'thicket/Collision.tsx', 'thicket/Fog.tsx', 'excalibur-tiled/orthogonal-infinite/external-fantasy.tsx', 'excalibur-tiled/orthogonal-infinite/coin.tx']) {
  FILES[`/m/${f}`] = readFileSync(join(ROOT, f), 'utf8');
}
const SMALL_TMX = readFileSync(join(ROOT, 'excalibur-tiled/orthogonal-infinite/orthogonal-infinite.tmx'), 'utf8');
const SMALL_TMJ = readFileSync(join(ROOT, 'excalibur-tiled/orthogonal-infinite/orthogonal-infinite.tmj'), 'utf8');
const CITY = readFileSync(join(ROOT, 'excalibur-tiled/formats/example-city-zlib.tmx'), 'utf8');

function check(text: string, path: string): LevelScene {
  const scene = readTiledMap(text, path, testHost(FILES));
  const ranges = everyRange(scene);
  for (const r of ranges) assert.ok(Number.isInteger(r.start) && r.start >= 0 && r.start <= r.end && r.end <= text.length, `${JSON.stringify(r)} in ${text.length}`);
  for (const n of everyNumber(scene)) assert.ok(Number.isFinite(n), `${n}`);
  for (const b of scene.bodies) {
    assert.ok(b.parts.length > 0 && b.name !== '');
    if (b.move !== undefined) for (const t of b.move.edit(1.5, -2)) assert.ok(Number.isFinite(Number(t)));
  }
  return scene;
}

/** A text with a random stretch cut out, repeated or replaced by a random piece. */
const mutated = (base: string, pieces: readonly string[]) =>
  fc.tuple(fc.nat(base.length), fc.nat(200), fc.constantFrom(...pieces), fc.constantFrom('cut', 'insert', 'replace', 'truncate')).map(([at, length, piece, how]) => {
    const end = Math.min(base.length, at + length);
    if (how === 'cut') return base.slice(0, at) + base.slice(end);
    if (how === 'insert') return base.slice(0, at) + piece + base.slice(at);
    if (how === 'replace') return base.slice(0, at) + piece + base.slice(end);
    return base.slice(0, at);
  });

const XML_PIECES = ['<', '>', '"', '/>', '</object>', '<object id="9" x="1e400" y="-0" width="NaN"/>', '<ellipse/>', '<polygon points="0,0 1"/>', 'gid="4294967295"', 'gid="-1"', '&bogus;', '<![CDATA[', '<chunk x="0" y="0" width="99999" height="99999">', 'compression="gzip"', 'encoding="base64"', 'rotation="1e308"', '<group name="g" offsetx="1e308">', 'source="../../../../x.tsx"', 'template="coin.tx"', '<property name="static" value="maybe"/>', '<property name="velocity" value="1e999, 0"/>', '😀'];
const JSON_PIECES = ['{', '}', '[', ']', ',', '"', ':', 'null', '1e999', '-0', '"gid": 4294967295', '"ellipse": true', '"polygon": [{"x": 1}]', '"chunks": [{}]', '"data": "!!"', '"compression": "zlib"', '"width": 1e9', '"properties": [{"name": "spin", "value": "x"}]', '\\u00', '😀'];

describe('Tiled reader: fuzz', () => {
  it('never throws on random XML-like and JSON-like texts', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...XML_PIECES, ' ', '<map>', '</map>', '<layer>', '<objectgroup>'), { maxLength: 40 }), (parts) => void check(parts.join(''), '/m/a.tmx')), { numRuns: 1000 });
    fc.assert(fc.property(fc.array(fc.constantFrom(...JSON_PIECES, '"type": "map"', '"layers": [', '"objects": ['), { maxLength: 40 }), (parts) => void check(parts.join(''), '/m/a.tmj')), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => void check(text, '/m/a.tmx')), { numRuns: 300 });
  });

  it('never throws on cut, repeated or edited real maps (TMX, JSON, zlib chunks)', () => {
    const bodies = [0, 0];
    fc.assert(fc.property(mutated(SMALL_TMX, XML_PIECES), (text) => void (bodies[0]! += check(text, '/m/excalibur-tiled/orthogonal-infinite/x.tmx').bodies.length)), { numRuns: 400 });
    fc.assert(fc.property(mutated(SMALL_TMJ, JSON_PIECES), (text) => void (bodies[1]! += check(text, '/m/excalibur-tiled/orthogonal-infinite/x.tmj').bodies.length)), { numRuns: 400 });
    // The checks ran on bodies of each map, not only on texts the edits broke.
    assert.ok(bodies.every((n) => n > 0), `bodies read: ${bodies}`);
    // The city's tiles have no collision shapes (no bodies): it is here for its zlib chunks.
    fc.assert(fc.property(mutated(CITY, XML_PIECES), (text) => void check(text, '/m/x.tmx')), { numRuns: 100 });
  });

  it('keeps the objects before a cut', () => {
    const whole = check(SMALL_TMX, '/m/excalibur-tiled/orthogonal-infinite/x.tmx');
    const cut = check(SMALL_TMX.slice(0, SMALL_TMX.indexOf('<object id="4"')), '/m/excalibur-tiled/orthogonal-infinite/x.tmx');
    assert.equal(whole.bodies.length, 3);
    assert.deepEqual(cut.bodies.map((b) => b.name), ['Solid', 'Coin']);
    assert.ok(cut.diagnostics.some((d) => d.code === 'tiled-xml-syntax'));
  });
});
