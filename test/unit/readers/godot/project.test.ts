import { strict as assert } from 'node:assert';
import { findProject, projectSettings, resolveResourcePath } from '../../../../server/src/readers/godot/project';
import { LEVEL_DT, LEVEL_SLOP } from '../../../../server/src/readers/level-scene';
import { memoryHost } from './host';

describe('readers/godot/project', () => {
  it('finds the nearest project.godot walking up, and reads ticks and penetration', () => {
    const host = memoryHost({
      '/game/project.godot': 'config_version=5\n[physics]\ncommon/physics_ticks_per_second=120\n2d/solver/contact_max_allowed_penetration=0.5\n',
      '/game/levels/sub/a.tscn': '',
    });
    const p = findProject('/game/levels/sub/a.tscn', host);
    assert.equal(p.root, '/game');
    assert.equal(p.file, '/game/project.godot');
    assert.equal(p.dt, 1 / 120);
    assert.equal(p.slop, 0.5);
    assert.equal(resolveResourcePath('res://player/player.tscn', '/game/levels/sub', p), '/game/player/player.tscn');
    assert.equal(resolveResourcePath('../shape.tres', '/game/levels/sub', p), '/game/levels/shape.tres');
    assert.equal(resolveResourcePath('uid://abc', '/game', p), undefined);
  });

  it('defaults without a project: the scene folder is res://, dt 1/60, slop LEVEL_SLOP', () => {
    const p = findProject('/x/y/a.tscn', memoryHost({}));
    assert.deepEqual(p, { root: '/x/y', dt: LEVEL_DT, slop: LEVEL_SLOP, problems: [] });
  });

  it('says when a setting is unusable and keeps the default', () => {
    const r = projectSettings('[physics]\ncommon/physics_ticks_per_second=0\n2d/solver/contact_max_allowed_penetration="x"\n');
    assert.equal(r.dt, LEVEL_DT);
    assert.equal(r.slop, LEVEL_SLOP);
    assert.equal(r.problems.length, 2);
  });
});
