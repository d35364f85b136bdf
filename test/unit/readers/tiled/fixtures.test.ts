// Real Tiled maps written by others (test/fixtures/levels/tiled/*/SOURCE.md), read from disk and
// checked against counts made here independently: regular expressions over the raw files, not
// the reader's parsers.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { inflateSync, gunzipSync } from 'node:zlib';
import type { LevelHost, LevelScene } from '../../../../server/src/readers/level-scene';
import { readTiledMap } from '../../../../server/src/readers/tiled/read-tiled';
import { readTmx } from '../../../../server/src/readers/tiled/tmx';
import { at } from './host';

const ROOT = resolve(__dirname, '../../../fixtures/levels/tiled');

const diskHost: LevelHost = {
  readFile(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  inflate(data, format) {
    try {
      return new Uint8Array(format === 'zlib' ? inflateSync(data) : gunzipSync(data));
    } catch {
      return undefined;
    }
  },
};

function read(relative: string): { text: string; scene: LevelScene } {
  const path = join(ROOT, relative);
  const text = readFileSync(path, 'utf8');
  return { text, scene: readTiledMap(text, path, diskHost) };
}

/** Parts per local tile id of a TSX text (or a map's embedded tileset): polygons, rectangles and ellipses 1, polylines a segment per edge. */
function partsPerTile(tsx: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of tsx.matchAll(/<tile id="(\d+)"[^>]*(?<!\/)>([\s\S]*?)<\/tile>/g)) {
    const group = /<objectgroup[\s\S]*?<\/objectgroup>/.exec(m[2]!);
    if (group === null) continue;
    let parts = 0;
    for (const object of group[0].split('<object ').slice(1)) {
      const polyline = /<polyline points="([^"]*)"/.exec(object);
      if (polyline !== null) parts += polyline[1]!.trim().split(/\s+/).length - 1;
      else if (!/<point\/>|<text/.test(object)) parts++;
    }
    out.set(Number(m[1]), parts);
  }
  return out;
}

/** Parts per tile layer of a TMX map with CSV layers, tilesets read from `folder`. */
function partsPerLayer(tmx: string, folder: string): Map<string, number> {
  const tilesets: { firstgid: number; parts: Map<number, number> }[] = [];
  for (const m of tmx.matchAll(/<tileset firstgid="(\d+)"([^>]*?)(\/>|>([\s\S]*?)<\/tileset>)/g)) {
    const source = /source="([^"]+)"/.exec(m[2]!);
    const text = source !== null ? readFileSync(join(folder, source[1]!), 'utf8') : m[4]!;
    tilesets.push({ firstgid: Number(m[1]), parts: /\.tsj$/.test(source?.[1] ?? '') ? new Map() : partsPerTile(text) });
  }
  tilesets.sort((a, b) => b.firstgid - a.firstgid);
  const out = new Map<string, number>();
  for (const m of tmx.matchAll(/<layer [^>]*name="([^"]*)"[\s\S]*?<data encoding="csv">([\s\S]*?)<\/data>/g)) {
    let parts = 0;
    // Infinite maps: the chunks' cells in turn.
    for (const cell of m[2]!.replace(/<chunk[^>]*>|<\/chunk>/g, ',').split(',')) {
      const id = Number(cell.trim()) % 0x10000000;
      if (id === 0) continue;
      const tileset = tilesets.find((t) => t.firstgid <= id)!;
      parts += tileset.parts.get(id - tileset.firstgid) ?? 0;
    }
    if (parts > 0) out.set(m[1]!, parts);
  }
  return out;
}

describe('Tiled reader: real maps', () => {
  it('Thicket (MIT): nine CSV layers over external tilesets, parts counted cell by cell', () => {
    const { text, scene } = read('thicket/Forest.tmx');
    assert.deepEqual(scene.diagnostics, []);
    const expected = partsPerLayer(text, join(ROOT, 'thicket'));
    assert.ok(expected.size > 0);
    assert.deepEqual(new Map(scene.bodies.map((b) => [b.name, b.parts.length])), expected);
    assert.ok(scene.bodies.every((b) => b.isStatic && b.kind === 'tile layer'));
    assert.deepEqual(scene.dependencies.map((d) => d.slice(ROOT.length)), ['/thicket/Forest.tsx', '/thicket/Collision.tsx', '/thicket/Fog.tsx']);
    // Forest.tsx tile 151 (gid 152) is a circle of diameter 15 at (8, 8) in its cell.
    const layer = scene.bodies.find((b) => b.parts.some((p) => p.shape.kind === 'circle'))!;
    const circle = layer.parts.find((p) => p.shape.kind === 'circle')!;
    const [column, row] = circle.cell!;
    assert.deepEqual(circle.shape, { kind: 'circle', radius: 7.5, x: column * 16 + 15.5, y: row * 16 + 15.5 });
    assert.equal(circle.label, `cell (${column}, ${row})`);
    const csv = /<layer [^>]*name="([^"]*)"[\s\S]*?<data encoding="csv">([\s\S]*?)<\/data>/g;
    const layerCsv = [...text.matchAll(csv)].find((m) => m[1] === layer.name)![2]!.trim().split(/\s*,\s*/);
    assert.equal(Number(layerCsv[row * 50 + column]) % 0x10000000, 152);
    assert.ok(at(text, circle.range).startsWith('<data encoding="csv">'));
    assert.equal(at(text, layer.nameRange), layer.name);
  });

  it('excalibur-tiled (BSD-2): the city with per-tile shapes, tile objects and external tilesets', () => {
    const { text, scene } = read('excalibur-tiled/formats/example-city.tmx');
    const expected = partsPerLayer(text, join(ROOT, 'excalibur-tiled/formats'));
    const layers = scene.bodies.filter((b) => b.kind === 'tile layer');
    assert.ok(layers.length > 0);
    assert.deepEqual(new Map(layers.map((b) => [b.name, b.parts.length])), expected);
    // The objects layer: two StopLights (so neither keeps the name), a sign post and a barrel.
    const objects = scene.bodies.filter((b) => b.kind === 'tile');
    assert.deepEqual(objects.map((b) => b.name), ['Objects#1', 'Objects#9']);
    // StopLight: tile 408's rectangle (0.9375, 1.375) 6.0625 × 14.8125 in a 16 × 16 tile, whose
    // bottom-left is the object's origin (304, 112).
    assert.deepEqual([objects[0]!.x, objects[0]!.y], [304, 112]);
    assert.deepEqual(objects[0]!.parts[0]!.shape, { kind: 'box', width: 6.0625, height: 14.8125, x: 0.9375 + 6.0625 / 2, y: -16 + 1.375 + 14.8125 / 2, angle: 0 });
    assert.deepEqual(objects[0]!.move!.ranges.map((r) => at(text, r)), ['304', '112']);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [['tiled-tile-without-shapes', 'Objects']]);
    assert.equal(scene.dependencies.length, 2);
  });

  it('excalibur-tiled: the same infinite map as TMX (zlib chunks) and as JSON gives the same bodies', () => {
    const tmx = read('excalibur-tiled/orthogonal-infinite/orthogonal-infinite.tmx');
    const tmj = read('excalibur-tiled/orthogonal-infinite/orthogonal-infinite.tmj');
    assert.deepEqual(tmx.scene.diagnostics, []);
    assert.deepEqual(tmj.scene.diagnostics, []);
    const strip = (s: LevelScene) => s.bodies.map((b) => ({ name: b.name, kind: b.kind, x: b.x, y: b.y, static: b.isStatic, parts: b.parts.map((p) => [p.shape, p.label, p.cell]) }));
    assert.deepEqual(strip(tmj.scene), strip(tmx.scene));
    // A hand count: the Solid layer's one tile with a shape (tile 95's 12 × 14 rectangle at (2, 2)),
    // the coin template's instance, named Coin by it (tile 93's polygon), and the tile object of
    // gid 120 (tile 119's full square).
    assert.deepEqual(strip(tmx.scene).map((b) => [b.name, b.kind, b.parts.length]), [['Solid', 'tile layer', 1], ['Coin', 'tile', 1], ['Objects#4', 'tile', 1]]);
    const solid = tmx.scene.bodies[0]!;
    const [c, r] = solid.parts[0]!.cell!;
    assert.deepEqual(solid.parts[0]!.shape, { kind: 'box', width: 12, height: 14, x: c * 16 + 8, y: r * 16 + 9, angle: 0 });
    assert.equal(at(tmj.text, tmj.scene.bodies[1]!.nameRange), '"id":2');
    assert.deepEqual(tmj.scene.bodies[2]!.move!.ranges.map((range) => at(tmj.text, range)), ['128.134', '111.847']);
  });

  it('excalibur-tiled: an isometric infinite map, TMX and JSON alike, parts counted chunk by chunk', () => {
    const tmx = read('excalibur-tiled/isometric-infinite/isometric-infinite.tmx');
    const tmj = read('excalibur-tiled/isometric-infinite/isometric-infinite.tmj');
    const strip = (s: LevelScene) => s.bodies.map((b) => ({ name: b.name, kind: b.kind, x: b.x, y: b.y, parts: b.parts.map((p) => [p.shape, p.label, p.cell]) }));
    assert.deepEqual(strip(tmj.scene), strip(tmx.scene));
    const expected = partsPerLayer(tmx.text, join(ROOT, 'excalibur-tiled/isometric-infinite'));
    assert.ok(expected.size > 0);
    assert.deepEqual(new Map(tmx.scene.bodies.filter((b) => b.kind === 'tile layer').map((b) => [b.name, b.parts.length])), expected);
    // The layers' offsets (offsety="-8") are their bodies' positions, on the screen.
    assert.deepEqual(tmx.scene.bodies.map((b) => b.y), tmx.scene.bodies.map((b) => Number(new RegExp(`name="${b.name.replace(/[()]/g, '\\$&')}"[^>]*offsety="(-?[0-9.]+)"`).exec(tmx.text)?.[1] ?? 0)));
  });

  it('excalibur-tiled: CSV, base64 + zlib and base64 + gzip layers decode to the same gids; zstd is reported', () => {
    const gids = (file: string): string[] => {
      const model = readTmx(readFileSync(join(ROOT, 'excalibur-tiled/formats', file), 'utf8'), diskHost);
      return model.layers.flatMap((l) => (l.kind === 'tilelayer' ? [`${l.name}: ${l.blocks.map((b) => Array.from(b.gids).join()).join('|')}`] : []));
    };
    const csv = gids('example-city-external-tsx.tmx');
    assert.equal(csv.length, 4);
    assert.deepEqual(gids('example-city-zlib.tmx'), csv);
    assert.deepEqual(gids('example-city-gzip.tmx'), csv);
    const { text, scene } = read('excalibur-tiled/formats/example-city-zstd.tmx');
    const zstd = scene.diagnostics.filter((d) => d.code === 'tiled-unsupported-compression');
    assert.equal(zstd.length, (text.match(/compression="zstd"/g) ?? []).length);
    assert.ok(zstd.length > 0 && zstd.every((d) => at(text, d.range) === 'zstd'));
  });

  it('Sticker Knight (public domain): tile objects without shapes, templates, a hidden bounds layer', () => {
    const { text, scene } = read('sticker-knight/map/sandbox.tmx');
    // By hand: the bounds layer's two rectangles are the only objects with a shape of their own.
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.kind, b.x, b.y, b.isStatic]), [
      ['bounds#197', 'rectangle', 2496, 0, false],
      ['bounds#195', 'rectangle', 0, 0, false],
    ]);
    assert.deepEqual(scene.bodies[0]!.parts[0]!.shape, { kind: 'box', width: 32, height: 992, x: 16, y: 496, angle: 0 });
    const hints = scene.diagnostics.filter((d) => d.code === 'tiled-tile-without-shapes');
    const shapeless = hints.reduce((n, d) => n + Number(/^(\d+|One)/.exec(d.message)![1]!.replace('One', '1')), 0);
    // Every object but the two rectangles shows a tile (directly or through its template).
    assert.equal(shapeless, (text.match(/<object /g) ?? []).length - 2);
    assert.deepEqual(scene.diagnostics.filter((d) => d.code !== 'tiled-tile-without-shapes'), []);
    assert.deepEqual(scene.dependencies.map((d) => d.slice(dirname(join(ROOT, 'sticker-knight/map/sandbox.tmx')).length)).sort(), ['/objs.tsx', '/templates/block.tx', '/templates/diamond.tx', '/templates/hero.tx']);
  });
});
