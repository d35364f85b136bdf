/**
 * Whole-process cases: (c) `collide check` of a 10k-body file, and (d) the language server over
 * a real stdio connection: time from `didChange` to `publishDiagnostics` after a one-body edit,
 * and the server's resident memory with a 100k-body document open. Each runs only when its
 * bundle exists (dist/cli.js, dist/server.js), so the bench works while those are being built.
 *
 * Fidelity: the first CLI run and the first LSP edits are not timed (they measure a cold page
 * cache and an unoptimised incremental path, which a user meets once, not on every keystroke),
 * and there are enough timed samples for a p95 to be more than the largest of ten.
 *
 * Run alone (cases c and d only) with `node --import tsx bench/processes.ts [--runs=N]
 * [--edits=N] [--memory]` (--memory: also the server's memory with a 100k-body document); COLLIDE_BENCH_ROOT=DIR measures the bundles of another build (DIR/bin/collide.js
 * and DIR/dist/), so that two builds can be compared back to back on the same machine load.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node';
import type { Scene } from './scenes';
import { generateScene, sceneText } from './scenes';

const ROOT = process.env.COLLIDE_BENCH_ROOT || join(__dirname, '..');
const COLLIDE = join(ROOT, 'bin', 'collide.js');
/** Fewest timed runs of (c) and timed edits of (d), whatever the caller asks for. */
const MIN_CHECK_RUNS = 5;
const MIN_LSP_EDITS = 40;
/** Untimed edits before (d)'s timed ones: the incremental path is optimised by then. */
const LSP_WARMUP_EDITS = 10;

export interface CheckResult {
  readonly ms: number[];
  readonly exitCode: number | null;
  /** Overlap findings as i * n + j keys, to compare with the ground truth. */
  readonly overlaps: number[];
  readonly error?: string;
}

export function cliAvailable(): boolean {
  return existsSync(join(ROOT, 'dist', 'cli.js'));
}

export function serverAvailable(): boolean {
  return existsSync(join(ROOT, 'dist', 'server.js'));
}

function tempScene(scene: Scene): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'collide-bench-'));
  const file = join(dir, `scene-${scene.n}.collide`);
  writeFileSync(file, sceneText(scene));
  return { dir, file };
}

/** (c): `node bin/collide.js check --format json FILE`, wall time per run (after one untimed run). */
export function benchCheck(scene: Scene, runs: number): CheckResult {
  const { dir, file } = tempScene(scene);
  const ms: number[] = [];
  let exitCode: number | null = null;
  let stdout = '';
  try {
    const timed = Math.max(runs, MIN_CHECK_RUNS);
    for (let r = -1; r < timed; r++) {
      const t0 = performance.now();
      const res = spawnSync(process.execPath, [COLLIDE, 'check', '--format', 'json', file], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const elapsed = performance.now() - t0;
      exitCode = res.status;
      stdout = res.stdout;
      if (r < 0) continue; // the warm-up run: file and bundle now in the page cache
      ms.push(elapsed);
      if (ms[0]! > 10_000) break; // far off the target already: one run tells enough
    }
    const out = JSON.parse(stdout) as { files: { findings: { kind: string; a: string; b: string }[] }[] };
    const overlaps: number[] = [];
    for (const f of out.files[0]?.findings ?? []) {
      if (f.kind !== 'overlap') continue;
      const i = Number(f.a.slice(1));
      const j = Number(f.b.slice(1));
      overlaps.push(i < j ? i * scene.n + j : j * scene.n + i);
    }
    overlaps.sort((a, b) => a - b);
    return { ms, exitCode, overlaps };
  } catch (e) {
    return { ms, exitCode, overlaps: [], error: `could not read the CLI's JSON: ${(e as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LspResult {
  /** didChange → publishDiagnostics, one per edit. */
  readonly latencies: number[];
  readonly openMs: number;
  readonly error?: string;
}

/**
 * What VS Code declares about diagnostics, so that the server publishes what it would publish
 * there (related information, tags, code descriptions, data), not a reduced form for a client
 * that supports less.
 */
const CLIENT_CAPABILITIES = {
  textDocument: {
    synchronization: { dynamicRegistration: true, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
  },
};

interface Server {
  readonly connection: rpc.MessageConnection;
  readonly pid: number;
  waitForDiagnostics(uri: string, version: number | null): Promise<void>;
  close(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [COLLIDE, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout!),
    new rpc.StreamMessageWriter(child.stdin!),
  );
  const waiters: { uri: string; version: number | null; resolve: () => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number }) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      // Servers may omit the version; then the first publication after the change counts.
      if (w.uri === p.uri && (w.version === null || p.version === undefined || p.version >= w.version)) {
        waiters.splice(i, 1);
        w.resolve();
      }
    }
  });
  connection.onRequest(() => null); // workspace/configuration and the like
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: CLIENT_CAPABILITIES });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    pid: child.pid!,
    waitForDiagnostics(uri, version) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no publishDiagnostics within 60 s')), 60_000);
        waiters.push({
          uri,
          version,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      try {
        await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        await connection.sendNotification('exit');
      } catch {
        // already gone
      }
      connection.dispose();
      child.kill();
    },
  };
}

/**
 * (d): open the document, make LSP_WARMUP_EDITS untimed one-body edits, then time `edits` (at
 * least MIN_LSP_EDITS) more, each from its didChange to its diagnostics.
 */
export async function benchLsp(scene: Scene, edits: number): Promise<LspResult> {
  const text = sceneText(scene);
  const uri = pathToFileURL(join(tmpdir(), `collide-bench-${scene.n}.collide`)).href;
  const server = await startServer();
  const latencies: number[] = [];
  try {
    const t0 = performance.now();
    const opened = server.waitForDiagnostics(uri, 1);
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'collide', version: 1, text },
    });
    await opened;
    const openMs = performance.now() - t0;
    // Each edit rewrites one body's `at (x, y)` clause in place (a one-body drag in the preview).
    const lines = text.split('\n');
    const total = LSP_WARMUP_EDITS + Math.max(edits, MIN_LSP_EDITS);
    for (let e = 0; e < total; e++) {
      const line = 1 + ((e * 7919) % scene.n);
      const content = lines[line]!;
      const at = content.indexOf(' at (');
      const close = content.indexOf(')', at);
      const b = scene.bodies[line - 1]!;
      const replacement = ` at (${b.x + 0.001 * (e + 1)}, ${b.y})`;
      const version = e + 2;
      const done = server.waitForDiagnostics(uri, version);
      const start = performance.now();
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [
          { range: { start: { line, character: at }, end: { line, character: close + 1 } }, text: replacement },
        ],
      });
      await done;
      if (e >= LSP_WARMUP_EDITS) latencies.push(performance.now() - start);
      lines[line] = content.slice(0, at) + replacement + content.slice(close + 1);
    }
    return { latencies, openMs };
  } catch (e) {
    return { latencies, openMs: NaN, error: (e as Error).message };
  } finally {
    await server.close();
  }
}

export interface MemoryResult {
  /** Resident memory (MB) right after the first publication: what the open left, garbage included. */
  readonly rssMb: number;
  /** The same after the server has been idle for SETTLE_MS: what it keeps while the document stays open. */
  readonly settledRssMb: number;
  /** The most the process was resident at any point (VmHWM): the open's peak. */
  readonly peakRssMb: number;
  readonly error?: string;
}

/** How long the server is left idle before its settled memory is read. */
const SETTLE_MS = 1000;

/** Resident memory of the server with the scene's document open and analysed (Linux: /proc). */
export async function benchLspMemory(scene: Scene): Promise<MemoryResult> {
  const server = await startServer();
  const read = (field: string) => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  };
  try {
    const uri = pathToFileURL(join(tmpdir(), `collide-bench-${scene.n}.collide`)).href;
    const opened = server.waitForDiagnostics(uri, 1);
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'collide', version: 1, text: sceneText(scene) },
    });
    await opened;
    const rssMb = read('VmRSS');
    // V8 collects the open's garbage when idle or when the next allocation needs it; either way
    // what stays is what a user's editor lives with. Both numbers are reported, and the peak.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { rssMb, settledRssMb: read('VmRSS'), peakRssMb: read('VmHWM') };
  } catch (e) {
    return { rssMb: NaN, settledRssMb: NaN, peakRssMb: NaN, error: (e as Error).message };
  } finally {
    await server.close();
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

/** Cases (c) and (d) alone, at 10k bodies: for comparing builds without the peers' cases. */
async function main(): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.slice(name.length + 3)) : fallback;
  };
  const scene = generateScene(10000, 0);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(`bundles: ${ROOT}\nload average before: ${load()}\n`);
  if (cliAvailable()) {
    const c = benchCheck(scene, arg('runs', MIN_CHECK_RUNS));
    const ms = c.ms.map((x) => x.toFixed(0)).join(' ');
    process.stdout.write(`(c) check: median ${quantile(c.ms, 0.5).toFixed(0)} ms, min ${Math.min(...c.ms).toFixed(0)} ms [${ms}], exit ${c.exitCode}, ${c.overlaps.length} overlaps${c.error ? `, ${c.error}` : ''}\n`);
  }
  if (serverAvailable()) {
    const d = await benchLsp(scene, arg('edits', MIN_LSP_EDITS));
    process.stdout.write(
      `(d) lsp: open ${d.openMs.toFixed(0)} ms, edit median ${quantile(d.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(d.latencies, 0.95).toFixed(1)} ms over ${d.latencies.length} edits${d.error ? `, ${d.error}` : ''}\n`,
    );
  }
  if (serverAvailable() && process.argv.includes('--memory')) {
    const m = await benchLspMemory(generateScene(100000, 0));
    process.stdout.write(
      `(d) server RSS with a 100k-body document: ${m.rssMb.toFixed(0)} MB after the first publication, ${m.settledRssMb.toFixed(0)} MB after ${SETTLE_MS} ms idle, peak ${m.peakRssMb.toFixed(0)} MB${m.error ? `, ${m.error}` : ''}\n`,
    );
  }
  process.stdout.write(`load average after: ${load()}\n`);
}

if (require.main === module) void main();
