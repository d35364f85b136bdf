/**
 * The preview's time bar in headless Chromium: play and pause (driven by a stand-in clock, so
 * no assertion depends on how fast the machine is), one step of dt back and forward, the jumps to
 * the times of impact, the ticks, the label and the slider's width in wide and narrow panels, the
 * keyboard shortcuts and the saved time.
 */
import { strict as assert } from 'node:assert';
import type { PreviewFinding, PreviewScene } from '../../../../protocol/preview-model';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { sampleScene } from '../../../browser/fixtures';

/**
 * Animation frames keep coming from the browser, but each callback is handed `__now` as its
 * timestamp: playback advances only when a test moves `__now`.
 */
const FAKE_CLOCK = `
  window.__now = 0;
  const realFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => realFrame(() => cb(window.__now));
`;

const DT = 1 / 60;
/** The sample's tunnelling (wall × shot) hits at 6.8 / 600 s; a collision is added at 0.04 s. */
const TUNNEL_TOI = 6.8 / 600;
const COLLISION_TOI = 0.04;

/** The sample scene over 4 steps, with a collision after the tunnelling. */
function timedScene(version = 1): PreviewScene {
  const s = sampleScene(version);
  const collision: PreviewFinding = {
    kind: 'collision',
    severity: 'information',
    a: 'floor',
    b: 'shot',
    ia: 0,
    ib: 3,
    normal: [0, 1],
    toi: COLLISION_TOI,
    point: [0, 0],
    message: 'shot hits floor at t = 0.04 s',
  };
  return { ...s, frames: 4, findings: [...s.findings, collision] };
}

const T = 4 * DT;

async function time(view: PreviewPage): Promise<number> {
  return (await view.debug()).time;
}

async function label(view: PreviewPage): Promise<string> {
  return (await view.page.locator('#time-label').textContent())!;
}

async function setNow(view: PreviewPage, ms: number): Promise<void> {
  await view.page.evaluate((v) => ((globalThis as any).__now = v), ms);
  await view.frame();
}

async function playing(view: PreviewPage): Promise<boolean> {
  return (await view.page.locator('#play').getAttribute('aria-pressed')) === 'true';
}

describe('preview time bar (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;

  async function open(options: Parameters<typeof browser.open>[0] = {}): Promise<void> {
    view = await browser.open({ script: FAKE_CLOCK, ...options });
  }

  it('plays at the chosen speed, one advance per animation frame, and pause stops it', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    await view.page.locator('#speed').selectOption('0.1');
    await view.page.locator('#play').click();
    await view.frame();
    assert.equal(await playing(view), true);
    assert.equal(await view.page.locator('#play').getAttribute('title'), 'Pause (K)');
    assert.equal(await time(view), 0, 'no time passed on the clock yet');
    // 200 ms of wall clock at a tenth of real time: 0.02 s of scene time.
    await setNow(view, 200);
    assert.equal(await time(view), 0 + (200 / 1000) * 0.1);
    await setNow(view, 300);
    const t = 0 + (200 / 1000) * 0.1 + (100 / 1000) * 0.1;
    assert.equal(await time(view), t);
    assert.equal((await view.state()).time, t, 'the time played to is saved');
    await view.page.locator('#play').click();
    assert.equal(await playing(view), false);
    await setNow(view, 500);
    assert.equal(await time(view), t, 'paused: the clock moves, the time does not');
  });

  it('stops at the end, or starts over when looping; play at the end starts from 0', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    await view.page.locator('#play').click();
    await view.frame();
    await setNow(view, 200); // 0.2 s at real time: past T = 4/60 s
    assert.equal(await time(view), T);
    assert.equal(await playing(view), false, 'stopped at the end');
    await view.page.locator('#loop').check();
    await view.page.locator('#play').click();
    await view.frame();
    assert.equal(await time(view), 0, 'play at the end starts over');
    await setNow(view, 250);
    assert.equal(await time(view), (50 / 1000) % T);
    await setNow(view, 300);
    assert.equal(await time(view), ((50 / 1000) % T) + 50 / 1000 - T, 'looped past the end');
    assert.equal(await playing(view), true);
  });

  it('pauses when the user scrubs the slider', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    await view.page.locator('#play').click();
    await view.frame();
    await view.page.locator('#time').fill('250');
    assert.equal(await playing(view), false);
    assert.equal(await time(view), 0.25 * T);
    await setNow(view, 100);
    assert.equal(await time(view), 0.25 * T);
  });

  it('steps back and forward by exactly dt, within [0, T]', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    assert.equal(await view.page.locator('#time-back').isDisabled(), true, 'nothing before t = 0');
    await view.page.locator('#time-forward').click();
    assert.equal(await time(view), DT);
    await view.page.locator('#time-forward').click();
    assert.equal(await time(view), DT + DT);
    await view.page.locator('#time-back').click();
    assert.equal(await time(view), DT + DT - DT);
    await view.page.locator('#time').fill('900');
    await view.page.locator('#time-forward').click();
    assert.equal(await time(view), T, 'clamped at the end');
    assert.equal(await view.page.locator('#time-forward').isDisabled(), true);
    assert.match(await view.page.locator('#time-back').getAttribute('title') ?? '', /dt = 0\.0166667 s/);
  });

  it('jumps to the next and previous time of impact exactly, and ticks mark them', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    assert.equal(await view.page.locator('#impact-previous').isDisabled(), true);
    await view.page.locator('#impact-next').click();
    assert.equal(await time(view), TUNNEL_TOI);
    assert.equal(await label(view), 't = 0.0113 s · step 0.68 of 4');
    await view.page.locator('#impact-next').click();
    assert.equal(await time(view), COLLISION_TOI);
    assert.equal(await view.page.locator('#impact-next').isDisabled(), true, 'no impact after the last');
    await view.page.locator('#impact-previous').click();
    assert.equal(await time(view), TUNNEL_TOI);
    // One tick per time of impact, colored by kind, where the thumb's center is at that time.
    const ticks = await view.page.evaluate(() => {
      const doc = (globalThis as any).document;
      const slider = doc.querySelector('#time').getBoundingClientRect();
      return [...doc.querySelectorAll('.time-bar .tick')].map((e: any) => {
        const r = e.getBoundingClientRect();
        return { kind: e.className, center: (r.left + r.right) / 2 - slider.left, width: slider.width };
      });
    });
    assert.deepEqual(ticks.map((k) => k.kind), ['tick tunnelling', 'tick collision']);
    for (const [k, toi] of [[0, TUNNEL_TOI], [1, COLLISION_TOI]] as const) {
      const { center, width } = ticks[k]!;
      const expected = 6 + (toi / T) * (width - 12);
      assert.ok(Math.abs(center - expected) <= 1.5, `tick ${k} at ${center} px, thumb center ${expected} px`);
    }
  });

  for (const width of [1600, 400, 320]) {
    it(`at ${width} px the label is never cut and the slider is wide`, async () => {
      await open({ size: [width, 700] });
      // The longest label: many steps of an odd dt, most of the way through.
      await view.send({ type: 'scene', scene: { ...timedScene(), dt: 1 / 7, frames: 12345 } });
      await view.page.locator('#time').fill('987.654');
      await view.frame();
      assert.match(await label(view), /^t = 1741\.\d{3} s · step 12192\.\d{2} of 12345$/);
      const m = await view.page.evaluate(() => {
        const doc = (globalThis as any).document;
        const bar = doc.querySelector('.time-bar').getBoundingClientRect();
        const items = [...doc.querySelectorAll('.time-bar button, .time-bar select, .time-bar label, #time-label, #time')];
        const boxes = items.map((e: any) => {
          const r = e.getBoundingClientRect();
          return { name: e.id || e.tagName, x0: r.left, x1: r.right, y0: r.top, y1: r.bottom, cut: e.scrollWidth > e.clientWidth };
        });
        const l = doc.querySelector('#time-label');
        return { bar: { x0: bar.left, x1: bar.right }, boxes, label: { scroll: l.scrollWidth, client: l.clientWidth }, slider: doc.querySelector('#time').getBoundingClientRect().width };
      });
      assert.ok(m.label.scroll <= m.label.client, `label ${m.label.scroll} > ${m.label.client} px`);
      assert.ok(m.boxes.length >= 8);
      for (const b of m.boxes) {
        assert.ok(!b.cut || b.name === 'time', `${b.name} is cut at ${width} px`);
        assert.ok(b.x0 >= m.bar.x0 - 0.5 && b.x1 <= m.bar.x1 + 0.5, `${b.name} [${b.x0}, ${b.x1}] inside the bar at ${width} px`);
      }
      for (let i = 0; i < m.boxes.length; i++) {
        for (let j = i + 1; j < m.boxes.length; j++) {
          const a = m.boxes[i]!;
          const b = m.boxes[j]!;
          const inside = (p: typeof a, q: typeof a) => p.x0 >= q.x0 && p.x1 <= q.x1 && p.y0 >= q.y0 && p.y1 <= q.y1;
          if (inside(a, b) || inside(b, a)) continue; // the loop checkbox inside its label
          const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;
          assert.ok(!overlap, `${a.name} and ${b.name} overlap at ${width} px`);
        }
      }
      // Wide: most of the row; narrow: the first line beside the buttons, still a usable length.
      if (width >= 1600) assert.ok(m.slider >= 0.6 * width, `slider ${m.slider} px wide at ${width} px`);
      else assert.ok(m.slider >= 120, `slider ${m.slider} px wide at ${width} px`);
      if (width !== 320) await view.screenshot(`preview-time-bar-${width}`);
    });
  }

  it('has keyboard shortcuts on the scene canvas: K, comma, period, J, L, Home, End', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    await view.page.locator('#scene').focus();
    const press = async (key: string) => {
      await view.page.keyboard.press(key);
      await view.frame();
    };
    await press('l');
    assert.equal(await time(view), TUNNEL_TOI);
    await press('.');
    assert.equal(await time(view), TUNNEL_TOI + DT);
    await press(',');
    assert.equal(await time(view), TUNNEL_TOI + DT - DT);
    await press('L');
    assert.equal(await time(view), COLLISION_TOI);
    await press('j');
    assert.equal(await time(view), TUNNEL_TOI);
    await press('End');
    assert.equal(await time(view), T);
    await press('Home');
    assert.equal(await time(view), 0);
    await press('k');
    assert.equal(await playing(view), true);
    await press('k');
    assert.equal(await playing(view), false);
    // The shortcuts are named in the controls' titles.
    const titles = await view.page.locator('.time-bar button').evaluateAll((bs: any[]) => bs.map((b) => b.title));
    for (const key of ['(K)', '(,)', '(.)', '(J)', '(L)']) assert.ok(titles.some((t: string) => t.endsWith(key)), `${key} in ${titles}`);
  });

  it('saves the time it moves to and restores it after a reload', async () => {
    await open();
    await view.send({ type: 'scene', scene: timedScene() });
    await view.page.locator('#impact-next').click();
    const saved = await view.state();
    assert.equal(saved.time, TUNNEL_TOI);
    await view.close();
    await open({ state: saved });
    await view.send({ type: 'scene', scene: timedScene() });
    assert.equal(await time(view), TUNNEL_TOI);
    assert.equal(await label(view), 't = 0.0113 s · step 0.68 of 4');
    assert.ok(Math.abs(Number(await view.page.locator('#time').inputValue()) - (TUNNEL_TOI / T) * 1000) < 1e-9);
    // From the restored time, the next impact is the collision: the bar knows where it is.
    await view.page.locator('#impact-next').click();
    assert.equal(await time(view), COLLISION_TOI);
  });

  it('without a scene: its controls disabled, the label only a time, and no what-if', async () => {
    await open();
    await view.send({ type: 'empty', reason: 'Open a .collide file to preview it.' });
    assert.equal(await label(view), 't = 0.00 s');
    assert.equal(await view.page.locator('#play').isDisabled(), true);
    assert.equal(await view.page.locator('.whatif').isVisible(), false);
    // A scene gives the label its step again.
    await view.send({ type: 'scene', scene: sampleScene() });
    assert.match(await label(view), / · step /);
  });
});
