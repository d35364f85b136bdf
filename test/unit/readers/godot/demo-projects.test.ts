// Real scenes from Godot's demo projects (test/fixtures/levels/godot/SOURCE.md), read from disk
// with their project.godot and sub-scenes, and checked against counts made another way: regular
// expressions over the files, or a hand count written here.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readGodotScene } from '../../../../server/src/readers/godot/read-godot';
import type { LevelBody, LevelScene } from '../../../../server/src/readers/level-scene';
import { diskHost } from './host';

const ROOT = resolve(__dirname, '../../../fixtures/levels/godot');

function file(relative: string): string {
  return readFileSync(join(ROOT, relative), 'utf8');
}

function read(relative: string): { scene: LevelScene; text: string } {
  const text = file(relative);
  return { scene: readGodotScene(text, join(ROOT, relative).replace(/\\/g, '/'), diskHost), text };
}

function count(text: string, pattern: RegExp): number {
  return (text.match(new RegExp(pattern.source, 'g')) ?? []).length;
}

function body(scene: LevelScene, name: string): LevelBody {
  const b = scene.bodies.find((x) => x.name === name);
  assert.ok(b !== undefined, `no body ${name}`);
  return b;
}

function near(a: number, b: number, eps = 1e-6): void {
  assert.ok(Math.abs(a - b) <= eps, `${a} vs ${b}`);
}

interface Cell {
  x: number;
  y: number;
  source: number;
  ax: number;
  ay: number;
  alt: number;
}

/** The cells of the scene's `which`-th `tile_map_data`, decoded with Node's base64 and a DataView. */
function layerCells(text: string, which = 0): Cell[] {
  const b64 = [...text.matchAll(/tile_map_data = PackedByteArray\("([^"]*)"\)/g)][which]![1]!;
  const bytes = Buffer.from(b64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.equal(view.getUint16(0, true), 0);
  assert.equal((bytes.length - 2) % 12, 0);
  const cells: Cell[] = [];
  for (let o = 2; o < bytes.length; o += 12) {
    cells.push({ x: view.getInt16(o, true), y: view.getInt16(o + 2, true), source: view.getUint16(o + 4, true), ax: view.getUint16(o + 6, true), ay: view.getUint16(o + 8, true), alt: view.getUint16(o + 10, true) });
  }
  return cells;
}

/** `source:x:y:alternative` of every tile a TileSet .tres gives a collision polygon. */
function polygonTiles(tres: string): Set<string> {
  const sections = new Map<string, string>();
  for (const m of tres.matchAll(/\[sub_resource type="TileSetAtlasSource" id="([^"]+)"\]\n([\s\S]*?)(?=\n\[|$)/g)) sections.set(m[1]!, m[2]!);
  const out = new Set<string>();
  for (const m of tres.matchAll(/^sources\/(\d+) = SubResource\("([^"]+)"\)$/gm)) {
    for (const t of sections.get(m[2]!)!.matchAll(/^(\d+):(\d+)\/(\d+)\/physics_layer_0\/polygon_\d+\/points/gm)) out.add(`${m[1]}:${t[1]}:${t[2]}:${t[3]}`);
  }
  return out;
}

function partCount(scene: LevelScene): number {
  return scene.bodies.reduce((n, b) => n + b.parts.length, 0);
}

describe('readers/godot on Godot demo projects', () => {
  it('pong: seven Area2D sensors with one box each', () => {
    const { scene, text } = read('pong/pong.tscn');
    const areas = count(text, /type="Area2D"/);
    assert.equal(areas, 7);
    assert.equal(scene.bodies.length, areas);
    assert.equal(partCount(scene), count(text, /type="CollisionShape2D"/));
    assert.ok(scene.bodies.every((b) => b.sensor && b.kind === 'Area2D'));
    assert.deepEqual(scene.diagnostics, []);
    assert.equal(scene.dt, 1 / 60);
    const floor = body(scene, 'Floor');
    assert.deepEqual([floor.x, floor.y], [320, 410]);
    assert.deepEqual(floor.parts[0]!.shape, { kind: 'box', width: 640, height: 20, x: 0, y: 0, angle: 0 });
    assert.equal(text.slice(floor.nameRange.start, floor.nameRange.end), '"Floor"');
    // The same scene saved with Windows line ends reads the same.
    const crlf = text.replace(/\n/g, '\r\n');
    const again = readGodotScene(crlf, join(ROOT, 'pong/pong.tscn').replace(/\\/g, '/'), diskHost);
    assert.deepEqual(again.diagnostics, []);
    assert.deepEqual(again.bodies.map((b) => [b.name, b.x, b.y, b.parts.length]), scene.bodies.map((b) => [b.name, b.x, b.y, b.parts.length]));
    const f2 = body(again, 'Floor');
    assert.equal(crlf.slice(f2.move!.ranges[0]!.start, f2.move!.ranges[0]!.end), 'Vector2(320, 410)');
  });

  it('instancing: a static polygon and ten instanced balls, at 120 ticks per second', () => {
    const { scene, text } = read('instancing/scene_instancing.tscn');
    const balls = count(text, /instance=ExtResource\("2"\)/);
    assert.equal(balls, 10);
    assert.equal(scene.bodies.length, balls + count(text, /type="StaticBody2D"/));
    assert.equal(partCount(scene), 11);
    assert.equal(scene.dt, 1 / 120);
    const wall = body(scene, 'Static');
    assert.equal(wall.parts[0]!.shape.kind, 'polygon');
    assert.equal(wall.parts[0]!.shape.kind === 'polygon' && wall.parts[0]!.shape.points.length, 26);
    const ball = body(scene, 'Ball1');
    assert.deepEqual([ball.x, ball.y, ball.isStatic], [407.823, 193.773, false]);
    assert.deepEqual(ball.parts[0]!.shape, { kind: 'circle', radius: 30, x: 0, y: 0 });
    assert.ok(text.slice(ball.range.start, ball.range.end).startsWith('[node name="Ball1"'));
    assert.ok(scene.dependencies.some((d) => d.endsWith('/instancing/ball.tscn')));
    assert.deepEqual(scene.diagnostics, []);
  });

  it('kinematic_character: ten bodies of the world, the instanced player and the tile layer', () => {
    const { scene, text } = read('kinematic_character/world.tscn');
    const inWorld = count(text, /type="(StaticBody2D|CharacterBody2D|Area2D|RigidBody2D)"/);
    assert.equal(inWorld, 10);
    assert.equal(scene.bodies.length, inWorld + 1 + 1);
    assert.equal(partCount(scene), count(text, /type="CollisionShape2D"/) + 1 + layerCells(text).length);
    assert.equal(scene.dt, 1 / 120);
    // Circle: rotated -0.0790058, its Box child at (-0.440125, -37.0904) in the body's frame.
    const circle = body(scene, 'Circle');
    near(circle.angle, -0.0790058, 1e-12);
    assert.deepEqual(circle.parts.map((p) => p.label), ['CollisionShape2D', 'Box']);
    const box = circle.parts[1]!.shape;
    assert.ok(box.kind === 'box');
    near(box.x, -0.440125);
    near(box.y, -37.0904);
    const platform = body(scene, 'Platform');
    assert.deepEqual([platform.x, platform.y, platform.angle, platform.isStatic], [257, 393, -0.428054, true]);
    const player = body(scene, 'Player');
    assert.deepEqual([player.kind, player.x, player.y], ['CharacterBody2D', 233.06, 223.436]);
    // One-way shapes are checked two-way, and say so.
    const oneWay = count(text, /one_way_collision = true/);
    assert.equal(oneWay, 4);
    assert.deepEqual(scene.diagnostics.map((d) => d.code).sort(), Array<string>(oneWay).fill('godot-one-way'));
  });

  it('kinematic_character: the tile layer is one static body, a 16-pixel square a cell', () => {
    const { scene, text } = read('kinematic_character/world.tscn');
    const cells = layerCells(text);
    // Every cell names the tile set's only tile, 0:0 of source 0, which has one square polygon.
    assert.equal(cells.length, 288);
    assert.ok(cells.every((c) => c.source === 0 && c.ax === 0 && c.ay === 0 && c.alt === 0));
    const tiles = body(scene, 'TileMapLayer');
    assert.deepEqual([tiles.kind, tiles.isStatic, tiles.x, tiles.y, tiles.layers], ['TileMapLayer', true, 0, 0, { layer: 1, mask: 1 }]);
    assert.equal(tiles.parts.length, cells.length);
    assert.deepEqual(tiles.parts.map((p) => p.cell), cells.map((c) => [c.x, c.y]));
    // Hand-checked overlap: MovingPlatform2, a 16-pixel box at (88.3493, 296), spans x 80.3493 to
    // 96.3493 and y 288 to 304; the cell (6, 18) spans x 96 to 112, y 288 to 304. They overlap by
    // 0.3493 px along x at spawn, more than Godot's 0.3 px of allowed penetration.
    const platform = body(scene, 'MovingPlatform2');
    assert.deepEqual([platform.x, platform.y, platform.parts[0]!.shape], [88.3493, 296, { kind: 'box', width: 16, height: 16, x: 0, y: 0, angle: 0 }]);
    const cell = tiles.parts.find((p) => p.cell?.[0] === 6 && p.cell[1] === 18);
    assert.ok(cell !== undefined);
    assert.deepEqual(cell.shape, { kind: 'polygon', points: [96, 288, 112, 288, 112, 304, 96, 304] });
    near(platform.x + 8 - 96, 0.3493);
  });

  it('dynamic_tilemap_layers: two layers of one tile set, the secret one covered by its detector', () => {
    const { scene, text } = read('dynamic_tilemap_layers/world.tscn');
    const ground = layerCells(text, 0);
    const secret = layerCells(text, 1);
    assert.deepEqual([ground.length, secret.length], [268, 21]);
    assert.deepEqual(scene.bodies.map((b) => [b.name, b.kind, b.parts.length]), [
      ['Ground', 'TileMapLayer', ground.length],
      ['Secret', 'TileMapLayer', secret.length],
      ['Player', 'CharacterBody2D', 1],
      ['SecretDetector', 'Area2D', 1],
    ]);
    assert.deepEqual(scene.diagnostics, []);
    // The secret passage fills a hole of the ground: no cell is in both layers.
    const groundCells = new Set(ground.map((c) => `${c.x},${c.y}`));
    assert.ok(secret.every((c) => !groundCells.has(`${c.x},${c.y}`)));
    // Hand-checked: the detector, a 112 × 48 box at (280, 440), spans x 224 to 336 and y 416 to
    // 464, exactly the secret cells (14 to 20, 26 to 28) of 16 pixels.
    const detector = body(scene, 'SecretDetector');
    assert.deepEqual([detector.x, detector.y, detector.parts[0]!.shape], [280, 440, { kind: 'box', width: 112, height: 48, x: 0, y: 0, angle: 0 }]);
    const xs = secret.map((c) => c.x);
    const ys = secret.map((c) => c.y);
    assert.deepEqual([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)], [14, 20, 26, 28]);
    const points = body(scene, 'Secret').parts.flatMap((p) => (p.shape.kind === 'polygon' ? p.shape.points : []));
    const px = points.filter((_, i) => i % 2 === 0);
    const py = points.filter((_, i) => i % 2 === 1);
    assert.deepEqual([Math.min(...px), Math.max(...px), Math.min(...py), Math.max(...py)], [224, 336, 416, 464]);
  });

  it('physics_platformer 4.2 and 4.6: a TileMap and its TileMapLayer give the same 931 tile polygons', () => {
    const now = read('physics_platformer/stage.tscn');
    const then = read('physics_platformer_4.2/stage.tscn');
    const tiles = body(now.scene, 'TileMapLayer');
    const map = body(then.scene, 'TileMap');
    // Independent count: cells decoded with a DataView, kept when tileset.tres gives their tile
    // (source, atlas coordinates, alternative) a polygon.
    const cells = layerCells(now.text);
    const withPolygon = polygonTiles(file('physics_platformer/tileset.tres'));
    const colliding = cells.filter((c) => withPolygon.has(`${c.source}:${c.ax}:${c.ay}:${c.alt & 0xfff}`));
    assert.equal(cells.length, 1007);
    assert.equal(colliding.length, 931);
    assert.equal(tiles.parts.length, colliding.length);
    // Godot 4.2's TileMap: three int32s a cell.
    assert.equal(count(then.text, /layer_0\/tile_data = PackedInt32Array\(/), 1);
    const numbers = /layer_0\/tile_data = PackedInt32Array\(([^)]*)\)/.exec(then.text)![1]!.split(',').length;
    assert.equal(numbers / 3, cells.length);
    assert.equal(map.parts.length, 931);
    const key = (b: LevelBody): string[] => b.parts.map((p) => JSON.stringify([p.cell, p.shape])).sort();
    assert.deepEqual([map.x, map.y], [tiles.x, tiles.y]);
    assert.deepEqual(key(map), key(tiles));
    assert.deepEqual(then.scene.diagnostics.map((d) => d.code).sort(), ['godot-one-way', 'godot-unsupported-shape']);
    // Cell (12, 17), at x 386 to 414 once the layer's position (2, 0) is added, reaches 3.26848 px
    // into the one-way platform's box (x from 465 + 0.73152 - 55 = 410.73152): two static bodies.
    const cell = tiles.parts.find((p) => p.cell?.[0] === 12 && p.cell[1] === 17)!;
    assert.deepEqual(cell.shape, { kind: 'polygon', points: [384, 576, 384, 544, 412, 544, 412, 576] });
    const platform = body(now.scene, 'Props/OneWayPlatform');
    const box = platform.parts[0]!.shape;
    assert.ok(box.kind === 'box');
    near(tiles.x + 412 - (platform.x + box.x - box.width / 2), 3.26848);
  });

  it('physics_tests bodies_in_bucket: world boundaries and a zero box reported, the bucket read', () => {
    const { scene, text } = read('physics_tests/tests/functional/solver/bodies_in_bucket.tscn');
    assert.equal(count(text, /type="StaticBody2D"/), 5);
    assert.deepEqual(scene.bodies.map((b) => b.name), ['Bucket/StaticBody2D']);
    const bucket = scene.bodies[0]!;
    assert.equal(bucket.parts.length, 3);
    const left = bucket.parts[1]!.shape;
    assert.ok(left.kind === 'box');
    near(left.x, 289.99997);
    near(left.y, 353.99997);
    near(left.angle, -1.8325957);
    near(left.width, 500);
    const codes = scene.diagnostics.map((d) => d.code).sort();
    assert.deepEqual(codes, [
      'godot-body-without-shape', 'godot-body-without-shape', 'godot-body-without-shape', 'godot-body-without-shape',
      'godot-empty-shape', 'godot-unsupported-shape', 'godot-unsupported-shape', 'godot-unsupported-shape',
    ]);
  });

  it('physics_platformer: sixty bodies from nested instances, named by their paths', () => {
    const { scene, text } = read('physics_platformer/stage.tscn');
    const coins = count(text, /instance=ExtResource\("2"\)/);
    const enemies = count(text, /instance=ExtResource\("7"\)/);
    const platforms = count(text, /instance=ExtResource\("3"\)/);
    assert.deepEqual([coins, enemies, platforms], [42, 11, 3]);
    // Hand count: a coin, an enemy and a platform are one body each; the seesaw is two
    // (Plank, Pillar); one one-way platform; the player; the tile layer.
    assert.equal(scene.bodies.length, coins + enemies + platforms + 2 + 1 + 1 + 1);
    // Parts: enemies have three circles; the player's SeparationRayShape2D is left out.
    assert.equal(partCount(scene), coins + 3 * enemies + platforms + 2 + 1 + 1 + body(scene, 'TileMapLayer').parts.length);
    assert.equal(body(scene, 'Coins/Coin').kind, 'Area2D');
    // The seesaw instance sits at (1201.4, 424.76) under Props; its Plank and Pillar at its origin,
    // the Pillar's box 12.5 below it: the plank (half height 4) and the pillar (from -1 to 26)
    // overlap by 5 at spawn, held together by their PinJoint2D.
    const plank = body(scene, 'Props/Seesaw/Plank');
    const pillar = body(scene, 'Props/Seesaw/Pillar');
    assert.deepEqual([plank.x, plank.y, pillar.x, pillar.y], [1201.4, 424.76, 1201.4, 424.76]);
    assert.deepEqual(pillar.parts[0]!.shape, { kind: 'box', width: 16, height: 27, x: 0, y: 12.5, angle: 0 });
    assert.deepEqual(plank.parts[0]!.shape, { kind: 'box', width: 128, height: 8, x: 0, y: 0, angle: 0 });
    assert.equal(plank.move, undefined);
    assert.ok(text.slice(plank.nameRange.start, plank.nameRange.end) === '"Seesaw"');
    assert.equal(body(scene, 'Enemies/Enemy1').parts.length, 3);
    assert.ok(scene.bodies.every((b) => [b.x, b.y, b.angle].every(Number.isFinite)));
    assert.deepEqual(scene.diagnostics.map((d) => d.code).sort(), ['godot-one-way', 'godot-unsupported-shape']);
  });
});
