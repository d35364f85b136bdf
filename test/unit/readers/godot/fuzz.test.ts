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
];

describe('readers/godot fuzz', () => {
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
    const subs = ['project.godot', 'coin/coin.tscn', 'enemy/enemy.tscn', 'player/player.tscn', 'background/seesaw.tscn', 'platform/moving_platform.tscn'];
    const world = fixture('kinematic_character/world.tscn');
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
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), fc.array(edit, { maxLength: 4 }), fc.nat({ max: subs.length - 1 }), (edits, subEdits, which) => {
        const files: Record<string, string> = {};
        for (const s of subs) files[`${base}/${s}`] = fixture(`physics_platformer/${s}`);
        files[`${base}/${subs[which]!}`] = apply(files[`${base}/${subs[which]!}`]!, subEdits);
        readAndCheck(apply(stage, edits), `${base}/stage.tscn`, files);
        readAndCheck(apply(world, edits), '/k/world.tscn');
      }),
      { numRuns: 150 },
    );
  });
});
