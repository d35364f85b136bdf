/**
 * `npm run bench`: Collide's broad phases and narrow phase side by side with rapier, planck and
 * detect-collisions on the same generated scenes. Options:
 *   --quick          1k and 10k bodies, fewer repetitions and moves (a smoke run, ~30 s)
 *   --json           print the results as JSON on stdout (the table goes to stderr)
 *   --sizes=a,b,...  body counts for case (a) (default 1000,10000,100000)
 *   --editor         instead, the figures of a real editor: scripts/bench-editor.mjs (code-server
 *                    in headless Chromium; takes its own flags, see that file)
 *   --cases=typing   the typing case alone (bench/lsp-typing.ts): minutes at 100k bodies, so
 *                    not part of the default run, which is every other case
 *   --worker         with --cases=typing: each typing run up to 10k bodies is followed by the
 *                    same against the web worker bundle in headless Chromium, the editor in
 *                    the page that holds the worker (bench/worker-server.ts)
 * Timings are medians of several runs; every library's answer is compared with the ground
 * truth of bench/scenes.ts and any difference is reported as a MISMATCH.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROAD_PHASE_KINDS } from '../core';
import type { BroadPhaseKind } from '../core';
import { collideAllPairs, collideAllPairsOnePass, collideBodies, collideMoveProbe, collideSweptCandidates, loadNarrowPhase } from './collide';
import { initRapier, PEERS, type MoveProbe } from './peers';
import { cliAvailable, serverAvailable } from './bundles';
import { benchCheck, benchNodeStart } from './cli-timing';
import { benchLevelCheck, describeLevelCheck } from './level-check';
import { BURST_REQUESTS, benchLspBurst } from './lsp-burst';
import { ALL_PROBLEMS, benchLsp } from './lsp-latency';
import { IDLE_MS, benchLspBurstMemory, benchLspMemory } from './lsp-memory';
import { startServer } from './lsp-process';
import { KEYSTROKE_MS, RANGE_TOKENS_CAPABILITIES, TYPING_REQUESTS, benchTyping, type TypingResult } from './lsp-typing';
import { workerAvailable, workerTyping, type WorkerTyping } from './worker-server';
import { generateScene, MARGIN, type Scene } from './scenes';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const json = args.includes('--json');
const sizesArg = args.find((a) => a.startsWith('--sizes='));
const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : quick ? [1000, 10000] : [1000, 10000, 100000];
const casesArg = args.find((a) => a.startsWith('--cases='));
const onlyTyping = casesArg !== undefined && casesArg.slice(8) === 'typing';
const inWorker = args.includes('--worker');
/** The largest scene the worker types in (its run follows the Node server's on the same scene). */
const WORKER_MAX_N = 10000;
const log = (s: string) => process.stderr.write(s + '\n');
const out = json ? log : (s: string) => process.stdout.write(s + '\n');

interface Row {
  readonly case: string;
  readonly n: number;
  readonly contender: string;
  /** Median milliseconds (per move for case b). */
  readonly ms: number;
  readonly found: number;
  readonly expected: number;
  readonly missing: number;
  readonly extra: number;
  readonly note?: string;
}

const rows: Row[] = [];
const mismatches: string[] = [];

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}
function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Sorted-key set difference sizes. */
function compare(found: readonly number[], truth: readonly number[]): { missing: number; extra: number } {
  let i = 0;
  let j = 0;
  let missing = 0;
  let extra = 0;
  while (i < found.length || j < truth.length) {
    if (j >= truth.length || (i < found.length && found[i]! < truth[j]!)) {
      extra++;
      i++;
    } else if (i >= found.length || truth[j]! < found[i]!) {
      missing++;
      j++;
    } else {
      i++;
      j++;
    }
  }
  return { missing, extra };
}

function record(row: Row): void {
  rows.push(row);
  if (row.missing || row.extra) {
    const msg = `MISMATCH ${row.case} n=${row.n} ${row.contender}: ${row.missing} missing, ${row.extra} extra of ${row.expected}`;
    mismatches.push(msg);
    log(`  !!! ${msg}`);
  }
  log(`  ${row.case.padEnd(12)} n=${String(row.n).padEnd(6)} ${row.contender.padEnd(34)} ${fmt(row.ms)} ms`);
}

function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(4);
}

function reps(n: number): number {
  if (quick) return n >= 10000 ? 2 : 3;
  return n >= 100000 ? 2 : n >= 10000 ? 3 : 7;
}

async function main(): Promise<void> {
  if (!onlyTyping) await peersAndProcesses();
  else if (serverAvailable()) await typing();
  else log('\n(typing) skipped: dist/server.js is not built');
  printTable();
  if (json) process.stdout.write(JSON.stringify({ version: 1, quick, narrowPhase: narrowName, margin: MARGIN, loadAverages, rows, mismatches }, null, 2) + '\n');
  if (mismatches.length > 0) {
    log(`\n${mismatches.length} MISMATCH(ES):\n  ${mismatches.join('\n  ')}`);
    process.exitCode = 1;
  }
}

/** The narrow phase the peers' cases ran with (none when only the typing case ran). */
let narrowName: string | undefined;
/** The 1, 5 and 15-minute load averages before and after the typing case (on a shared machine). */
const loadAverages: string[] = [];

async function peersAndProcesses(): Promise<void> {
  await initRapier();
  const narrow = await loadNarrowPhase();
  narrowName = narrow.name;
  log(`Collide narrow phase: ${narrow.name}; touching band kept clear: ±${MARGIN} units (see bench/scenes.ts)`);
  // Warm-up: every code path once on a small scene, so that timings compare optimized code
  // rather than the JIT's first tiers.
  {
    const warm = generateScene(2000, 100);
    const wb = collideBodies(warm);
    for (let r = 0; r < 3; r++) {
      for (const kind of BROAD_PHASE_KINDS) {
        collideAllPairs(kind, wb, narrow.test);
        collideAllPairs(kind, wb, null);
        if (kind !== 'brute-force') collideSweptCandidates(kind, warm, 10 / 60);
      }
      collideAllPairsOnePass(wb, narrow.test);
      collideAllPairsOnePass(wb, null);
      for (const peer of PEERS) peer.allPairs(warm);
    }
    const buf: number[] = [];
    const makers: (() => MoveProbe)[] = [
      ...(['dynamic-tree', 'sort-and-sweep', 'grid'] as const).map((k) => () => collideMoveProbe(k, warm, narrow.test)),
      ...PEERS.map((p) => () => p.prepareMoves(warm)),
    ];
    for (const make of makers) {
      const probe = make();
      for (let r = 0; r < 5; r++) {
        for (const m of warm.moves) {
          buf.length = 0;
          probe.probe(m.body, m.x, m.y, buf);
          probe.restore(m.body);
        }
      }
      probe.dispose();
    }
  }
  const scenes = new Map<number, Scene>();
  const moveCount = quick ? 200 : 1000;
  for (const n of sizes) {
    const t0 = performance.now();
    const scene = generateScene(n, n === 10000 ? moveCount : 0);
    scenes.set(n, scene);
    log(`\nscene n=${n}: ${scene.truth.length} overlapping pairs (${(scene.truth.length / n).toFixed(2)} per body), generated in ${(performance.now() - t0).toFixed(0)} ms`);

    // (a) all pairs from scratch.
    const bodies = collideBodies(scene);
    const kinds = BROAD_PHASE_KINDS.filter((k) => k !== 'brute-force' || n <= 10000);
    for (const kind of kinds) {
      for (const withNarrow of [true, false]) {
        if (!withNarrow && kind === 'brute-force') continue;
        const times: number[] = [];
        let found: number[] = [];
        for (let r = 0; r < reps(n); r++) {
          gc();
          const t = performance.now();
          found = collideAllPairs(kind, bodies, withNarrow ? narrow.test : null);
          times.push(performance.now() - t);
        }
        if (withNarrow) {
          record({ case: 'a:pairs', n, contender: `collide ${kind} + ${narrow.name}`, ms: median(times), found: found.length, expected: scene.truth.length, ...compare(found, scene.truth) });
        } else {
          // Broad phase alone: its answer is the box-overlap superset, so only timed.
          rows.push({ case: 'a:broad', n, contender: `collide ${kind} (boxes only)`, ms: median(times), found: found.length, expected: scene.truth.length, missing: 0, extra: 0, note: 'candidate pairs' });
          log(`  ${'a:broad'.padEnd(12)} n=${String(n).padEnd(6)} ${`collide ${kind} (boxes only)`.padEnd(34)} ${fmt(median(times))} ms (${found.length} box pairs)`);
        }
      }
    }
    // The grid as the analysis builds it from scratch (one pass over all boxes): what
    // `collide check` and a document's first analysis run.
    for (const withNarrow of [true, false]) {
      const times: number[] = [];
      let found: number[] = [];
      for (let r = 0; r < reps(n); r++) {
        gc();
        const t = performance.now();
        found = collideAllPairsOnePass(bodies, withNarrow ? narrow.test : null);
        times.push(performance.now() - t);
      }
      const contender = withNarrow ? `collide grid one-pass + ${narrow.name}` : 'collide grid one-pass (boxes only)';
      if (withNarrow) {
        record({ case: 'a:pairs', n, contender, ms: median(times), found: found.length, expected: scene.truth.length, ...compare(found, scene.truth) });
      } else {
        rows.push({ case: 'a:broad', n, contender, ms: median(times), found: found.length, expected: scene.truth.length, missing: 0, extra: 0, note: 'candidate pairs' });
        log(`  ${'a:broad'.padEnd(12)} n=${String(n).padEnd(6)} ${contender.padEnd(34)} ${fmt(median(times))} ms (${found.length} box pairs)`);
      }
    }
    for (const peer of PEERS) {
      const times: number[] = [];
      let found: number[] = [];
      for (let r = 0; r < reps(n); r++) {
        gc();
        const t = performance.now();
        found = peer.allPairs(scene);
        times.push(performance.now() - t);
      }
      record({ case: 'a:pairs', n, contender: peer.name, ms: median(times), found: found.length, expected: scene.truth.length, ...compare(found, scene.truth) });
    }

    // Moving variant: candidate pairs of swept bounds over 10 steps of 1/60 s (continuous detection's broad phase).
    for (const kind of kinds) {
      if (kind === 'brute-force') continue;
      const times: number[] = [];
      let count = 0;
      for (let r = 0; r < reps(n); r++) {
        gc();
        const t = performance.now();
        count = collideSweptCandidates(kind, scene, 10 / 60);
        times.push(performance.now() - t);
      }
      rows.push({ case: 'a:swept', n, contender: `collide ${kind} (swept boxes)`, ms: median(times), found: count, expected: count, missing: 0, extra: 0 });
      log(`  ${'a:swept'.padEnd(12)} n=${String(n).padEnd(6)} ${`collide ${kind} (swept boxes)`.padEnd(34)} ${fmt(median(times))} ms (${count} candidate pairs)`);
    }
  }

  // (b) move one body and find its overlaps again, at 10k.
  const s10 = scenes.get(10000) ?? generateScene(10000, moveCount);
  if (s10.moves.length === 0) throw new Error('no probe moves generated');
  log(`\nmoves at n=10000: ${s10.moves.length} probe moves`);
  const probes: [string, () => MoveProbe][] = [
    ...BROAD_PHASE_KINDS.filter((k): k is Exclude<BroadPhaseKind, 'brute-force'> => k !== 'brute-force').map(
      (k) => [`collide ${k} + ${narrow.name}`, () => collideMoveProbe(k, s10, narrow.test)] as [string, () => MoveProbe],
    ),
    ...PEERS.map((p) => [p.name, () => p.prepareMoves(s10)] as [string, () => MoveProbe]),
  ];
  for (const [name, make] of probes) {
    gc();
    const probe = make();
    const buf: number[] = [];
    const per: number[] = [];
    let missing = 0;
    let extra = 0;
    let expected = 0;
    for (let round = 0; round < 3; round++) {
      let total = 0;
      for (const m of s10.moves) {
        buf.length = 0;
        const t = performance.now();
        probe.probe(m.body, m.x, m.y, buf);
        total += performance.now() - t;
        probe.restore(m.body);
        if (round === 0) {
          const d = compare([...new Set(buf)].sort((a, b) => a - b), m.truth);
          missing += d.missing;
          extra += d.extra;
          expected += m.truth.length;
        }
      }
      per.push(total / s10.moves.length);
    }
    probe.dispose();
    record({ case: 'b:move', n: 10000, contender: name, ms: median(per), found: expected - missing + extra, expected, missing, extra });
  }

  // (c) the CLI on a 10k-body file.
  if (cliAvailable()) {
    log('\ncollide check of a 10k-body file (whole process)');
    const r = benchCheck(s10, quick ? 2 : 3);
    if (r.error) mismatches.push(`c:check: ${r.error}`);
    record({ case: 'c:check', n: 10000, contender: `node bin/collide.js check (exit ${r.exitCode})`, ms: median(r.ms), found: r.overlaps.length, expected: s10.truth.length, ...compare(r.overlaps, s10.truth) });
    const extra = process.env.NODE_EXTRA_CA_CERTS ? ', NODE_EXTRA_CA_CERTS set' : '';
    rows.push({ case: 'c:check', n: 10000, contender: `node -e 0 (the process floor${extra})`, ms: median(benchNodeStart(quick ? 2 : 5)), found: 0, expected: 0, missing: 0, extra: 0 });
  } else {
    log('\n(c) skipped: dist/cli.js is not built');
  }

  // (e) the CLI on a Tiled map of 100k objects (10k with --quick) beside its equivalent scene.
  const levelN = quick ? 10000 : 100000;
  log(`\ncollide check of a ${levelN}-object Tiled map and of its equivalent .collide scene (whole processes)`);
  const e = benchLevelCheck(levelN, quick ? 2 : 3);
  log(`  ${describeLevelCheck(e)}`);
  if (e.error) mismatches.push(`e:level: ${e.error}`);
  if (!e.skipped) {
    const row = (contender: string, ms: number, found: number) => rows.push({ case: 'e:level', n: levelN, contender, ms, found, expected: 0, missing: 0, extra: 0 });
    row('collide check map.tmx', median(e.levelMs), e.levelFindings);
    row('collide check map.collide (equivalent)', median(e.sceneMs), e.sceneFindings);
    row('node -e 0 (the process floor)', median(e.floorMs), 0);
  }

  // (d) the language server.
  if (serverAvailable()) {
    log('\nlanguage server: didChange → publishDiagnostics at 10k bodies');
    const r = await benchLsp(s10, quick ? 10 : 40);
    if (r.error) mismatches.push(`d:lsp: ${r.error}`);
    rows.push({ case: 'd:lsp', n: 10000, contender: 'open → first diagnostics', ms: r.openMs, found: 0, expected: 0, missing: 0, extra: 0 });
    rows.push({ case: 'd:lsp', n: 10000, contender: 'edit → diagnostics, median', ms: median(r.latencies), found: 0, expected: 0, missing: 0, extra: 0 });
    rows.push({ case: 'd:lsp', n: 10000, contender: 'edit → diagnostics, p95', ms: quantile(r.latencies, 0.95), found: 0, expected: 0, missing: 0, extra: 0 });
    log(`  open ${fmt(r.openMs)} ms, edit median ${fmt(median(r.latencies))} ms, p95 ${fmt(quantile(r.latencies, 0.95))} ms, ${r.published} diagnostics published${r.error ? ` (${r.error})` : ''}`);
    // The same with every problem published (the diagnostics limit lifted): the whole list's cost.
    const all = await benchLsp(s10, quick ? 10 : 40, ALL_PROBLEMS);
    if (all.error) mismatches.push(`d:lsp (limit 0): ${all.error}`);
    rows.push({ case: 'd:lsp', n: 10000, contender: `edit → diagnostics, median, all ${all.published} published (limit 0)`, ms: median(all.latencies), found: 0, expected: 0, missing: 0, extra: 0 });
    rows.push({ case: 'd:lsp', n: 10000, contender: `edit → diagnostics, p95, all ${all.published} published (limit 0)`, ms: quantile(all.latencies, 0.95), found: 0, expected: 0, missing: 0, extra: 0 });
    log(`  every problem published (collide.diagnostics.limit 0): edit median ${fmt(median(all.latencies))} ms, p95 ${fmt(quantile(all.latencies, 0.95))} ms, ${all.published} diagnostics published${all.error ? ` (${all.error})` : ''}`);
    // (d′): the same edits with VS Code's request burst after each (bench/processes.ts).
    log("\nlanguage server with VS Code's request burst after each edit, at 10k bodies");
    const b = await benchLspBurst(s10, quick ? 10 : 40);
    if (b.error) mismatches.push(`d′:lsp: ${b.error}`);
    rows.push({ case: 'd′:lsp', n: 10000, contender: 'edit → diagnostics, median', ms: median(b.latencies), found: 0, expected: 0, missing: 0, extra: 0 });
    rows.push({ case: 'd′:lsp', n: 10000, contender: 'edit → diagnostics, p95', ms: quantile(b.latencies, 0.95), found: 0, expected: 0, missing: 0, extra: 0 });
    for (const name of BURST_REQUESTS) {
      rows.push({ case: 'd′:lsp', n: 10000, contender: `${name} after the edit, median`, ms: median(b.requests[name]), found: 0, expected: 0, missing: 0, extra: 0 });
    }
    log(`  edit median ${fmt(median(b.latencies))} ms, p95 ${fmt(quantile(b.latencies, 0.95))} ms; requests: ${BURST_REQUESTS.map((r) => `${r} ${fmt(median(b.requests[r]))}`).join(', ')} ms${b.error ? ` (${b.error})` : ''}`);
    if (!quick) {
      const big = scenes.get(100000) ?? generateScene(100000, 0);
      const burstMem = await benchLspBurstMemory(big);
      if (burstMem.error) mismatches.push(`d′:memory: ${burstMem.error}`);
      rows.push({ case: 'd′:memory', n: 100000, contender: "server RSS (MB) after VS Code's burst and an edit", ms: burstMem.rssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      rows.push({ case: 'd′:memory', n: 100000, contender: `server RSS (MB) after ${IDLE_MS / 1000} s idle`, ms: burstMem.idleRssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      rows.push({ case: 'd′:memory', n: 100000, contender: 'server peak RSS (MB)', ms: burstMem.peakRssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      log(`  server RSS with a 100k-body document after the burst: ${burstMem.rssMb.toFixed(0)} MB, ${burstMem.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${burstMem.peakRssMb.toFixed(0)} MB`);
      const mem = await benchLspMemory(big);
      if (mem.error) mismatches.push(`d:memory: ${mem.error}`);
      rows.push({ case: 'd:memory', n: 100000, contender: 'server RSS (MB) with document open', ms: mem.rssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      rows.push({ case: 'd:memory', n: 100000, contender: 'server RSS (MB) after 1 s idle', ms: mem.settledRssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      rows.push({ case: 'd:memory', n: 100000, contender: `server RSS (MB) after ${IDLE_MS / 1000} s idle`, ms: mem.idleRssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      rows.push({ case: 'd:memory', n: 100000, contender: 'server peak RSS (MB) while opening', ms: mem.peakRssMb, found: 0, expected: 0, missing: 0, extra: 0 });
      log(`  server RSS with a 100k-body document: ${mem.rssMb.toFixed(0)} MB after the first publication, ${mem.settledRssMb.toFixed(0)} MB after 1 s idle, ${mem.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${mem.peakRssMb.toFixed(0)} MB`);
    }
  } else {
    log('\n(d) skipped: dist/server.js is not built');
  }
}

/**
 * The typing case at 10k and 100k bodies (10k alone with --quick), beside its floor: `node -e 0`
 * and the same typing on a 100-body scene, with the load average before and after. With
 * --worker, each run up to WORKER_MAX_N is followed by the same in the web worker.
 */
async function typing(): Promise<void> {
  const load = () => (existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : 'n/a');
  loadAverages.push(load());
  log(`\ntyping: 40 keystrokes, one every ${KEYSTROKE_MS} ms, with VS Code's requests and the preview; load average ${loadAverages[0]}`);
  const add = (n: number, contender: string, ms: number) => rows.push({ case: 'typing', n, contender, ms, found: 0, expected: 0, missing: 0, extra: 0 });
  add(0, 'node -e 0 (the process floor)', median(benchNodeStart(5)));
  let worker: WorkerTyping | undefined;
  if (inWorker && !workerAvailable()) log('  (worker) skipped: Chromium or dist/web/server.js is missing');
  else if (inWorker) worker = await workerTyping();
  try {
    for (const n of quick ? [100, 10000] : [100, 10000, 100000]) {
      const scene = generateScene(n, 0);
      // The editor alone, then with the preview open: what the preview's requests cost the typist.
      for (const preview of [false, true]) {
        const what = preview ? 'with preview' : 'editor alone';
        report(n, what, await benchTyping(scene, 40, preview, () => startServer(RANGE_TOKENS_CAPABILITIES)), add);
        if (worker && n <= WORKER_MAX_N) {
          log(`    load average ${load()}`);
          report(n, `worker, ${what}`, await worker.type(scene, 40, preview), add);
        }
      }
    }
  } finally {
    await worker?.close();
  }
  loadAverages.push(load());
  log(`  load average after: ${loadAverages[1]}`);
}

/** The rows and the log lines of one typing run. */
function report(n: number, what: string, r: TypingResult, add: (n: number, contender: string, ms: number) => void): void {
  if (r.error) mismatches.push(`typing n=${n} ${what}: ${r.error}`);
  add(n, `${what}: edit → diagnostics, median`, median(r.latencies));
  add(n, `${what}: edit → diagnostics, p95`, quantile(r.latencies, 0.95));
  add(n, `${what}: catch-up, last keystroke → its diagnostics`, r.catchUpMs);
  if (r.preview) add(n, `${what}: preview catch-up, last keystroke → preview shows it`, r.previewCatchUpMs);
  for (const name of TYPING_REQUESTS) {
    if (r.preview || name !== 'collide/previewScene') add(n, `${what}: ${name}, median (${r.requests[name].length} of ${r.sent[name]} sent answered, ${r.canceled[name]} canceled)`, median(r.requests[name]));
  }
  if (r.preview) add(n, `${what}: collide/previewScene, p95`, quantile(r.requests['collide/previewScene'], 0.95));
  if (r.preview) add(n, `${what}: preview open, request → first scene held`, r.previewOpenMs);
  log(
    `  n=${n} ${what}: open ${fmt(r.openMs)} ms; keystrokes every ${fmt(r.keystrokeMs)} ms; edit → diagnostics median ${fmt(median(r.latencies))} ms, p95 ${fmt(quantile(r.latencies, 0.95))} ms` +
      `; catch-up ${fmt(r.catchUpMs)} ms${r.preview ? `; preview catch-up ${fmt(r.previewCatchUpMs)} ms` : ''}; ${r.unanswered} requests unanswered at the end` +
      (r.preview ? `\n    preview: open ${fmt(r.previewOpenMs)} ms; update size median ${fmt(median(r.previewBytes))} bytes, max ${fmt(Math.max(0, ...r.previewBytes))} bytes` : '') +
      `\n    request medians (ms; answered/sent): ${TYPING_REQUESTS.map((q) => `${q} ${fmt(median(r.requests[q]))} (${r.requests[q].length}/${r.sent[q]})`).join(', ')}${r.error ? ` (${r.error})` : ''}`,
  );
}

function printTable(): void {
  out('\n| case | n | contender | time (ms) | pairs | vs rapier | vs planck | vs detect-collisions |');
  out('|---|---:|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const peer = (name: string) => rows.find((p) => p.case === (r.case === 'a:broad' ? 'a:pairs' : r.case) && p.n === r.n && p.contender === name);
    const ratio = (name: string) => {
      const p = peer(name);
      return p && r.contender.startsWith('collide') ? `${(r.ms / p.ms).toFixed(3)}×` : '';
    };
    const status = r.missing || r.extra ? ` MISMATCH -${r.missing}/+${r.extra}` : '';
    out(`| ${r.case} | ${r.n} | ${r.contender} | ${fmt(r.ms)} | ${r.found}${status} | ${ratio('rapier')} | ${ratio('planck')} | ${ratio('detect-collisions')} |`);
  }
  out('\nRatios are Collide time / peer time (below 1 means Collide is faster). Case b is per move.');
}

if (args.includes('--editor')) {
  const script = join(__dirname, '..', 'scripts', 'bench-editor.mjs');
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args.filter((a) => a !== '--editor')], { stdio: 'inherit' });
  process.exitCode = r.status ?? 2;
} else {
  main().catch((e: unknown) => {
    log(`bench failed: ${(e as Error).stack ?? String(e)}`);
    process.exitCode = 2;
  });
}
