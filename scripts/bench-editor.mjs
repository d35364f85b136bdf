// `npm run bench -- --editor` (or `npm run bench:editor`): the packaged extension in a real editor
// (code-server driven by headless Chromium, as in scripts/e2e-ui.mjs), on a generated 10k-body
// scene. Every figure is read from the workbench's DOM or from inside the preview's frame:
//   - floor: keystroke → the typed character shown in the cursor line, in a Markdown file of the
//     same session (no language server involved),
//   - keystroke → squiggle: keystrokes that alternately move a probe body onto another body and
//     away from it, at a human pace (paced) and each once the previous one shows and a pause
//     drawn from 150–750 ms has passed (isolated); the time until the squiggle on the probe's
//     lines appears or disappears as that keystroke asks, and until the status bar's overlap
//     count follows,
//   - the same typing with the preview open beside it, and the preview's redraw of each edit,
//     with where each scene message waited (the extension host's post, the workbench's hand-off
//     to the webview's port, the frame's `message` event), and the workbench's reads of the
//     extension host's socket (how many per keystroke, and what they carried),
//   - preview open time, and code lenses on screen after each PageDown (and blank lens rows seen).
// Times are taken inside the pages (keydown's timeStamp, MutationObserver and draw hooks) on the
// epoch clock (performance.timeOrigin + now), so the driver's round trips are not in them; the
// preview's open time runs from the driver's Enter to the frame's `collide:shown` mark (the
// animation frame after the first draw), with the draw's own mark and the time the driver's
// polling found the drawn scene (20–150 ms later) beside it.
// Results: a table on stdout and artifacts/bench/editor.json. Flags: --keys=N (paced keystrokes,
// made odd), --bodies=N (default 10000), --settings=JSON (user settings added to the profile's, for
// attributing a figure to an editor feature), --editor-only (typing without the preview; no lenses),
// --vsix=path, --no-timeline (no message timelines, bench-editor-timeline.mjs),
// --no-package (reuse an existing .vsix), --keep (leave the temp profile), --no-settle (start the
// opens and each part at once, not in a quiet machine: bench-editor-cpu.mjs), --open-only[=N] (only
// the preview's open time, N opens (default 3), with where it goes: the marks, and each kind of
// process's CPU time; no typing, no lenses),
// --profile (the workbench's CPU profile and each process's CPU time), --trace (a Chrome trace of
// each paced run, or of the last open with --open-only, summarized per thread:
// bench-editor-trace.mjs), --warm-webview (with --open-only: VS Code's Markdown preview opened and
// closed first, to tell VS Code's first-webview cost from Collide's), --host-profile (the extension
// host's CPU profile of each paced run; needs node --experimental-websocket: bench-editor-host.mjs).
// The recorders run in the pages and the figures taken from them: bench-editor-figures.mjs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { generateScene, prng, sceneText } from '../bench/scenes.ts';
import { CHROMIUM, installVsix, makeProfile, removeProfile, root, startCodeServer } from './e2e-codeserver.mjs';
import { openFile, paletteOn } from './e2e-ui.mjs';
import { packageExtension, vsixPath } from './package.mjs';
import { attribute, clientRequests, median, previewPath, readTimeline, SEGMENTS, summarize } from './bench-editor-timeline.mjs';
import { startTrace, stopTrace } from './bench-editor-trace.mjs';
import { busyWindows, startHostProfile } from './bench-editor-host.mjs';
import { cpuByRole, logCpu, processTimes, settle, startProfile, stopProfile } from './bench-editor-cpu.mjs';
import { installDrawHook, installPortHook, installRecorder, redraws, socketReads, stats, typingFigures, watchLenses } from './bench-editor-figures.mjs';

const BOUND_MS = 30_000;
/** The whole run stops itself (and code-server) after this long, whatever it is waiting for. */
const WATCHDOG_MS = 15 * 60_000;
const PACE_MS = 120;
const PROFILE = process.argv.includes('--profile');
/** `--host-profile`: the extension host's CPU profile of each paced run (bench-editor-host.mjs). */
const HOST_PROFILE = process.argv.includes('--host-profile');
/**
 * `--warm-webview` (with --open-only): VS Code's own Markdown preview is opened and closed
 * before the first Collide open, so that the first open meets a workbench that has shown a
 * webview before: what is left of the first open's extra time is then Collide's.
 */
const WARM_WEBVIEW = process.argv.includes('--warm-webview');
/** `--trace`: a Chrome trace of each paced run, and where each thread's time went (bench-editor-trace.mjs). */
const TRACE = process.argv.includes('--trace');
/** `--no-settle`: the typing runs and the opens start without waiting for the machine to be quiet. */
const NO_SETTLE = process.argv.includes('--no-settle');
/** After the last keystroke, how long nothing may change before the run counts as caught up. */
const QUIET_MS = 1500;
const CATCH_UP_BOUND_MS = 120_000;
/** Keystrokes of the isolated runs, each typed once the previous one shows. */
const ISOLATED_KEYS = 21;
/**
 * The pause after an isolated keystroke shows, before the next: drawn from [150, 750) ms by a
 * seeded generator (bench/scenes.ts's `prng`), the same pauses in every run. A person's pauses
 * vary, and VS Code's own refreshes after an edit (lenses, outline, folding: debounced 250–350 ms
 * and more) land in the next keystroke's way only after some of them; a fixed pause met them
 * always or never, depending on the cadence.
 */
function isolatedPauses(seed = 20261129) {
  const random = prng(seed);
  return () => 150 + Math.floor(random() * 600);
}
/** The probe is inserted as this line (1-based); the typed character goes right after `at (`. */
const PROBE_LINE = 2;
const PROBE_PREFIX = 'body probe circle(0.5) at (';
const outDir = join(root, 'artifacts', 'bench');

/** What stops the browser and code-server of a run in progress; the watchdog and signals call it. */
const cleanups = new Set();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The scene: the generated 10k bodies, and a probe body on line 2 centered on the first body that
 * overlaps nothing, so the probe overlaps exactly that body. Typing `9` in front of its x moves it
 * out of the world (the scene's side is about 214 units); Backspace moves it back.
 */
function makeScene(bodies) {
  const scene = generateScene(bodies, 0);
  const inPair = new Set();
  for (const key of scene.truth) {
    inPair.add(Math.floor(key / scene.n));
    inPair.add(key % scene.n);
  }
  const target = scene.bodies.find((b) => !inPair.has(b.index));
  const lines = sceneText(scene).split('\n');
  lines.splice(PROBE_LINE - 1, 0, `${PROBE_PREFIX}${target.x}, ${target.y})`);
  // The header comment is line 1, so body bK is on line K + 3 once the probe is in.
  return { text: lines.join('\n'), targetLine: target.index + 3, overlaps: scene.truth.length, side: scene.side };
}

const MARKDOWN = ['# Notes', '', `${PROBE_PREFIX}12.5, 40.25) is where the probe goes.`, '', 'Nothing else here.', ''].join('\n');

/** The preview's open target for a scene of `bodies` bodies, in ms: 1 s at 10k, 3 s at 100k. */
const openTarget = (bodies) => (bodies >= 100_000 ? 3000 : 1000);

/** Puts the cursor at line:column through quick open's Go to Line (`:line:column`). */
async function goTo(page, line, column) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: BOUND_MS });
  await input.fill(`:${line}:${column}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: `${line}` }).first().waitFor({ timeout: BOUND_MS });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: BOUND_MS });
}

/** The Collide preview's innermost frame: the one that has the debug hook and a scene. */
async function previewFrame(page, bound = BOUND_MS) {
  const deadline = Date.now() + bound;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      if (!/webview/i.test(f.url())) continue;
      const ok = await f.evaluate(() => {
        const d = globalThis.collidePreview?.debugState();
        return !!d && d.version !== null && d.frame !== 'empty';
      }).catch(() => false);
      if (ok) return f;
    }
    await sleep(20);
  }
  throw new Error(`no preview frame with a drawn scene within ${bound} ms`);
}

/**
 * Types `count` (odd) keystrokes, alternately `9` and Backspace at the cursor, with the recorder
 * watching `lines`, so the last one leaves the `9` typed and the state differs from the one
 * before. Paced: PACE_MS apart. Isolated (`shows` given): each keystroke waits until the editor
 * `shows(i, before, state)` it and `alsoWait(i)` holds (within CATCH_UP_BOUND_MS), then a pause.
 * Then it waits until `settled(before, state)` and `alsoWait(count - 1)` hold and nothing has
 * changed for QUIET_MS (within CATCH_UP_BOUND_MS), deletes the `9` again and waits for the state
 * before the typing (untimed). Returns the records, `before` and whether it caught up.
 */
async function typeAlternating(page, { count, lines, settled, shows, alsoWait = async () => true }) {
  if (count % 2 === 0) throw new Error(`the keystroke count must be odd, not ${count}`);
  await page.evaluate(installRecorder, { lines });
  const before = await page.evaluate(() => window.__editorBench.rec.states.at(-1));
  const last = () => page.evaluate(() => ({ n: window.__editorBench.rec.states.length, last: window.__editorBench.rec.states.at(-1) }));
  const start = Date.now();
  const pause = isolatedPauses();
  for (let i = 0; i < count; i++) {
    if (shows) {
      const bound = Date.now() + CATCH_UP_BOUND_MS;
      await page.keyboard.press(i % 2 === 0 ? '9' : 'Backspace');
      while (Date.now() < bound && !(shows(i, before, (await last()).last) && await alsoWait(i))) await sleep(50);
      await sleep(pause());
    } else {
      const due = start + i * PACE_MS;
      if (due > Date.now()) await sleep(due - Date.now());
      await page.keyboard.press(i % 2 === 0 ? '9' : 'Backspace');
    }
  }
  const deadline = Date.now() + CATCH_UP_BOUND_MS;
  let seen = -1;
  let quietSince = Date.now();
  let caughtUp = false;
  while (Date.now() < deadline) {
    await sleep(100);
    const now = await last();
    if (now.n !== seen) {
      seen = now.n;
      quietSince = Date.now();
    } else if (settled(before, now.last) && Date.now() - quietSince >= QUIET_MS && await alsoWait(count - 1)) {
      caughtUp = true;
      break;
    }
  }
  const rec = await page.evaluate(() => window.__editorBench.stop());
  if (rec.keys.length !== count) throw new Error(`typed ${count} keystrokes but the page saw ${rec.keys.length}`);
  await page.keyboard.press('Backspace');
  const back = Date.now() + 60_000;
  for (;;) {
    const now = await page.evaluate(() => window.__editorBench.read());
    if (now.len === before.len && now.squiggle === before.squiggle && now.overlaps === before.overlaps) break;
    if (Date.now() > back) throw new Error(`the editor did not return to its state before the typing within 60 s: ${JSON.stringify({ before, now })}`);
    await sleep(100);
  }
  await sleep(QUIET_MS);
  return { rec, before, caughtUp };
}

async function measureLenses(page, pages) {
  const results = [];
  for (let i = 0; i < pages; i++) {
    const watching = page.evaluate(watchLenses, 10_000);
    await sleep(50);
    await page.keyboard.press('PageDown');
    results.push(await watching);
    await sleep(800);
  }
  const ok = results.filter((r) => r.ms !== null);
  // A screen past the lensed bodies (collide.codeLens.limit) has no lens row at all: not a miss.
  const none = results.filter((r) => r.ms === null && r.shown === 0 && r.maxBlank === 0).length;
  return {
    ...stats(ok.map((r) => r.ms)),
    timedOut: results.length - ok.length - none,
    noLenses: none,
    maxBlankRows: Math.max(0, ...results.map((r) => r.maxBlank)),
    scrollsWithBlankRows: results.filter((r) => r.maxBlank > 0).length,
    lensesShown: stats(results.map((r) => r.shown)).median,
    samples: results,
  };
}

export async function runEditorBench({ vsix, keys = 31, keep = false, timeline = true, bodies = 10000, settings = {}, editorOnly = false, openOnly = 0 } = {}) {
  // The web workbench asks before opening a file over 10 MB (the 100k-body scene is 18 MB).
  const profile = makeProfile('collide-bench-editor-', { 'editor.minimap.enabled': false, 'workbench.colorTheme': 'Default Dark Modern', 'workbench.editorLargeFileConfirmation': 1024, ...settings });
  let server;
  let browser;
  const load = { start: loadavg() };
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => {});
    await server?.stop();
    if (keep) console.error(`bench-editor: kept ${profile.dir}`);
    else removeProfile(profile);
  };
  cleanups.add(cleanup);
  try {
    installVsix(profile, vsix);
    const ws = join(profile.dir, 'workspace');
    mkdirSync(ws, { recursive: true });
    const scene = makeScene(bodies);
    writeFileSync(join(ws, 'scene.collide'), scene.text);
    writeFileSync(join(ws, 'notes.md'), MARKDOWN);
    // The server and the extension host write their message timelines (bench-editor-timeline.mjs).
    mkdirSync(outDir, { recursive: true });
    const timelineFile = join(outDir, 'timeline.tsv');
    if (timeline) process.env.COLLIDE_TIMELINE = timelineFile;
    server = await startCodeServer(profile);
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(BOUND_MS);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(ws)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'scene.collide' }).first().waitFor({ timeout: 60_000 });
    const log = (m) => console.error(`bench-editor: ${m}`);
    // The opens and each part of a full run start in a quiet machine (settle): VS Code's own work
    // on a file it just opened (its TextMate worker tokenizes the whole file, a core of two for
    // seconds at 100k bodies) would otherwise share the cores with them. --no-settle: at once.
    const quiet = async (what) => {
      if (NO_SETTLE) return;
      const s = await settle();
      log(s.quiet ? `${what}: settled after ${s.ms} ms` : `${what}: not settled after ${s.ms} ms; last second: ${s.busiest}`);
    };

    if (openOnly > 0) {
      // A 100k-body file takes the editor longer than the usual bound to show.
      page.setDefaultTimeout(Math.max(BOUND_MS, bodies * 2));
      const opened = Date.now();
      await openFile(page, 'scene.collide');
      await page.locator('.statusbar-item', { hasText: /overlaps?\b/ }).first().waitFor({ timeout: 120_000 });
      const firstStatusMs = Date.now() - opened;
      if (WARM_WEBVIEW) await warmWebviews(page, log);
      await quiet('before the opens');
      const opens = [];
      for (let i = 0; i < openOnly; i++) {
        await sleep(1500);
        // --trace: the last open traced, each thread's time summarized.
        const tracing = TRACE && i === openOnly - 1;
        if (tracing) await startTrace(browser, page);
        opens.push(await measureOpen(page, timeline ? timelineFile : null, log));
        if (tracing) for (const line of await stopTrace(browser, join(outDir, 'trace-open.json'))) log(`trace, open: ${line}`);
        await closePreview(page);
      }
      load.end = loadavg();
      return { openOnly: true, scene: { bodies, overlaps: scene.overlaps }, load, firstStatusMs, opens, previewOpenMs: stats(opens.map((o) => o.ms)).median };
    }

    // The floor: the same keystrokes in a Markdown file; the figure is the character's echo.
    await openFile(page, 'notes.md');
    await quiet('Markdown file');
    await goTo(page, 3, PROBE_PREFIX.length + 1);
    const echoed = (before, s) => s.len === before.len + 1;
    const echoes = (i, before, s) => s.len === before.len + (i % 2 === 0 ? 1 : 0);
    await typeAlternating(page, { count: 5, lines: [3], settled: echoed });
    const md = await typeAlternating(page, { count: keys, lines: [3], settled: echoed });
    const floor = typingFigures(md.rec, md.before.len, null).echo;
    const mdIsolated = await typeAlternating(page, { count: ISOLATED_KEYS, lines: [3], settled: echoed, shows: echoes });
    const floorIsolated = typingFigures(mdIsolated.rec, mdIsolated.before.len, null).echo;
    delete floor.at;
    delete floorIsolated.at;
    log(`floor (Markdown echo) median ${floor.median.toFixed(1)} ms`);

    // The scene: first diagnostics, then typing without the preview.
    const opened = Date.now();
    await openFile(page, 'scene.collide');
    await page.locator('.statusbar-item', { hasText: /overlaps?\b/ }).first().waitFor({ timeout: 120_000 });
    const firstStatusMs = Date.now() - opened;
    await goTo(page, PROBE_LINE, PROBE_PREFIX.length + 1);
    const lines = [PROBE_LINE, scene.targetLine];
    await page.evaluate(installRecorder, { lines });
    const initial = await page.waitForFunction(() => {
      const s = window.__editorBench.read();
      return s.squiggle && s.overlaps !== null && s.len !== null ? s : false;
    }, null, { timeout: 120_000, polling: 100 }).then((h) => h.jsonValue());
    await page.evaluate(() => window.__editorBench.stop());
    log(`scene open: status bar after ${firstStatusMs} ms; probe squiggled, status ${initial.overlaps} overlaps`);
    await quiet('scene');

    const away = (before, s) => s.len === before.len + 1 && !s.squiggle && s.overlaps !== null && s.overlaps < before.overlaps;
    const shown = (i, before, s) => echoes(i, before, s) && s.squiggle === (i % 2 === 1) && s.overlaps !== null && (i % 2 === 1 ? s.overlaps === before.overlaps : s.overlaps < before.overlaps);
    /** A paced and an isolated run on the scene; with `frame`, also the preview's draws. */
    const typeScene = async (frame) => {
      const result = {};
      for (const [name, count, steps] of [['paced', keys, undefined], ['isolated', ISOLATED_KEYS, shown]]) {
        const version0 = frame ? await frame.evaluate(installDrawHook) : 0;
        await page.evaluate(installPortHook);
        const alsoWait = frame ? (i) => frame.evaluate((v) => globalThis.__editorBenchDraws.some((d) => d.version !== null && d.version >= v), version0 + i + 1) : undefined;
        const cpu0 = PROFILE ? processTimes() : null;
        const tracing = TRACE && name === 'paced';
        if (tracing) await startTrace(browser, page);
        const hostProfile = HOST_PROFILE && name === 'paced' ? await startHostProfile(log) : null;
        const run = await typeAlternating(page, { count, lines, settled: away, shows: steps, alsoWait });
        if (tracing) {
          const file = join(outDir, `trace-${frame ? 'preview' : 'no-preview'}.json`);
          for (const line of await stopTrace(browser, file)) log(`trace, paced, ${frame ? 'preview open' : 'no preview'}: ${line}`);
        }
        if (hostProfile) {
          const profile = await stopProfile(hostProfile, log, join(outDir, `exthost-${frame ? 'preview' : 'no-preview'}.cpuprofile`));
          const busy = busyWindows(profile);
          log(`extension host, paced, ${frame ? 'preview open' : 'no preview'}: busy ${Math.round(busy.busyMs)} of ${Math.round(busy.totalMs)} ms; per 250 ms: ${busy.windows.join(' ')}`);
          hostProfile.close();
        }
        if (cpu0) logCpu(`${name}, ${frame ? 'preview open' : 'no preview'}`, cpu0, processTimes(), count);
        const figures = typingFigures(run.rec, initial.len, initial.overlaps);
        const { at, ...squiggle } = figures.squiggle;
        for (const k of ['echo', 'status']) delete figures[k].at;
        result[name] = { ...figures, squiggle, caughtUp: run.caughtUp, keyTimes: run.rec.keys.map((k) => k.t), squiggleAt: at, longTasks: run.rec.longTasks };
        const reads = (await page.evaluate(() => window.__editorBenchReads)).filter((m) => m.t >= run.rec.keys[0].t && m.t < run.rec.stoppedAt);
        result[name].socketReads = socketReads(reads, count);
        if (frame) {
          const draws = await frame.evaluate(() => globalThis.__editorBenchDraws);
          result[name].redraw = redraws(run.rec, draws, version0, at);
          const messages = await frame.evaluate(() => globalThis.__editorBenchMessages);
          result[name].messages = messages.filter((m) => m.t < run.rec.stoppedAt);
          result[name].ports = (await page.evaluate(() => window.__editorBenchPorts)).filter((m) => m.t < run.rec.stoppedAt);
          result[name].draws = draws.filter((d) => d.t < run.rec.stoppedAt).map((d) => ({ ms: Math.round(d.t - run.rec.keys[0].t), t: d.t, drawMs: d.ms, version: d.version - version0, absoluteVersion: d.version, frame: d.frame }));
        }
      }
      return result;
    };
    const noPreview = await typeScene(null);
    log(`no preview: squiggle median ${noPreview.paced.squiggle.median.toFixed(1)} ms paced (${noPreview.paced.squiggle.coalesced} coalesced), ${noPreview.isolated.squiggle.median.toFixed(1)} ms isolated`);

    let lenses = null;
    let previewOpenMs = null;
    let previewDrawnMs = null;
    let previewFoundMs = null;
    let withPreview = null;
    if (!editorOnly) ({ lenses, previewOpenMs, previewFoundMs, previewDrawnMs, withPreview } = await lensesAndPreview(page, typeScene, log, quiet));
    load.end = loadavg();
    const where = timeline ? whereTimeGoes(readTimeline(timelineFile), withPreview ? { noPreview, withPreview } : { noPreview }) : null;
    return { where, scene: { bodies, overlaps: scene.overlaps, probeLine: PROBE_LINE, targetLine: scene.targetLine }, keys, isolatedKeys: ISOLATED_KEYS, paceMs: PACE_MS, load, floor, floorIsolated, firstStatusMs, noPreview, lenses, previewOpenMs, previewFoundMs, previewDrawnMs, withPreview };
  } finally {
    await cleanup();
    cleanups.delete(cleanup);
  }
}

const f = (x) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(0));

export function table(r) {
  if (r.openOnly) return openTable(r);
  const out = [];
  const row = (what, s, fl, target) =>
    out.push(`| ${what} | ${f(s.median)} | ${f(s.p90)} | ${f(s.p95)} | ${fl === null ? '' : f(fl.median)} | ${fl === null ? '' : f(s.median - fl.median)} | ${s.coalesced ?? ''} | ${target} |`);
  out.push(`${r.scene.bodies}-body scene (${r.scene.overlaps} overlapping pairs); paced: ${r.keys} keystrokes ${r.paceMs} ms apart; isolated: ${r.isolatedKeys} keystrokes, each once the previous one shows and a pause of 150–750 ms (the same seeded pauses every run). ` +
    `Load average ${r.load.start.map((x) => x.toFixed(2)).join(' ')} → ${r.load.end.map((x) => x.toFixed(2)).join(' ')}.`);
  out.push('');
  out.push('| figure (ms) | median | p90 | p95 | floor | median − floor | not seen alone | target |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const [name, fl] of [['paced', r.floor], ['isolated', r.floorIsolated]]) {
    row(`${name}: floor, keystroke → character shown (Markdown)`, fl, null, '');
    for (const [label, run] of [['', r.noPreview[name]], ...(r.withPreview ? [['preview open: ', r.withPreview[name]]] : [])]) {
      row(`${name}: ${label}keystroke → character shown`, run.echo, fl, '');
      row(`${name}: ${label}keystroke → squiggle`, run.squiggle, fl, '≤ 100 above floor');
      row(`${name}: ${label}keystroke → status-bar count`, run.status, fl, '');
    }
    if (!r.withPreview) continue;
    row(`${name}: keystroke → preview redraw`, r.withPreview[name].redraw.afterKey, fl, '');
    row(`${name}: squiggle → preview redraw`, r.withPreview[name].redraw.afterSquiggle, null, '≤ 100');
  }
  if (r.lenses) row('PageDown → lenses on screen filled in', r.lenses, null, '≤ 200, no blank rows');
  out.push('');
  const c = (run) => `${f(run.catchUp.squiggle.ms)} / ${f(run.catchUp.status.ms)}${run.redraw ? ` / ${f(run.redraw.catchUpMs)}` : ''} ms` +
    `${!run.caughtUp || !run.catchUp.squiggle.right || !run.catchUp.status.right ? ' (NOT CAUGHT UP within the bound)' : ''}`;
  out.push(`paced, catch-up after the last keystroke (squiggle / status / preview): ${c(r.noPreview.paced)} without the preview${r.withPreview ? `, ${c(r.withPreview.paced)} with it` : ''}`);
  out.push(`preview open (command → scene on screen): ${f(r.previewOpenMs)} ms (target ≤ ${openTarget(r.scene.bodies)}; the first draw's mark in the frame: ${f(r.previewDrawnMs)} ms; found by the driver's polling: ${f(r.previewFoundMs)} ms); scene open → status-bar count: ${f(r.firstStatusMs)} ms`);
  if (r.lenses) out.push(`lenses: ${r.lenses.n} of ${r.lenses.samples.length} scrolls filled in (${r.lenses.timedOut} timed out, ${r.lenses.noLenses ?? 0} with no lens row on screen: past the lensed bodies), ${f(r.lenses.lensesShown)} lenses on screen (median), ` +
    `blank lens rows seen on ${r.lenses.scrollsWithBlankRows} scrolls, at most ${r.lenses.maxBlankRows} at once`);
  out.push('"not seen alone": keystrokes whose change never showed before the keystroke after next (coalesced with later ones).');
  if (r.where) out.push(whereTable(r.where));
  return out.join('\n');
}

/** Code lenses after PageDown, then the preview: its open time and typing with it open. */
async function lensesAndPreview(page, typeScene, log, quiet) {
  // Code lenses after PageDown, from the top of the file.
  await page.keyboard.press('Control+Home');
  await sleep(1000);
  const lenses = await measureLenses(page, 8);
  log(`lenses: median ${lenses.median.toFixed(1)} ms, max blank rows ${lenses.maxBlankRows}`);
  await page.keyboard.press('Control+Home');

  await quiet('before the preview opens');
  const { frame, ms: previewOpenMs, found: previewFoundMs, marks } = await measureOpen(page, null, log);
  const previewDrawnMs = marks['webview collide:drawn'] ?? null;
  await sleep(1500);

  // Typing with the preview open.
  await page.keyboard.press('Control+1');
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: BOUND_MS });
  await goTo(page, PROBE_LINE, PROBE_PREFIX.length + 1);
  await sleep(500);
  await quiet('preview');
  const profiler = PROFILE ? await startProfile(page) : null;
  const withPreview = await typeScene(frame);
  if (profiler) await stopProfile(profiler, log, join(outDir, 'workbench.cpuprofile'));
  log(`with preview: squiggle median ${withPreview.paced.squiggle.median.toFixed(1)} ms paced, ${withPreview.isolated.squiggle.median.toFixed(1)} ms isolated`);
  await page.screenshot({ path: join(outDir, 'editor.png') }).catch(() => {});
  return { lenses, previewOpenMs, previewFoundMs, previewDrawnMs, withPreview };
}

/**
 * Preview open time: from the command's Enter to the scene on screen in the preview's frame (its
 * `collide:shown` mark), with the time the driver's polling found it and the marks on the way
 * (the extension host's timeline lines of the preview, when `timelineFile` is given, and the
 * performance marks of the preview's frame), in ms after the Enter.
 */
async function measureOpen(page, timelineFile, log) {
  await paletteOn(page, 'Collide: Open Preview to the Side');
  const profiler = PROFILE && timelineFile ? await startProfile(page) : null;
  const cpu0 = processTimes();
  const t0 = Date.now();
  await page.keyboard.press('Enter');
  const frame = await previewFrame(page, 60_000);
  const found = Date.now() - t0;
  const cpu1 = processTimes();
  if (profiler) logCpu('preview open', cpu0, cpu1, 1);
  if (profiler) await stopProfile(profiler, log, join(outDir, 'open.cpuprofile'));
  const marks = {};
  if (timelineFile && existsSync(`${timelineFile}.client`)) {
    for (const line of readFileSync(`${timelineFile}.client`, 'utf8').split('\n')) {
      const [t, event, feature, version] = line.split('\t');
      if (feature !== 'preview' || Number(t) < t0) continue;
      const key = `host ${event}${event === 'previewAccepted' || event === 'previewPosted' ? ` (${version})` : ''}`;
      if (!(key in marks)) marks[key] = Math.round(Number(t) - t0);
      else marks[`${key} (last)`] = Math.round(Number(t) - t0);
    }
  }
  // The frame's own marks, its navigation start, and when its script and style had arrived.
  const inFrame = await frame.evaluate(() => [
    ['frame start', performance.timeOrigin],
    ...performance.getEntriesByType('resource').filter((r) => /webview\.(js|css)/.test(r.name)).map((r) => [`${r.name.replace(/.*\//, '').replace(/\?.*/, '')} loaded`, performance.timeOrigin + r.responseEnd]),
    ...performance.getEntriesByType('mark').filter((m) => m.name.startsWith('collide:')).map((m) => [m.name, performance.timeOrigin + m.startTime]),
  ]).catch(() => []);
  // A mark made again (a scene's parts: one each) also gives its last time.
  for (const [name, t] of inFrame) marks[`webview ${name}${`webview ${name}` in marks ? ' (last)' : ''}`] = Math.round(t - t0);
  // The open ends when the scene is on screen (the frame's own mark, on the same clock); the
  // driver's polling finds it 20–150 ms later, and stands in only when the mark is missing.
  const ms = marks['webview collide:shown'] ?? found;
  log(`preview open: ${ms} ms (found by polling at ${found}); ${Object.entries(marks).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return { frame, ms, found, marks, cpu: cpuByRole(cpu0, cpu1) };
}

/** Opens VS Code's Markdown preview of notes.md beside the scene, waits for its frame, and closes it. */
async function warmWebviews(page, log) {
  const t0 = Date.now();
  await openFile(page, 'notes.md');
  await paletteOn(page, 'Markdown: Open Preview to the Side');
  await page.keyboard.press('Enter');
  const deadline = Date.now() + 60_000;
  let shown = false;
  while (!shown && Date.now() < deadline) {
    for (const f of page.frames()) {
      if (/webview/i.test(f.url()) && (await f.evaluate(() => document.body?.innerText?.includes('Nothing else here') ?? false).catch(() => false))) shown = true;
    }
    if (!shown) await sleep(50);
  }
  log(`warm webview: the Markdown preview ${shown ? 'showed' : 'did not show'} after ${Date.now() - t0} ms`);
  await page.keyboard.press('Escape');
  await paletteOn(page, 'View: Close All Editor Groups');
  await page.keyboard.press('Enter');
  await sleep(500);
  await openFile(page, 'scene.collide');
  await page.locator('.statusbar-item', { hasText: /overlaps?\b/ }).first().waitFor({ timeout: 120_000 });
  await sleep(1500);
}

/** Closes the preview (the editor group beside the scene's) and waits until its frame is gone. */
async function closePreview(page) {
  await paletteOn(page, 'View: Close Editors in Other Groups');
  await page.keyboard.press('Enter');
  const deadline = Date.now() + BOUND_MS;
  while (Date.now() < deadline) {
    let open = false;
    for (const f of page.frames()) {
      if (/webview/i.test(f.url()) && await f.evaluate(() => !!globalThis.collidePreview).catch(() => false)) open = true;
    }
    if (!open) return;
    await sleep(50);
  }
  throw new Error('the preview did not close');
}

function openTable(r) {
  const out = [`${r.scene.bodies}-body scene; load average ${r.load.start.map((x) => x.toFixed(2)).join(' ')} → ${r.load.end.map((x) => x.toFixed(2)).join(' ')}.`, ''];
  out.push(`preview open (command → scene on screen): ${r.opens.map((o) => f(o.ms)).join(', ')} ms; median ${f(r.previewOpenMs)} ms (target ≤ ${openTarget(r.scene.bodies)}); ` +
    `the first draw's mark in the frame: ${r.opens.map((o) => f(o.marks['webview collide:drawn'])).join(', ')} ms; found by the driver's polling: ${r.opens.map((o) => f(o.found)).join(', ')} ms`);
  out.push('', 'Marks, ms after the command (one column per open):', '');
  const keys = [...new Set(r.opens.flatMap((o) => Object.keys(o.marks)))].sort((a, b) => (r.opens[0].marks[a] ?? 0) - (r.opens[0].marks[b] ?? 0));
  out.push(`| mark | ${r.opens.map((_, i) => `#${i + 1}`).join(' | ')} |`, `|---|${r.opens.map(() => '---:').join('|')}|`);
  for (const k of keys) out.push(`| ${k} | ${r.opens.map((o) => f(o.marks[k])).join(' | ')} |`);
  // Where the CPU of each open went, from the Enter until the drawn scene was found (/proc).
  for (const role of Object.keys(r.opens[0]?.cpu ?? {})) out.push(`| CPU ms, ${role} | ${r.opens.map((o) => f(o.cpu[role])).join(' | ')} |`);
  return out.join('\n');
}

/** Each run's keystrokes cut into segments (bench-editor-timeline.mjs), and the extension host's request times. */
function whereTimeGoes(tl, runs) {
  const out = {};
  for (const [label, byPace] of Object.entries(runs)) {
    for (const [pace, run] of Object.entries(byPace)) {
      const rows = attribute(tl, run.keyTimes, run.squiggleAt, run.longTasks);
      const from = run.keyTimes[0];
      const to = run.keyTimes[run.keyTimes.length - 1] + 5000;
      const preview = run.messages ? previewPath(tl, run.messages, run.draws, run.ports) : null;
      out[`${pace}, ${label === 'noPreview' ? 'no preview' : 'preview open'}`] = { ...summarize(rows), rows, clientRequests: clientRequests(tl, from, to), preview, socketReads: run.socketReads };
    }
  }
  return out;
}

function whereTable(where) {
  const out = ['', 'Where a keystroke\'s time goes (medians in ms over the keystrokes the timelines follow; bench-editor-timeline.mjs):', ''];
  out.push(`| run | n | ${SEGMENTS.join(' | ')} | total | workbench long tasks | blocked by (keystrokes) |`);
  out.push(`|---|---:|${SEGMENTS.map(() => '---:').join('|')}|---:|---:|---|`);
  for (const [name, w] of Object.entries(where)) {
    const blocked = Object.entries(w.blockers).map(([m, c]) => `${m.replace('textDocument/', '')} ${c}`).join(', ');
    out.push(`| ${name} | ${w.n} | ${SEGMENTS.map((s) => f(w.medians[s])).join(' | ')} | ${f(w.total)} | ${f(w.rendererBusy)} | ${blocked} |`);
  }
  for (const [name, w] of Object.entries(where)) {
    if (!w.preview) continue;
    const p = w.preview;
    out.push('', `Preview, ${name}: ${p.messages} scene messages; publication → message in the preview's frame ${f(p.publishToArrival)} ms (to the client's post ${f(p.publishToPost)}, post → frame ${f(p.postToArrival)}: post → the workbench's hand-off to the webview's port ${f(p.postToPort)}, port → frame ${f(p.portToArrival)}), message → drawn ${f(p.arrivalToDraw)} ms, a draw ${p.drawMs.toFixed(1)} ms (medians)`);
  }
  out.push('', 'The workbench\'s reads of the extension host\'s socket, one message at a time (reads per keystroke; how many carried our diagnostics, scene messages and status bar; a read\'s time, median / p90 ms):', '');
  for (const [name, w] of Object.entries(where)) {
    const r = w.socketReads;
    if (r) out.push(`- ${name}: ${r.perKey.toFixed(1)} per keystroke (${r.n}); ${Object.entries(r.kinds).map(([k, v]) => `${k} ${v}`).join(', ')}; ${f(r.median)} / ${f(r.p90)} ms; a read with diagnostics ${f(r.diagnosticsBytes)} bytes`);
  }
  out.push('', 'Extension host: request → converted answer while typing (median / max ms, count):', '');
  for (const [name, w] of Object.entries(where)) {
    const reqs = Object.entries(w.clientRequests).map(([k, v]) => `${k} ${f(v.median)} / ${f(v.max)} (${v.n})`).join('; ');
    out.push(`- ${name}: ${reqs}`);
  }
  return out.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const keysArg = args.find((a) => a.startsWith('--keys='));
  const keys = keysArg ? Number(keysArg.slice(7)) | 1 : 31;
  const settingsArg = args.find((a) => a.startsWith('--settings='));
  const settings = settingsArg ? JSON.parse(settingsArg.slice('--settings='.length)) : {};
  const bodiesArg = args.find((a) => a.startsWith('--bodies='));
  const bodies = bodiesArg ? Math.max(10, Number(bodiesArg.slice('--bodies='.length)) || 10000) : 10000;
  const vsixArg = args.find((a) => a.startsWith('--vsix='));
  let vsix = vsixArg ? vsixArg.slice(7) : vsixPath();
  if (!vsixArg && (!args.includes('--no-package') || !existsSync(vsix))) vsix = packageExtension();
  mkdirSync(outDir, { recursive: true });
  const openArg = args.find((a) => a === '--open-only' || a.startsWith('--open-only='));
  const openOnly = openArg === undefined ? 0 : openArg === '--open-only' ? 3 : Math.max(1, Number(openArg.slice('--open-only='.length)) || 3);
  const result = await runEditorBench({ vsix, keys, keep: args.includes('--keep'), timeline: !args.includes('--no-timeline'), bodies, settings, editorOnly: args.includes('--editor-only'), openOnly });
  if (result.opens) for (const o of result.opens) delete o.frame;
  writeFileSync(join(outDir, openOnly ? 'editor-open.json' : 'editor.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(table(result));
  console.log(`\n(written to ${join(outDir, 'editor.json')})`);
}

export function runFromCommandLine() {
  // Bounds the whole run: the finally blocks stop code-server and the browser on every other path.
  const giveUp = (why, code) => {
    console.error(`bench-editor: ${why}; stopping code-server and the browser`);
    Promise.race([Promise.all([...cleanups].map((c) => c().catch(() => {}))), sleep(10_000)]).finally(() => process.exit(code));
  };
  const watchdog = setTimeout(() => giveUp(`no result after ${WATCHDOG_MS / 60000} min`, 2), WATCHDOG_MS);
  watchdog.unref();
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => giveUp(sig, 130));
  return main().then(() => clearTimeout(watchdog), (e) => {
    console.error(`bench-editor: ${e instanceof Error ? e.stack ?? e.message : e}`);
    process.exitCode = 1;
    clearTimeout(watchdog);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runFromCommandLine();
