/**
 * Frame time of the preview's scene view for a 10k-body scene in headless Chromium (the target:
 * under 16 ms per frame while panning and zooming). Run: `npx tsx bench/preview-frame.ts
 * [bodies] [frames] [runs] [overlays]`, overlays a comma-separated list of the toolbar's debug
 * overlays to turn on (render/scene/scene-options.ts DEBUG_LAYERS), as a saved view state would. Loads the real webview bundle in the test harness page, feeds it
 * the culling tests' generated scene (test/unit/render/scene/large-scene.ts), and times frames; a
 * one-pixel read-back makes Chromium finish rasterizing before the clock stops (otherwise canvas
 * work is deferred and the time flatters).
 *
 * Scenarios, each `frames` frames from the fitted view (every body on screen: the worst case):
 * - redraw: the view moves and zooms every frame (up to 1.8× and back) and the whole scene is
 *   drawn again (the cached layer dropped): the cost of any frame that cannot reuse pixels.
 * - redraw zoomed in: the same at 2× to 8× (outlined bodies, fewer on screen).
 * - pan: a drag with the mouse (pointer events dispatched on the canvas), each frame drawn as
 *   the animation frame draws it during the gesture; then the frame drawn when it ends.
 * - wheel zoom: wheel events about the cursor, out and in (from 2× the fitted zoom, so zooming
 *   out uncovers a border that is drawn afresh); then the frame drawn when the gesture settles
 *   (crisp, at the final zoom).
 * Prints median, p95 and max of each; with several runs, the median of the runs' medians.
 */
import { BrowserHost, chromiumAvailable, CHROMIUM } from '../test/browser/harness';
import { largeScene } from '../test/unit/render/scene/large-scene';

interface Timings {
  redraw: number[];
  deep: number[];
  pan: number[];
  panEnd: number;
  zoom: number[];
  zoomEnd: number;
  kinds: string[];
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const frames = Number(process.argv[3] ?? 120);
  const runs = Math.max(1, Number(process.argv[4] ?? 1));
  const show = (process.argv[5] ?? '').split(',').filter((s) => s !== '');
  if (!chromiumAvailable()) {
    console.error(`preview-frame: ${CHROMIUM} not found; install Debian's chromium`);
    process.exit(2);
  }
  const host = await BrowserHost.launch();
  const results: Timings[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const view = await host.open({ size: [1280, 800], ...(show.length > 0 ? { state: { uri: null, show } } : {}) });
      await view.send({ type: 'scene', scene: largeScene(count) });
      results.push(await view.page.evaluate(measure, { frames }));
      await view.close();
    }
  } finally {
    await host.close();
  }
  const size = `${count} bodies, ${frames} frames, 1280×800 page, headless Chromium, software canvas${show.length > 0 ? `, overlays ${show.join(',')}` : ''}`;
  console.log(`preview frame (${size}${runs > 1 ? `, median of ${runs} runs` : ''}):`);
  const report = (name: string, pick: (t: Timings) => number[]) => {
    const stats = results.map((t) => summarize(pick(t)));
    const mid = (k: 0 | 1 | 2) => median(stats.map((s) => s[k]));
    console.log(`  ${name.padEnd(22)} median ${mid(0).toFixed(2)} ms, p95 ${mid(1).toFixed(2)} ms, max ${mid(2).toFixed(2)} ms`);
  };
  report('redraw (fit → 1.8×)', (t) => t.redraw);
  report('redraw (2× → 8×)', (t) => t.deep);
  report('pan gesture', (t) => t.pan);
  report('pan end (crisp)', (t) => [t.panEnd]);
  report('wheel zoom gesture', (t) => t.zoom);
  report('zoom settled (crisp)', (t) => [t.zoomEnd]);
  const kinds = new Map<string, number>();
  for (const t of results) for (const k of t.kinds) kinds.set(String(k), (kinds.get(String(k)) ?? 0) + 1);
  console.log(`  frames by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
}

/** Runs in the page: every scenario, on the preview the harness loaded. */
function measure({ frames }: { frames: number }): Timings {
  const g = globalThis as any;
  const app = g.collidePreview;
  const canvas = g.document.querySelector('#scene');
  const ctx = canvas.getContext('2d');
  const v = app.view;
  const kinds: string[] = [];
  const timed = (step: (f: number) => void, mode: string, out: number[]): void => {
    for (let f = 0; f < frames; f++) {
      const t0 = g.performance.now();
      step(f);
      kinds.push(app.drawNow(mode));
      ctx.getImageData(0, 0, 1, 1);
      out.push(g.performance.now() - t0);
    }
  };
  const once = (mode: string): number => {
    const t0 = g.performance.now();
    kinds.push(app.drawNow(mode));
    ctx.getImageData(0, 0, 1, 1);
    return g.performance.now() - t0;
  };
  const start = (): void => {
    app.fit();
    app.drawNow('full');
    ctx.getImageData(0, 0, 1, 1);
  };

  const redraw: number[] = [];
  start();
  timed(
    (f) => {
      v.cx += (Math.cos(f / 10) * 4) / v.zoom;
      v.cy += (Math.sin(f / 10) * 4) / v.zoom;
      v.zoom *= f % 40 < 20 ? 1.03 : 1 / 1.03;
    },
    'full',
    redraw,
  );

  const deep: number[] = [];
  start();
  const z0 = v.zoom;
  timed(
    (f) => {
      v.cx += (Math.cos(f / 10) * 4) / v.zoom;
      v.cy += (Math.sin(f / 10) * 4) / v.zoom;
      v.zoom = z0 * Math.pow(2, 1 + 2 * (0.5 - 0.5 * Math.cos((f / frames) * 2 * Math.PI)));
    },
    'full',
    deep,
  );

  // A shift-drag pans even when it starts on a body; pointer id 1 is the mouse's.
  const box = canvas.getBoundingClientRect();
  let x = box.left + box.width / 2;
  let y = box.top + box.height / 2;
  const pointer = (type: string): void => {
    canvas.dispatchEvent(new g.PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, clientX: x, clientY: y, button: 0, buttons: type === 'pointerup' ? 0 : 1, shiftKey: true, bubbles: true }));
  };
  const pan: number[] = [];
  start();
  pointer('pointerdown');
  timed(
    (f) => {
      x += Math.round(Math.cos(f / 15) * 9);
      y += Math.round(Math.sin(f / 15) * 6);
      pointer('pointermove');
    },
    'frame',
    pan,
  );
  pointer('pointerup');
  const panEnd = once('frame');

  // From twice the fitted zoom: out first (down to 0.55 of it, where the scaled copy covers a
  // third of the screen and the rest is drawn), then in again.
  const zoom: number[] = [];
  start();
  v.zoom *= 2;
  app.drawNow('full');
  ctx.getImageData(0, 0, 1, 1);
  timed(
    (f) => {
      const delta = f % 40 < 20 ? 20 : -20;
      canvas.dispatchEvent(new g.WheelEvent('wheel', { deltaY: delta, deltaMode: 0, clientX: x + (f % 7), clientY: y - (f % 5), bubbles: true, cancelable: true }));
    },
    'frame',
    zoom,
  );
  // What the settle timer does: the gesture is over, and the next frame is crisp.
  app.input.zooming = false;
  const zoomEnd = once('frame');
  return { redraw, deep, pan, panEnd, zoom, zoomEnd, kinds };
}

function summarize(times: number[]): [number, number, number] {
  const t = [...times].sort((a, b) => a - b);
  const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))]!;
  return [q(0.5), q(0.95), t[t.length - 1]!];
}

function median(xs: number[]): number {
  const t = [...xs].sort((a, b) => a - b);
  const m = t.length >> 1;
  return t.length % 2 ? t[m]! : (t[m - 1]! + t[m]!) / 2;
}

void main();
