/**
 * `collide render --show`: the preview's debug overlays in the picture, by the same painter;
 * without the flag the picture is what it was, and an unknown overlay is a usage error.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderCommand, renderSceneSvg } from '../../../server/src/cli/render';
import { LIGHT_THEME } from '../../../render/theme';

// A turned box moving right over a floor, overlapping it; the floor at rest.
const SCENE = 'dt 1/60\nbody floor static box(6, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4) angle 0.3 velocity (30, 0) spin 2\n';

describe('collide render --show', () => {
  it('adds each overlay\'s marks and leaves the picture as it was without the flag', () => {
    const plain = renderSceneSvg(SCENE, { name: 's.collide' }).svg;
    assert.equal(renderSceneSvg(SCENE, { name: 's.collide', show: [] }).svg, plain, 'no overlay: the same bytes');
    const each = new Map<string, string>();
    for (const name of ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices'] as const) {
      const svg = renderSceneSvg(SCENE, { name: 's.collide', show: [name] }).svg;
      assert.ok(svg.length > plain.length, `${name} adds to the picture`);
      each.set(name, svg);
    }
    // The moving crate's swept box is dashed 4 3 in the foreground color; the vertices are numbered.
    assert.match(each.get('aabb')!, new RegExp(`stroke="${LIGHT_THEME.foreground}"[^>]*stroke-dasharray="4 3"`));
    for (const k of ['0', '1', '2', '3']) assert.match(each.get('vertices')!, new RegExp(`>${k}</text>`));
    // Contacts and velocities in their colors.
    assert.match(each.get('contacts')!, new RegExp(`stroke="${LIGHT_THEME.error}"`));
    assert.match(each.get('velocity')!, new RegExp(`stroke="${LIGHT_THEME.info}"`));
  });

  it('the command takes a comma-separated list or all, and refuses an unknown overlay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collide-render-show-'));
    try {
      writeFileSync(join(dir, 's.collide'), SCENE);
      const io = { stdout: () => {}, stderr: () => {}, cwd: dir };
      assert.equal(renderCommand.run(['s.collide', '-o', 'plain.svg'], io), 0);
      assert.equal(renderCommand.run(['s.collide', '-o', 'two.svg', '--show', 'aabb, velocity'], io), 0);
      assert.equal(renderCommand.run(['s.collide', '-o', 'all.svg', '--show=all'], io), 0);
      const plain = readFileSync(join(dir, 'plain.svg'), 'utf8');
      const two = readFileSync(join(dir, 'two.svg'), 'utf8');
      const all = readFileSync(join(dir, 'all.svg'), 'utf8');
      assert.equal(two, renderSceneSvg(SCENE, { name: 's.collide', show: ['aabb', 'velocity'] }).svg);
      assert.equal(all, renderSceneSvg(SCENE, { name: 's.collide', show: ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices'] }).svg);
      assert.ok(plain.length < two.length && two.length < all.length);
      assert.throws(() => renderCommand.run(['s.collide', '-o', 'x.svg', '--show', 'aabb,grid'], io), /--show: unknown overlay 'grid'/);
      assert.throws(() => renderCommand.run(['s.collide', '-o', 'x.svg', '--show'], io), /needs a value/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
