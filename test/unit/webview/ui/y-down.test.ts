/**
 * A y-down scene (a level's frame) in the webview, in headless Chromium: drawn with y growing
 * down the screen, and dragging, panning and zooming work in its frame: a body goes where the
 * pointer goes, and the pose posted back is in the scene's coordinates. A level's body shows no
 * rotation or size handles: the level file takes only a position from the preview.
 */
import { strict as assert } from 'node:assert';
import { blend, DARK_VARS, near, type PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { sampleScene } from '../../../browser/fixtures';
import { isWebviewToHost } from '../../../../protocol/preview-messages';
import type { PreviewScene } from '../../../../protocol/preview-model';

const BG = DARK_VARS['--vscode-editor-background']!;
const DYNAMIC = DARK_VARS['--vscode-charts-blue']!;

/** The sample scene in a y-down frame: the crate (at y = 0.4) hangs under the floor (y from -1 to 0). */
const levelScene = (version = 1): PreviewScene => ({ ...sampleScene(version), uri: 'file:///work/level.tscn', yDown: true });

describe('preview webview: a y-down scene (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  it('draws y down: the crate (y = 0.4) under the floor (y = -0.5)', async () => {
    await view.send({ type: 'scene', scene: levelScene() });
    const { view: v } = await view.debug();
    assert.equal(v.yDown, true);
    const box = (await view.page.locator('#scene').boundingBox())!;
    // Inside the crate, clear of its label and the push-out arrow, at y = 0.15: below the screen's
    // middle line through the view's center by (0.15 - cy) zoom pixels.
    const x = box.x + (0.3 - v.cx) * v.zoom + v.width / 2;
    const y = box.y + v.height / 2 + (0.15 - v.cy) * v.zoom;
    assert.deepEqual([x, y], await view.toPage(0.3, 0.15));
    assert.ok(near(await view.pixel(x, y), blend(BG, DYNAMIC, 0.25)), `crate fill at ${x},${y}: ${await view.pixel(x, y)}`);
    // The floor (y from -1 to 0) is drawn above the crate, and is not the crate there.
    const [, above] = await view.toPage(0.3, -0.15);
    assert.ok(above < y);
    assert.ok(!near(await view.pixel(x, above), blend(BG, DYNAMIC, 0.25)), 'the floor above is not the crate');
    // The pair inspector draws B ⊖ A in the scene's frame too (render/pair-painter.ts, tested there).
    const inspectorYDown = (): Promise<boolean> => view.page.evaluate(() => (globalThis as any).collidePreview.inspector.yDown);
    assert.equal(await inspectorYDown(), true);
    // A y-up scene of another document after it is drawn y up again.
    await view.send({ type: 'scene', scene: sampleScene() });
    assert.equal((await view.debug()).view.yDown, undefined);
    assert.equal(await inspectorYDown(), false);
  });

  it('dragging a body moves it with the pointer and posts `at` in the scene\'s frame', async () => {
    await view.send({ type: 'scene', scene: levelScene(3) });
    await view.page.locator('#edit-lock').click();
    await view.clearPosted();
    const { view: v } = await view.debug();
    const [x, y] = await view.toPage(0, 0.55);
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    // Right and down the screen: +x, and +y in a y-down scene.
    for (let k = 1; k <= 5; k++) await view.page.mouse.move(x + 10 * k, y + 6 * k);
    const dragged = await view.page.evaluate(() => (globalThis as any).collidePreview.state.drag);
    const [dx, dy] = await view.toPage(dragged.x, dragged.y);
    assert.ok(Math.abs(dx - (x + 50)) < 1 && Math.abs(dy - (y + 30 - (0.55 - 0.4) * v.zoom)) < 1, 'the body is drawn where the pointer took it');
    await view.page.mouse.up();
    const posted = await view.posted();
    assert.equal(posted.length, 1);
    const m = posted[0];
    assert.ok(isWebviewToHost(m) && m.type === 'editPose' && m.at !== undefined);
    assert.equal(m.body, 'crate');
    const tol = 2 / v.zoom;
    assert.ok(Math.abs(m.at[0] - 50 / v.zoom) <= tol, `x ${m.at[0]} vs ${50 / v.zoom}`);
    assert.ok(Math.abs(m.at[1] - (0.4 + 30 / v.zoom)) <= tol, `y ${m.at[1]} vs ${0.4 + 30 / v.zoom}`);
  });

  it('shows no rotation handle on a level\'s body, whose rotation the level file does not take', async () => {
    await view.send({ type: 'scene', scene: levelScene(4) });
    await view.page.locator('#edit-lock').click();
    const [x, y] = await view.toPage(0, 0.55);
    await view.page.mouse.click(x, y);
    await view.frame();
    await view.clearPosted();
    assert.equal((await view.debug()).selected, 1);
    assert.equal(await view.page.evaluate(() => (globalThis as any).collidePreview.state.overlay()), null, 'no handles');
    // Where the knob would be, a drag pans and posts nothing.
    const h = await view.page.evaluate(() => {
      const app = (globalThis as any).collidePreview;
      return app.state.painter.rotationHandle(1, 0, null, app.view);
    });
    const box = (await view.page.locator('#scene').boundingBox())!;
    const before = (await view.debug()).view;
    await view.page.mouse.move(box.x + h.hx, box.y + h.hy);
    await view.page.mouse.down();
    await view.page.mouse.move(box.x + h.ox, box.y + h.oy + 40);
    await view.page.mouse.up();
    assert.deepEqual(await view.posted(), []);
    assert.notEqual((await view.debug()).view.cx, before.cx);
  });

  it('panning moves the content with the pointer, and the wheel zooms about it', async () => {
    await view.send({ type: 'scene', scene: levelScene() });
    await view.clearPosted();
    const before = (await view.debug()).view;
    const [x, y] = await view.toPage(-1, 4.6);
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    await view.page.mouse.move(x - 40, y + 20);
    await view.page.mouse.up();
    const panned = (await view.debug()).view;
    assert.ok(Math.abs(panned.cx - (before.cx + 40 / before.zoom)) < 1e-9);
    assert.ok(Math.abs(panned.cy - (before.cy - 20 / before.zoom)) < 1e-9, 'dragged down, the center moves up the world (y down)');
    const [px, py] = await view.toPage(-1, 4.6);
    assert.ok(Math.abs(px - (x - 40)) < 1e-6 && Math.abs(py - (y + 20)) < 1e-6, 'the point grabbed is under the pointer');
    const [wx, wy] = await view.toPage(1, 1);
    await view.page.mouse.move(wx, wy);
    await view.page.mouse.wheel(0, -200);
    await view.frame();
    const [ax, ay] = await view.toPage(1, 1);
    assert.ok(Math.abs(ax - wx) < 0.5 && Math.abs(ay - wy) < 0.5, `${ax},${ay} vs ${wx},${wy}`);
    assert.ok((await view.debug()).view.zoom > panned.zoom);
    assert.deepEqual(await view.posted(), []);
  });
});
