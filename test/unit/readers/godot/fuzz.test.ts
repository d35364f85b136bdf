// The Godot reader never throws and never points outside the text, whatever it is given: random
// token soup, random strings, every truncation of a scene, and random edits of the demo scenes
// and of the sub-scenes they instance.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { TextRange } from '../../../../server/src/common/diagnostic';
import { readGodotScene } from '../../../../server/src/readers/godot/read-godot';
import type { LevelScene, LevelShape } from '../../../../server/src/readers/level-scene';
import { memoryHost } from './host';

const ROOT = resolve(__dirname, '../../../fixtures/levels/godot');

function fixture(relative: string): string {
  return readFileSync(join(ROOT, relative), 'utf8');
}

function inside(range: TextRange, text: string, what: string): void {
  assert.ok(range.start >= 0 && range.start <= range.end && range.end <= text.length, `${what} range ${range.start}..${range.end} outside 0..${text.length}`);
}

function shapeNumbers(shape: LevelShape): number[] {
  switch (shape.kind) {
    case 'circle': return [shape.radius, shape.x, shape.y];
    case 'box': return [shape.width, shape.height, shape.x, shape.y, shape.angle];
    case 'capsule': return [shape.length, shape.radius, shape.x, shape.y, shape.angle];
    case 'polygon': return [...shape.points];
    case 'segment': return [shape.ax, shape.ay, shape.bx, shape.by];
  }
}

function check(scene: LevelScene, text: string): void {
  assert.ok(Number.isFinite(scene.dt) && scene.dt > 0);
  assert.ok(Number.isFinite(scene.slop) && scene.slop >= 0);
  assert.ok(Number.isInteger(scene.frames) && scene.frames >= 1);
  for (const d of scene.diagnostics) {
    inside(d.range, text, `diagnostic ${d.code}`);
    assert.match(d.code, /^godot-[a-z]+(-[a-z]+)*$/);
  }
  for (const b of scene.bodies) {
    inside(b.range, text, 'body');
    inside(b.nameRange, text, 'body name');
    for (const v of [b.x, b.y, b.angle, b.vx, b.vy, b.spin]) assert.ok(Number.isFinite(v), `${b.name}: ${v}`);
    assert.ok(b.parts.length > 0);
    for (const p of b.parts) {
      inside(p.range, text, 'part');
      for (const v of shapeNumbers(p.shape)) assert.ok(Number.isFinite(v), `${b.name} part: ${v}`);
    }
    if (b.move !== undefined) {
      for (const r of b.move.ranges) inside(r, text, 'move');
      assert.match(b.move.edit(b.x + 1, b.y - 1)[0]!, /^Vector2\(-?[\d.e+-]+, -?[\d.e+-]+\)$/);
    }
  }
}

function readAndCheck(text: string, path = '/game/main.tscn', files: Record<string, string> = {}): LevelScene {
  const scene = readGodotScene(text, path, memoryHost({ ...files, [path]: text }));
  check(scene, text);
  return scene;
}

const ALPHABET = [
  '[gd_scene format=3]', '[node name="A" type="StaticBody2D"]', '[node name="B" type="RigidBody2D" parent="."]',
  '[node name="S" type="CollisionShape2D" parent="B"]', '[node name="P" type="CollisionPolygon2D" parent="."]',
  '[sub_resource type="CircleShape2D" id="1"]', '[sub_resource type="CapsuleShape2D" id="2"]', '[ext_resource type="PackedScene" path="res://main.tscn" id="3"]',
  '[node name="I" parent="." instance=ExtResource("3")]', 'shape = SubResource("1")', 'shape = SubResource("2")', 'shape = ExtResource("3")',
  'position = Vector2(1e308, -1e308)', 'scale = Vector2(0, 2)', 'skew = 0.5', 'rotation = nan', 'rotation = inf', 'radius = -3',
  'polygon = PackedVector2Array(0, 0, 1, 0, 0, 1)', 'build_mode = 1', 'transform = Transform2D(1, 0, 0, 1, 0, 0)', 'disabled = true',
  'metadata/collide_slop = 2', 'collision_layer = 4294967296', '[', ']', '(', ')', '{', '}', '"', '\\', '=', ',', ':', '&"x"',
  '\n', '\r\n', ' ', ';', 'é', '🚗', '\uD800', '\u0000', 'parent="A/B"', 'top_level = true',
  '[node name="T" type="TileMapLayer" parent="."]', '[node name="M" type="TileMap" parent="."]', '[sub_resource type="TileSet" id="ts"]',
  '[sub_resource type="TileSetAtlasSource" id="as"]', '[sub_resource type="TileSetScenesCollectionSource" id="sc"]', 'tile_set = SubResource("ts")',
  'sources/0 = SubResource("as")', 'sources/1 = SubResource("sc")', 'scenes/1/scene = ExtResource("3")', 'physics_layer_0/collision_layer = 3', 'physics_layer_1/collision_mask = -1',
  '0:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-8, -8, 8, -8, 8, 8)', '0:0/0/physics_layer_1/polygon_2/one_way = true', '0:0/0 = 0',
  'tile_map_data = PackedByteArray("AAAAAAAAAAAAAAAAAAA=")', 'tile_map_data = PackedByteArray(0, 0, 1, 0)', 'tile_map_data = PackedByteArray("////")',
  'layer_0/tile_data = PackedInt32Array(0, 0, 0, -1, 65536, 4096)', 'layer_7/tile_data = PackedInt32Array(1)', 'format = 2', 'format = 1', 'tile_shape = 3',
  'tile_size = Vector2i(2147483647, 1)', 'collision_enabled = false', 'layer_0/enabled = false',
];

/** A scene with one tile map of random cells over a tile set of random polygons, under a random transform. */
function tileScene(o: { layer: boolean; cells: number[][]; polygons: number[][]; bits: number[]; tileSize: [number, number]; x: number; rotation: number; scale: number }): string {
  const atlas = o.polygons.map((p, i) => `${i}:0/0 = 0\n${i}:0/0/physics_layer_${i % 2}/polygon_0/points = PackedVector2Array(${p.join(', ')})\n`).join('');
  const cells = o.cells.map((c, i) => [c[0]!, c[1]!, c[2]! % 3, c[3]! % Math.max(1, o.polygons.length + 1), 0, o.bits[i % o.bits.length]!]);
  let data: string;
  if (o.layer) {
    const b = Buffer.alloc(2 + 12 * cells.length);
    cells.forEach((c, i) => {
      b.writeInt16LE(c[0]!, 2 + 12 * i);
      b.writeInt16LE(c[1]!, 4 + 12 * i);
      for (let k = 2; k < 6; k++) b.writeUInt16LE(c[k]! & 0xffff, 2 + 12 * i + 2 * k);
    });
    data = `tile_map_data = PackedByteArray("${b.toString('base64')}")`;
  } else {
    data = `format = 2\nlayer_0/tile_data = PackedInt32Array(${cells.flatMap((c) => [(c[1]! << 16) | (c[0]! & 0xffff), (c[3]! << 16) | c[2]!, (c[5]! << 16) | c[4]!]).join(', ')})`;
  }
  return `[gd_scene format=4]

[sub_resource type="TileSetAtlasSource" id="as"]
${atlas}
[sub_resource type="TileSet" id="ts"]
tile_size = Vector2i(${o.tileSize[0]}, ${o.tileSize[1]})
physics_layer_0/collision_layer = 1
physics_layer_1/collision_layer = 2
sources/0 = SubResource("as")
sources/1 = SubResource("missing")

[node name="Root" type="Node2D"]
position = Vector2(${o.x}, 0)
rotation = ${o.rotation}
scale = Vector2(${o.scale}, ${o.scale})

[node name="T" type="${o.layer ? 'TileMapLayer' : 'TileMap'}" parent="."]
tile_set = SubResource("ts")
${data}
`;
}

describe('readers/godot fuzz', () => {
  it('never throws on random tile maps, and ranges every part on its cell inside the data', () => {
    const coordinate = fc.integer({ min: -32768, max: 32767 });
    const finite = fc.double({ min: -1e300, max: 1e300, noNaN: true });
    let placed = 0;
    fc.assert(
      fc.property(
        fc.record({
          layer: fc.boolean(),
          cells: fc.array(fc.tuple(coordinate, coordinate, fc.nat(), fc.nat()), { maxLength: 40 }),
          polygons: fc.array(
            fc.oneof(
              { arbitrary: fc.array(fc.tuple(fc.integer({ min: -64, max: 64 }), fc.integer({ min: -64, max: 64 })), { minLength: 3, maxLength: 6 }).map((p) => p.flat()), weight: 3 },
              { arbitrary: fc.array(fc.oneof(fc.integer({ min: -64, max: 64 }), finite), { maxLength: 10 }), weight: 1 },
            ),
            { maxLength: 4 },
          ),
          // Transform bits over alternative 0 mostly, now and then any alternative.
          bits: fc.array(fc.oneof({ arbitrary: fc.integer({ min: 0, max: 7 }).map((b) => b << 12), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 0xffff }), weight: 1 }), { minLength: 1, maxLength: 4 }),
          tileSize: fc.tuple(fc.integer({ min: -2, max: 2 ** 31 }), fc.integer({ min: 1, max: 64 })),
          x: finite,
          rotation: fc.double({ min: -10, max: 10, noNaN: true }),
          scale: fc.oneof(fc.constant(1), fc.constant(0), fc.double({ min: -1e200, max: 1e200, noNaN: true })),
        }),
        (o) => {
          const text = tileScene(o);
          const scene = readAndCheck(text);
          const data = text.indexOf(o.layer ? 'tile_map_data' : 'layer_0/tile_data');
          for (const b of scene.bodies) {
            assert.ok(b.isStatic && b.name.startsWith('T'));
            for (const p of b.parts) assert.ok(p.range.start > data && p.cell !== undefined && p.label === `cell (${p.cell[0]}, ${p.cell[1]})`);
          }
          const parts = scene.bodies.reduce((n, b) => n + b.parts.length, 0);
          assert.ok(parts <= o.cells.length);
          placed += parts;
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(placed > 0);
  });

  it('never throws on random token soup', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 60 }), (parts) => void readAndCheck(parts.join('\n'))), { numRuns: 800 });
  });

  it('never throws on random strings, including NUL bytes and lone surrogates', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => void readAndCheck(text)), { numRuns: 800 });
  });

  it('never throws on any truncation of a real scene', () => {
    const text = fixture('pong/pong.tscn');
    let bodies = 0;
    for (let i = 0; i <= text.length; i += 3) bodies += readAndCheck(text.slice(0, i), '/game/pong.tscn').bodies.length;
    assert.ok(bodies > 0);
  });

  it('never throws on random edits of the demo scenes and their sub-scenes', () => {
    const base = '/p';
    const stage = fixture('physics_platformer/stage.tscn');
    const subs = ['project.godot', 'tileset.tres', 'coin/coin.tscn', 'enemy/enemy.tscn', 'player/player.tscn', 'background/seesaw.tscn', 'platform/moving_platform.tscn'];
    const world = fixture('kinematic_character/world.tscn');
    const stage42 = fixture('physics_platformer_4.2/stage.tscn');
    const edit = fc.record({
      at: fc.nat(),
      cut: fc.nat({ max: 40 }),
      insert: fc.oneof(fc.constantFrom(...ALPHABET), fc.string({ maxLength: 8 })),
    });
    const apply = (text: string, edits: readonly { at: number; cut: number; insert: string }[]): string => {
      let t = text;
      for (const e of edits) {
        const at = e.at % (t.length + 1);
        t = t.slice(0, at) + e.insert + t.slice(at + e.cut);
      }
      return t;
    };
    const bodies = [0, 0, 0];
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), fc.array(edit, { maxLength: 4 }), fc.nat({ max: subs.length - 1 }), (edits, subEdits, which) => {
        const files: Record<string, string> = {};
        for (const s of subs) files[`${base}/${s}`] = fixture(`physics_platformer/${s}`);
        files[`${base}/${subs[which]!}`] = apply(files[`${base}/${subs[which]!}`]!, subEdits);
        bodies[0]! += readAndCheck(apply(stage, edits), `${base}/stage.tscn`, files).bodies.length;
        bodies[1]! += readAndCheck(apply(world, edits), '/k/world.tscn').bodies.length;
        const old: Record<string, string> = { [`${base}/tileset.tres`]: apply(fixture('physics_platformer_4.2/tileset.tres'), subEdits) };
        bodies[2]! += readAndCheck(apply(stage42, edits), `${base}/stage.tscn`, old).bodies.length;
      }),
      { numRuns: 150 },
    );
    // The checks ran on bodies of each scene, not only on texts the edits broke.
    assert.ok(bodies.every((n) => n > 0), `bodies read: ${bodies}`);
  });
});
