import { strict as assert } from 'node:assert';
import { readGodotScene } from '../../../../server/src/readers/godot/read-godot';
import type { LevelBody, LevelScene } from '../../../../server/src/readers/level-scene';
import { memoryHost } from './host';

type Cell = [x: number, y: number, source: number, ax: number, ay: number, alt: number];

const FLIP_H = 1 << 12;
const FLIP_V = 1 << 13;
const TRANSPOSE = 1 << 14;

function layerData(cells: readonly Cell[]): string {
  const b = Buffer.alloc(2 + 12 * cells.length);
  cells.forEach((c, i) => {
    b.writeInt16LE(c[0], 2 + 12 * i);
    b.writeInt16LE(c[1], 4 + 12 * i);
    for (let k = 2; k < 6; k++) b.writeUInt16LE(c[k]!, 2 + 12 * i + 2 * k);
  });
  return `PackedByteArray("${b.toString('base64')}")`;
}

function mapData(cells: readonly Cell[]): string {
  return `PackedInt32Array(${cells.flatMap((c) => [(c[1] << 16) | (c[0] & 0xffff), (c[3] << 16) | c[2], (c[5] << 16) | c[4]]).join(', ')})`;
}

// Source 3: tile 1:0 a full 32-pixel square, tile 2:0 a triangle, tile 4:0 two polygons (the
// second one-way); tile 1:0's alternative 1 a half-height box on physics layer 1.
const ATLAS = `[sub_resource type="TileSetAtlasSource" id="atlas"]
texture_region_size = Vector2i(32, 32)
1:0/0 = 0
1:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-16, -16, 16, -16, 16, 16, -16, 16)
1:0/1 = 1
1:0/1/flip_h = true
1:0/1/physics_layer_1/polygon_0/points = PackedVector2Array(-16, 0, 16, 0, 16, 16, -16, 16)
2:0/0 = 0
2:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-16, -16, 16, 16, -16, 16)
4:0/0 = 0
4:0/0/physics_layer_0/polygon_1/points = PackedVector2Array(0, 0, 8, 0, 8, 8)
4:0/0/physics_layer_0/polygon_1/one_way = true
4:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-8, -8, 0, -8, 0, 0)
5:0/0 = 0
5:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(0, 0, 1, 1)

`;

const TILE_SET = `[sub_resource type="TileSet" id="set"]
tile_size = Vector2i(32, 32)
physics_layer_0/collision_layer = 2
physics_layer_0/collision_mask = 5
physics_layer_1/collision_layer = 8
sources/3 = SubResource("atlas")

`;

function scene(nodes: string, resources = ATLAS + TILE_SET): string {
  return `[gd_scene format=4]\n\n${resources}[node name="Level" type="Node2D"]\n\n${nodes}`;
}

function read(text: string, files: Record<string, string> = {}, path = '/game/main.tscn'): LevelScene {
  return readGodotScene(text, path, memoryHost({ ...files, [path]: text }));
}

function body(s: LevelScene, name: string): LevelBody {
  const b = s.bodies.find((x) => x.name === name);
  assert.ok(b !== undefined, `no body ${name} in ${s.bodies.map((x) => x.name)}`);
  return b;
}

function points(b: LevelBody, k: number): readonly number[] {
  const shape = b.parts[k]!.shape;
  assert.equal(shape.kind, 'polygon');
  return shape.kind === 'polygon' ? shape.points : [];
}

function codes(s: LevelScene): string[] {
  return s.diagnostics.map((d) => d.code);
}

describe('readers/godot/tile-maps', () => {
  it('makes a TileMapLayer one static body, each cell a part at its center, named by the node path', () => {
    const data = layerData([[0, 0, 3, 1, 0, 0], [-1, 2, 3, 2, 0, 0]]);
    const text = scene(`[node name="Ground" type="TileMapLayer" parent="."]\nposition = Vector2(100, 50)\ntile_map_data = ${data}\ntile_set = SubResource("set")\n`);
    const s = read(text);
    assert.deepEqual(codes(s), []);
    assert.equal(s.bodies.length, 1);
    const ground = body(s, 'Ground');
    assert.deepEqual([ground.kind, ground.isStatic, ground.sensor, ground.x, ground.y, ground.angle, ground.move], ['TileMapLayer', true, false, 100, 50, 0, undefined]);
    assert.deepEqual(ground.layers, { layer: 2, mask: 5 });
    assert.deepEqual(ground.parts.map((p) => [p.label, p.cell]), [['cell (0, 0)', [0, 0]], ['cell (-1, 2)', [-1, 2]]]);
    assert.deepEqual(points(ground, 0), [0, 0, 32, 0, 32, 32, 0, 32]);
    // Cell (-1, 2): center (-16, 80).
    assert.deepEqual(points(ground, 1), [-32, 64, 0, 96, -32, 96]);
    assert.equal(text.slice(ground.nameRange.start, ground.nameRange.end), '"Ground"');
    // Each part's range lies on its cell's characters inside the value.
    const value = text.indexOf(data);
    for (const p of ground.parts) assert.ok(p.range.start > value && p.range.end < value + data.length && p.range.end > p.range.start);
    assert.ok(ground.parts[0]!.range.start < ground.parts[1]!.range.start);
  });

  it('applies a cell transpose first, then its flips, as TileData::get_transformed_vertices does', () => {
    const triangle = [-16, -16, 16, 16, -16, 16];
    const expect = (bits: number): number[] => {
      const out: number[] = [];
      for (let j = 0; j < triangle.length; j += 2) {
        let [u, v] = bits & TRANSPOSE ? [triangle[j + 1]!, triangle[j]!] : [triangle[j]!, triangle[j + 1]!];
        if (bits & FLIP_H) u = -u;
        if (bits & FLIP_V) v = -v;
        out.push(16 + u, 16 + v);
      }
      return out;
    };
    // By hand for transpose + flip h: (x, y) -> (-y, x).
    assert.deepEqual(expect(TRANSPOSE | FLIP_H), [32, 0, 0, 32, 0, 0]);
    for (const bits of [0, FLIP_H, FLIP_V, FLIP_H | FLIP_V, TRANSPOSE, TRANSPOSE | FLIP_H, TRANSPOSE | FLIP_V, TRANSPOSE | FLIP_H | FLIP_V]) {
      const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[0, 0, 3, 2, 0, bits]])}\ntile_set = SubResource("set")\n`));
      assert.deepEqual(codes(s), []);
      assert.deepEqual(points(body(s, 'T'), 0), expect(bits), `bits ${bits}`);
    }
  });

  it("uses an alternative tile's own polygons as written, not flipped again by its flip_h", () => {
    const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[1, 1, 3, 1, 0, 1]])}\ntile_set = SubResource("set")\n`));
    const t = body(s, 'T');
    assert.deepEqual(t.layers, { layer: 8, mask: 1 });
    assert.deepEqual(points(t, 0), [32, 48, 64, 48, 64, 64, 32, 64]);
  });

  it('names a body per physics layer, and a polygon of a cell with several by its index; one-way said once', () => {
    const cells: Cell[] = [[0, 0, 3, 1, 0, 0], [1, 0, 3, 1, 0, 1], [2, 0, 3, 4, 0, 0]];
    const s = read(scene(`[node name="Walls" type="Node2D" parent="."]\n[node name="Tiles" type="TileMapLayer" parent="Walls"]\ntile_map_data = ${layerData(cells)}\ntile_set = SubResource("set")\n`));
    assert.deepEqual(s.bodies.map((b) => [b.name, b.parts.length, b.layers?.layer]), [
      ['Walls/Tiles/physics layer 0', 3, 2],
      ['Walls/Tiles/physics layer 1', 1, 8],
    ]);
    assert.deepEqual(body(s, 'Walls/Tiles/physics layer 0').parts.map((p) => p.label), ['cell (0, 0)', 'cell (2, 0)[0]', 'cell (2, 0)[1]']);
    assert.deepEqual(points(body(s, 'Walls/Tiles/physics layer 0'), 1), [72, 8, 80, 8, 80, 16]);
    assert.deepEqual(codes(s), ['godot-one-way']);
    assert.match(s.diagnostics[0]!.message, /^1 tile polygon\(s\) of 'Walls\/Tiles' collide one way/);
  });

  it('reads a TileMap of Godot 4.0–4.2, a body per layer with collision, disabled layers left out', () => {
    const nodes = (enabled: boolean): string => `[node name="Map" type="TileMap" parent="."]
position = Vector2(0, 10)
tile_set = SubResource("set")
format = 2
layer_0/name = "Back"
layer_0/tile_data = ${mapData([[0, 0, 3, 1, 0, 0], [3, -1, 3, 2, 0, FLIP_V]])}
layer_1/enabled = ${enabled}
layer_1/tile_data = ${mapData([[5, 5, 3, 1, 0, 0]])}
`;
    const s = read(scene(nodes(true)));
    assert.deepEqual(codes(s), []);
    assert.deepEqual(s.bodies.map((b) => [b.name, b.kind, b.parts.length, b.y]), [['Map/layer 0', 'TileMap', 2, 10], ['Map/layer 1', 'TileMap', 1, 10]]);
    // Cell (3, -1) flipped vertically: center (112, -16).
    assert.deepEqual(points(body(s, 'Map/layer 0'), 1), [96, 0, 128, -32, 96, -32]);
    const one = read(scene(nodes(false)));
    assert.deepEqual(one.bodies.map((b) => [b.name, b.parts.length]), [['Map', 2]]);
  });

  it("places the cells under the node's scale and rotation, the pose its origin", () => {
    const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\nposition = Vector2(10, 0)\nrotation = 1.5707963267948966\nscale = Vector2(2, 2)\ntile_map_data = ${layerData([[1, 0, 3, 1, 0, 0]])}\ntile_set = SubResource("set")\n`));
    const t = body(s, 'T');
    assert.ok(Math.abs(t.angle - Math.PI / 2) < 1e-12);
    const p = points(t, 0);
    // Cell (1, 0) spans x 32..64, y 0..32, scaled by 2 in the body's frame.
    const expected = [64, 0, 128, 0, 128, 64, 64, 64];
    p.forEach((v, i) => assert.ok(Math.abs(v - expected[i]!) < 1e-9, `${v} vs ${expected[i]}`));
  });

  it('reads a TileSet from a .tres file, and points its problems at the node', () => {
    const tres = `[gd_resource type="TileSet" format=3]\n\n${ATLAS}[resource]\ntile_size = Vector2i(32, 32)\nphysics_layer_0/collision_layer = 1\nsources/3 = SubResource("atlas")\nsources/4 = SubResource("nothing")\n`;
    const text = `[gd_scene format=4]\n\n[ext_resource type="TileSet" path="res://tiles.tres" id="1"]\n\n[node name="T" type="TileMapLayer"]\ntile_map_data = ${layerData([[0, 0, 3, 1, 0, 0], [0, 1, 3, 1, 0, 1]])}\ntile_set = ExtResource("1")\n`;
    const s = read(text, { '/game/project.godot': '', '/game/tiles.tres': tres });
    assert.deepEqual(s.bodies.map((b) => [b.name, b.parts.length]), [['T', 1]]);
    assert.ok(s.dependencies.includes('/game/tiles.tres'));
    assert.deepEqual(codes(s).sort(), ['godot-tile-set', 'godot-tile-set']);
    const undeclared = s.diagnostics.find((d) => /physics layer\(s\) 1/.test(d.message))!;
    assert.match(undeclared.message, /^In res:\/\/tiles\.tres: /);
    assert.equal(text.slice(undeclared.range.start, undeclared.range.start + 16), '[node name="T" t');
  });

  it('says what it cannot read: missing tiles, scene tiles with bodies, other tile shapes, no tile set', () => {
    const scenes = `[sub_resource type="TileSetScenesCollectionSource" id="scenes"]\nscenes/1/scene = ExtResource("s")\n\n`;
    const withScenes = `[ext_resource type="PackedScene" path="res://box.tscn" id="s"]\n\n${ATLAS}${scenes}${TILE_SET}sources/7 = SubResource("scenes")\n\n`;
    const box = '[gd_scene format=3]\n\n[node name="Box" type="RigidBody2D"]\n';
    const cells = layerData([[0, 0, 3, 9, 9, 0], [1, 0, 3, 9, 9, 0], [2, 0, 7, 0, 0, 1], [3, 0, 3, 1, 0, 0]]);
    const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${cells}\ntile_set = SubResource("set")\n`, withScenes), { '/game/box.tscn': box });
    assert.deepEqual(codes(s).sort(), ['godot-missing-tile', 'godot-tile-scenes']);
    assert.match(s.diagnostics.find((d) => d.code === 'godot-missing-tile')!.message, /^2 cell\(s\) of 'T' name tiles .*cell \(0, 0\): source 3, atlas \(9, 9\)/);
    assert.equal(body(s, 'T').parts.length, 1);
    // A scene tile without bodies is skipped silently.
    const quiet = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[2, 0, 7, 0, 0, 1]])}\ntile_set = SubResource("set")\n`, withScenes), { '/game/box.tscn': '[gd_scene format=3]\n\n[node name="Box" type="Sprite2D"]\n' });
    assert.deepEqual(codes(quiet), []);

    const iso = TILE_SET.replace('tile_size', 'tile_shape = 1\ntile_size');
    const isometric = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[0, 0, 3, 1, 0, 0]])}\ntile_set = SubResource("set")\n`, ATLAS + iso));
    assert.deepEqual([codes(isometric), isometric.bodies.length], [['godot-tile-map'], 0]);
    assert.match(isometric.diagnostics[0]!.message, /isometric tiles/);

    const none = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[0, 0, 3, 1, 0, 0]])}\n`));
    assert.deepEqual(codes(none), ['godot-tile-set']);
    const old = read(scene(`[node name="M" type="TileMap" parent="."]\ntile_set = SubResource("set")\nformat = 1\nlayer_0/tile_data = PackedInt32Array(0, 1, 0)\n`));
    assert.deepEqual(codes(old), ['godot-tile-map']);
    const godot3 = read('[gd_scene load_steps=2 format=2]\n\n[node name="Level" type="Node2D"]\n\n[node name="M" type="TileMap" parent="."]\nformat = 1\ntile_data = PoolIntArray(0, 1, 0)\n');
    assert.deepEqual(codes(godot3).sort(), ['godot-old-format', 'godot-tile-map']);
    const bad = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = PackedByteArray("AQA=")\ntile_set = SubResource("set")\n`));
    assert.deepEqual(codes(bad), ['godot-tile-data']);
  });

  it('leaves out a layer whose collision is off, or whose tile set has none, without a word', () => {
    const cells = layerData([[0, 0, 3, 1, 0, 0]]);
    for (const off of ['enabled = false', 'collision_enabled = false']) {
      const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\n${off}\ntile_map_data = ${cells}\ntile_set = SubResource("set")\n`));
      assert.deepEqual([s.bodies.length, codes(s)], [0, []]);
    }
    const plain = '[sub_resource type="TileSetAtlasSource" id="atlas"]\n0:0/0 = 0\n\n[sub_resource type="TileSet" id="set"]\nsources/0 = SubResource("atlas")\n\n';
    const s = read(scene(`[node name="T" type="TileMapLayer" parent="."]\ntile_map_data = ${layerData([[0, 0, 0, 0, 0, 0]])}\ntile_set = SubResource("set")\n`, plain));
    assert.deepEqual([s.bodies.length, codes(s)], [0, []]);
  });
});
