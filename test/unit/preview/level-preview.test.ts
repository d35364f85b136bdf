import { strict as assert } from 'node:assert';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { levelPairDetail, levelPreviewSource, relabelPreviewScene } from '../../../server/src/preview/level-preview';
import { analyzedLevel, GODOT_SCENE } from '../features/level-fixture';

describe('preview/level-preview: a level previewed in its own names and ranges', () => {
  const { level } = analyzedLevel(GODOT_SCENE, '/game/main.tscn');
  const scene = relabelPreviewScene(buildPreviewScene('file:///game/main.tscn', 1, levelPreviewSource(level)), level);

  it('names bodies and findings as the level does, with ranges into the level file and no scene clauses', () => {
    assert.deepEqual(scene.bodies.map((b) => b.name), ['Walls/Floor', 'Ball']);
    assert.deepEqual(scene.findings.map((f) => [f.a, f.b]), [['Walls/Floor', 'Ball']]);
    const ball = scene.bodies[1]!;
    assert.match(GODOT_SCENE.slice(ball.nameRange.start, ball.nameRange.end), /Ball/);
    assert.ok(GODOT_SCENE.slice(ball.range.start, ball.range.end).includes('linear_velocity'));
    assert.ok(GODOT_SCENE.slice(ball.parts[0]!.range.start, ball.parts[0]!.range.end).includes('CollisionShape2D'));
    assert.equal(ball.atRange, undefined);
    assert.equal(ball.angleRange, undefined);
    assert.deepEqual(ball.position, [100, 195]);
  });

  it('is y down, as the level file draws it', () => {
    assert.equal(scene.yDown, true);
    // The ball (y = 195) sits on the floor (y = 208): above it on screen, as in Godot's editor.
    assert.ok(scene.bodies[1]!.position[1] < scene.bodies[0]!.position[1]);
  });

  it('answers the pair inspector by level names, in either order', () => {
    const pair = levelPairDetail('file:///game/main.tscn', 1, level, 'Ball', 'Walls/Floor');
    assert.ok(pair);
    assert.deepEqual([pair.a, pair.b, pair.finding?.kind], ['Walls/Floor', 'Ball', 'overlap']);
    assert.equal(levelPairDetail('file:///game/main.tscn', 1, level, 'Ball', 'Nobody'), null);
  });
});
