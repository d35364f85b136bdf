import { strict as assert } from 'node:assert';
import { readGodotScene } from '../../../../server/src/readers/godot/read-godot';
import type { LevelBody, LevelScene } from '../../../../server/src/readers/level-scene';
import { memoryHost } from './host';

function read(text: string, files: Record<string, string> = {}, path = '/game/main.tscn'): LevelScene {
  return readGodotScene(text, path, memoryHost({ ...files, [path]: text }));
}

function body(scene: LevelScene, name: string): LevelBody {
  const b = scene.bodies.find((x) => x.name === name);
  assert.ok(b !== undefined, `no body ${name} in ${scene.bodies.map((x) => x.name)}`);
  return b;
}

function near(a: number, b: number, eps = 1e-9): void {
  assert.ok(Math.abs(a - b) <= eps, `${a} vs ${b}`);
}

function codes(scene: LevelScene): string[] {
  return scene.diagnostics.map((d) => d.code);
}

const BOX = '[sub_resource type="RectangleShape2D" id="box"]\nsize = Vector2(10, 20)\n\n';

describe('readers/godot/read-godot', () => {
  it('makes a body of each physics node type, with its kind, motion and layers', () => {
    const text = `[gd_scene format=3]\n\n${BOX}[node name="Root" type="Node2D"]

[node name="Wall" type="StaticBody2D" parent="."]
position = Vector2(100, 50)
collision_layer = 2
collision_mask = 0

[node name="Shape" type="CollisionShape2D" parent="Wall"]
shape = SubResource("box")

[node name="Lift" type="AnimatableBody2D" parent="."]
[node name="Shape" type="CollisionShape2D" parent="Lift"]
shape = SubResource("box")

[node name="Crate" type="RigidBody2D" parent="."]
linear_velocity = Vector2(3, -4)
angular_velocity = 2.5
continuous_cd = 2
[node name="Shape" type="CollisionShape2D" parent="Crate"]
shape = SubResource("box")

[node name="Frozen" type="RigidBody2D" parent="."]
freeze = true
linear_velocity = Vector2(3, -4)
[node name="Shape" type="CollisionShape2D" parent="Frozen"]
shape = SubResource("box")

[node name="Hero" type="CharacterBody2D" parent="."]
velocity = Vector2(7, 0)
[node name="Shape" type="CollisionShape2D" parent="Hero"]
shape = SubResource("box")

[node name="Coin" type="Area2D" parent="."]
[node name="Shape" type="CollisionShape2D" parent="Coin"]
shape = SubResource("box")
`;
    const s = read(text);
    assert.deepEqual(codes(s), []);
    assert.equal(s.format, 'godot');
    assert.deepEqual(s.bodies.map((b) => [b.name, b.kind, b.isStatic, b.sensor, b.bullet]), [
      ['Wall', 'StaticBody2D', true, false, false],
      ['Lift', 'AnimatableBody2D', true, false, false],
      ['Crate', 'RigidBody2D', false, false, true],
      ['Frozen', 'RigidBody2D', true, false, false],
      ['Hero', 'CharacterBody2D', false, false, false],
      ['Coin', 'Area2D', true, true, false],
    ]);
    const wall = body(s, 'Wall');
    assert.deepEqual([wall.x, wall.y, wall.angle], [100, 50, 0]);
    assert.deepEqual(wall.layers, { layer: 2, mask: 0 });
    assert.deepEqual(body(s, 'Lift').layers, { layer: 1, mask: 1 });
    assert.deepEqual(wall.parts.map((p) => p.shape), [{ kind: 'box', width: 10, height: 20, x: 0, y: 0, angle: 0 }]);
    const crate = body(s, 'Crate');
    assert.deepEqual([crate.vx, crate.vy, crate.spin], [3, -4, 2.5]);
    assert.deepEqual([body(s, 'Frozen').vx, body(s, 'Hero').vx], [0, 7]);
    // Ranges: the node's section and its name value.
    assert.equal(text.slice(wall.nameRange.start, wall.nameRange.end), '"Wall"');
    assert.ok(text.slice(wall.range.start, wall.range.end).startsWith('[node name="Wall"'));
    assert.ok(text.slice(wall.range.start, wall.range.end).endsWith('collision_mask = 0'));
    const part = wall.parts[0]!;
    assert.ok(text.slice(part.range.start, part.range.end).startsWith('[node name="Shape" type="CollisionShape2D" parent="Wall"]'));
    assert.equal(part.label, 'Shape');
  });

  it('names nested bodies by their path and composes parent transforms (position, rotation, scale, skew)', () => {
    const text = `[gd_scene format=3]\n${BOX}[node name="Level" type="Node2D"]
position = Vector2(1000, 0)

[node name="Walls" type="Node2D" parent="."]
position = Vector2(10, 20)
rotation = 1.5707963267948966
scale = Vector2(2, 2)

[node name="Wall3" type="StaticBody2D" parent="Walls"]
position = Vector2(5, 0)
rotation = 0.25

[node name="Shape" type="CollisionShape2D" parent="Walls/Wall3"]
position = Vector2(1, 0)
shape = SubResource("box")
`;
    const s = read(text);
    const wall = body(s, 'Walls/Wall3');
    // Level (1000, 0) + Walls (10, 20) + rotated 90° and doubled (5, 0) → (0, 10).
    near(wall.x, 1010);
    near(wall.y, 30);
    near(wall.angle, Math.PI / 2 + 0.25);
    // The parent's uniform scale 2 goes into the part: offset (1, 0) → 2, size doubled.
    const shape = wall.parts[0]!.shape;
    assert.ok(shape.kind === 'box');
    near(shape.x, 2);
    near(shape.y, 0);
    near(shape.width, 20);
    near(shape.height, 40);
    near(shape.angle, 0);
    // Moving edits the body's own position in its parent's frame.
    assert.ok(wall.move !== undefined);
    assert.equal(text.slice(wall.move.ranges[0]!.start, wall.move.ranges[0]!.end), 'Vector2(5, 0)');
    assert.deepEqual(wall.move.edit(1010, 30), ['Vector2(5, 0)']);
    assert.deepEqual(wall.move.edit(1010, 40), ['Vector2(10, 0)']);
    assert.deepEqual(wall.move.edit(1000, 30), ['Vector2(5, 5)']);
  });

  it('names the root by its own name when it is a body, and uses transform = Transform2D(...)', () => {
    const text = `[gd_scene format=3]\n${BOX}[node name="Ball" type="RigidBody2D"]\ntransform = Transform2D(0, 1, -1, 0, 5, 6)\n\n[node name="C" type="CollisionShape2D" parent="."]\nshape = SubResource("box")\n`;
    const s = read(text);
    const ball = body(s, 'Ball');
    assert.deepEqual([ball.x, ball.y], [5, 6]);
    near(ball.angle, Math.PI / 2);
    assert.equal(ball.move, undefined);
  });

  it('pushes a body scale into its parts, approximating what stops being a circle', () => {
    const text = `[gd_scene format=3]
[sub_resource type="CircleShape2D" id="c"]
radius = 5.0
[node name="Root" type="Node2D"]
[node name="Egg" type="RigidBody2D" parent="."]
scale = Vector2(2, 1)
[node name="C" type="CollisionShape2D" parent="Egg"]
shape = SubResource("c")
[node name="Big" type="RigidBody2D" parent="."]
scale = Vector2(3, 3)
[node name="C" type="CollisionShape2D" parent="Big"]
shape = SubResource("c")
`;
    const s = read(text);
    assert.equal(body(s, 'Egg').parts[0]!.shape.kind, 'polygon');
    assert.deepEqual(codes(s), ['godot-approximated-shape']);
    const big = body(s, 'Big').parts[0]!.shape;
    assert.ok(big.kind === 'circle');
    near(big.radius, 15);
  });

  it('skips disabled shapes, reports detached shapes, shapeless bodies and unsupported shapes', () => {
    const text = `[gd_scene format=3]
${BOX}[sub_resource type="WorldBoundaryShape2D" id="w"]
[node name="Root" type="Node2D"]
[node name="A" type="StaticBody2D" parent="."]
[node name="Off" type="CollisionShape2D" parent="A"]
shape = SubResource("box")
disabled = true
[node name="Group" type="Node2D" parent="A"]
[node name="Deep" type="CollisionShape2D" parent="A/Group"]
shape = SubResource("box")
[node name="Floor" type="StaticBody2D" parent="."]
[node name="W" type="CollisionShape2D" parent="Floor"]
shape = SubResource("w")
[node name="Empty" type="CharacterBody2D" parent="."]
[node name="NoShape" type="CollisionShape2D" parent="Empty"]
`;
    const s = read(text);
    assert.deepEqual(s.bodies, []);
    assert.deepEqual(codes(s).sort(), ['godot-body-without-shape', 'godot-body-without-shape', 'godot-body-without-shape', 'godot-detached-shape', 'godot-no-shape', 'godot-unsupported-shape']);
    const detached = s.diagnostics.find((d) => d.code === 'godot-detached-shape')!;
    assert.equal(text.slice(detached.range.start, detached.range.end), '"Deep"');
  });

  it('ends the transform chain at a plain Node or CanvasLayer, and at top_level', () => {
    const text = `[gd_scene format=3]\n${BOX}[node name="Root" type="Node2D"]
position = Vector2(100, 100)
[node name="Holder" type="Node" parent="."]
[node name="A" type="StaticBody2D" parent="Holder"]
position = Vector2(1, 2)
[node name="S" type="CollisionShape2D" parent="Holder/A"]
shape = SubResource("box")
[node name="B" type="StaticBody2D" parent="."]
position = Vector2(1, 2)
top_level = true
[node name="S" type="CollisionShape2D" parent="B"]
shape = SubResource("box")
[node name="Group" type="Node2D" parent="."]
[node name="C" type="StaticBody2D" parent="Group"]
position = Vector2(1, 2)
[node name="S" type="CollisionShape2D" parent="Group/C"]
shape = SubResource("box")
`;
    const s = read(text);
    assert.deepEqual(s.bodies.map((b) => [b.name, b.x, b.y]), [['Holder/A', 1, 2], ['B', 1, 2], ['Group/C', 101, 102]]);
  });

  it('expands instanced scenes with res:// paths, overrides and nested instances', () => {
    const project = '[physics]\ncommon/physics_ticks_per_second=120\n';
    const ball = `[gd_scene format=3]\n[sub_resource type="CircleShape2D" id="1"]\nradius = 30.0\n[node name="Ball" type="RigidBody2D"]\nposition = Vector2(1000, 1000)\n[node name="Collision" type="CollisionShape2D" parent="."]\nshape = SubResource("1")\n`;
    const pair = `[gd_scene format=3]\n[ext_resource type="PackedScene" path="res://ball.tscn" id="b"]\n[node name="Pair" type="Node2D"]\n[node name="Left" parent="." instance=ExtResource("b")]\nposition = Vector2(-50, 0)\n[node name="Right" parent="." instance=ExtResource("b")]\nposition = Vector2(50, 0)\n`;
    const text = `[gd_scene format=3]
[ext_resource type="PackedScene" path="res://ball.tscn" id="1"]
[ext_resource type="PackedScene" path="res://things/pair.tscn" id="2"]
[node name="Main" type="Node2D"]
[node name="Ball1" parent="." instance=ExtResource("1")]
position = Vector2(10, 20)
linear_velocity = Vector2(5, 0)
[node name="Collision" parent="Ball1"]
disabled = false
[node name="Pairs" type="Node2D" parent="."]
position = Vector2(0, 300)
[node name="Pair" parent="Pairs" instance=ExtResource("2")]
`;
    const s = read(text, { '/game/project.godot': project, '/game/ball.tscn': ball, '/game/things/pair.tscn': pair }, '/game/levels/main.tscn');
    assert.deepEqual(codes(s), []);
    assert.equal(s.dt, 1 / 120);
    assert.deepEqual(s.bodies.map((b) => [b.name, b.x, b.y]), [['Ball1', 10, 20], ['Pairs/Pair/Left', -50, 300], ['Pairs/Pair/Right', 50, 300]]);
    assert.equal(body(s, 'Ball1').vx, 5);
    assert.deepEqual(new Set(s.dependencies), new Set(['/game/project.godot', '/game/ball.tscn', '/game/things/pair.tscn']));
    // Instanced bodies point at the instancing node of this file.
    const left = body(s, 'Pairs/Pair/Left');
    assert.equal(text.slice(left.nameRange.start, left.nameRange.end), '"Pair"');
    assert.equal(left.move, undefined);
    assert.ok(text.slice(left.parts[0]!.range.start, left.parts[0]!.range.end).startsWith('[node name="Pair"'));
    // Ball1's position is written here: moving it edits that line.
    const ball1 = body(s, 'Ball1');
    assert.deepEqual(ball1.move?.edit(11, 22), ['Vector2(11, 22)']);
    // Its Collision is overridden here: the part points at that section.
    const part = ball1.parts[0]!;
    assert.equal(text.slice(part.range.start, part.range.end), '[node name="Collision" parent="Ball1"]\ndisabled = false');
  });

  it('reports a cyclic, missing or malformed instance on its range and keeps the rest', () => {
    const loop = `[gd_scene format=3]\n[ext_resource type="PackedScene" path="res://main.tscn" id="1"]\n[node name="Loop" type="Node2D"]\n[node name="Again" parent="." instance=ExtResource("1")]\n`;
    const text = `[gd_scene format=3]
${BOX}[ext_resource type="PackedScene" path="res://loop.tscn" id="1"]
[ext_resource type="PackedScene" path="res://missing.tscn" id="2"]
[node name="Main" type="Node2D"]
[node name="L" parent="." instance=ExtResource("1")]
[node name="M" parent="." instance=ExtResource("2")]
[node name="N" parent="." instance=ExtResource("9")]
[node name="Wall" type="StaticBody2D" parent="."]
[node name="S" type="CollisionShape2D" parent="Wall"]
shape = SubResource("box")
`;
    const s = read(text, { '/game/loop.tscn': loop, '/game/project.godot': '' }, '/game/main.tscn');
    assert.deepEqual(s.bodies.map((b) => b.name), ['Wall']);
    assert.deepEqual(codes(s), ['godot-cyclic-instance', 'godot-missing-instance', 'godot-missing-instance']);
    const cyclic = s.diagnostics[0]!;
    assert.equal(text.slice(cyclic.range.start, cyclic.range.end), '[node name="L" parent="." instance=ExtResource("1")]');
    assert.match(cyclic.message, /res:\/\/main\.tscn instances itself \(through res:\/\/main\.tscn → res:\/\/loop\.tscn\)/);
    const missing = s.diagnostics[1]!;
    assert.equal(text.slice(missing.range.start, missing.range.end), 'ExtResource("2")');
  });

  it('bounds self-similar instancing that grows without a cycle', () => {
    // Each level instances the next twice: 2^depth nodes, cut at the depth limit.
    const files: Record<string, string> = { '/g/project.godot': '' };
    for (let i = 0; i < 40; i++) {
      files[`/g/s${i}.tscn`] = `[gd_scene format=3]\n[ext_resource type="PackedScene" path="res://s${i + 1}.tscn" id="1"]\n[node name="N" type="Node2D"]\n[node name="A" parent="." instance=ExtResource("1")]\n[node name="B" parent="." instance=ExtResource("1")]\n`;
    }
    const s = readGodotScene(files['/g/s0.tscn']!, '/g/s0.tscn', memoryHost(files));
    assert.ok(s.diagnostics.length > 0);
    assert.ok(s.diagnostics.every((d) => d.range.end <= files['/g/s0.tscn']!.length));
  });

  it('reads a shape from a .tres resource', () => {
    const tres = '[gd_resource type="CapsuleShape2D" format=3]\n\n[resource]\nradius = 4.0\nheight = 20.0\n';
    const text = `[gd_scene format=3]\n[ext_resource type="Shape2D" path="res://shapes/capsule.tres" id="1"]\n[node name="P" type="CharacterBody2D"]\n[node name="C" type="CollisionShape2D" parent="."]\nrotation = 1.5707963267948966\nshape = ExtResource("1")\n`;
    const s = read(text, { '/game/project.godot': '', '/game/shapes/capsule.tres': tres });
    const c = body(s, 'P').parts[0]!.shape;
    assert.ok(c.kind === 'capsule');
    near(c.length, 12);
    near(c.radius, 4);
    // Vertical capsule turned a quarter: along x.
    near(Math.cos(c.angle), -1);
    assert.ok(s.dependencies.includes('/game/shapes/capsule.tres'));
  });

  it('reads collide_* metadata on the root as overrides', () => {
    const text = `[gd_scene format=3]\n${BOX}[node name="Root" type="Node2D"]\nmetadata/collide_slop = 0.5\nmetadata/collide_dt = 0.01\nmetadata/collide_frames = 30\n`;
    const s = read(text);
    assert.deepEqual([s.slop, s.dt, s.frames], [0.5, 0.01, 30]);
    const bad = read(`[gd_scene format=3]\n[node name="Root" type="Node2D"]\nmetadata/collide_frames = 0.5\n`);
    assert.equal(bad.frames, 1);
    assert.deepEqual(codes(bad), ['godot-bad-metadata']);
  });

  it('keeps reading after malformed lines and says where they are', () => {
    const text = `[gd_scene format=3]\n${BOX}[node name="Root" type="Node2D"]\nposition = Vector2(1,\n[node name="W" type="StaticBody2D" parent="."]\ncollision_layer = "x"\n[node name="S" type="CollisionShape2D" parent="W"]\nshape = SubResource("box")\n`;
    const s = read(text);
    assert.deepEqual(s.bodies.map((b) => b.name), ['W']);
    assert.deepEqual(codes(s), ['godot-syntax', 'godot-bad-value']);
    assert.deepEqual(body(s, 'W').layers, { layer: 1, mask: 1 });
  });
  it('reads an inherited scene, overrides inside an instance and shapes added to one', () => {
    const base = `[gd_scene format=3]\n[sub_resource type="CircleShape2D" id="1"]\nradius = 4.0\n[node name="Enemy" type="RigidBody2D"]\nposition = Vector2(5, 5)\n[node name="Shape" type="CollisionShape2D" parent="."]\nshape = SubResource("1")\n`;
    const inherited = `[gd_scene format=3]\n[ext_resource type="PackedScene" path="res://enemy.tscn" id="1"]\n[sub_resource type="RectangleShape2D" id="2"]\n[node name="BigEnemy" instance=ExtResource("1")]\nscale = Vector2(2, 2)\n[node name="Shape" parent="."]\ndisabled = true\n[node name="Extra" type="CollisionShape2D" parent="."]\nshape = SubResource("2")\n`;
    const s = read(inherited, { '/game/project.godot': '', '/game/enemy.tscn': base }, '/game/big.tscn');
    assert.deepEqual(codes(s), []);
    const enemy = body(s, 'BigEnemy');
    assert.deepEqual([enemy.x, enemy.y, enemy.kind], [5, 5, 'RigidBody2D']);
    // The base's circle is disabled here; the added 20 x 20 box is doubled by the root's scale.
    assert.equal(enemy.parts.length, 1);
    const box = enemy.parts[0]!.shape;
    assert.ok(box.kind === 'box');
    near(box.width, 40);
    assert.equal(enemy.move, undefined);
  });

  it('does not expand an instance placeholder, and says so', () => {
    const text = `[gd_scene format=3]\n[ext_resource type="PackedScene" path="res://x.tscn" id="1"]\n[node name="Root" type="Node2D"]\n[node name="Later" parent="." instance_placeholder="res://x.tscn"]\n`;
    const s = read(text, { '/game/project.godot': '' });
    assert.deepEqual(codes(s), ['godot-instance-placeholder']);
  });

  it('reports an unusable project setting and keeps the default', () => {
    const s = read('[gd_scene format=3]\n[node name="Root" type="Node2D"]\n', { '/game/project.godot': '[physics]\ncommon/physics_ticks_per_second="fast"\n' });
    assert.equal(s.dt, 1 / 60);
    assert.deepEqual(codes(s), ['godot-project-setting']);
  });
  it("reads a Godot 3 scene with a hint, KinematicBody2D as a moving body", () => {
    const text = '[gd_scene load_steps=2 format=2]\n\n[sub_resource type="RectangleShape2D" id=1]\nextents = Vector2(8, 8)\n\n[node name="Player" type="KinematicBody2D"]\n\n[node name="Shape" type="CollisionShape2D" parent="."]\nshape = SubResource( 1 )\n';
    const s = read(text);
    assert.deepEqual(codes(s), ['godot-old-format']);
    assert.deepEqual(body(s, 'Player').parts[0]!.shape, { kind: 'box', width: 16, height: 16, x: 0, y: 0, angle: 0 });
    const old = '[gd_scene load_steps=2 format=2]\n[sub_resource type="CapsuleShape2D" id=1]\nradius = 5.0\nheight = 10.0\n[node name="Root" type="Node2D"]\n[node name="Crate" type="RigidBody2D" parent="."]\nrotation_degrees = 90.0\nmode = 1\n[node name="Shape" type="CollisionShape2D" parent="Crate"]\nshape = SubResource( 1 )\n[node name="Ray" type="CollisionShape2D" parent="Crate"]\nshape = SubResource( 2 )\n[sub_resource type="RayShape2D" id=2]\n';
    const o = read(old);
    const crate = body(o, 'Crate');
    near(crate.angle, Math.PI / 2);
    assert.equal(crate.isStatic, true);
    // Godot 3's capsule height leaves out the caps.
    const c = crate.parts[0]!.shape;
    assert.ok(c.kind === 'capsule');
    near(c.length, 10);
  });
});
