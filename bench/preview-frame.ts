/**
 * Frame time of the preview's scene view for a 10k-body scene in headless Chromium (issue 7:
 * under 16 ms per frame while panning and zooming). Run: `npx tsx bench/preview-frame.ts
 * [bodies] [frames]`. Loads the real webview bundle in the test harness page, feeds it a
 * generated scene, then times frames of a pan-and-zoom path: each frame moves the view and
 * draws, and a one-pixel read-back makes Chromium finish rasterising before the clock stops
 * (otherwise canvas work is deferred and the time flatters). Prints median, p95 and max.
 */
import { BrowserHost, chromiumAvailable, CHROMIUM } from '../test/browser/harness';
import type { PreviewBody, PreviewScene } from '../protocol/preview-model';

function generate(count: number): PreviewScene {
  const side = Math.ceil(Math.sqrt(count));
  const bodies: PreviewBody[] = [];
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let i = 0; i < count; i++) {
    const x = (i % side) * 3 + rnd();
    const y = Math.floor(i / side) * 3 + rnd();
    const kind = i % 10 === 0 ? 'static' : i % 97 === 0 ? 'bullet' : i % 53 === 0 ? 'sensor' : 'dynamic';
    const shape = i % 3;
    const vertices = shape === 0 ? [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5] : shape === 1 ? [0, 0] : [-0.6, -0.4, 0.6, -0.4, 0.8, 0.3, 0, 0.7, -0.8, 0.3];
    const radius = shape === 1 ? 0.6 : 0;
    const r = shape === 1 ? 0.6 : 0.9;
    bodies.push({
      index: i,
      name: `b${i}`,
      kind,
      isStatic: kind === 'static',
      isSensor: kind === 'sensor',
      isBullet: kind === 'bullet',
      sourceKind: shape === 0 ? 'box' : shape === 1 ? 'circle' : 'polygon',
      layer: null,
      parts: [{ kind: shape === 1 ? 'circle' : 'polygon', vertices, radius, range: { start: i * 40, end: i * 40 + 10 } }],
      position: [x, y],
      angle: rnd() * Math.PI,
      velocity: kind === 'static' ? [0, 0] : [rnd() * 4 - 2, rnd() * 4 - 2],
      spin: kind === 'static' ? 0 : rnd() - 0.5,
      bounds: [x - r, y - r, x + r, y + r],
      nameRange: { start: i * 40 + 5, end: i * 40 + 8 },
      range: { start: i * 40, end: i * 40 + 39 },
      insertOffset: i * 40 + 20,
    });
  }
  return {
    uri: 'file:///bench.collide',
    version: 1,
    dt: 1 / 60,
    frames: 4,
    slop: 0.005,
    bodies,
    findings: [],
    bounds: [-1, -1, side * 3 + 1, side * 3 + 1],
    errorCount: 0,
  };
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const frames = Number(process.argv[3] ?? 120);
  if (!chromiumAvailable()) {
    console.error(`preview-frame: ${CHROMIUM} not found; install Debian's chromium`);
    process.exit(2);
  }
  const host = await BrowserHost.launch();
  try {
    const view = await host.open({ size: [1280, 800] });
    await view.send({ type: 'scene', scene: generate(count) });
    const times: number[] = await view.page.evaluate(
      ({ frames }) => {
        const g = globalThis as any;
        const app = g.collidePreview;
        const canvas = g.document.querySelector('#scene');
        const ctx = canvas.getContext('2d');
        const v = app.view;
        const out: number[] = [];
        // Start fitted (every body on screen: the worst case), then pan and zoom in and out.
        app.fit();
        app.drawNow();
        ctx.getImageData(0, 0, 1, 1);
        for (let f = 0; f < frames; f++) {
          const t0 = g.performance.now();
          v.cx += Math.cos(f / 10) * 4 / v.zoom;
          v.cy += Math.sin(f / 10) * 4 / v.zoom;
          v.zoom *= f % 40 < 20 ? 1.03 : 1 / 1.03;
          app.drawNow();
          ctx.getImageData(0, 0, 1, 1);
          out.push(g.performance.now() - t0);
        }
        return out;
      },
      { frames },
    );
    await view.close();
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    console.log(
      `preview frame (${count} bodies, ${frames} frames, 1280×800, headless Chromium, software canvas): ` +
        `median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`,
    );
  } finally {
    await host.close();
  }
}

void main();
