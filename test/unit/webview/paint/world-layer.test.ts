/**
 * The cached world layer of large scenes in headless Chromium: panning shifts the cached bitmap
 * and draws only the exposed strips, a wheel zoom scales it until the gesture settles. What the
 * user finally sees must be what a full redraw of the same view draws: compared pixel by pixel,
 * within antialiasing tolerance.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';
import { largeScene } from '../../render/scene/large-scene';

/**
 * "Equal within antialiasing tolerance": a channel may differ by up to NOISE anywhere (rounding
 * in compositing a transparent layer), by more only on an edge (a pixel whose 3 × 3
 * neighborhood in the full redraw spans more than EDGE_CONTRAST levels: partial coverage, where
 * Skia's float32 rounding of a shape moved by whole pixels can change a coverage step), and
 * never by more than MAX_EDGE_DIFF. A missing, doubled or misplaced shape breaks all three.
 */
const NOISE = 8;
const EDGE_CONTRAST = 24;
const MAX_EDGE_DIFF = 40;

interface Difference {
  max: number;
  /** Channels differing by more than NOISE. */
  over: number;
  /** Of those, channels of pixels that are not on an edge. */
  offEdge: number;
  /** Mean absolute difference over all channels. */
  mean: number;
}

function withinAntialiasing(d: Difference): boolean {
  return d.max <= MAX_EDGE_DIFF && d.offEdge === 0 && d.mean < 0.05;
}

/** Keep the canvas's current pixels to compare with later. */
async function keep(view: PreviewPage): Promise<void> {
  await view.page.evaluate(() => {
    const c = (globalThis as any).document.querySelector('#scene');
    (globalThis as any).__kept = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  });
}

/**
 * Redraw everything now (cache dropped) and compare with the kept pixels, over the whole canvas
 * or over the rectangle [x0, x1) × [y0, y1) in canvas pixels.
 */
async function compareWithFullRedraw(view: PreviewPage, rect?: [number, number, number, number]): Promise<Difference> {
  return view.page.evaluate(
    ({ rect, noise, contrast }) => {
      const g = globalThis as any;
      const c = g.document.querySelector('#scene');
      g.collidePreview.drawNow('full');
      const b = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const a = g.__kept;
      const W = c.width;
      const H = c.height;
      const [x0, y0, x1, y1] = rect ?? [0, 0, W, H];
      const edge = (x: number, y: number, k: number): boolean => {
        let lo = 255;
        let hi = 0;
        for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
          for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
            const v = b[(yy * W + xx) * 4 + k];
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
          }
        }
        return hi - lo > contrast;
      };
      let max = 0;
      let over = 0;
      let offEdge = 0;
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          for (let k = 0; k < 4; k++) {
            const i = (y * W + x) * 4 + k;
            const d = Math.abs(a[i] - b[i]);
            if (d > max) max = d;
            if (d > noise) {
              over++;
              if (!edge(x, y, k)) offEdge++;
            }
            sum += d;
            n++;
          }
        }
      }
      return { max, over, offEdge, mean: sum / Math.max(1, n) };
    },
    { rect, noise: NOISE, contrast: EDGE_CONTRAST },
  );
}

/** Set the view (center as fractions of the scene bounds, zoom as a multiple of the fitted zoom). */
async function setView(view: PreviewPage, zoomFactor: number, fx: number, fy: number): Promise<string> {
  return view.page.evaluate(
    ({ zoomFactor, fx, fy }) => {
      const app = (globalThis as any).collidePreview;
      app.fit();
      const v = app.view;
      const b = app.state.scene.bounds;
      v.zoom *= zoomFactor;
      v.cx = b[0] + fx * (b[2] - b[0]);
      v.cy = b[1] + fy * (b[3] - b[1]);
      // A fresh layer at this view, whatever the last one was: with 'exact', a new center that
      // happens to lie whole pixels from the fitted one (it depends on the panel's height down to
      // the toolbar's last pixel) would be drawn as a shift instead.
      return app.drawNow('full');
    },
    { zoomFactor, fx, fy },
  );
}

async function frameKind(view: PreviewPage): Promise<string> {
  return ((await view.debug()) as any).frame;
}

describe('preview cached world layer (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  it('draws a small scene directly, and a large one through the cached layer', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    assert.equal(await frameKind(view), 'direct');
    await view.send({ type: 'scene', scene: largeScene(1200) });
    assert.equal(await frameKind(view), 'full');
  });

  for (const [zoom, what] of [
    [1, 'fitted (bodies drawn as squares)'],
    [4, 'zoomed in (filled outlines)'],
    [14, 'zoomed far in (outlined, dashed sensors, overlap outlines)'],
  ] as const) {
    it(`panning by whole pixels shifts the cached layer and equals a full redraw: ${what}`, async () => {
      await view.send({ type: 'scene', scene: largeScene(1200) });
      // The inspected pair draws its swept areas in the layer; a selection and a hover in the overlay.
      await view.send({ type: 'selectPair', a: 'b0', b: 'b5' });
      await view.page.evaluate(() => {
        const app = (globalThis as any).collidePreview;
        app.state.selected = 38;
        app.state.hovered = 39;
      });
      assert.equal(await setView(view, zoom, 0.3, 0.4), 'full');
      const kinds: string[] = [];
      for (const [dx, dy] of [[7, 0], [0, -5], [-13, 9], [31, 17], [-2, -40], [120, -3], [1, 1], [-64, 0], [0, 0]] as const) {
        kinds.push(
          await view.page.evaluate(
            ({ dx, dy }) => {
              const app = (globalThis as any).collidePreview;
              app.view.cx -= dx / app.view.zoom;
              app.view.cy += dy / app.view.zoom;
              return app.drawNow('exact');
            },
            { dx, dy },
          ),
        );
      }
      assert.deepEqual(kinds, ['shift', 'shift', 'shift', 'shift', 'shift', 'shift', 'shift', 'shift', 'reuse']);
      await keep(view);
      const d = await compareWithFullRedraw(view);
      assert.ok(withinAntialiasing(d), `shifted frame vs full redraw: ${JSON.stringify(d)}`);
    });
  }

  it('a pan by a fraction of a pixel is not shifted but redrawn crisply outside a gesture', async () => {
    await view.send({ type: 'scene', scene: largeScene(1200) });
    await setView(view, 3, 0.5, 0.5);
    const kind = await view.page.evaluate(() => {
      const app = (globalThis as any).collidePreview;
      app.view.cx += 0.4 / app.view.zoom;
      return app.drawNow('exact');
    });
    assert.equal(kind, 'full');
  });

  it('a mouse drag pans through shifted frames; the frame after release equals a full redraw', async () => {
    await view.send({ type: 'scene', scene: largeScene(1200) });
    await setView(view, 5, 0.45, 0.5);
    await view.clearPosted();
    const box = (await view.page.locator('#scene').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    // Shift: pan even when the press lands on a body.
    await view.page.keyboard.down('Shift');
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    const during: string[] = [];
    for (let k = 1; k <= 8; k++) {
      await view.page.mouse.move(x + 23 * k, y - 11 * k);
      await view.frame();
      during.push(await frameKind(view));
    }
    assert.ok((await view.debug() as any).gesture, 'the drag is a gesture in progress');
    await view.page.mouse.up();
    await view.page.keyboard.up('Shift');
    await view.frame();
    assert.deepEqual([...new Set(during)], ['shift']);
    assert.deepEqual(await view.posted(), [], 'a pan posts nothing');
    await keep(view);
    const d = await compareWithFullRedraw(view);
    assert.ok(withinAntialiasing(d), `settled pan vs full redraw: ${JSON.stringify(d)}`);
  });

  it('a wheel zoom scales the cached layer while it lasts, then settles into a crisp full redraw', async () => {
    await view.send({ type: 'scene', scene: largeScene(1200) });
    await setView(view, 3, 0.5, 0.5);
    const box = (await view.page.locator('#scene').boundingBox())!;
    await view.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    // Hold the gesture open: on a loaded machine more than the app's settle time (150 ms) can
    // pass between a wheel event and the frame read after it, which would show the settled
    // frame instead of the scaled one.
    await view.page.evaluate(() => (globalThis as any).collidePreview.holdZoomSettle(true));
    const during: string[] = [];
    for (let k = 0; k < 4; k++) {
      await view.page.mouse.wheel(0, 60);
      await view.frame();
      during.push(await frameKind(view));
    }
    assert.deepEqual([...new Set(during)], ['scaled']);
    // Zoomed out: the scaled copy no longer covers the screen, and the uncovered border is drawn
    // at the new zoom, so it matches a full redraw there (up to the clip's antialiasing).
    await keep(view);
    const width = await view.page.evaluate(() => (globalThis as any).document.querySelector('#scene').width);
    const border = await compareWithFullRedraw(view, [0, 0, width, 12]);
    assert.ok(border.mean < 1, `uncovered border vs full redraw: ${JSON.stringify(border)}`);
    // (That comparison drew the layer afresh at this zoom; zoom once more, then let it settle.)
    await view.page.mouse.wheel(0, -60);
    await view.frame();
    assert.equal(await frameKind(view), 'scaled');
    // Longer than the settle time: the held gesture is still open whatever the machine's speed.
    await view.page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    await view.frame();
    assert.equal(await frameKind(view), 'scaled', 'a held gesture does not settle on its own');
    assert.equal((await view.debug() as any).gesture, true);
    // Released, the settle timer runs as after a last wheel event; wait for the frame it asks
    // for (however long the machine takes) rather than for a fixed time.
    await view.page.evaluate(() => (globalThis as any).collidePreview.holdZoomSettle(false));
    await view.page.waitForFunction(() => {
      const s = (globalThis as any).collidePreview.debugState();
      return s.frame === 'full' && !s.gesture;
    });
    await keep(view);
    const d = await compareWithFullRedraw(view);
    assert.deepEqual(d, { max: 0, over: 0, offEdge: 0, mean: 0 }, 'the settled frame is a full redraw');
  });

  it('hovering a large scene redraws only the overlay; a new time or theme redraws the layer', async () => {
    await view.send({ type: 'scene', scene: largeScene(1200) });
    await setView(view, 6, 0.5, 0.5);
    const box = (await view.page.locator('#scene').boundingBox())!;
    await view.page.mouse.move(box.x + 5, box.y + 5);
    await view.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await view.frame();
    assert.equal(await frameKind(view), 'reuse');
    await view.page.locator('#time').fill('700');
    await view.frame();
    assert.equal(await frameKind(view), 'full');
    await view.page.evaluate(() => (globalThis as any).document.documentElement.style.setProperty('--vscode-charts-blue', '#ff0000'));
    await view.frame();
    await view.frame();
    assert.equal(await frameKind(view), 'full');
    await keep(view);
    const d = await compareWithFullRedraw(view);
    assert.deepEqual(d, { max: 0, over: 0, offEdge: 0, mean: 0 });
  });

  it('a scene delta draws only the changed bodies again on the cached layer, equal to a full redraw', async () => {
    const scene = largeScene(1200);
    await view.send({ type: 'scene', scene });
    await setView(view, 6, 0.5, 0.5);
    // The body nearest the view's center moves: its old and new places are drawn again, and the
    // findings it was in are removed (their overlap outlines with it).
    const { view: v } = await view.debug();
    let k = 0;
    for (let i = 1; i < scene.bodies.length; i++) {
      const d = (b: (typeof scene.bodies)[number]) => Math.hypot(b.position[0] - v.cx, b.position[1] - v.cy);
      if (d(scene.bodies[i]!) < d(scene.bodies[k]!)) k = i;
    }
    const b = scene.bodies[k]!;
    const dx = 40 / v.zoom;
    const moved = { ...b, position: [b.position[0] + dx, b.position[1]] as [number, number], bounds: [b.bounds[0] + dx, b.bounds[1], b.bounds[2] + dx, b.bounds[3]] as [number, number, number, number] };
    const findings = scene.findings.flatMap((f, i) => (f.ia === k || f.ib === k ? [{ start: i, deleteCount: 1, findings: [] }] : []));
    const delta = sceneDelta(scene, { bodies: [{ start: k, deleteCount: 1, bodies: [moved] }], findings });
    await view.send({ type: 'sceneDelta', delta });
    assert.equal(await frameKind(view), 'patch');
    assert.equal((await view.debug()).version, scene.version + 1);
    await keep(view);
    const d = await compareWithFullRedraw(view);
    assert.ok(withinAntialiasing(d), `patched frame vs full redraw: ${JSON.stringify(d)}`);
  });

  it('a y-down scene: pans shift the layer, a zoom scales it and a delta patches it, each equal to a full redraw', async () => {
    const scene = { ...largeScene(1200), yDown: true };
    await view.send({ type: 'scene', scene });
    await view.send({ type: 'selectPair', a: 'b0', b: 'b5' });
    assert.equal((await view.debug()).view.yDown, true);
    assert.equal(await setView(view, 4, 0.3, 0.4), 'full');
    const kinds: string[] = [];
    for (const [dx, dy] of [[7, 0], [0, -5], [-13, 9], [31, 17], [-2, -40]] as const) {
      kinds.push(
        await view.page.evaluate(
          ({ dx, dy }) => {
            // The content follows a drag of (dx, dy) pixels: y down, the center moves up the world.
            const app = (globalThis as any).collidePreview;
            app.view.cx -= dx / app.view.zoom;
            app.view.cy -= dy / app.view.zoom;
            return app.drawNow('exact');
          },
          { dx, dy },
        ),
      );
    }
    assert.deepEqual(kinds, ['shift', 'shift', 'shift', 'shift', 'shift']);
    await keep(view);
    const shifted = await compareWithFullRedraw(view);
    assert.ok(withinAntialiasing(shifted), `shifted frame vs full redraw: ${JSON.stringify(shifted)}`);

    // Zoomed out during a gesture: the scaled copy sits where the new zoom puts the scene, so the
    // border it leaves, drawn at the new zoom, matches a full redraw there.
    const box = (await view.page.locator('#scene').boundingBox())!;
    await view.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await view.page.evaluate(() => (globalThis as any).collidePreview.holdZoomSettle(true));
    for (let k = 0; k < 4; k++) await view.page.mouse.wheel(0, 60);
    await view.frame();
    assert.equal(await frameKind(view), 'scaled');
    await keep(view);
    const width = await view.page.evaluate(() => (globalThis as any).document.querySelector('#scene').width);
    const border = await compareWithFullRedraw(view, [0, 0, width, 12]);
    assert.ok(border.mean < 1, `uncovered border vs full redraw: ${JSON.stringify(border)}`);
    await view.page.evaluate(() => (globalThis as any).collidePreview.holdZoomSettle(false));
    await view.page.waitForFunction(() => !(globalThis as any).collidePreview.debugState().gesture);

    // A body near the center moves along y: its old and new places, one above the other on
    // screen, are drawn again.
    await setView(view, 6, 0.5, 0.5);
    const { view: v } = await view.debug();
    let k = 0;
    for (let i = 1; i < scene.bodies.length; i++) {
      const d = (b: (typeof scene.bodies)[number]) => Math.hypot(b.position[0] - v.cx, b.position[1] - v.cy);
      if (d(scene.bodies[i]!) < d(scene.bodies[k]!)) k = i;
    }
    const b = scene.bodies[k]!;
    const dy = 30 / v.zoom;
    const moved = { ...b, position: [b.position[0], b.position[1] + dy] as [number, number], bounds: [b.bounds[0], b.bounds[1] + dy, b.bounds[2], b.bounds[3] + dy] as [number, number, number, number] };
    const findings = scene.findings.flatMap((f, i) => (f.ia === k || f.ib === k ? [{ start: i, deleteCount: 1, findings: [] }] : []));
    const delta = sceneDelta(scene, { yDown: true, bodies: [{ start: k, deleteCount: 1, bodies: [moved] }], findings });
    await view.send({ type: 'sceneDelta', delta });
    assert.equal(await frameKind(view), 'patch');
    await keep(view);
    const patched = await compareWithFullRedraw(view);
    assert.ok(withinAntialiasing(patched), `patched frame vs full redraw: ${JSON.stringify(patched)}`);
  });

  it('a delta the view cannot apply asks the host for the whole scene', async () => {
    const scene = largeScene(600);
    await view.send({ type: 'scene', scene });
    await view.clearPosted();
    const delta = sceneDelta(scene, { base: scene.version + 5, version: scene.version + 6 });
    await view.send({ type: 'sceneDelta', delta });
    assert.deepEqual(await view.posted(), [{ type: 'ready' }]);
    assert.equal((await view.debug()).version, scene.version, 'the scene shown stays');
  });
});
