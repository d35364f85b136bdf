/**
 * The toolbar's "Show" menu of debug-draw overlays in headless Chromium: each overlay changes
 * the pixels where it belongs (and only once it is checked), the choice is saved in the webview
 * state and restored with it, and the overlays follow the cached world layer of a large scene.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { box, sampleScene } from '../../../browser/fixtures';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { DebugLayer } from '../../../../render/scene/debug-layer';
import { SceneBodies } from '../../../../render/scene/scene-bodies';

/**
 * The sample scene and a diamond: a unit box turned 45° at (0, 2.5), moving right at 30 units/s
 * (half a unit a step) and spinning. Its bounding box's corners are empty space, its broad-phase cell starts at its
 * center, its velocity arrow points right from its center.
 */
function diamondScene(): PreviewScene {
  const s = sampleScene();
  const r = Math.SQRT1_2;
  const diamond = {
    ...s.bodies[1]!,
    index: 5,
    name: 'diamond',
    position: [0, 2.5] as [number, number],
    angle: Math.PI / 4,
    velocity: [30, 0] as [number, number],
    spin: 1,
    bounds: [-r, 2.5 - r, r, 2.5 + r] as [number, number, number, number],
    parts: [{ kind: 'polygon' as const, vertices: box(1, 1), radius: 0, range: { start: 300, end: 310 } }],
    nameRange: { start: 301, end: 308 },
    range: { start: 300, end: 338 },
    atRange: { start: 324, end: 332 },
    insertOffset: 320,
  };
  return { ...s, bodies: [...s.bodies, diamond] };
}

/** Keep the canvas's current pixels to compare against (`changed`). */
async function keep(view: PreviewPage): Promise<void> {
  await view.frame();
  await view.page.evaluate(() => {
    const c = (globalThis as any).document.querySelector('#scene');
    (globalThis as any).__kept = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  });
}

/** How many pixels in the page rectangle [x0, x1] × [y0, y1] differ from the kept ones. */
async function changed(view: PreviewPage, x0: number, y0: number, x1: number, y1: number): Promise<number> {
  await view.frame();
  return view.page.evaluate(
    ({ x0, y0, x1, y1 }) => {
      const c = (globalThis as any).document.querySelector('#scene');
      const r = c.getBoundingClientRect();
      const now: Uint8ClampedArray = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const kept: Uint8ClampedArray = (globalThis as any).__kept;
      let n = 0;
      for (let y = Math.max(0, Math.floor(Math.min(y0, y1) - r.top)); y <= Math.min(c.height - 1, Math.ceil(Math.max(y0, y1) - r.top)); y++) {
        for (let x = Math.max(0, Math.floor(Math.min(x0, x1) - r.left)); x <= Math.min(c.width - 1, Math.ceil(Math.max(x0, x1) - r.left)); x++) {
          const o = 4 * (y * c.width + x);
          if (Math.abs(now[o]! - kept[o]!) + Math.abs(now[o + 1]! - kept[o + 1]!) + Math.abs(now[o + 2]! - kept[o + 2]!) > 24) n++;
        }
      }
      return n;
    },
    { x0, y0, x1, y1 },
  );
}

async function toggle(view: PreviewPage, name: string): Promise<void> {
  const menu = view.page.locator('#show-menu');
  if (!(await menu.evaluate((e: any) => e.open))) await view.page.locator('#show-menu summary').click();
  await view.page.locator(`#show-${name}`).click();
  // Closed again, so that the menu's panel does not cover the pixels compared.
  await view.page.locator('#show-menu summary').click();
  await view.frame();
}

describe('preview debug-draw toggles (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;

  /** A fresh page showing the diamond scene, zoomed in on the diamond. */
  async function openDiamond(state?: unknown): Promise<{ zoom: number }> {
    view = await browser.open(state ? { state } : {});
    await view.send({ type: 'scene', scene: diamondScene() });
    await lookAt(0, 2.5, 80);
    return { zoom: 80 };
  }

  /** Centers the view on (cx, cy) at `zoom` px a unit and draws the whole frame again. */
  async function lookAt(cx: number, cy: number, zoom: number): Promise<void> {
    await view.page.evaluate(
      ({ cx, cy, zoom }) => {
        const app = (globalThis as any).collidePreview;
        app.view.cx = cx;
        app.view.cy = cy;
        app.view.zoom = zoom;
        app.drawNow('full');
      },
      { cx, cy, zoom },
    );
  }

  it('offers one checkbox an overlay in a Show menu, all off by default', async () => {
    await openDiamond();
    for (const name of ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices']) {
      assert.equal(await view.page.locator(`#show-${name}`).isChecked(), false, `${name} off`);
    }
    assert.equal(await view.page.locator('#show-menu summary').textContent(), 'Show');
    // The cells drawn are always the default loose grid's: the menu says so, not "the broad phase's".
    assert.equal(await view.page.locator('label:has(#show-broadphase)').textContent(), 'Grid cells (default broad phase)');
    assert.match((await view.page.locator('label:has(#show-broadphase)').getAttribute('title'))!, /collide\.broadPhase setting/);
    // A menu: open on its summary, closed by a press outside it or by Escape.
    const open = () => view.page.locator('#show-menu').evaluate((e: any) => e.open as boolean);
    await view.page.locator('#show-menu summary').click();
    assert.equal(await open(), true);
    await view.page.mouse.click(600, 400);
    assert.equal(await open(), false, 'closed by a click on the scene');
    await view.page.locator('#show-menu summary').click();
    await view.page.locator('#show-aabb').focus();
    await view.page.keyboard.press('Escape');
    assert.equal(await open(), false, 'closed by Escape');
    // By keyboard, as a native disclosure: Space on its focused summary opens it (Space held
    // pans the scene only when no control has the focus).
    await view.page.locator('#show-menu summary').focus();
    await view.page.keyboard.press(' ');
    assert.equal(await open(), true, 'opened by Space on its summary');
    await view.page.keyboard.press('Escape');
    await view.page.keyboard.press('Enter');
    assert.equal(await open(), true, 'opened by Enter on its summary');
  });

  it('bounding boxes: the diamond\'s box corners (empty space) are drawn, and its swept box', async () => {
    await openDiamond();
    const r = Math.SQRT1_2;
    // A corner of the box at t = 0: no body there, nothing drawn before.
    const [cx, cy] = await view.toPage(r, 2.5 + r);
    await keep(view);
    assert.equal(await changed(view, cx - 4, cy - 4, cx + 4, cy + 4), 0);
    await toggle(view, 'aabb');
    assert.ok((await changed(view, cx - 4, cy - 4, cx + 4, cy + 4)) > 0, 'the box corner is drawn');
    assert.equal(await view.page.locator('#show-menu summary').textContent(), 'Show (1)');
    // The swept box over [0, 1/60 s]: its right side half a unit past the box's, in empty space.
    const [sx, sy] = await view.toPage(r + 0.5, 2.5 + r);
    assert.ok((await changed(view, sx - 3, sy - 3, sx + 3, sy + 3)) > 0, 'the swept box is drawn');
  });

  it('broad-phase cells: the cell holding the diamond\'s center is outlined', async () => {
    await openDiamond();
    // The cell is core's gridLayout of the bodies' swept boxes, as the analysis lays them out.
    const grid = new DebugLayer(new SceneBodies(diamondScene())).grid()!;
    const c = grid.cellOf[5]!;
    assert.ok(c >= 0, 'the diamond is in a cell');
    const col = c % grid.columns;
    const row = (c - col) / grid.columns;
    const left = grid.originX + col * grid.cell;
    const bottom = grid.originY + row * grid.cell;
    assert.ok(left <= 0 && 0 < left + grid.cell && bottom <= 2.5 && 2.5 < bottom + grid.cell, 'the cell holds the center');
    // Its left side, a vertical line, at the cell's middle height (clamped to the view).
    const [lx, ly] = await view.toPage(left, Math.min(bottom + grid.cell / 2, 5));
    await keep(view);
    assert.equal(await changed(view, lx - 1, ly - 10, lx + 1, ly + 10), 0);
    await toggle(view, 'broadphase');
    assert.ok((await changed(view, lx - 1, ly - 10, lx + 1, ly + 10)) >= 10, 'the cell\'s side is drawn');
  });

  it('velocities: an arrow to the right of the diamond, and a spin arc', async () => {
    await openDiamond();
    const r = Math.SQRT1_2;
    const [x, y] = await view.toPage(0, 2.5);
    await keep(view);
    await toggle(view, 'velocity');
    // Half a unit a step at 80 px a unit: 40 px to the right of the center (over the body's fill).
    assert.ok((await changed(view, x + 30, y - 3, x + 39, y + 3)) > 0, 'the velocity arrow');
    // The arc: at 0.6 of the bounding radius around the center, above it (the body's angle 45°).
    const rr = 0.6 * r * 80;
    assert.ok((await changed(view, x - rr - 6, y - rr - 6, x + rr + 6, y + rr + 6)) > 10, 'the spin arc');
  });

  it('contacts: the overlap\'s contact points and its normal, longer than the push-out mark', async () => {
    await openDiamond();
    await lookAt(0, 0, 60);
    // The crate's overlap: contacts (±0.5, -0.05), normal (0, 1) from their middle (0, -0.05).
    const [x, y] = await view.toPage(0, -0.05);
    await keep(view);
    await toggle(view, 'contacts');
    assert.ok((await changed(view, x - 3, y - 28, x + 3, y - 16)) > 0, 'the normal, 26 px up from the middle');
    const [px, py] = await view.toPage(0.5, -0.05);
    assert.ok((await changed(view, px - 5, py - 5, px + 5, py + 5)) > 0, 'a contact point ring');
  });

  it('vertex indices: the diamond\'s corners are numbered 0 to 3 as the core numbers them', async () => {
    await openDiamond();
    const texts: string[] = [];
    await view.page.evaluate(() => {
      const proto = (globalThis as any).CanvasRenderingContext2D.prototype;
      const fillText = proto.fillText;
      (globalThis as any).__texts = [];
      proto.fillText = function (s: string, x: number, y: number) {
        (globalThis as any).__texts.push(s);
        return fillText.call(this, s, x, y);
      };
    });
    await toggle(view, 'vertices');
    await view.page.evaluate(() => (globalThis as any).collidePreview.drawNow('exact'));
    texts.push(...(await view.page.evaluate(() => (globalThis as any).__texts as string[])));
    for (const k of ['0', '1', '2', '3']) assert.ok(texts.includes(k), `vertex ${k} numbered: ${texts.join(' ')}`);
  });

  it('saves the overlays in the webview state and restores them', async () => {
    await openDiamond();
    await toggle(view, 'aabb');
    await toggle(view, 'velocity');
    const state = await view.state();
    assert.deepEqual([...state.show].sort(), ['aabb', 'velocity']);
    await view.close();
    await openDiamond({ ...state, uri: 'file:///work/other.collide' });
    assert.equal(await view.page.locator('#show-aabb').isChecked(), true);
    assert.equal(await view.page.locator('#show-velocity').isChecked(), true);
    assert.equal(await view.page.locator('#show-broadphase').isChecked(), false);
    assert.equal(await view.page.locator('#show-menu summary').textContent(), 'Show (2)');
    // And drawn: turning the boxes off changes the corner of the diamond's box.
    const r = Math.SQRT1_2;
    const [cx, cy] = await view.toPage(r, 2.5 + r);
    await keep(view);
    await toggle(view, 'aabb');
    assert.ok((await changed(view, cx - 4, cy - 4, cx + 4, cy + 4)) > 0);
  });

  it('in a large scene drawn through the cached world layer, overlays are drawn over it', async () => {
    view = await browser.open();
    // 600 boxes in a row (above the cached layer's 500-body threshold), each moving right.
    const s = sampleScene();
    const bodies = [];
    for (let i = 0; i < 600; i++) {
      const b = s.bodies[1]!;
      const x = (i % 30) * 2;
      const y = Math.floor(i / 30) * 2;
      bodies.push({ ...b, index: i, name: `b${i}`, position: [x, y], velocity: [1, 0], bounds: [x - 0.5, y - 0.5, x + 0.5, y + 0.5] });
    }
    await view.send({ type: 'scene', scene: { ...s, bodies, findings: [], bounds: [-1, -1, 60, 40] } });
    assert.equal((await view.debug() as any).frame === 'direct', false, 'drawn through the world layer');
    const [x, y] = await view.toPage(0, 0);
    await keep(view);
    await toggle(view, 'velocity');
    assert.ok((await changed(view, x + 2, y - 3, x + 12, y + 3)) > 0, 'the first box\'s velocity arrow');
    assert.notEqual((await view.debug() as any).frame, 'direct');
  });
});
