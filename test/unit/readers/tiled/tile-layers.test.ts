import { strict as assert } from 'node:assert';
import { deflateSync, gzipSync } from 'node:zlib';
import { at, readTmxText, tmx } from './host';

/** A 2 × 2-tile tileset: tile 0 a full square, tile 1 a triangle, tile 2 no shape. */
const TILESET = [
  ' <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">',
  '  <tile id="0"><objectgroup draworder="index"><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>',
  '  <tile id="1"><objectgroup><object id="1" x="0" y="16"><polygon points="0,0 16,0 16,-16"/></object></objectgroup></tile>',
  ' </tileset>',
].join('\n');

function base64Of(gids: number[], compress?: (b: Buffer) => Buffer): string {
  const bytes = Buffer.alloc(gids.length * 4);
  gids.forEach((g, k) => bytes.writeUInt32LE(g >>> 0, k * 4));
  return (compress ? compress(bytes) : bytes).toString('base64');
}

/** A tile layer of 3 × 2 cells with `data`. */
function layer(data: string, name = 'Ground'): string {
  return ` <layer id="3" name="${name}" width="3" height="2">\n  ${data}\n </layer>`;
}

const GIDS = [1, 0, 2, 0, 3, 1];

describe('Tiled reader: tile layers', () => {
  const encodings: [string, string][] = [
    ['CSV', `<data encoding="csv">\n${GIDS.slice(0, 3).join(',')},\n${GIDS.slice(3).join(',')}\n</data>`],
    ['XML tiles', `<data>${GIDS.map((g) => (g === 0 ? '<tile/>' : `<tile gid="${g}"/>`)).join('')}</data>`],
    ['base64', `<data encoding="base64">\n   ${base64Of(GIDS)}\n  </data>`],
    ['base64 + zlib', `<data encoding="base64" compression="zlib">${base64Of(GIDS, deflateSync)}</data>`],
    ['base64 + gzip', `<data encoding="base64" compression="gzip">${base64Of(GIDS, gzipSync)}</data>`],
  ];
  for (const [what, data] of encodings) {
    it(`makes a layer one static body of its cells' shapes (${what})`, () => {
      const text = tmx(`${TILESET}\n${layer(data)}`);
      const scene = readTmxText(text);
      assert.deepEqual(scene.diagnostics, []);
      assert.equal(scene.bodies.length, 1);
      const b = scene.bodies[0]!;
      assert.deepEqual([b.name, b.kind, b.isStatic, b.x, b.y, b.angle], ['Ground', 'tile layer', true, 0, 0, 0]);
      assert.equal(at(text, b.nameRange), 'Ground');
      assert.deepEqual(b.parts.map((p) => p.label), ['cell (0, 0)', 'cell (2, 0)', 'cell (2, 1)']);
      assert.deepEqual(b.parts.map((p) => p.cell), [[0, 0], [2, 0], [2, 1]]);
      assert.deepEqual(b.parts[0]!.shape, { kind: 'box', width: 16, height: 16, x: 8, y: 8, angle: 0 });
      assert.deepEqual(b.parts[1]!.shape, { kind: 'polygon', points: [32, 16, 48, 16, 48, 0] });
      assert.deepEqual(b.parts[2]!.shape, { kind: 'box', width: 16, height: 16, x: 40, y: 24, angle: 0 });
      assert.ok(at(text, b.parts[0]!.range).startsWith('<data'));
    });
  }

  it('applies the flip flags: horizontal, vertical, diagonal', () => {
    const flips = [0x80000002, 0x40000002, 0x20000002, 0xa0000002 >>> 0];
    const text = tmx(`${TILESET}\n <layer id="1" name="L" width="4" height="1"><data encoding="csv">${flips.join(',')}</data></layer>`);
    const parts = readTmxText(text).bodies[0]!.parts.map((p) => p.shape);
    // The triangle (0,16) (16,16) (16,0): its right angle at the bottom-right corner.
    assert.deepEqual(parts, [
      { kind: 'polygon', points: [16, 16, 0, 16, 0, 0] },
      { kind: 'polygon', points: [16 + 0, 0, 16 + 16, 0, 16 + 16, 16] },
      { kind: 'polygon', points: [32 + 16, 0, 32 + 16, 16, 32 + 0, 16] },
      { kind: 'polygon', points: [48 + 0, 0, 48 + 0, 16, 48 + 16, 16] },
    ]);
  });

  it('reads infinite maps chunk by chunk, cells counted from the chunk', () => {
    const text = tmx(`${TILESET}\n <layer id="1" name="L" width="32" height="32">\n  <data encoding="csv">\n   <chunk x="-16" y="0" width="16" height="1">1,${'0,'.repeat(14)}0</chunk>\n   <chunk x="0" y="16" width="16" height="1">0,1,${'0,'.repeat(13)}0</chunk>\n  </data>\n </layer>`, ' infinite="1"');
    const b = readTmxText(text).bodies[0]!;
    assert.deepEqual(b.parts.map((p) => p.label), ['cell (-16, 0)', 'cell (1, 16)']);
    assert.deepEqual(b.parts.map((p) => p.shape), [
      { kind: 'box', width: 16, height: 16, x: -248, y: 8, angle: 0 },
      { kind: 'box', width: 16, height: 16, x: 24, y: 264, angle: 0 },
    ]);
    assert.ok(at(text, b.parts[1]!.range).startsWith('<chunk x="0"'));
  });

  it('reads external tilesets (.tsx and .tsj) relative to the map, once each', () => {
    const tsx = `<?xml version="1.0"?>\n${TILESET.replace(' firstgid="1"', '')}`;
    const tsj = JSON.stringify({ name: 'j', tilewidth: 16, tileheight: 16, tilecount: 1, tiles: [{ id: 0, objectgroup: { objects: [{ id: 1, x: 0, y: 0, width: 8, height: 8 }] } }] });
    const text = tmx(' <tileset firstgid="1" source="../tiles/a.tsx"/>\n <tileset firstgid="10" source="b.tsj"/>\n' + layer('<data encoding="csv">1,10,0,0,0,0</data>') + layer('<data encoding="csv">0,0,0,1,0,0</data>', 'Second'));
    const scene = readTmxText(text, { '/tiles/a.tsx': tsx, '/maps/b.tsj': tsj });
    assert.deepEqual(scene.diagnostics, []);
    assert.deepEqual(scene.dependencies, ['/tiles/a.tsx', '/maps/b.tsj']);
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.parts.length]), [['Ground', 2], ['Second', 1]]);
    assert.deepEqual(scene.bodies[0]!.parts[1]!.shape, { kind: 'box', width: 8, height: 8, x: 20, y: 4, angle: 0 });
  });

  it('reports a missing tileset on its source, a foreign error with its file and line', () => {
    const text = tmx(' <tileset firstgid="1" source="gone.tsx"/>\n <tileset firstgid="5" source="bad.tsx"/>\n' + layer('<data encoding="csv">1,5,0,0,0,0</data>'));
    const scene = readTmxText(text, { '/maps/bad.tsx': '<tileset>\n <tile id="0">\n</tileset>' });
    assert.equal(scene.bodies.length, 0);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [
      ['tiled-missing-file', 'gone.tsx'],
      ['tiled-xml-syntax', 'bad.tsx'],
    ]);
    assert.match(scene.diagnostics[1]!.message, /^In \/maps\/bad\.tsx:2:2: /);
  });

  it('reports zstd, unknown encodings, bad base64, bad sizes and unknown gids', () => {
    const cases: [string, string, string][] = [
      ['<data encoding="base64" compression="zstd">AAAA</data>', 'tiled-unsupported-compression', 'zstd'],
      ['<data encoding="hex">00</data>', 'tiled-unsupported-encoding', 'hex'],
      ['<data encoding="base64">!!!!</data>', 'tiled-bad-base64', '<data encoding="base64">!!!!</data>'],
      ['<data encoding="base64" compression="zlib">AAAA</data>', 'tiled-bad-compression', '<data encoding="base64" compression="zlib">AAAA</data>'],
      ['<data encoding="csv">1,2</data>', 'tiled-data-size', '<data encoding="csv">1,2</data>'],
      ['<data encoding="csv">1,x,0,0,0,0</data>', 'tiled-bad-gid', 'x'],
      ['<data encoding="csv">1,99,0,0,0,0</data>', 'tiled-unknown-gid', '<data encoding="csv">1,99,0,0,0,0</data>'],
    ];
    for (const [data, code, range] of cases) {
      const text = tmx(`${TILESET}\n${layer(data)}`);
      const scene = readTmxText(text);
      assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [[code, range]], data);
    }
  });

  it('makes no body of a layer whose tiles have no shapes', () => {
    const scene = readTmxText(tmx(`${TILESET}\n${layer('<data encoding="csv">3,3,0,0,0,0</data>')}`));
    assert.deepEqual([scene.bodies.length, scene.diagnostics.length], [0, 0]);
  });

  it('puts a tall tile on its cell bottom, with the tileset offset, in an offset layer', () => {
    const tileset = ' <tileset firstgid="1" name="tall" tilewidth="16" tileheight="32" tilecount="1" columns="1">\n  <tileoffset x="2" y="-1"/>\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="16" height="32"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <layer id="1" name="L" width="1" height="2" offsetx="100" offsety="50"><data encoding="csv">0,1</data></layer>`);
    const b = readTmxText(text).bodies[0]!;
    assert.deepEqual([b.x, b.y], [100, 50]);
    // Cell (0, 1) spans y 16..32; the 32-pixel tile stands on its bottom: y 0..32, moved by (2, -1).
    assert.deepEqual(b.parts[0]!.shape, { kind: 'box', width: 16, height: 32, x: 10, y: 15, angle: 0 });
  });

  it('swaps the sides of a tall tile under the diagonal flip, standing on the cell bottom', () => {
    const tileset = ' <tileset firstgid="1" name="tall" tilewidth="16" tileheight="32" tilecount="1" columns="1">\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="4" height="32"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <layer id="1" name="L" width="1" height="1"><data encoding="csv">${0x20000001}</data></layer>`);
    // Drawn 32 wide and 16 tall on the cell's bottom (y 0..16): the 4-wide strip becomes a 4-tall band at the top.
    assert.deepEqual(readTmxText(text).bodies[0]!.parts[0]!.shape, { kind: 'box', width: 32, height: 4, x: 16, y: 2, angle: 0 });
  });

  it('draws tiles at the cell size with tilerendersize="grid" (stretched, or fitted and centered)', () => {
    const tileset = (fill: string) => ` <tileset firstgid="1" name="big" tilewidth="32" tileheight="64" tilecount="1" columns="1" tilerendersize="grid"${fill}>\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="32" height="64"/></objectgroup></tile>\n </tileset>`;
    const layer1 = ' <layer id="1" name="L" width="1" height="1"><data encoding="csv">1</data></layer>';
    assert.deepEqual(readTmxText(tmx(`${tileset('')}\n${layer1}`)).bodies[0]!.parts[0]!.shape, { kind: 'box', width: 16, height: 16, x: 8, y: 8, angle: 0 });
    assert.deepEqual(readTmxText(tmx(`${tileset(' fillmode="preserve-aspect-fit"')}\n${layer1}`)).bodies[0]!.parts[0]!.shape, { kind: 'box', width: 8, height: 16, x: 8, y: 8, angle: 0 });
  });

  it('reads JSON tile layers: arrays, base64 strings, chunks', () => {
    const tileset = { firstgid: 1, name: 't', tilewidth: 16, tileheight: 16, tilecount: 1, tiles: [{ id: 0, objectgroup: { objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] } }] };
    const map = (layers: unknown[]): string => JSON.stringify({ type: 'map', orientation: 'orthogonal', tilewidth: 16, tileheight: 16, tilesets: [tileset], layers });
    const array = readTmxText(map([{ type: 'tilelayer', id: 1, name: 'A', width: 2, height: 1, data: [0, 1] }]), {}, '/m.tmj');
    assert.deepEqual(array.bodies[0]!.parts.map((p) => p.label), ['cell (1, 0)']);
    const zlib = readTmxText(map([{ type: 'tilelayer', id: 1, name: 'A', width: 2, height: 1, encoding: 'base64', compression: 'zlib', data: base64Of([1, 1], deflateSync) }]), {}, '/m.tmj');
    assert.deepEqual(zlib.bodies[0]!.parts.map((p) => p.label), ['cell (0, 0)', 'cell (1, 0)']);
    const chunks = readTmxText(map([{ type: 'tilelayer', id: 1, name: 'A', width: 2, height: 1, chunks: [{ x: 16, y: -16, width: 1, height: 1, data: [1] }] }]), {}, '/m.tmj');
    assert.deepEqual(chunks.bodies[0]!.parts.map((p) => p.label), ['cell (16, -16)']);
    const text = map([{ type: 'tilelayer', id: 1, name: 'A', width: 2, height: 1, encoding: 'base64', compression: 'zstd', data: 'AAAA' }]);
    const zstd = readTmxText(text, {}, '/m.tmj');
    assert.deepEqual(zstd.diagnostics.map((d) => [d.code, at(text, d.range)]), [['tiled-unsupported-compression', '"zstd"']]);
  });

  it('reads pre-1.2 JSON: tiles keyed by id, properties as an object with propertytypes', () => {
    const text = JSON.stringify({
      type: 'map',
      orientation: 'orthogonal',
      tilewidth: 16,
      tileheight: 16,
      properties: { dt: 0.05 },
      propertytypes: { dt: 'float' },
      tilesets: [{ firstgid: 1, name: 't', tilewidth: 16, tileheight: 16, tilecount: 4, tiles: { '2': { objectgroup: { objects: [{ id: 1, x: 0, y: 16, polyline: [{ x: 0, y: 0 }, { x: 16, y: -16 }] }] } } } }],
      layers: [
        { type: 'tilelayer', name: 'Slopes', width: 2, height: 1, data: [3, 0], properties: { sensor: true }, propertytypes: { sensor: 'bool' } },
        { type: 'objectgroup', name: 'o', objects: [{ id: 4, x: 1, y: 2, width: 3, height: 4, properties: { static: true }, propertytypes: { static: 'bool' } }] },
      ],
    });
    const scene = readTmxText(text, {}, '/m.json');
    assert.deepEqual(scene.diagnostics, []);
    assert.equal(scene.dt, 0.05);
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.sensor, b.isStatic, b.parts.map((p) => p.shape)]), [
      ['Slopes', true, true, [{ kind: 'segment', ax: 0, ay: 16, bx: 16, by: 0 }]],
      ['o#4', false, true, [{ kind: 'box', width: 3, height: 4, x: 1.5, y: 2, angle: 0 }]],
    ]);
  });

  it('places the cells of staggered and hexagonal maps as Tiled draws them', () => {
    const tileset = (w: number, h: number) => ` <tileset firstgid="1" name="t" tilewidth="${w}" tileheight="${h}" tilecount="1" columns="1">\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="${w}" height="${h}"/></objectgroup></tile>\n </tileset>`;
    const centers = (text: string) => readTmxText(text).bodies[0]!.parts.map((p) => (p.shape.kind === 'box' ? [p.cell!.join(), p.shape.x, p.shape.y] : []));
    // Staggered along y, odd rows shifted half a tile right and down.
    const staggered = tmx(`${tileset(32, 16)}\n <layer id="1" name="L" width="2" height="2"><data encoding="csv">1,0,1,1</data></layer>`)
      .replace('orientation="orthogonal"', 'orientation="staggered" staggeraxis="y" staggerindex="odd"')
      .replace('tilewidth="16" tileheight="16" infinite', 'tilewidth="32" tileheight="16" infinite');
    assert.deepEqual(centers(staggered), [['0,0', 16, 8], ['0,1', 32, 16], ['1,1', 64, 16]]);
    // Hexagonal, staggered along x, even columns shifted down: columns 24 apart, rows 32.
    const hexagonal = tmx(`${tileset(32, 32)}\n <layer id="1" name="L" width="2" height="2"><data encoding="csv">1,1,0,1</data></layer>`)
      .replace('orientation="orthogonal"', 'orientation="hexagonal" hexsidelength="16" staggeraxis="x" staggerindex="even"')
      .replace('tilewidth="16" tileheight="16" infinite', 'tilewidth="32" tileheight="32" infinite');
    assert.deepEqual(centers(hexagonal), [['0,0', 16, 32], ['1,0', 40, 16], ['1,1', 40, 48]]);
  });

  it('turns flagged tiles of hexagonal maps by 60° and 120° about their centers', () => {
    const tileset = ' <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1">\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="16" height="32"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <layer id="1" name="L" width="2" height="1"><data encoding="csv">0,${0x20000001}</data></layer>`)
      .replace('orientation="orthogonal"', 'orientation="hexagonal" hexsidelength="16" staggeraxis="x" staggerindex="even"')
      .replace('tilewidth="16" tileheight="16" infinite', 'tilewidth="32" tileheight="32" infinite');
    const shape = readTmxText(text).bodies[0]!.parts[0]!.shape;
    // Cell (1, 0) spans (24, 0)..(56, 32); the left half's center, 8 left of the tile's center,
    // turned 60° clockwise: (40 - 4, 16 - 8 sin 60°). A quarter turn less, its sides swapped.
    assert.ok(shape.kind === 'box');
    if (shape.kind !== 'box') return;
    const expected = [36, 16 - 8 * Math.sin(Math.PI / 3), 32, 16, -Math.PI / 6];
    [shape.x, shape.y, shape.width, shape.height, shape.angle].forEach((v, k) => assert.ok(Math.abs(v - expected[k]!) < 1e-9, `${v} vs ${expected[k]}`));
  });

  it('reports the tile layers of an unknown orientation on it, and reads its objects', () => {
    const text = tmx(`${TILESET}\n${layer('<data encoding="csv">1,0,0,0,0,0</data>')}\n <objectgroup name="o"><object id="1" x="0" y="0" width="4" height="4"/></objectgroup>`).replace('orientation="orthogonal"', 'orientation="oblique"');
    const scene = readTmxText(text);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [['tiled-unsupported-orientation', 'oblique']]);
    assert.deepEqual(scene.bodies.map((b) => b.name), ['o#1']);
  });

  it('projects isometric maps as Tiled draws them: objects through pixelToScreenCoords, tiles on their diamonds', () => {
    // 32 × 16 tiles, 10 rows: the origin is at x = 10 · 32 / 2 = 160.
    const tileset = ' <tileset firstgid="1" name="iso" tilewidth="32" tileheight="16" tilecount="1" columns="1">\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="32" height="16"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <layer id="1" name="Floor" width="2" height="1"><data encoding="csv">1,1</data></layer>\n <objectgroup name="o">\n  <object id="7" x="16" y="0" width="16" height="16"/>\n  <object id="8" gid="1" x="0" y="0" width="32" height="16"/>\n </objectgroup>`)
      .replace('orientation="orthogonal"', 'orientation="isometric"')
      .replace('tilewidth="16" tileheight="16" infinite', 'tilewidth="32" tileheight="16" infinite');
    const scene = readTmxText(text);
    assert.deepEqual(scene.diagnostics, []);
    const [floor, rectangle, tile] = scene.bodies;
    // Cell (0, 0) in the box 144..176 × 0..16; cell (1, 0) half a tile right and down.
    assert.deepEqual(floor!.parts.map((p) => p.shape), [
      { kind: 'box', width: 32, height: 16, x: 160, y: 8, angle: 0 },
      { kind: 'box', width: 32, height: 16, x: 176, y: 16, angle: 0 },
    ]);
    // (16, 0) is one tile height along x: on the screen (16 + 160, 8); the square becomes a diamond.
    assert.deepEqual([rectangle!.x, rectangle!.y], [176, 8]);
    assert.deepEqual(rectangle!.parts[0]!.shape, { kind: 'polygon', points: [0, 0, 16, 8, 0, 16, -16, 8] });
    assert.deepEqual(rectangle!.move!.edit(176, 8), ['16', '0']);
    assert.deepEqual(rectangle!.move!.edit(160 + 16, 16 + 8), ['32', '16']);
    // A tile object stands upright, its bottom center at its origin (160, 0).
    assert.deepEqual([tile!.x, tile!.y], [160, 0]);
    assert.deepEqual(tile!.parts[0]!.shape, { kind: 'box', width: 32, height: 16, x: 0, y: -8, angle: 0 });
  });
});
