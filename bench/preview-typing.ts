/**
 * The preview's cost of one typing update, outside the editor:
 * `node --import tsx bench/preview-typing.ts [--bodies=N] [--updates=N] [--runs=N] [--profile]`.
 *
 * In code-server the preview's page runs on the workbench's own thread, so every millisecond it
 * spends on an edit's update is a millisecond the workbench waits to show the edit's squiggle.
 * This bench takes the editor bench's scene (the generated scene with a probe body on line 2,
 * bench-editor.mjs) and the server's real deltas for its keystrokes (a `9` typed in front of the
 * probe's x, then Backspace, alternately), hands the whole scene to the real webview bundle in
 * headless Chromium, then each delta in turn, and times, in the page's main-thread CPU time
 * (Chromium's `ThreadTime`): `receive` (the message handled: the delta applied, the side panel
 * and the time bar updated) and `draw` (the animation frame it asked for, pixels read back), and
 * the page's idle work until the next update. Prints medians per stage over all runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { finish } from '../server/src/common/steps';
import { analyzeDocument, type DocumentAnalysis } from '../server/src/analysis/pipeline';
import { buildSceneDelta, sentScene, type SentScene } from '../server/src/preview/scene-delta';
import { previewSceneSteps, type PreviewSource } from '../server/src/preview/scene-model';
import { encodeSceneBytes } from '../protocol/preview-scene-bytes';
import type { PreviewSceneDelta } from '../protocol/preview-delta';
import { BrowserHost, chromiumAvailable, CHROMIUM } from '../test/browser/harness';
import { putBytes } from './page-bytes';
import { generateScene, sceneText } from './scenes';
import { CATEGORIES as TRACE_CATEGORIES, summarizeTrace } from '../scripts/bench-editor-trace.mjs';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BODIES = option('bodies', 10_000);
const UPDATES = Math.max(2, option('updates', 20));
const RUNS = Math.max(1, option('runs', 3));
const PROFILE = args.includes('--profile');
const TRACE = args.includes('--trace');
const URI = 'file:///scene.collide';
const PROBE_PREFIX = 'body probe circle(0.5) at (';

/** The editor bench's scene: its text with the probe on its target, and with a `9` typed. */
function probeTexts(bodies: number): [string, string] {
  const scene = generateScene(bodies, 0);
  const inPair = new Set<number>();
  for (const key of scene.truth) {
    inPair.add(Math.floor(key / scene.n));
    inPair.add(key % scene.n);
  }
  const target = scene.bodies.find((b) => !inPair.has(b.index))!;
  const lines = sceneText(scene).split('\n');
  lines.splice(1, 0, `${PROBE_PREFIX}${target.x}, ${target.y})`);
  const on = lines.join('\n');
  lines[1] = `${PROBE_PREFIX}9${target.x}, ${target.y})`;
  return [on, lines.join('\n')];
}

const sourceOf = (a: DocumentAnalysis): PreviewSource => ({ scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });

/** The whole scene's bytes at version 1, then the deltas of `updates` keystrokes as the server sends them. */
function messages(updates: number): { bytes: Uint8Array; deltas: PreviewSceneDelta[] } {
  const texts = probeTexts(BODIES);
  const analyses = texts.map((t) => analyzeDocument(t));
  const first = finish(previewSceneSteps(URI, 1, sourceOf(analyses[0]!)));
  let sent: SentScene = sentScene(1, sourceOf(analyses[0]!), first);
  const deltas: PreviewSceneDelta[] = [];
  for (let k = 1; k <= updates; k++) {
    const { delta, sent: next } = buildSceneDelta(URI, sent, 1 + k, sourceOf(analyses[k % 2]!));
    deltas.push(JSON.parse(JSON.stringify(delta)) as PreviewSceneDelta);
    sent = next;
  }
  return { bytes: encodeSceneBytes(first.scene), deltas };
}

async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  if (!chromiumAvailable()) {
    console.error(`preview-typing: ${CHROMIUM} not found; install Debian's chromium`);
    process.exit(1);
  }
  const { bytes, deltas } = messages(UPDATES);
  const host = await BrowserHost.launch();
  const receive: number[] = [];
  const draw: number[] = [];
  const after: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const view = await host.open({ size: [700, 800] });
      try {
        const page = view.page;
        await putBytes(page, bytes);
        await page.evaluate(() => (globalThis as any).collidePreview.receive({ type: 'sceneBytes', bytes: (globalThis as any).__bytes }));
        await view.frame();
        await page.evaluate((ds) => ((globalThis as any).__deltas = ds), deltas as unknown[]);
        const cdp = await page.context().newCDPSession(page);
        let trace: (() => Promise<string[]>) | null = null;
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
        for (let k = 0; k < deltas.length; k++) {
          // The profile leaves out the first update too.
          if (TRACE && run === RUNS - 1 && k === 1) trace = startTrace(cdp);
          if (PROFILE && run === RUNS - 1 && k === 1) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
            await cdp.send('Profiler.start');
          }
          const t0 = await threadTime(cdp);
          // The frame the update asks for is held, so that each stage's CPU time is its own.
          await page.evaluate((i) => {
            const g = globalThis as any;
            g.__frames = [];
            g.__raf ??= g.requestAnimationFrame;
            g.requestAnimationFrame = (f: () => void) => g.__frames.push(f);
            g.collidePreview.receive({ type: 'sceneDelta', delta: g.__deltas[i] });
          }, k);
          const t1 = await threadTime(cdp);
          await page.evaluate(() => {
            const g = globalThis as any;
            g.requestAnimationFrame = g.__raf;
            for (const f of g.__frames) f(performance.now());
            g.document.querySelector('#scene').getContext('2d').getImageData(0, 0, 1, 1);
          });
          const t2 = await threadTime(cdp);
          await page.evaluate(() => new Promise((r) => setTimeout(r, 150)));
          await view.frame();
          const t3 = await threadTime(cdp);
          // The first update meets cold code; the editor's typing runs long after it.
          if (k > 0) {
            receive.push(t1 - t0);
            draw.push(t2 - t1);
            after.push(t3 - t2);
          }
        }
        const { version } = await page.evaluate(() => (globalThis as any).collidePreview.debugState());
        if (version !== 1 + deltas.length) throw new Error(`the page shows version ${version}, not ${1 + deltas.length}`);
        if (view.errors.length > 0) throw new Error(`the page failed: ${view.errors.join('; ')}`);
        if (PROFILE && run === RUNS - 1) await profileTop(cdp);
        if (trace) for (const line of await trace()) console.error(line);
      } finally {
        await view.close();
      }
    }
  } finally {
    await host.close();
  }
  const row = (name: string, xs: number[]) => `| ${name} | ${median(xs).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;
  console.log(`${BODIES}-body scene, ${UPDATES} updates × ${RUNS} runs (the first of each run left out); page main-thread CPU ms\n`);
  console.log('| stage | median | max |\n|---|---:|---:|');
  console.log(row('receive (delta applied, panels updated)', receive));
  console.log(row('draw (the frame asked for)', draw));
  console.log(row('after (idle work until the next update)', after));
  console.log(row('all', receive.map((r, i) => r + draw[i]! + after[i]!)));
}

/**
 * `--trace`: a Chrome trace of the last run's updates (the first left out), summarized per thread
 * as the editor bench's are (scripts/bench-editor-trace.mjs): Blink's own work (style, layout,
 * paint, raster) is most of an update's time and shows only there. Returns the stopper.
 */
function startTrace(cdp: CDPSession): () => Promise<string[]> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
  const started = cdp.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' } as never);
  return async () => {
    await started;
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    return summarizeTrace(events);
  };
}

/** `--profile`: the webview's functions of most total time over the last run's updates. */
async function profileTop(cdp: CDPSession): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(join('artifacts', 'bench'), { recursive: true });
  writeFileSync(join('artifacts', 'bench', 'preview-typing.cpuprofile'), JSON.stringify(profile));
  const total = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples!.length; i++) {
    const dt = (profile.timeDeltas![i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = profile.samples![i]!; at !== undefined; at = parent.get(at)) {
      const cf = byId.get(at)!.callFrame;
      const key = `${cf.functionName || '(anonymous)'}:${cf.columnNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  }
  console.error('most total time (ms):');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.error(`  ${v.toFixed(1).padStart(8)}  ${k}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
