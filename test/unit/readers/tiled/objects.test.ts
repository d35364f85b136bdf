import { strict as assert } from 'node:assert';
import type { LevelBody } from '../../../../server/src/readers/level-scene';
import { at, readTmxText, tmx } from './host';

function close(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);
}

function only(bodies: readonly LevelBody[]): LevelBody {
  assert.equal(bodies.length, 1);
  return bodies[0]!;
}

describe('Tiled reader: objects', () => {
  it('makes a rectangle a box centered in its object frame, rotated about (x, y)', () => {
    const text = tmx(' <objectgroup id="1" name="Things">\n  <object id="4" name="Crate" x="100" y="50" width="40" height="20" rotation="30"/>\n </objectgroup>');
    const scene = readTmxText(text);
    assert.deepEqual(scene.diagnostics, []);
    const b = only(scene.bodies);
    assert.equal(b.name, 'Crate');
    assert.equal(b.kind, 'rectangle');
    assert.equal(b.isStatic, false);
    assert.equal([b.x, b.y].join(), '100,50');
    close(b.angle, Math.PI / 6, 'angle');
    assert.deepEqual(b.parts[0]!.shape, { kind: 'box', width: 40, height: 20, x: 20, y: 10, angle: 0 });
    assert.equal(at(text, b.nameRange), 'Crate');
    assert.equal(at(text, b.range), '<object id="4" name="Crate" x="100" y="50" width="40" height="20" rotation="30"/>');
    assert.equal(at(text, b.parts[0]!.range), at(text, b.range));
    assert.deepEqual(b.move!.ranges.map((r) => at(text, r)), ['100', '50']);
    assert.deepEqual(b.move!.edit(12.5, -3), ['12.5', '-3']);
  });

  it('makes an ellipse a circle when width = height, else a 32-gon with a hint', () => {
    const text = tmx(' <objectgroup name="o">\n  <object id="1" x="10" y="20" width="8" height="8"><ellipse/></object>\n  <object id="2" x="0" y="0" width="20" height="10"><ellipse/></object>\n </objectgroup>');
    const scene = readTmxText(text);
    const [circle, ellipse] = scene.bodies;
    assert.deepEqual(circle!.parts[0]!.shape, { kind: 'circle', radius: 4, x: 4, y: 4 });
    assert.equal(at(text, circle!.parts[0]!.range), '<ellipse/>');
    assert.equal(circle!.name, 'o#1');
    const shape = ellipse!.parts[0]!.shape;
    assert.equal(shape.kind, 'polygon');
    if (shape.kind !== 'polygon') return;
    assert.equal(shape.points.length, 64);
    for (let k = 0; k < 64; k += 2) close(((shape.points[k]! - 10) / 10) ** 2 + ((shape.points[k + 1]! - 5) / 5) ** 2, 1, 'on the ellipse');
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, d.severity]), [['tiled-ellipse-approximated', 'hint']]);
  });

  it('reads polygons as one part and polylines as segments, points relative to (x, y)', () => {
    const text = tmx(' <objectgroup name="o">\n  <object id="1" x="5" y="6"><polygon points="0,0 10,0 10,10 5,2"/></object>\n  <object id="2" x="1" y="1"><polyline points="0,0 4,0 4,3"/></object>\n </objectgroup>');
    const scene = readTmxText(text);
    assert.deepEqual(scene.diagnostics, []);
    const [polygon, polyline] = scene.bodies;
    assert.deepEqual(polygon!.parts.map((p) => p.shape), [{ kind: 'polygon', points: [0, 0, 10, 0, 10, 10, 5, 2] }]);
    assert.equal([polygon!.x, polygon!.y].join(), '5,6');
    assert.deepEqual(polyline!.parts.map((p) => p.shape), [
      { kind: 'segment', ax: 0, ay: 0, bx: 4, by: 0 },
      { kind: 'segment', ax: 4, ay: 0, bx: 4, by: 3 },
    ]);
    assert.deepEqual(polyline!.parts.map((p) => p.label), ['segment 1', 'segment 2']);
    assert.equal(at(text, polyline!.parts[0]!.range), '<polyline points="0,0 4,0 4,3"/>');
  });

  it('reports malformed points and too-short polygons', () => {
    const text = tmx(' <objectgroup name="o">\n  <object id="1" x="0" y="0"><polygon points="0,0 x,1 3,3"/></object>\n </objectgroup>');
    const scene = readTmxText(text);
    assert.equal(scene.bodies.length, 0);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [
      ['tiled-too-few-points', '<polygon points="0,0 x,1 3,3"/>'],
      ['tiled-bad-point', 'x,1'],
    ]);
  });

  it('makes a capsule the rounded rectangle inside its box', () => {
    const text = tmx(' <objectgroup name="o">\n  <object id="1" x="0" y="0" width="30" height="10"><capsule/></object>\n  <object id="2" x="0" y="0" width="10" height="30"><capsule/></object>\n  <object id="3" x="0" y="0" width="10" height="10"><capsule/></object>\n </objectgroup>');
    const [wide, tall, round] = readTmxText(text).bodies;
    assert.deepEqual(wide!.parts[0]!.shape, { kind: 'capsule', length: 20, radius: 5, x: 15, y: 5, angle: 0 });
    const t = tall!.parts[0]!.shape;
    assert.ok(t.kind === 'capsule' && t.length === 20 && t.radius === 5 && t.x === 5 && t.y === 15);
    if (t.kind === 'capsule') close(t.angle, Math.PI / 2);
    assert.deepEqual(round!.parts[0]!.shape, { kind: 'circle', radius: 5, x: 5, y: 5 });
  });

  it('ignores points and text, and reports empty rectangles', () => {
    const text = tmx(' <objectgroup name="o">\n  <object id="1" x="1" y="1"><point/></object>\n  <object id="2" x="0" y="0" width="10" height="10"><text>hi</text></object>\n  <object id="3" x="5" y="5"/>\n </objectgroup>');
    const scene = readTmxText(text);
    assert.equal(scene.bodies.length, 0);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, d.severity, at(text, d.range)]), [['tiled-empty-shape', 'information', '<object id="3" x="5" y="5"/>']]);
  });

  it('names objects by a unique name, else <layer>#<id>; a tile layer by its name', () => {
    const text = tmx(
      ' <objectgroup name="A">\n  <object id="1" name="Same" x="0" y="0" width="1" height="1"/>\n  <object id="2" name="Same" x="0" y="0" width="1" height="1"/>\n  <object id="3" name="Solo" x="0" y="0" width="1" height="1"/>\n  <object id="4" name="" x="0" y="0" width="1" height="1"/>\n </objectgroup>',
    );
    const scene = readTmxText(text);
    assert.deepEqual(scene.bodies.map((b) => b.name), ['A#1', 'A#2', 'Solo', 'A#4']);
    assert.equal(at(text, scene.bodies[3]!.nameRange), 'object');
  });

  it('applies layer and group offsets to poses and to move edits', () => {
    const text = tmx(' <group name="g" offsetx="100" offsety="10">\n  <objectgroup name="o" offsetx="5" offsety="-2">\n   <object id="1" x="1" y="2" width="4" height="4"/>\n  </objectgroup>\n </group>');
    const b = only(readTmxText(text).bodies);
    assert.equal([b.x, b.y].join(), '106,10');
    assert.deepEqual(b.move!.edit(106, 10), ['1', '2']);
    assert.deepEqual(b.move!.edit(0.1 + 0.2 + 105, 8), ['0.3', '0']);
    // Far away the texts stay numbers (a millionth's rounding would overflow).
    assert.deepEqual(b.move!.edit(-1e308, 1e300).map(Number).map(Number.isFinite), [true, true]);
  });

  it('decides static, sensor, bullet, velocity and spin from the property chain', () => {
    const text = tmx(
      [
        ' <group name="Level">',
        '  <properties><property name="bullet" type="bool" value="true"/></properties>',
        '  <objectgroup name="Collision Walls">',
        '   <object id="1" x="0" y="0" width="1" height="1"/>',
        '   <object id="2" x="0" y="0" width="1" height="1"><properties><property name="static" type="bool" value="false"/><property name="velocity" value="3, -4"/><property name="spin" type="float" value="90"/></properties></object>',
        '  </objectgroup>',
        '  <objectgroup name="Actors">',
        '   <properties><property name="sensor" type="bool" value="true"/></properties>',
        '   <object id="3" x="0" y="0" width="1" height="1"/>',
        '   <object id="4" x="0" y="0" width="1" height="1"><properties><property name="static" type="bool" value="true"/><property name="sensor" type="bool" value="false"/></properties></object>',
        '  </objectgroup>',
        ' </group>',
        ' <objectgroup name="Platforms" visible="0"><object id="5" x="0" y="0" width="1" height="1"/></objectgroup>',
      ].join('\n'),
    );
    const scene = readTmxText(text);
    assert.deepEqual(scene.diagnostics, []);
    const flags = scene.bodies.map((b) => [b.name, b.isStatic, b.sensor, b.bullet, b.vx, b.vy].join(' '));
    assert.deepEqual(flags, ['Collision Walls#1 true false true 0 0', 'Collision Walls#2 false false true 3 -4', 'Actors#3 false true true 0 0', 'Actors#4 true false true 0 0', 'Platforms#5 true false false 0 0']);
    close(scene.bodies[1]!.spin, Math.PI / 2, 'spin');
  });

  it('reports malformed property values once, on the value', () => {
    const text = tmx(
      ' <objectgroup name="o">\n  <properties><property name="velocity" value="fast"/></properties>\n  <object id="1" x="0" y="0" width="1" height="1"/>\n  <object id="2" x="0" y="0" width="1" height="1"><properties><property name="static" value="yes"/></properties></object>\n </objectgroup>',
    );
    const scene = readTmxText(text);
    assert.equal(scene.bodies.length, 2);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [
      ['tiled-bad-property', 'fast'],
      ['tiled-bad-property', 'yes'],
    ]);
  });

  it('reads the map properties dt, slop and frames, and checks them', () => {
    const good = readTmxText(tmx('', '').replace('<map ', '<map ').replace('>\n\n', '>\n <properties><property name="dt" type="float" value="0.02"/><property name="slop" type="float" value="0.5"/><property name="frames" type="int" value="30"/></properties>\n'));
    assert.deepEqual([good.dt, good.slop, good.frames], [0.02, 0.5, 30]);
    const text = tmx(' <properties><property name="dt" type="float" value="-1"/><property name="frames" value="2.5"/></properties>');
    const bad = readTmxText(text);
    assert.deepEqual([bad.dt, bad.frames], [1 / 60, 1]);
    assert.deepEqual(bad.diagnostics.map((d) => at(text, d.range)), ['-1', '2.5']);
    const none = readTmxText(tmx(''));
    assert.deepEqual([none.dt, none.slop, none.frames, none.format], [1 / 60, 0.3, 1, 'tiled']);
  });

  it('places a tile object by its bottom-left origin, scaled to its size, flips applied', () => {
    const tileset = ' <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">\n  <tile id="1"><properties><property name="sensor" type="bool" value="true"/></properties><objectgroup><object id="1" x="2" y="2" width="6" height="8"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <objectgroup name="o">\n  <object id="1" gid="2" x="100" y="200" width="32" height="16"/>\n  <object id="2" gid="${0x80000002}" x="0" y="0" width="16" height="16"/>\n  <object id="3" gid="${0x40000002}" x="0" y="0" width="16" height="16" rotation="90"/>\n  <object id="4" gid="1" x="0" y="0" width="16" height="16"/>\n </objectgroup>`);
    const scene = readTmxText(text);
    const [plain, flippedH, flippedV] = scene.bodies;
    assert.equal(scene.bodies.length, 3);
    assert.equal(plain!.kind, 'tile');
    assert.equal(plain!.sensor, true);
    // The tile's box spans (0, -16)..(32, 0), x scaled by 2: its rectangle 2..8 × 2..10 becomes 4..16 × -14..-6.
    assert.deepEqual(plain!.parts[0]!.shape, { kind: 'box', width: 12, height: 8, x: 10, y: -10, angle: 0 });
    // Mirrored left-right inside the 16 × 16 box: x 2..8 becomes 8..14.
    const h = flippedH!.parts[0]!.shape;
    assert.ok(h.kind === 'box');
    if (h.kind === 'box') assert.deepEqual([h.x, h.y, h.width, h.height], [11, -10, 6, 8]);
    // Mirrored top-bottom: y 2..10 becomes 6..14, that is -10..-2 under the bottom-left origin.
    const v = flippedV!.parts[0]!.shape;
    assert.ok(v.kind === 'box');
    if (v.kind === 'box') assert.deepEqual([v.x, v.y, v.width, v.height], [5, -6, 6, 8]);
    close(flippedV!.angle, Math.PI / 2);
    assert.deepEqual(scene.diagnostics.map((d) => d.code), ['tiled-tile-without-shapes']);
  });

  it('scales the tile offset with a tile object', () => {
    const tileset = ' <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1">\n  <tileoffset x="4" y="-2"/>\n  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>\n </tileset>';
    const text = tmx(`${tileset}\n <objectgroup name="o"><object id="1" gid="1" x="0" y="0" width="32" height="48"/></objectgroup>`);
    // Scaled by (2, 3): the offset becomes (8, -6), the box 32 × 48 from (8, -54).
    assert.deepEqual(readTmxText(text).bodies[0]!.parts[0]!.shape, { kind: 'box', width: 32, height: 48, x: 24, y: -30, angle: 0 });
  });

  it('reads a template object, the instance overriding it', () => {
    const template = '<?xml version="1.0"?>\n<template>\n <object name="Box" width="10" height="6"><properties><property name="static" type="bool" value="true"/></properties></object>\n</template>';
    const text = tmx(' <objectgroup name="o">\n  <object id="1" template="../tpl/box.tx" x="3" y="4"/>\n  <object id="2" template="../tpl/box.tx" name="Wide" x="0" y="0" width="20"/>\n  <object id="3" template="missing.tx" x="0" y="0"/>\n </objectgroup>');
    const scene = readTmxText(text, { '/tpl/box.tx': template });
    // The first instance takes its template's name, the second its own.
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.isStatic, JSON.stringify(b.parts[0]!.shape)]), [
      ['Box', true, JSON.stringify({ kind: 'box', width: 10, height: 6, x: 5, y: 3, angle: 0 })],
      ['Wide', true, JSON.stringify({ kind: 'box', width: 20, height: 6, x: 10, y: 3, angle: 0 })],
    ]);
    assert.deepEqual(scene.dependencies, ['/tpl/box.tx', '/maps/missing.tx']);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [['tiled-missing-file', 'missing.tx']]);
  });

  it('reads JSON templates (.tj) with their own tileset, and reports tile objects of no tileset', () => {
    const tileset = JSON.stringify({ name: 't', tilewidth: 8, tileheight: 8, tilecount: 1, tiles: [{ id: 0, properties: [{ name: 'static', type: 'bool', value: true }], objectgroup: { objects: [{ id: 1, x: 0, y: 0, width: 8, height: 8, ellipse: true }] } }] });
    const template = JSON.stringify({ type: 'template', tileset: { firstgid: 5, source: 'ball.tsj' }, object: { name: 'Ball', gid: 5, width: 16, height: 16 } });
    const text = tmx(' <objectgroup name="o">\n  <object id="1" template="t/ball.tj" x="10" y="20"/>\n  <object id="2" gid="9" x="0" y="0" width="8" height="8"/>\n </objectgroup>');
    const scene = readTmxText(text, { '/maps/t/ball.tj': template, '/maps/t/ball.tsj': tileset });
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.kind, b.isStatic, JSON.stringify(b.parts[0]!.shape)]), [['Ball', 'tile', true, JSON.stringify({ kind: 'circle', radius: 8, x: 8, y: -8 })]]);
    // The name is the template's: the instance's tag is what a finding underlines.
    assert.equal(at(text, scene.bodies[0]!.nameRange), 'object');
    assert.deepEqual(scene.dependencies, ['/maps/t/ball.tj', '/maps/t/ball.tsj']);
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range)]), [['tiled-unknown-gid', '<object id="2" gid="9" x="0" y="0" width="8" height="8"/>']]);
  });

  it('reports the missing tileset of a template on the template reference in the map', () => {
    const template = '<template>\n <tileset firstgid="1" source="gone.tsx"/>\n <object gid="1" width="8" height="8"/>\n</template>';
    const text = tmx(' <objectgroup name="o"><object id="1" template="a.tx" x="0" y="0"/></objectgroup>');
    const scene = readTmxText(text, { '/maps/a.tx': template });
    assert.deepEqual(scene.diagnostics.map((d) => [d.code, at(text, d.range), d.message]), [['tiled-missing-file', 'a.tx', 'Cannot read the tileset `/maps/gone.tsx`.']]);
  });

  it('reads a JSON map the same way', () => {
    const text = JSON.stringify(
      {
        type: 'map',
        orientation: 'orthogonal',
        tilewidth: 16,
        tileheight: 16,
        width: 4,
        height: 4,
        properties: [{ name: 'dt', type: 'float', value: 0.01 }],
        layers: [
          {
            type: 'objectgroup',
            name: 'Ground',
            id: 1,
            offsetx: 2,
            objects: [
              { id: 7, name: 'Floor', x: 0, y: 100, width: 50, height: 10, rotation: 0 },
              { id: 8, name: '', x: 5, y: 5, width: 4, height: 4, ellipse: true },
              { id: 9, name: '', x: 1, y: 1, polygon: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }] },
              { id: 10, name: '', x: 1, y: 1, polyline: [{ x: 0, y: 0 }, { x: 3, y: 0 }] },
              { id: 11, name: '', x: 1, y: 1, width: 8, height: 4, capsule: true },
              { id: 12, name: 'Spawn', x: 1, y: 1, point: true },
            ],
          },
        ],
      },
      null,
      1,
    );
    const scene = readTiled(text);
    assert.deepEqual(scene.diagnostics, []);
    assert.equal(scene.dt, 0.01);
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.kind, b.isStatic, b.x, b.y].join(' ')), ['Floor rectangle true 2 100', 'Ground#8 ellipse true 7 5', 'Ground#9 polygon true 3 1', 'Ground#10 polyline true 3 1', 'Ground#11 capsule true 3 1']);
    const floor = scene.bodies[0]!;
    assert.equal(at(text, floor.nameRange), '"Floor"');
    assert.deepEqual(floor.move!.ranges.map((r) => at(text, r)), ['0', '100']);
    assert.equal(at(text, scene.bodies[1]!.nameRange), '"id": 8');
    assert.equal(at(text, scene.bodies[1]!.parts[0]!.range), '"ellipse": true');
  });
});

function readTiled(text: string) {
  return readTmxText(text, {}, '/maps/level.tmj');
}
