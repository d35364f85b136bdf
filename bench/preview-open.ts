/**
 * The CPU cost of each stage of opening the preview on a large scene, outside the editor:
 * `node --import tsx bench/preview-open.ts [--bodies=N] [--runs=N] [--profile] [--webview-only] [--plain] [--parts]`
 * (after `npm run build`).
 *
 * - server: `collide/previewScene` for the whole scene as bytes, deflated (as the preview asks;
 *   `--plain`: as they are), asked of `dist/server.js` over stdio with the document open and
 *   analyzed; the server's main-thread CPU time over the request (/proc/PID/schedstat: time spent
 *   waiting for a core on a busy machine is not counted), and its other threads' (zlib's deflate
 *   runs on libuv's thread pool; V8's helper threads are in it too), and the wall time from the
 *   request to its answer parsed here (a busy machine inflates it). The deflate alone is timed
 *   apart in this process (node:zlib at the server's level, on the scene's bytes, in one piece).
 *   `--parts`: the scene asked in parts (a stream id: `collide/previewScenePart` notifications
 *   then the answer, lsp/scene-bytes-answer.ts), the wall time to the first part taken and to the
 *   answer (every part taken before it), and the parts inflated and read in order in this
 *   process (SceneAssembly), which checks that they make the scene. The host's and the webview's
 *   stages are not timed with `--parts`.
 * - host: what the extension host does with the answer (client/src/preview/scene-sync.ts): the
 *   JSON text parsed, then `SceneSync.accept` and the message posted to the webview, then the
 *   inflate of its own copy (zlib, on the thread pool in the extension: timed here as the same
 *   inflate done synchronously); this process's main-thread CPU time.
 * - webview: the real webview bundle in a fresh headless Chromium page each run (the test
 *   harness), handed the `sceneBytes` message: `receive` until the scene is handled (inflation,
 *   validation, decoding, setScene), then the first frame drawn with its pixels read back (canvas
 *   work is otherwise deferred), and the page's idle work until the next animation frames; the
 *   page's main-thread CPU time (Chromium's `ThreadTime` metric, thread ticks). The inflate alone
 *   (DecompressionStream) is timed apart in the same page first.
 *
 * The first run of each stage meets cold code, as an open in the editor does (a new webview
 * page every time; the server's and host's preview code run once per open); the rest show it
 * warm. Prints each stage's CPU time, first run and median.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { SceneParts } from '../client/src/preview/scene-parts';
import { SceneSync } from '../client/src/preview/scene-sync';
import { isPartsAnswer, PREVIEW_SCENE_PART_METHOD, type PreviewSceneParams, type PreviewScenePart } from '../protocol/preview-lsp';
import { SceneAssembly } from '../protocol/preview-scene-bytes';
import { BrowserHost, chromiumAvailable } from '../test/browser/harness';
import { openDocument, startServer } from './lsp-process';
import { putBytes } from './page-bytes';
import { generateScene, sceneText } from './scenes';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BODIES = option('bodies', 10_000);
const RUNS = Math.max(1, option('runs', 5));
const PROFILE = args.includes('--profile');
/** `--webview-only`: the server is asked once, for the bytes; only the webview's stages are timed. */
const WEBVIEW_ONLY = args.includes('--webview-only');
/** `--plain`: the scene's bytes asked for as they are, not deflated. */
const PLAIN = args.includes('--plain');
/** `--parts`: the whole scene asked in parts; only the server's stages are timed. */
const PARTS = args.includes('--parts');

/** The CPU time of a thread so far, in ms (`tid` = the pid: a process's main thread). */
function threadCpuMs(pid: number, tid = pid): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

/** The CPU time of every thread of process `pid` but its main one so far, in ms. */
function otherThreadsCpuMs(pid: number): number {
  let ms = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) if (Number(tid) !== pid) ms += threadCpuMs(pid, Number(tid)) || 0;
  return ms;
}

interface Answered {
  cpuMs: number;
  otherMs: number;
  wallMs: number;
  json: string;
  /** The parts of the request's stream taken before its answer, and the wall time to the first. */
  parts: PreviewScenePart[];
  firstPartMs: number;
}

/**
 * The server with `uri` open and analyzed, and its answer to `collide/previewScene` timed on its
 * main thread and its others (with `parts`, up to the answer, which comes after every part).
 */
async function startPreviewServer(uri: string, text: string): Promise<{ request(params: PreviewSceneParams): Promise<Answered>; close(): Promise<void> }> {
  const server = await startServer();
  await openDocument(server, uri, text);
  let taken: { part: PreviewScenePart; at: number }[] = [];
  server.connection.onNotification(PREVIEW_SCENE_PART_METHOD, (part: PreviewScenePart) => void taken.push({ part, at: performance.now() }));
  return {
    async request(params) {
      taken = [];
      const cpu0 = threadCpuMs(server.pid);
      const other0 = otherThreadsCpuMs(server.pid);
      const t0 = performance.now();
      const result = await server.connection.sendRequest('collide/previewScene', params);
      const wallMs = performance.now() - t0;
      const cpuMs = threadCpuMs(server.pid) - cpu0;
      const parts = taken.filter((t) => t.part.stream === params.parts);
      return { cpuMs, otherMs: otherThreadsCpuMs(server.pid) - other0, wallMs, json: JSON.stringify(result), parts: parts.map((t) => t.part), firstPartMs: parts.length > 0 ? parts[0]!.at - t0 : NaN };
    },
    close: () => server.close(),
  };
}

async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
}

/** The webview's stages for one open, in a fresh page: CPU ms of the inflate alone, receive, first draw, idle after. */
async function webviewOpen(host: BrowserHost, bytes: Uint8Array, deflated: number | undefined): Promise<{ inflate: number; receive: number; draw: number; after: number }> {
  const view = await host.open({ size: [1280, 800] });
  try {
    const page = view.page;
    // The bytes reach the page untimed (as VS Code's message would, before the webview's turn).
    await putBytes(page, bytes);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    let inflate = NaN;
    if (deflated !== undefined) {
      // The inflate alone, as webview/src/ui/scene-inbox.ts does it (the bytes read, not kept).
      const i0 = await threadTime(cdp);
      const n = await page.evaluate(async () => {
        const g = globalThis as any;
        const reader = new g.Blob([g.__bytes]).stream().pipeThrough(new g.DecompressionStream('deflate-raw')).getReader();
        let n = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return n;
          n += value.byteLength;
        }
      });
      inflate = (await threadTime(cdp)) - i0;
      if (n !== deflated) throw new Error(`the bytes inflated to ${n}, ${deflated} expected`);
    }
    const t0 = await threadTime(cdp);
    // The animation frame the scene asks for is held until the next stage, so that each stage's
    // CPU time is its own. A deflated scene is handled once inflated (the `collide:handled` mark).
    await page.evaluate(
      (deflated) =>
        new Promise<void>((resolve) => {
          const g = globalThis as any;
          g.__frames = [];
          g.__raf = g.requestAnimationFrame;
          g.requestAnimationFrame = (f: () => void) => g.__frames.push(f);
          const o = new g.PerformanceObserver((list: any) => {
            if (!list.getEntries().some((e: any) => e.name === 'collide:handled')) return;
            o.disconnect();
            resolve();
          });
          o.observe({ type: 'mark' });
          g.collidePreview.receive(deflated === null ? { type: 'sceneBytes', bytes: g.__bytes } : { type: 'sceneBytes', bytes: g.__bytes, deflated });
        }),
      deflated ?? null,
    );
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
    return { inflate, receive: t1 - t0, draw: t2 - t1, after: t3 - t2 };
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

/**
 * The parts taken as the host takes them (SceneParts: each the next of its stream, in base64),
 * inflated (zlib, as the host does) and read in order: the scene's body count, or an error.
 */
function readParts(stream: number, parts: readonly PreviewScenePart[]): number {
  const taken = new SceneParts();
  taken.start(stream);
  for (const p of parts) if (!taken.add(p)) throw new Error(`part ${p.index} of ${p.count} does not fit`);
  const collected = taken.take(stream);
  if (!collected) throw new Error(`no parts of stream ${stream}`);
  const assembly = new SceneAssembly(collected.count);
  for (const [k, p] of collected.parts.entries()) {
    const bytes = p.deflated === undefined ? p.bytes : new Uint8Array(inflateRawSync(p.bytes, { maxOutputLength: Math.max(1, p.deflated) }));
    if (!assembly.add(k, bytes)) throw new Error(`part ${k} of ${collected.count} does not read`);
  }
  if (!assembly.scene) throw new Error(`${parts.length} parts do not make a scene`);
  return assembly.scene.bodies.length;
}

/** `--parts`: the server's stages of a scene asked in parts, and the parts read here. */
async function partsMain(uri: string, text: string): Promise<void> {
  const rows = new Map<string, number[]>();
  const add = (stage: string, ms: number) => rows.set(stage, [...(rows.get(stage) ?? []), ms]);
  const server = await startPreviewServer(uri, text);
  let sizes = '';
  try {
    for (let run = 0; run < RUNS; run++) {
      const r = await server.request(PLAIN ? { uri, bytes: true, parts: run } : { uri, bytes: true, deflate: true, parts: run });
      const answer = JSON.parse(r.json) as { parts?: number };
      if (!isPartsAnswer(answer) || answer.parts !== r.parts.length) throw new Error(`${r.parts.length} parts before the answer ${r.json.slice(0, 200)}`);
      add(`server: collide/previewScene, in parts${PLAIN ? '' : ', deflated'}`, r.cpuMs);
      add('server: its other threads (the deflate, V8 helpers)', r.otherMs);
      add('server: request → first part taken, wall time (not CPU)', r.firstPartMs);
      add('server: request → answer (all parts taken), wall time', r.wallMs);
      const c0 = threadCpuMs(process.pid);
      const bodies = readParts(run, r.parts);
      add(`parts inflated and read in order (this process${PLAIN ? '' : ', zlib'})`, threadCpuMs(process.pid) - c0);
      if (bodies !== BODIES) throw new Error(`the parts made a scene of ${bodies} bodies, ${BODIES} expected`);
      const texts = r.parts.reduce((n, p) => n + p.bytes.reduce((m, t) => m + t.length, 0), 0);
      sizes = `${r.parts.length} parts, ${texts} characters of base64${PLAIN ? '' : ` for ${r.parts.reduce((n, p) => n + (p.deflated ?? 0), 0)} bytes of scene`}`;
    }
  } finally {
    await server.close();
  }
  console.error('preview-open --parts: the host and webview stages are not timed for parts');
  console.log(`preview open in parts, ${BODIES} bodies (${sizes}); ms, first run / median of ${RUNS}:`);
  for (const [stage, ms] of rows) console.log(`  ${stage.padEnd(56)} ${ms[0]!.toFixed(1).padStart(8)} / ${median(ms).toFixed(1).padStart(8)}`);
}

async function main(): Promise<void> {
  const text = sceneText(generateScene(BODIES, 0));
  const uri = pathToFileURL(join(tmpdir(), `collide-preview-open-${BODIES}.collide`)).href;
  if (PARTS) return partsMain(uri, text);
  const rows = new Map<string, number[]>();
  const add = (stage: string, ms: number) => rows.set(stage, [...(rows.get(stage) ?? []), ms]);
  const server = await startPreviewServer(uri, text);
  const answers: string[] = [];
  try {
    for (let run = 0; run < (WEBVIEW_ONLY ? 1 : RUNS); run++) {
      const r = await server.request(PLAIN ? { uri, bytes: true } : { uri, bytes: true, deflate: true });
      add(`server: collide/previewScene, whole as bytes${PLAIN ? '' : ', deflated'}`, r.cpuMs);
      add('server: its other threads (the deflate, V8 helpers)', r.otherMs);
      add('server: request → answer parsed, wall time (not CPU)', r.wallMs);
      answers.push(r.json);
    }
  } finally {
    await server.close();
  }
  let posted: Uint8Array | null = null;
  let deflated: number | undefined;
  let sceneBytes: Uint8Array | null = null;
  if (WEBVIEW_ONLY) rows.clear();
  for (const json of WEBVIEW_ONLY ? answers.slice(0, 1) : answers) {
    const c0 = threadCpuMs(process.pid);
    const result: unknown = JSON.parse(json);
    const c1 = threadCpuMs(process.pid);
    const sync = new SceneSync();
    const answer = sync.accept(uri, result);
    const c2 = threadCpuMs(process.pid);
    if (answer.kind !== 'scene' || answer.message?.type !== 'sceneBytes') throw new Error(`the host took the answer as ${answer.kind}`);
    posted = answer.message.bytes;
    deflated = answer.message.deflated;
    // The host's own copy, after the post: the extension's zlib inflate, timed synchronously here.
    sceneBytes = deflated === undefined ? posted : new Uint8Array(inflateRawSync(posted, { maxOutputLength: Math.max(1, deflated) }));
    const c3 = threadCpuMs(process.pid);
    if (WEBVIEW_ONLY) continue;
    add('host: JSON.parse of the answer', c1 - c0);
    add('host: SceneSync.accept (before the post)', c2 - c1);
    if (deflated !== undefined) add('host: inflate of its copy (after the post)', c3 - c2);
  }
  if (!WEBVIEW_ONLY && sceneBytes) {
    // The server's deflate alone (node/scene-deflate.ts's level), on the same bytes in this process.
    for (let run = 0; run < RUNS; run++) {
      const d0 = threadCpuMs(process.pid);
      deflateRawSync(sceneBytes, { level: constants.Z_BEST_SPEED });
      add('deflate alone (zlib level 1, this process)', threadCpuMs(process.pid) - d0);
    }
  }
  if (!chromiumAvailable()) console.error('preview-open: no Chromium; the webview stages are left out');
  else {
    const host = await BrowserHost.launch();
    try {
      for (let run = 0; run < RUNS; run++) {
        const w = await webviewOpen(host, posted!, deflated);
        if (deflated !== undefined) add('webview: inflate alone (DecompressionStream)', w.inflate);
        add(`webview: receive (${deflated !== undefined ? 'inflate, ' : ''}validate, decode, setScene)`, w.receive);
        add('webview: first frame drawn', w.draw);
        add('webview: idle work after the frame', w.after);
      }
    } finally {
      await host.close();
    }
  }
  const sizes = deflated !== undefined ? `${deflated} bytes of scene deflated to ${posted!.byteLength} posted` : `${posted!.byteLength} bytes posted`;
  console.log(`preview open, ${BODIES} bodies (${answers[0]!.length} characters of answer, ${sizes}); CPU ms, first run / median of ${RUNS}:`);
  for (const [stage, ms] of rows) console.log(`  ${stage.padEnd(56)} ${ms[0]!.toFixed(1).padStart(8)} / ${median(ms).toFixed(1).padStart(8)}`);
}

void main();
