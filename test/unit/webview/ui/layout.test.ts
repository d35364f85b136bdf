/**
 * The preview's layout in headless Chromium at panel widths from 320 px up: the toolbar and the
 * time bar wrap or cut their texts short (with the whole text in a title) instead of drawing one
 * over another, and the scene keeps a usable size, with findings and inspector below it in a
 * narrow panel and beside it in a wide one.
 */
import { strict as assert } from 'node:assert';
import { DARK_VARS, type PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { samplePair, sampleScene } from '../../../browser/fixtures';

interface Box {
  name: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Layout {
  toolbar: Box;
  /** The toolbar's groups. */
  items: Box[];
  timeBar: Box;
  /** The time bar's groups, the slider and its label. */
  inner: Box[];
  /** Texts cut short: their text, title and text-overflow. */
  cut: { name: string; text: string; title: string; overflow: string }[];
  scene: Box;
  side: Box;
  viewWidth: number;
  viewHeight: number;
}

async function layout(view: PreviewPage): Promise<Layout> {
  await view.frame();
  return view.page.evaluate(() => {
    const doc = (globalThis as any).document;
    const box = (e: any, name?: string) => {
      const r = e.getBoundingClientRect();
      return { name: name ?? (e.id || e.className || e.tagName), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    };
    const toolbar = doc.querySelector('.toolbar');
    const cut = [];
    for (const e of doc.querySelectorAll('.toolbar *, .time-bar *')) {
      if (e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'INPUT') {
        cut.push({ name: e.id || e.tagName, text: e.textContent, title: e.title, overflow: (globalThis as any).getComputedStyle(e).textOverflow });
      }
    }
    const app = (globalThis as any).collidePreview.debugState();
    return {
      toolbar: box(toolbar),
      items: [...toolbar.children].map((e: any) => box(e)),
      timeBar: box(doc.querySelector('.time-bar')),
      inner: [...doc.querySelector('.time-bar').children].filter((e: any) => e.getClientRects().length > 0).map((e: any) => box(e)),
      cut,
      scene: box(doc.querySelector('#scene')),
      side: box(doc.querySelector('#side')),
      viewWidth: app.view.width,
      viewHeight: app.view.height,
    };
  });
}

function overlaps(boxes: readonly Box[]): string[] {
  const bad: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      // Half a pixel of slack for subpixel layout; anything more is an overlap a user sees.
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5) {
        bad.push(`${a.name} [${a.x0}, ${a.x1}]×[${a.y0}, ${a.y1}] and ${b.name} [${b.x0}, ${b.x1}]×[${b.y0}, ${b.y1}]`);
      }
    }
  }
  return bad;
}

/** A scene whose status and time label are as long as they get: errors counted, odd time steps. */
function longScene(version = 1) {
  const s = sampleScene(version);
  return { ...s, dt: 1 / 7, frames: 12345, errorCount: 1234 };
}

const HEIGHT = 560;

describe('preview layout (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;

  /** The checks every width must pass, with the inspector closed and open; returns how many texts were cut. */
  async function check(width: number, narrow: boolean): Promise<number> {
    let cut = 0;
    for (const inspector of [false, true]) {
      const l = await layout(view);
      const at = `${width} px${inspector ? ', inspector open' : ''}`;
      assert.ok(l.items.length >= 2 && l.inner.length >= 2, `${l.items.length} toolbar groups, ${l.inner.length} time controls found at ${at}`);
      assert.deepEqual(overlaps(l.items), [], `toolbar groups overlap at ${at}`);
      assert.deepEqual(overlaps(l.inner), [], `time bar groups overlap at ${at}`);
      for (const [bar, boxes] of [[l.toolbar, l.items], [l.timeBar, l.inner]] as const) {
        for (const b of boxes) {
          assert.ok(b.x0 >= bar.x0 - 0.5 && b.x1 <= bar.x1 + 0.5, `${b.name} [${b.x0}, ${b.x1}] inside its bar [${bar.x0}, ${bar.x1}] at ${at}`);
          assert.ok(b.y0 >= bar.y0 - 0.5 && b.y1 <= bar.y1 + 0.5, `${b.name} inside its bar's height at ${at}`);
          assert.ok(b.x1 - b.x0 > 0, `${b.name} is not squeezed to nothing at ${at}`);
        }
      }
      cut += l.cut.length;
      for (const c of l.cut) {
        assert.equal(c.overflow, 'ellipsis', `${c.name} is cut with an ellipsis at ${at}`);
        assert.equal(c.title, c.text, `${c.name}'s title holds its whole text at ${at}`);
      }
      // The scene keeps a usable size: full width below the toolbar in a narrow panel (findings
      // below it), all but the side panel's 320 px in a wide one; over half the height either way.
      assert.equal(l.viewWidth, Math.round(l.scene.x1 - l.scene.x0), 'the painter draws at the canvas size');
      assert.equal(l.viewHeight, Math.round(l.scene.y1 - l.scene.y0));
      if (narrow) {
        assert.ok(l.scene.x1 - l.scene.x0 >= width - 1, `scene ${l.scene.x1 - l.scene.x0} px wide at ${at}`);
        assert.ok(l.side.y0 >= l.scene.y1 - 0.5, `findings below the scene at ${at}`);
      } else {
        assert.ok(l.scene.x1 - l.scene.x0 >= width - 321, `scene ${l.scene.x1 - l.scene.x0} px wide at ${at}`);
        assert.ok(l.side.x0 >= l.scene.x1 - 0.5, `findings beside the scene at ${at}`);
      }
      const bars = l.toolbar.y1 - l.toolbar.y0 + (l.timeBar.y1 - l.timeBar.y0);
      assert.ok(l.scene.y1 - l.scene.y0 >= 0.5 * (HEIGHT - bars), `scene ${l.scene.y1 - l.scene.y0} px high at ${at}`);
      assert.ok(l.side.y1 <= HEIGHT + 0.5, `the side panel stays inside the panel at ${at}`);
      if (!inspector) {
        await view.page.locator('#findings-list button').first().click();
        await view.send({ type: 'pair', pair: samplePair() });
        assert.equal(await view.page.locator('#inspector').isVisible(), true);
      }
    }
    return cut;
  }

  for (const [width, narrow] of [
    [320, true],
    [360, true],
    [560, true],
    [900, false],
    [1200, false],
  ] as const) {
    it(`at ${width} px: no toolbar items overlap, cut texts carry a title, the scene keeps a usable size`, async () => {
      view = await browser.open({ size: [width, HEIGHT] });
      await view.send({ type: 'scene', scene: sampleScene() });
      await check(width, narrow);
      // The longest texts: the status with errors, the time label half way through many steps.
      await view.close();
      view = await browser.open({ size: [width, HEIGHT] });
      await view.send({ type: 'scene', scene: longScene() });
      await view.page.locator('#time').fill('517');
      const cut = await check(width, narrow);
      // The narrowest panel cuts the longest texts, so the ellipsis and title checks run there.
      if (width === 320) assert.ok(cut > 0, 'no text cut at 320 px');
      if (width === 360 || width === 1200) await view.screenshot(`preview-layout-${width}`);
    });
  }

  it('in a wide panel the toolbar is one line; in a narrow one it wraps, and nothing is cut that fits', async () => {
    view = await browser.open({ size: [1200, HEIGHT] });
    await view.send({ type: 'scene', scene: sampleScene() });
    let l = await layout(view);
    const tops = new Set(l.items.map((b) => Math.round((b.y0 + b.y1) / 2)));
    assert.equal(tops.size, 1, `one line at 1200 px: ${[...tops]}`);
    assert.deepEqual(l.cut, [], 'nothing cut at 1200 px');
    await view.close();
    view = await browser.open({ size: [360, HEIGHT] });
    await view.send({ type: 'scene', scene: sampleScene() });
    l = await layout(view);
    assert.ok(l.items.some((b) => b.y0 >= l.items[0]!.y1), 'some group moved to a second line at 360 px');
    assert.deepEqual(l.cut, [], 'at 360 px the sample scene\'s status and time fit on their own lines');
    assert.match((await view.page.locator('#status').getAttribute('title'))!, /^5 bodies · 1 overlap · 1 tunnelling · 0 collisions$/);
  });

  it('follows the panel when it is resized from wide to narrow and back', async () => {
    view = await browser.open({ size: [1200, HEIGHT] });
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.page.setViewportSize({ width: 360, height: HEIGHT });
    await view.frame();
    let l = await layout(view);
    assert.equal(l.viewWidth, 360);
    assert.ok(l.side.y0 >= l.scene.y1 - 0.5);
    assert.deepEqual(overlaps(l.items), []);
    await view.page.setViewportSize({ width: 1200, height: HEIGHT });
    await view.frame();
    l = await layout(view);
    assert.equal(l.viewWidth, 1200 - Math.round(l.side.x1 - l.side.x0));
    assert.ok(l.side.x0 >= l.scene.x1 - 0.5);
  });

  it("draws the selected finding in the theme's selection colors (Light+: white on blue)", async () => {
    view = await browser.open({
      bodyClass: 'vscode-light',
      vars: { ...DARK_VARS, '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#000000', '--vscode-list-activeSelectionBackground': '#0060c0', '--vscode-list-activeSelectionForeground': '#ffffff' },
    });
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.page.locator('#findings-list button').first().click();
    const selected = view.page.locator('#findings-list li.selected button');
    assert.equal(await selected.count(), 1);
    const [bg, fg] = await selected.evaluate((b) => [(globalThis as any).getComputedStyle(b).backgroundColor, (globalThis as any).getComputedStyle(b).color]);
    assert.deepEqual([bg, fg], ['rgb(0, 96, 192)', 'rgb(255, 255, 255)']);
  });
});
