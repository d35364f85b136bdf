/**
 * Editing from the preview, in headless Chromium: locked by default (a drag pans, nothing is
 * posted), the middle button and Space pan, the selected body's handles post one edit each
 * (shape sizes, velocity, spin), Ctrl+Z and Ctrl+Shift+Z or Ctrl+Y ask the host to undo and redo,
 * and a wheel zoom hides the tooltip.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { isWebviewToHost } from '../../../../protocol/preview-messages';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import type { PreviewScene } from '../../../../protocol/preview-model';

const TEXT = [
  'frames 10',
  'body ball circle(1) at (-4, 0) velocity (2, 0)',
  'body crate box(2, 1) at (1, 0)',
  'body pill capsule(2, 0.5) at (1, 3)',
  'body edge static segment((-1.5, 0), (1.5, 0)) at (-4, 3)',
  'body rock polygon((0, 0), (1, 0), (0, 1)) at (4, 3)',
  'body floor static box(14, 1) at (0, -3)',
  '',
].join('\n');

function scene(version = 1): PreviewScene {
  const a = analyzeDocument(TEXT, { editorData: false });
  return buildPreviewScene('file:///work/edit.collide', version, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

interface Handle {
  kind: string;
  x: number;
  y: number;
}

describe('preview webview: editing (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
    version = 1;
  });

  /** Page coordinates of the canvas's origin. */
  const origin = async (): Promise<[number, number]> => {
    const box = (await view.page.locator('#scene').boundingBox())!;
    return [box.x, box.y];
  };

  /** Select `name` with a click at its origin (a click selects whether locked or not). */
  async function select(name: string, at: [number, number]): Promise<void> {
    const [x, y] = await view.toPage(...at);
    await view.page.mouse.click(x, y);
    await view.frame();
    const s = await view.page.evaluate(() => {
      const st = (globalThis as any).collidePreview.state;
      return st.scene.bodies[st.selected]?.name;
    });
    assert.equal(s, name);
  }

  const handles = (): Promise<Handle[]> => view.page.evaluate(() => (globalThis as any).collidePreview.state.overlay()?.handles ?? []);
  const scales = (): Promise<{ velocitySeconds: number; spinSeconds: number }> => view.page.evaluate(() => (globalThis as any).collidePreview.state.overlay().scales);

  /** Drag the selected body's handle `kind` by (dx, dy) pixels, in steps; returns what was posted. */
  async function dragHandle(kind: string, dx: number, dy: number): Promise<any[]> {
    const h = (await handles()).find((k) => k.kind === kind);
    assert.ok(h, `a ${kind} handle among ${(await handles()).map((k) => k.kind).join(', ')}`);
    const [bx, by] = await origin();
    await view.clearPosted();
    await view.page.mouse.move(bx + h.x, by + h.y);
    await view.page.mouse.down();
    for (let k = 1; k <= 4; k++) await view.page.mouse.move(bx + h.x + (dx * k) / 4, by + h.y + (dy * k) / 4);
    assert.deepEqual(await view.posted(), [], 'nothing is posted while dragging');
    await view.page.mouse.up();
    return view.posted();
  }

  let version = 1;
  /**
   * The one editBody posted, checked against the protocol; then the scene comes back as a new
   * version, as the host's edit makes it, so that the next drag starts from the file's shape
   * (until then the dragged outline is drawn, and its handles grabbed).
   */
  async function editBody(posted: any[], body: string): Promise<Record<string, any>> {
    assert.equal(posted.length, 1, JSON.stringify(posted));
    const m = posted[0];
    assert.ok(isWebviewToHost(m) && m.type === 'editBody', JSON.stringify(m));
    assert.equal(m.body, body);
    assert.equal(m.version, version);
    await view.send({ type: 'scene', scene: scene(++version) });
    return m.change;
  }

  /** The scene, framed whole (Shift+F): the tests place the pointer on every body, floor included. */
  async function showScene(): Promise<void> {
    await view.send({ type: 'scene', scene: scene() });
    await view.page.evaluate(() => (globalThis as any).collidePreview.fit(true));
    await view.frame();
  }

  const near = (actual: number, expected: number, tol: number, what: string): void => assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected}`);

  it('is locked by default: a drag on a body pans and posts no edit, a click selects, no handles show', async () => {
    await showScene();
    assert.equal((await view.debug() as any).editable, false);
    await view.clearPosted();
    const before = (await view.debug()).view;
    const [x, y] = await view.toPage(1, 0);
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    for (let k = 1; k <= 4; k++) await view.page.mouse.move(x + 10 * k, y + 5 * k);
    await view.page.mouse.up();
    assert.deepEqual(await view.posted(), [], 'no edit');
    const after = (await view.debug()).view;
    near(after.cx, before.cx - 40 / before.zoom, 1e-9, 'panned x');
    near(after.cy, before.cy + 20 / before.zoom, 1e-9, 'panned y');
    await select('crate', [1, 0]);
    assert.deepEqual(await view.posted(), [{ type: 'reveal', version: 1, body: 'crate' }]);
    assert.deepEqual(await handles(), []);
  });

  it('keeps the unlocked state in the view state, and a reload comes back unlocked', async () => {
    await showScene();
    const lock = view.page.locator('#edit-lock');
    assert.equal(await lock.getAttribute('aria-pressed'), 'false');
    await lock.click();
    assert.equal(await lock.getAttribute('aria-pressed'), 'true');
    const state = await view.state();
    assert.equal(state.editable, true);
    view = await browser.open({ state });
    assert.equal((await view.debug() as any).editable, true);
    assert.equal(await view.page.locator('#edit-lock').getAttribute('aria-pressed'), 'true');
  });

  it('pans with the middle button and with Space held, even on a body with edits unlocked', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    await view.clearPosted();
    const z = (await view.debug()).view.zoom;
    const drag = async (button: 'left' | 'middle'): Promise<void> => {
      const [x, y] = await view.toPage(1, 0);
      await view.page.mouse.move(x, y);
      await view.page.mouse.down({ button });
      for (let k = 1; k <= 4; k++) await view.page.mouse.move(x + 8 * k, y);
      await view.page.mouse.up({ button });
    };
    let before = (await view.debug()).view.cx;
    await drag('middle');
    near((await view.debug()).view.cx, before - 32 / z, 1e-9, 'middle-button pan');
    before = (await view.debug()).view.cx;
    await view.page.keyboard.down(' ');
    await drag('left');
    await view.page.keyboard.up(' ');
    near((await view.debug()).view.cx, before - 32 / z, 1e-9, 'Space-drag pan');
    assert.deepEqual(await view.posted(), [], 'no edit, no reveal');
    // Space released, the same drag moves the body again.
    await drag('left');
    assert.equal((await view.posted())[0]?.type, 'editPose');
  });

  it('leaves Space to a focused control: the Show menu opens with it', async () => {
    await showScene();
    await view.page.locator('#show-menu summary').focus();
    await view.page.keyboard.press(' ');
    assert.equal(await view.page.locator('#show-menu').evaluate((e: any) => e.open), true);
    assert.equal(await view.page.locator('#scene').evaluate((c) => c.classList.contains('panning')), false);
  });

  it('a circle\'s radius handle posts its new radius, a capsule\'s its length and radius', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    const z = (await view.debug()).view.zoom;
    await select('ball', [-4, 0]);
    // The knob is on the circle, straight up from its center at angle 0: 20 px further up.
    near((await editBody(await dragHandle('radius', 0, -20), 'ball')).radius, 1 + 20 / z, 1.5 / z, 'radius');
    await select('pill', [1, 3]);
    near((await editBody(await dragHandle('length', 15, 0), 'pill')).length, 2 + 30 / z, 2.5 / z, 'capsule length');
    near((await editBody(await dragHandle('radius', 0, -10), 'pill')).radius, 0.5 + 10 / z, 1.5 / z, 'capsule radius');
  });

  it('a box\'s width, height and corner handles post its new size (twice the half extents)', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    const z = (await view.debug()).view.zoom;
    await select('crate', [1, 0]);
    let size = (await editBody(await dragHandle('width', 20, 0), 'crate')).size;
    near(size[0], 2 + 40 / z, 2.5 / z, 'width');
    assert.equal(size[1], 1);
    // Sizes are written with decimals for about a pixel: no long tails.
    assert.ok(String(size[0]).length <= 8, String(size[0]));
    size = (await editBody(await dragHandle('corner', 10, -15), 'crate')).size;
    near(size[0], 2 + 20 / z, 2.5 / z, 'corner width');
    near(size[1], 1 + 30 / z, 2.5 / z, 'corner height');
    size = (await editBody(await dragHandle('height', 0, 10), 'crate')).size;
    near(size[1], 1 - 20 / z, 2.5 / z, 'height');
  });

  it('a segment\'s end and a polygon\'s scale handle post the new ends and the scale', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    const z = (await view.debug()).view.zoom;
    await select('edge', [-4, 3]);
    const ends = (await editBody(await dragHandle('end1', 10, -10), 'edge')).ends;
    near(ends[0][0], -1.5, 1e-9, 'the other end stays');
    near(ends[1][0], 1.5 + 10 / z, 1.5 / z, 'end x');
    near(ends[1][1], 10 / z, 1.5 / z, 'end y');
    await select('rock', [4.2, 3.2]);
    // The farthest vertex (1, 0) dragged 1 unit further out along x: twice as large.
    const scale = (await editBody(await dragHandle('scale', z, 0), 'rock')).scale;
    near(scale, 2, 0.02, 'scale');
  });

  it('the velocity arrow\'s head posts a velocity, the spin knob a spin', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    const z = (await view.debug()).view.zoom;
    await select('ball', [-4, 0]);
    const { velocitySeconds } = await scales();
    const v = (await editBody(await dragHandle('velocity', 30, -20), 'ball')).velocity;
    near(v[0], 2 + 30 / (z * velocitySeconds), 2 / (z * velocitySeconds), 'vx');
    near(v[1], 20 / (z * velocitySeconds), 2 / (z * velocitySeconds), 'vy');
    // The crate does not spin: its knob starts on the ray of its angle (0), and a quarter turn
    // counter-clockwise sets spin = (π / 2) / spinSeconds.
    await select('crate', [1, 0]);
    const { spinSeconds } = await scales();
    const knob = (await handles()).find((h) => h.kind === 'spin')!;
    const [ox, oy] = await view.toPage(1, 0);
    const [bx, by] = await origin();
    const r = Math.hypot(bx + knob.x - ox, by + knob.y - oy);
    await view.clearPosted();
    await view.page.mouse.move(bx + knob.x, by + knob.y);
    await view.page.mouse.down();
    for (let k = 1; k <= 6; k++) await view.page.mouse.move(ox + r * Math.cos((k * Math.PI) / 12), oy - r * Math.sin((k * Math.PI) / 12));
    await view.page.mouse.up();
    near((await editBody(await view.posted(), 'crate')).spin, Math.PI / 2 / spinSeconds, 0.05 / spinSeconds, 'spin');
    // A static body has no motion handles.
    await select('floor', [5, -3]);
    assert.deepEqual((await handles()).map((h) => h.kind).filter((k) => k === 'velocity' || k === 'spin'), []);
  });

  it('stops drawing the dragged outline when the host says the edit was refused, and says why', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    await select('crate', [1, 0]);
    const [x, y] = await view.toPage(1, 0);
    await view.page.mouse.move(x + 1, y);
    assert.equal(await view.page.evaluate(() => (globalThis as any).document.querySelector('#scene').style.cursor), 'move', 'a body can be moved here');
    const h = (await handles()).find((k) => k.kind === 'width')!;
    const [bx, by] = await origin();
    await view.page.mouse.move(bx + h.x, by + h.y);
    assert.equal(await view.page.evaluate(() => (globalThis as any).document.querySelector('#scene').style.cursor), 'pointer', 'a handle can be grabbed here');
    await view.page.mouse.down();
    await view.page.mouse.move(bx + h.x + 25, by + h.y);
    await view.page.mouse.up();
    const resized = (): Promise<boolean> => view.page.evaluate(() => (globalThis as any).collidePreview.state.overlay().resized);
    assert.equal(await resized(), true, 'the dragged outline is drawn while the edit is under way');
    await view.send({ type: 'editRefused', reason: "'crate' was not changed: the text changed meanwhile" });
    assert.equal(await resized(), false);
    assert.match((await view.page.locator('#status').textContent())!, /was not changed/);
  });

  it('Escape drops a handle drag: nothing is posted', async () => {
    await showScene();
    await view.page.locator('#edit-lock').click();
    await select('ball', [-4, 0]);
    const h = (await handles()).find((k) => k.kind === 'radius')!;
    const [bx, by] = await origin();
    await view.clearPosted();
    await view.page.mouse.move(bx + h.x, by + h.y);
    await view.page.mouse.down();
    await view.page.mouse.move(bx + h.x, by + h.y - 30);
    await view.page.keyboard.press('Escape');
    await view.page.mouse.up();
    assert.deepEqual(await view.posted(), []);
    assert.equal((await view.debug()).selected >= 0, true, 'the selection stays');
  });

  it('Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, Cmd+Z and the toolbar buttons post undo and redo', async () => {
    await showScene();
    await view.page.locator('#scene').focus();
    await view.clearPosted();
    for (const key of ['Control+z', 'Control+Shift+Z', 'Control+y', 'Meta+z']) await view.page.keyboard.press(key);
    await view.page.locator('#undo').click();
    await view.page.locator('#redo').click();
    const actions = (await view.posted()).map((m) => {
      assert.ok(isWebviewToHost(m) && m.type === 'history');
      return m.action;
    });
    assert.deepEqual(actions, ['undo', 'redo', 'redo', 'undo', 'undo', 'redo']);
  });

  it('hides the tooltip on a wheel zoom', async () => {
    await showScene();
    const [x, y] = await view.toPage(1, 0);
    await view.page.mouse.move(x, y);
    await view.page.mouse.move(x + 1, y);
    assert.equal(await view.page.locator('#tooltip').isVisible(), true, 'the tooltip shows over the crate');
    await view.page.mouse.wheel(0, -120);
    await view.frame();
    assert.equal(await view.page.locator('#tooltip').isVisible(), false);
  });
});
