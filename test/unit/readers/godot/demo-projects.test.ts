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

  it('kinematic_character: ten bodies of the world and the instanced player', () => {
    const { scene, text } = read('kinematic_character/world.tscn');
    const inWorld = count(text, /type="(StaticBody2D|CharacterBody2D|Area2D|RigidBody2D)"/);
    assert.equal(inWorld, 10);
    assert.equal(scene.bodies.length, inWorld + 1);
    assert.equal(partCount(scene), count(text, /type="CollisionShape2D"/) + 1);
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
    // The tile layer is not read, and says so; one-way shapes are checked two-way, and say so.
    const oneWay = count(text, /one_way_collision = true/);
    assert.equal(oneWay, 4);
    assert.deepEqual(scene.diagnostics.map((d) => d.code).sort(), ['godot-tile-map', ...Array<string>(oneWay).fill('godot-one-way')].sort());
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
    // (Plank, Pillar); one one-way platform; the player.
    assert.equal(scene.bodies.length, coins + enemies + platforms + 2 + 1 + 1);
    // Parts: enemies have three circles; the player's SeparationRayShape2D is left out.
    assert.equal(partCount(scene), coins + 3 * enemies + platforms + 2 + 1 + 1);
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
    assert.deepEqual(scene.diagnostics.map((d) => d.code).sort(), ['godot-one-way', 'godot-tile-map', 'godot-unsupported-shape']);
  });
});
