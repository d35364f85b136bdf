/**
 * The CPU cost of each stage of opening the preview on a large scene, outside the editor:
 * `node --import tsx bench/preview-open.ts [--bodies=N] [--runs=N] [--profile] [--webview-only]`
 * (after `npm run build`).
 *
 * - server: `collide/previewScene` for the whole scene as bytes, asked of `dist/server.js` over
 *   stdio with the document open and analyzed; the server's main-thread CPU time over the request
 *   (/proc/PID/schedstat: time spent waiting for a core on a busy machine is not counted).
 * - host: what the extension host does with the answer (client/src/preview/scene-sync.ts): the
 *   JSON text parsed, then `SceneSync.accept` and the message posted to the webview; this
 *   process's main-thread CPU time.
 * - webview: the real webview bundle in a fresh headless Chromium page each run (the test
 *   harness), handed the `sceneBytes` message: `receive` (validation, decoding, setScene), then
 *   the first frame drawn with its pixels read back (canvas work is otherwise deferred), and
 *   the page's idle work until the next animation frames; the page's main-thread CPU time
 *   (Chromium's `ThreadTime` metric, thread ticks).
 *
 * The first run of each stage meets cold code, as an open in the editor does (a new webview
 * page every time; the server's and host's preview code run once per open); the rest show it
 * warm. Prints each stage's CPU time, first run and median.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { SceneSync } from '../client/src/preview/scene-sync';
import { BrowserHost, chromiumAvailable } from '../test/browser/harness';
import { openDocument, startServer } from './lsp-process';
import { generateScene, sceneText } from './scenes';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BODIES = option('bodies', 10_000);
const RUNS = Math.max(1, option('runs', 5));
const PROFILE = args.includes('--profile');
/** `--webview-only`: the server is asked once, for the bytes; only the webview's stages are timed. */
const WEBVIEW_ONLY = args.includes('--webview-only');

/** The CPU time of a thread so far, in ms (`tid` = the pid: a process's main thread). */
function threadCpuMs(pid: number, tid = pid): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

/** The server with `uri` open and analyzed, and its answer to `collide/previewScene` timed on its main thread. */
async function startPreviewServer(uri: string, text: string): Promise<{ request(params: object): Promise<{ cpuMs: number; json: string }>; close(): Promise<void> }> {
  const server = await startServer();
  await openDocument(server, uri, text);
  return {
    async request(params) {
      const cpu0 = threadCpuMs(server.pid);
      const result = await server.connection.sendRequest('collide/previewScene', params);
      const cpuMs = threadCpuMs(server.pid) - cpu0;
      return { cpuMs, json: JSON.stringify(result) };
    },
    close: () => server.close(),
  };
}

async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
}

/** The webview's stages for one open, in a fresh page: CPU ms of receive, first draw, idle after. */
async function webviewOpen(host: BrowserHost, bytes: Uint8Array): Promise<{ receive: number; draw: number; after: number }> {
  const view = await host.open({ size: [1280, 800] });
  try {
    const page = view.page;
    // The bytes reach the page untimed (as VS Code's message would, before the webview's turn).
    await page.evaluate((b64) => {
      const g = globalThis as any;
      const s = g.atob(b64);
      const bytes = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
      g.__bytes = bytes;
    }, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const t0 = await threadTime(cdp);
    // The animation frame the scene asks for is held until the next stage, so that each stage's
    // CPU time is its own.
    await page.evaluate(() => {
      const g = globalThis as any;
      g.__frames = [];
      g.__raf = g.requestAnimationFrame;
      g.requestAnimationFrame = (f: () => void) => g.__frames.push(f);
      g.collidePreview.receive({ type: 'sceneBytes', bytes: g.__bytes });
    });
    const t1 = await threadTime(cdp);
    if (PROFILE) await profileTop(cdp, 'receive');
    if (PROFILE) await cdp.send('Profiler.start');
    await page.evaluate(() => {
      const g = globalThis as any;
      g.requestAnimationFrame = g.__raf;
      for (const f of g.__frames) f();
      g.document.querySelector('#scene').getContext('2d').getImageData(0, 0, 1, 1);
    });
    const t2 = await threadTime(cdp);
    if (PROFILE) await profileTop(cdp, 'first frame');
    await view.frame();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    await view.frame();
    const t3 = await threadTime(cdp);
    if (view.errors.length > 0) throw new Error(`the page failed: ${view.errors.join('; ')}`);
    const { version, frame } = await page.evaluate(() => (globalThis as any).collidePreview.debugState());
    if (version !== 1 || frame !== 'full') throw new Error(`the page did not draw the scene (version ${version}, frame ${frame})`);
    return { receive: t1 - t0, draw: t2 - t1, after: t3 - t2 };
  } finally {
    await view.close();
  }
}

/** `--profile`: the functions of most self time (and of most total time among the webview's) since Profiler.start. */
async function profileTop(cdp: CDPSession, label: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (id: number) => {
    const cf = byId.get(id)!.callFrame;
    return `${cf.functionName || '(anonymous)'}:${cf.lineNumber}`;
  };
  for (let i = 0; i < profile.samples!.length; i++) {
    const id = profile.samples![i]!;
    const dt = (profile.timeDeltas![i] ?? 0) / 1000;
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(at);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ');
  console.error(`  profile ${label}: self: ${top(self)}`);
  console.error(`  profile ${label}: total: ${top(total)}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const text = sceneText(generateScene(BODIES, 0));
  const uri = pathToFileURL(join(tmpdir(), `collide-preview-open-${BODIES}.collide`)).href;
  const rows = new Map<string, number[]>();
  const add = (stage: string, ms: number) => rows.set(stage, [...(rows.get(stage) ?? []), ms]);
  const server = await startPreviewServer(uri, text);
  const answers: string[] = [];
  try {
    for (let run = 0; run < (WEBVIEW_ONLY ? 1 : RUNS); run++) {
      const r = await server.request({ uri, bytes: true });
      add('server: collide/previewScene, whole as bytes', r.cpuMs);
      answers.push(r.json);
    }
  } finally {
    await server.close();
  }
  let posted: Uint8Array | null = null;
  if (WEBVIEW_ONLY) rows.clear();
  for (const json of WEBVIEW_ONLY ? answers.slice(0, 1) : answers) {
    const c0 = threadCpuMs(process.pid);
    const result: unknown = JSON.parse(json);
    const c1 = threadCpuMs(process.pid);
    const sync = new SceneSync();
    const answer = sync.accept(uri, result);
    const c2 = threadCpuMs(process.pid);
    if (answer.kind !== 'scene' || answer.message.type !== 'sceneBytes') throw new Error(`the host took the answer as ${answer.kind}`);
    posted = answer.message.bytes;
    if (WEBVIEW_ONLY) continue;
    add('host: JSON.parse of the answer', c1 - c0);
    add('host: SceneSync.accept', c2 - c1);
  }
  if (!chromiumAvailable()) console.error('preview-open: no Chromium; the webview stages are left out');
  else {
    const host = await BrowserHost.launch();
    try {
      for (let run = 0; run < RUNS; run++) {
        const w = await webviewOpen(host, posted!);
        add('webview: receive (validate, decode, setScene)', w.receive);
        add('webview: first frame drawn', w.draw);
        add('webview: idle work after the frame', w.after);
      }
    } finally {
      await host.close();
    }
  }
  console.log(`preview open, ${BODIES} bodies (${answers[0]!.length} characters of answer, ${posted!.byteLength} bytes posted); CPU ms, first run / median of ${RUNS}:`);
  for (const [stage, ms] of rows) console.log(`  ${stage.padEnd(50)} ${ms[0]!.toFixed(1).padStart(8)} / ${median(ms).toFixed(1).padStart(8)}`);
}

void main();
