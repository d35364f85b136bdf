/**
 * A ghost bump in the scene drawing: its seam's tick across the floor with the label "seam" at
 * the seam's screen point, emphasized when the finding's pair is inspected or one of its bodies
 * selected, and the sliding body's dashed ghost at the finding's toi; nothing of the kind for
 * other findings.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { DARK_THEME } from '../../../../render/theme';
import { toScreenX, toScreenY, type Viewport } from '../../../../render/viewport';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { PaintRecorder } from '../paint-recorder';

function sceneOf(text: string): PreviewScene {
  const analysis = analyzeDocument(text);
  return buildPreviewScene('file:///t.collide', 1, { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics });
}

const options = (o: Partial<SceneDrawOptions> = {}): SceneDrawOptions => ({ time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: false, ...o });
const close = (a: number, b: number, tol = 1e-6) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);
const view = (): Viewport => ({ cx: 2, cy: -10, zoom: 40, width: 640, height: 960 });

function draw(scene: PreviewScene, o: SceneDrawOptions): PaintRecorder {
  const r = new PaintRecorder(640, 960);
  new ScenePainter(scene).draw(r, view(), DARK_THEME, o);
  return r;
}

const example = readFileSync(join(__dirname, '../../../../examples/ghost-bump.collide'), 'utf8');

describe('render/scene/seam-marks', () => {
  const scene = sceneOf(example);
  const bumps = scene.findings.filter((f) => f.kind === 'ghost-bump');
  const crate = scene.bodies.findIndex((b) => b.name === 'crate');

  it('draws each seam as a tick across the floor at its screen point, labeled "seam"', () => {
    assert.equal(bumps.length, 2, 'the crate reaches the seams at x = 1 and x = 3');
    const v = view();
    const r = draw(scene, options());
    const ticks = r.paths.filter((s) => s.op === 'stroke' && s.color === DARK_THEME.warning && s.width === 2 && s.points.length === 2 && s.dash === '');
    const labels = r.texts.filter((t) => t.s === 'seam');
    assert.equal(ticks.length, 2);
    assert.equal(labels.length, 2);
    for (const [k, x] of [1, 3].entries()) {
      const sx = toScreenX(v, x);
      const sy = toScreenY(v, 0);
      const [[x0, y0], [x1, y1]] = ticks[k]!.points as [[number, number], [number, number]];
      close((x0 + x1) / 2, sx);
      close((y0 + y1) / 2, sy);
      close(x0, x1);
      assert.ok(Math.abs(y1 - y0) >= 10, 'across the floor (vertical for a level floor)');
      close(labels[k]!.x, sx);
      assert.ok(labels[k]!.y < Math.min(y0, y1), 'the label above the tick');
      assert.equal(labels[k]!.style.bold, false);
    }
  });

  it('draws the sliding body at the toi as a dashed ghost, where its front reaches the seam', () => {
    const v = view();
    const r = draw(scene, options());
    const ghosts = r.paths.filter((s) => s.op === 'stroke' && s.dash === '4,3');
    assert.equal(ghosts.length, 2);
    for (const [k, f] of bumps.entries()) {
      const xs = ghosts[k]!.points.map((q) => q[0]);
      const ys = ghosts[k]!.points.map((q) => q[1]);
      assert.ok(xs.length >= 4);
      // The crate (0.5 wide, from x = 0 at 3 units/s) at the toi: its front edge at the seam.
      close(Math.max(...xs), toScreenX(v, f.point![0]), 1e-6 * 40 + 0.01 * 40);
      close(Math.max(...xs), toScreenX(v, 3 * f.toi! + 0.25));
      close(Math.min(...xs), toScreenX(v, 3 * f.toi! - 0.25));
      close(Math.max(...ys), toScreenY(v, 0.252 - 0.25));
      close(Math.min(...ys), toScreenY(v, 0.252 + 0.25));
    }
  });

  it('emphasizes a seam when its pair is inspected or one of its bodies selected', () => {
    for (const o of [options({ selected: crate }), options({ pair: [bumps[0]!.ia, bumps[0]!.ib] }), options({ hovered: bumps[1]!.ia })]) {
      const r = draw(scene, o);
      const labels = r.texts.filter((t) => t.s === 'seam');
      assert.equal(labels.length, 2);
      const emphasized = labels.filter((t) => t.style.bold && t.style.color === DARK_THEME.highlight);
      assert.ok(emphasized.length >= 1);
      assert.ok(r.paths.some((s) => s.op === 'stroke' && s.color === DARK_THEME.highlight && s.width === 3 && s.points.length === 2));
    }
    const plain = draw(scene, options({ selected: scene.bodies.findIndex((b) => b.name === 'slab') }));
    assert.ok(plain.texts.filter((t) => t.s === 'seam').every((t) => !t.style.bold));
    assert.equal(plain.texts.filter((t) => t.s === 'seam').length, 2);
  });

  it('draws no seam and no seam ghost for other findings', () => {
    const other = sceneOf('frames 60\nbody wall static box(1, 4) at (5, 0)\nbody shot circle(0.1) at (0, 0) velocity (600, 0)\nbody a box(1, 1) at (0, 3)\nbody b box(1, 1) at (0.5, 3)\n');
    assert.ok(other.findings.length >= 2, 'a tunnelling and an overlap');
    assert.ok(other.findings.every((f) => f.kind !== 'ghost-bump'));
    for (const o of [options(), options({ pair: [other.findings[0]!.ia, other.findings[0]!.ib], showSweeps: true })]) {
      const r = draw(other, o);
      assert.equal(r.texts.filter((t) => t.s === 'seam').length, 0);
      assert.equal(r.paths.filter((s) => s.op === 'stroke' && s.dash === '4,3').length, 0);
    }
  });
});
