import { strict as assert } from 'node:assert';
import { levelHover } from '../../../server/src/features/level-hover';
import { analyzedLevel, GODOT_SCENE } from './level-fixture';

describe('features/level-hover: a body of a level under the cursor, in level terms', () => {
  const { level } = analyzedLevel(GODOT_SCENE, '/game/main.tscn');
  const at = (needle: string, k = 0) => GODOT_SCENE.indexOf(needle) + k;

  it('describes the node with its path name, type, motion, layers and findings', () => {
    const floor = levelHover(level, at('name="Floor"', 7));
    assert.ok(floor);
    assert.match(floor.markdown, /^\*\*StaticBody2D\*\* `Walls\/Floor` · static/);
    assert.match(floor.markdown, /- parts: 1 box/);
    assert.match(floor.markdown, /- pose: at \(160, 208\)/);
    assert.match(floor.markdown, /- collision layer 1, mask 1, 2/);
    assert.match(floor.markdown, /\*\*overlap\*\* with `Ball`/);
    const ball = levelHover(level, at('linear_velocity'));
    assert.ok(ball);
    assert.match(ball.markdown, /^\*\*RigidBody2D\*\* `Ball` · dynamic/);
    assert.match(ball.markdown, /- motion: velocity \(30, 0\)/);
    assert.match(ball.markdown, /\*\*overlap\*\* with `Walls\/Floor`/);
  });

  it('underlines the name when the cursor is on it, else the whole node, and says nothing outside bodies', () => {
    const onName = levelHover(level, at('name="Ball"', 7))!;
    assert.match(GODOT_SCENE.slice(onName.range.start, onName.range.end), /Ball/);
    const inside = levelHover(level, at('linear_velocity'))!;
    assert.ok(GODOT_SCENE.slice(inside.range.start, inside.range.end).includes('linear_velocity'));
    assert.equal(levelHover(level, at('[gd_scene')), null);
    assert.equal(levelHover(level, at('[sub_resource type="CircleShape2D"')), null);
  });
});
