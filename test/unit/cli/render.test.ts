/**
 * `collide render`: the preview's ScenePainter through the SVG backend (and resvg for PNG), on
 * real scene text; arguments and failures as the CLI reports them.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawPreviewSvg, renderCommand, renderSceneSvg, svgToPng } from '../../../server/src/cli/render';
import { UsageError } from '../../../server/src/cli/command';
import { LIGHT_THEME } from '../../../render/theme';
import { GODOT_SCENE } from '../features/level-fixture';

const SCENE = 'dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n';

describe('collide render', () => {
  it('draws every body with the preview painter, in the theme colors', () => {
    const { svg, scene } = renderSceneSvg(SCENE, { width: 800, height: 500, name: 'wall.collide' });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="500"/);
    assert.equal(scene.bodies.length, 2);
    assert.match(svg, new RegExp(`fill="${LIGHT_THEME.bodies.static}" fill-opacity="0.25"`));
    // The 5 cm shot is a few pixels across: filled more strongly, without outline (level of detail).
    assert.match(svg, new RegExp(`fill="${LIGHT_THEME.bodies.dynamic}" fill-opacity="0.55"`));
    // The shot is a circle: two SVG arcs make its outline.
    assert.match(svg, /A[\d.]+ [\d.]+ 0 0 [01] /);
    assert.match(svg, />wall\.collide · t = 0 s</);
  });

  it('moves the bodies to --time and refuses a time outside [0, frames dt]', () => {
    // The shot (at x = -1, 600 units/s) is where its motion puts it: x = -1 + 600 t. Its center
    // is read off its filled dot and mapped to scene units by the grid's numbers (drawn 2 px
    // right of their lines), so a caption that changed alone would not pass.
    const shotX = (svg: string): number => {
      const tick = (label: string): number => Number(svg.match(new RegExp(`<text x="([-\\d.]+)"[^>]*>${label}</text>`))![1]) - 2;
      const dot = svg.match(new RegExp(`<path d="M([-\\d.]+) [^"]*?A[\\d.]+ [\\d.]+ 0 0 1 ([-\\d.]+) [^"]*" fill="${LIGHT_THEME.bodies.dynamic}" fill-opacity="0.55"/>`));
      assert.ok(dot, 'the shot is drawn');
      const x0 = tick('0');
      return ((Number(dot[1]) + Number(dot[2])) / 2 - x0) / (tick('1') - x0);
    };
    for (const t of [0, 1 / 120, 1 / 60]) {
      const x = shotX(renderSceneSvg(SCENE, { time: t, width: 800, height: 500 }).svg);
      assert.ok(Math.abs(x - (-1 + 600 * t)) < 0.01, `shot at x = ${x} at t = ${t}`);
    }
    assert.throws(() => renderSceneSvg(SCENE, { time: 1 }), UsageError);
    assert.throws(() => renderSceneSvg(SCENE, { time: -0.1 }), UsageError);
  });

  it('--pair with --time draws and captions the pair at that time, as the scene is drawn', () => {
    // The shot (x = -1 + 600 t, radius 0.05) is 2.9 from the wall's face (x = 1.95) at t = 0, 0.5 at t = 0.004 s.
    const at0 = renderSceneSvg(SCENE, { width: 600, height: 400, pair: ['shot', 'wall'] }).svg;
    assert.match(at0, />distance 2\.9</);
    const later = renderSceneSvg(SCENE, { width: 600, height: 400, pair: ['shot', 'wall'], time: 0.004 }).svg;
    assert.match(later, />distance 0\.5 at t = 0\.004 s</);
    assert.doesNotMatch(later, />distance 2\.9/);
  });

  it('--pair adds the configuration space beside the scene, and unknown names are a usage error', () => {
    const { svg, pair } = renderSceneSvg(SCENE, { width: 600, height: 400, pair: ['shot', 'wall'] });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1020" height="400"/);
    assert.match(svg, /<svg x="600" y="0" width="420" height="400"/);
    assert.equal(pair!.a, 'wall');
    assert.match(svg, />shot ⊖ wall</);
    assert.match(svg, /time of impact 0\.00483333 s/);
    assert.throws(() => renderSceneSvg(SCENE, { pair: ['shot', 'ghost'] }), UsageError);
  });

  it('draws a y-down scene (a level\'s frame) mirrored: a box at y = 10 below a box at y = 0', () => {
    const text = 'body top static box(2, 2) at (0, 0)\nbody low static box(2, 2) at (0, 10)\n';
    // Each box's filled outline: its path's y extent, and its label's baseline.
    const boxes = (svg: string): Map<string, { y0: number; y1: number; label: number }> => {
      const paths = [...svg.matchAll(new RegExp(`<path d="([^"]*)" fill="${LIGHT_THEME.bodies.static}"`, 'g'))].map((m) => {
        const ys = [...m[1]!.matchAll(/[ML][-\d.]+ ([-\d.]+)/g)].map((n) => Number(n[1]));
        return ys;
      });
      assert.equal(paths.length, 1, 'one path of static bodies');
      const ys = paths[0]!;
      assert.equal(ys.length, 8, 'two boxes of four corners');
      const out = new Map<string, { y0: number; y1: number; label: number }>();
      ['top', 'low'].forEach((name, k) => {
        const corners = ys.slice(4 * k, 4 * k + 4);
        const label = Number(svg.match(new RegExp(`<text x="[-\\d.]+" y="([-\\d.]+)"[^>]*>${name}</text>`))![1]);
        out.set(name, { y0: Math.min(...corners), y1: Math.max(...corners), label });
      });
      return out;
    };
    const down = renderSceneSvg(text, { width: 400, height: 600, yDown: true });
    assert.equal(down.scene.yDown, true, 'the model says so');
    const d = boxes(down.svg);
    assert.ok(d.get('low')!.y0 > d.get('top')!.y1, 'y = 10 is drawn below y = 0');
    assert.ok(d.get('low')!.label > d.get('top')!.label, 'and its name with it');
    for (const b of d.values()) assert.ok(b.label > b.y0 && b.label < b.y1 + 4, 'each name on its box');
    const up = renderSceneSvg(text, { width: 400, height: 600 });
    assert.ok(!('yDown' in up.scene), 'a .collide scene is y up');
    const u = boxes(up.svg);
    assert.ok(u.get('low')!.y1 < u.get('top')!.y0, 'y up: y = 10 is drawn above y = 0');
    // The same picture turned over: each box's extent mirrored about the middle line.
    for (const name of ['top', 'low']) {
      assert.ok(Math.abs(d.get(name)!.y0 - (600 - u.get(name)!.y1)) < 0.02, `${name} mirrored`);
    }
    // The pair view beside it is drawn in the same frame.
    const pair = renderSceneSvg(text, { width: 400, height: 600, yDown: true, pair: ['top', 'low'] });
    assert.equal(pair.scene.yDown, true);
    assert.match(pair.svg, />low ⊖ top</);
    // A model made elsewhere (a level's) is drawn in its own frame, as the option draws it.
    const flagged = drawPreviewSvg({ ...up.scene, yDown: true }, null, { width: 400, height: 600 });
    assert.equal(flagged.svg, down.svg);
    assert.equal(drawPreviewSvg({ ...pair.scene, yDown: true }, pair.pair, { width: 400, height: 600 }).svg, pair.svg);
  });

  it('writes PNG through resvg', () => {
    const png = svgToPng(renderSceneSvg(SCENE, { width: 200, height: 120 }).svg);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.readUInt32BE(16), 200);
    assert.equal(png.readUInt32BE(20), 120);
  });

  it('the command draws a level file y down, its bodies by their level names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collide-render-'));
    try {
      writeFileSync(join(dir, 'main.tscn'), GODOT_SCENE);
      const err: string[] = [];
      const io = { stdout: () => {}, stderr: (s: string) => void err.push(s), cwd: dir };
      assert.equal(renderCommand.run(['main.tscn', '--out', 'main.svg', '--width', '640', '--height', '480'], io), 0, err.join(''));
      const svg = readFileSync(join(dir, 'main.svg'), 'utf8');
      const labelY = (name: string): number => Number(svg.match(new RegExp(`<text x="[-\\d.]+" y="([-\\d.]+)"[^>]*>${name}</text>`))![1]);
      // The ball (y = 195) rests on the floor (y = 208, 16 px thick): above it, as in Godot.
      assert.ok(labelY('Ball') < labelY('Walls/Floor'), `Ball at ${labelY('Ball')}, floor at ${labelY('Walls/Floor')}`);
      assert.match(svg, />main\.tscn · t = 0 s</);
      assert.equal(renderCommand.run(['main.tscn', '-o', 'pair.svg', '--pair', 'Ball,Walls/Floor'], io), 0, err.join(''));
      assert.match(readFileSync(join(dir, 'pair.svg'), 'utf8'), />Ball ⊖ Walls\/Floor</);
      assert.throws(() => renderCommand.run(['main.tscn', '-o', 'x.svg', '--pair', 'Ball,Nobody'], io), /the level has no two bodies/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command: writes the file, exit 0; bad usage and unreadable input, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collide-render-'));
    try {
      writeFileSync(join(dir, 'a.collide'), SCENE);
      const err: string[] = [];
      const io = { stdout: () => {}, stderr: (s: string) => void err.push(s), cwd: dir };
      assert.equal(renderCommand.run(['a.collide', '--out', 'a.svg'], io), 0);
      assert.match(readFileSync(join(dir, 'a.svg'), 'utf8'), /^<svg /);
      assert.equal(renderCommand.run(['missing.collide', '--out', 'b.svg'], io), 2);
      assert.match(err.join(''), /cannot read 'missing\.collide': no such file or folder/);
      // A byte-order mark is dropped as collide check drops it (cli/files.ts), not drawn as an error.
      writeFileSync(join(dir, 'bom.collide'), `\uFEFF${SCENE}`);
      err.length = 0;
      assert.equal(renderCommand.run(['bom.collide', '--out', 'bom.svg'], io), 0);
      assert.deepEqual(err, ['collide render: wrote bom.svg\n']);
      assert.throws(() => renderCommand.run(['a.collide', '--out', 'a.gif'], io), /must end in \.svg or \.png/);
      assert.throws(() => renderCommand.run(['a.collide'], io), /no output given/);
      assert.throws(() => renderCommand.run(['a.collide', '-o', 'x.svg', '--pair', 'one'], io), /two body names/);
      assert.throws(() => renderCommand.run(['a.collide', '-o', 'x.svg', '--width', '1e9'], io), /whole number of pixels/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
