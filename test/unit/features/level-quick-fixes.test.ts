import { strict as assert } from 'node:assert';
import { applyOffsetEdits } from '../../../server/src/features/text-edits';
import { levelQuickFixes } from '../../../server/src/features/level-quick-fixes';
import { analyzedLevel, GODOT_SCENE } from './level-fixture';

describe('features/level-quick-fixes: moving a body out of an overlap edits the level file', () => {
  it("writes Godot's position in the node's own frame, and the edit removes the overlap", () => {
    const { level, lowered } = analyzedLevel(GODOT_SCENE, '/game/main.tscn');
    const overlaps = level.diagnostics.filter((d) => d.code === 'overlap');
    assert.equal(overlaps.length, 1);
    const fixes = levelQuickFixes(level, lowered, overlaps[0]!);
    // The floor is static (a StaticBody2D): only the ball is moved out of it.
    assert.deepEqual(fixes.map((f) => [f.title, f.isPreferred]), [["Move 'Ball' out of 'Walls/Floor' to (100, 184)", true]]);
    const moved = applyOffsetEdits(GODOT_SCENE, fixes[0]!.edits);
    assert.ok(moved.includes('[node name="Ball" type="RigidBody2D" parent="."]\nposition = Vector2(100, 184)'), moved);
    const after = analyzedLevel(moved, '/game/main.tscn').level;
    assert.deepEqual(after.diagnostics.filter((d) => d.code === 'overlap'), []);
  });

  it('offers nothing for other diagnostics, nor for a body the reader cannot move', () => {
    const { level, lowered } = analyzedLevel(GODOT_SCENE, '/game/main.tscn');
    const reader = { range: { start: 0, end: 1 }, severity: 'error' as const, code: 'godot-unknown-shape', message: 'x' };
    assert.deepEqual(levelQuickFixes(level, lowered, reader), []);
    const overlap = level.diagnostics.find((d) => d.code === 'overlap')!;
    const unmovable = { ...level, level: { ...level.level, bodies: level.level.bodies.map(({ move: _move, ...b }) => b) } };
    assert.deepEqual(levelQuickFixes(unmovable, lowered, overlap), []);
  });
});
