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
 * [--edits=N] [--memory] [--cases=c,d,d′]` (--memory: also the server's memory with a 100k-body
 * document; --cases: only those cases, all by default; d′ is (d) with VS Code's request burst
 * after each edit); COLLIDE_BENCH_ROOT=DIR measures the bundles of another build (DIR/bin/collide.js
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

/**
 * Wall time of `node -e 0` in this environment, each run: the floor under (c), which no change to
 * Collide moves. It is not constant across machines: NODE_EXTRA_CA_CERTS, for one, makes node
 * parse that certificate file before any script runs.
 */
export function benchNodeStart(runs: number): number[] {
  const ms: number[] = [];
  for (let r = -1; r < runs; r++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    if (r >= 0) ms.push(performance.now() - t0);
  }
  return ms;
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
  /**
   * How many diagnostics the last publication held: under the default `collide.diagnostics.limit`
   * a 10k-body scene's 6k problems are published as the first 999 and a note
   * (server/src/lsp/publish/diagnostic-limit.ts); ALL_PROBLEMS publishes every one.
   */
  readonly published: number;
  /**
   * didChange → the first byte of the server's answer, one per edit: the server's part of each
   * latency. The rest is the transfer and the client reading the message (for a large scene a
   * JSON.parse of megabytes), which a faster server cannot shorten.
   */
  readonly serverLatencies?: number[];
  /**
   * The server's CPU time (user and system, all its threads: V8's concurrent collector too, from
   * /proc) per timed edit, in ms: what its share costs, read from the kernel's accounting, so that
   * it holds on a busy machine where wall-clock latencies wander (NaN where /proc is missing).
   * Includes reading the change and writing the publication, which the first-byte time only
   * partly does, and the collector's threads, which on two cores compete with the client.
   */
  readonly serverCpuMsPerEdit?: number;
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

/**
 * What VS Code 1.9x declares for the requests of (d′): hierarchical outline, folding, semantic
 * tokens by full (with deltas) and by range, code lenses, inlay hints, highlights, hover and
 * code actions with literal support. The server answers what VS Code would get.
 */
const VSCODE_CAPABILITIES = {
  textDocument: {
    ...CLIENT_CAPABILITIES.textDocument,
    documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    foldingRange: { dynamicRegistration: true, rangeLimit: 5000, lineFoldingOnly: true },
    semanticTokens: {
      dynamicRegistration: true,
      requests: { range: true, full: { delta: true } },
      tokenTypes: ['class', 'type', 'variable', 'namespace', 'function'],
      tokenModifiers: ['declaration', 'readonly', 'defaultLibrary'],
      formats: ['relative'],
      multilineTokenSupport: false,
      overlappingTokenSupport: false,
    },
    codeLens: { dynamicRegistration: true, resolveSupport: { properties: ['command'] } },
    inlayHint: { dynamicRegistration: true },
    documentHighlight: { dynamicRegistration: true },
    hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      dynamicRegistration: true,
      isPreferredSupport: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source'] } },
    },
  },
};

interface Server {
  readonly connection: rpc.MessageConnection;
  readonly pid: number;
  /** The server's initialize result capabilities. */
  readonly capabilities: Record<string, unknown>;
  waitForDiagnostics(uri: string, version: number | null): Promise<void>;
  /** The diagnostics of the last publication for `uri` (as the client received them). */
  lastDiagnostics(uri: string): readonly LspDiagnostic[];
  /**
   * When the first bytes from the server arrive after this call (firstByteAt: NaN until then):
   * the server's own part of a latency, before the transfer and the client's JSON.parse.
   */
  awaitFirstByte(): void;
  firstByteAt(): number;
  close(): Promise<void>;
}

interface LspDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  readonly [key: string]: unknown;
}

/**
 * `settings`: the `collide` section the server is given (answered to workspace/configuration and
 * pushed with didChangeConfiguration, so that it holds whichever way the server reads them);
 * none, the defaults.
 */
async function startServer(capabilities: object = CLIENT_CAPABILITIES, settings: object | null = null): Promise<Server> {
  // COLLIDE_BENCH_NODE_ARGS: extra options for the server's node (--cpu-prof, say), space-separated.
  const nodeArgs = (process.env.COLLIDE_BENCH_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, COLLIDE, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout!),
    new rpc.StreamMessageWriter(child.stdin!),
  );
  const waiters: { uri: string; version: number | null; resolve: () => void }[] = [];
  let firstByte = NaN;
  let awaitingFirstByte = false;
  child.stdout!.on('data', () => {
    if (!awaitingFirstByte) return;
    awaitingFirstByte = false;
    firstByte = performance.now();
  });
  const published = new Map<string, readonly LspDiagnostic[]>();
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: LspDiagnostic[] }) => {
    published.set(p.uri, p.diagnostics);
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      // Servers may omit the version; then the first publication after the change counts.
      if (w.uri === p.uri && (w.version === null || p.version === undefined || p.version >= w.version)) {
        waiters.splice(i, 1);
        w.resolve();
      }
    }
  });
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  connection.onRequest(() => null); // registrations, refreshes and the like
  connection.listen();
  const init = await connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', { processId: process.pid, rootUri: null, capabilities });
  await connection.sendNotification('initialized', {});
  if (settings !== null) await connection.sendNotification('workspace/didChangeConfiguration', { settings: { collide: settings } });
  return {
    connection,
    pid: child.pid!,
    capabilities: init.capabilities,
    lastDiagnostics: (uri) => published.get(uri) ?? [],
    awaitFirstByte() {
      firstByte = NaN;
      awaitingFirstByte = true;
    },
    firstByteAt: () => firstByte,
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
      // A server that exits by itself writes what its node was asked to (a --cpu-prof profile).
      if (child.exitCode === null) await new Promise((r) => { child.once('exit', r); setTimeout(r, 3000); });
      connection.dispose();
      child.kill();
    },
  };
}

/**
 * (d): open the document, make LSP_WARMUP_EDITS untimed one-body edits, then time `edits` (at
 * least MIN_LSP_EDITS) more, each from its didChange to its diagnostics.
 */
export async function benchLsp(scene: Scene, edits: number, settings: object | null = null): Promise<LspResult> {
  const text = sceneText(scene);
  const uri = pathToFileURL(join(tmpdir(), `collide-bench-${scene.n}.collide`)).href;
  const server = await startServer(CLIENT_CAPABILITIES, settings);
  const latencies: number[] = [];
  const serverLatencies: number[] = [];
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
    let cpuBefore = NaN;
    for (let e = 0; e < total; e++) {
      if (e === LSP_WARMUP_EDITS) cpuBefore = cpuMs(server.pid);
      const { line, at, close, replacement } = bodyEdit(scene, lines, e);
      const content = lines[line]!;
      const version = e + 2;
      const done = server.waitForDiagnostics(uri, version);
      server.awaitFirstByte();
      const start = performance.now();
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [
          { range: { start: { line, character: at }, end: { line, character: close + 1 } }, text: replacement },
        ],
      });
      await done;
      if (e >= LSP_WARMUP_EDITS) {
        latencies.push(performance.now() - start);
        serverLatencies.push(server.firstByteAt() - start);
      }
      lines[line] = content.slice(0, at) + replacement + content.slice(close + 1);
    }
    return { latencies, serverLatencies, serverCpuMsPerEdit: (cpuMs(server.pid) - cpuBefore) / latencies.length, openMs, published: server.lastDiagnostics(uri).length };
  } catch (e) {
    return { latencies, serverLatencies, openMs: NaN, published: 0, error: (e as Error).message };
  } finally {
    await server.close();
  }
}

/**
 * The settings that publish every problem, whatever their number: (d) is also timed with them, so
 * that the table shows what the diagnostics limit saves and what a client that asks for the
 * whole list waits.
 */
export const ALL_PROBLEMS = { diagnostics: { limit: 0 } };

/** The requests VS Code sends after an edit and on the cursor's move, as timed by (d′). */
export const BURST_REQUESTS = [
  'documentSymbol',
  'foldingRange',
  'semanticTokens/full',
  'semanticTokens/range',
  'codeLens',
  'inlayHint',
  'documentHighlight',
  'hover',
  'codeAction',
] as const;
export type BurstRequest = (typeof BURST_REQUESTS)[number];

export interface BurstResult extends LspResult {
  /** Per request of the burst, its response time after each timed edit (ms from its send). */
  readonly requests: Record<BurstRequest, number[]>;
  /** Whether the server answered semanticTokens/full/delta (VS Code asks for deltas when offered). */
  readonly delta: boolean;
}

/** Lines VS Code's viewport shows around the edit (inlay hints and range tokens are asked for it). */
const VIEWPORT_LINES = 60;

/**
 * One client's side of VS Code's request burst: what it sends after a change of the document
 * (outline and breadcrumbs, folding, semantic tokens by full or delta and for the viewport, code
 * lenses, inlay hints for the viewport) and on the cursor's move to the edit (highlights, hover),
 * then, once the new diagnostics are in, the light bulb's code actions for the cursor.
 */
class BurstClient {
  private resultId: string | undefined;
  readonly delta: boolean;
  constructor(
    private readonly server: Server,
    private readonly uri: string,
  ) {
    const provider = server.capabilities.semanticTokensProvider as { full?: boolean | { delta?: boolean } } | undefined;
    this.delta = typeof provider?.full === 'object' && provider.full.delta === true;
  }

  /** The requests after a change, each resolving to its response time (ms). */
  afterChange(line: number, character: number, lineCount: number): Promise<[BurstRequest, number]>[] {
    const textDocument = { uri: this.uri };
    const position = { line, character };
    const top = Math.max(0, line - VIEWPORT_LINES / 2);
    const viewport = { start: { line: top, character: 0 }, end: { line: Math.min(lineCount, top + VIEWPORT_LINES), character: 0 } };
    const timed = (name: BurstRequest, method: string, params: object, onResult?: (r: unknown) => void): Promise<[BurstRequest, number]> => {
      const t0 = performance.now();
      return this.server.connection.sendRequest(method, params).then((r) => {
        onResult?.(r);
        return [name, performance.now() - t0];
      });
    };
    const keepId = (r: unknown) => {
      this.resultId = (r as { resultId?: string } | null)?.resultId;
    };
    return [
      timed('documentSymbol', 'textDocument/documentSymbol', { textDocument }),
      timed('foldingRange', 'textDocument/foldingRange', { textDocument }),
      this.delta && this.resultId !== undefined
        ? timed('semanticTokens/full', 'textDocument/semanticTokens/full/delta', { textDocument, previousResultId: this.resultId }, keepId)
        : timed('semanticTokens/full', 'textDocument/semanticTokens/full', { textDocument }, keepId),
      timed('semanticTokens/range', 'textDocument/semanticTokens/range', { textDocument, range: viewport }),
      this.codeLens(viewport),
      timed('inlayHint', 'textDocument/inlayHint', { textDocument, range: viewport }),
      timed('documentHighlight', 'textDocument/documentHighlight', { textDocument, position }),
      timed('hover', 'textDocument/hover', { textDocument, position }),
    ];
  }

  /**
   * Code lenses, then (as VS Code does) the resolution of those on screen that came without a
   * command: the time until the viewport's lenses have their titles.
   */
  private codeLens(viewport: { start: { line: number }; end: { line: number } }): Promise<[BurstRequest, number]> {
    interface Lens {
      readonly range: { readonly start: { readonly line: number } };
      readonly command?: unknown;
    }
    const t0 = performance.now();
    return this.server.connection
      .sendRequest<Lens[] | null>('textDocument/codeLens', { textDocument: { uri: this.uri } })
      .then((lenses) => {
        const visible = (lenses ?? []).filter((l) => !l.command && l.range.start.line >= viewport.start.line && l.range.start.line < viewport.end.line);
        return Promise.all(visible.map((l) => this.server.connection.sendRequest('codeLens/resolve', l)));
      })
      .then(() => ['codeLens', performance.now() - t0]);
  }

  /** The light bulb's request for the cursor, with the published diagnostics under it. */
  codeAction(line: number, character: number): Promise<[BurstRequest, number]> {
    const at = (p: { line: number; character: number }) => p.line * 1e7 + p.character;
    const cursor = line * 1e7 + character;
    const diagnostics = this.server.lastDiagnostics(this.uri).filter((d) => at(d.range.start) <= cursor && cursor <= at(d.range.end));
    const position = { line, character };
    const t0 = performance.now();
    return this.server.connection
      .sendRequest('textDocument/codeAction', { textDocument: { uri: this.uri }, range: { start: position, end: position }, context: { diagnostics, triggerKind: 2 } })
      .then(() => ['codeAction', performance.now() - t0]);
  }
}

/** The one-body edit of (d) and (d′): edit `e` rewrites a body's `at (x, y)` in place. */
function bodyEdit(scene: Scene, lines: string[], e: number): { line: number; at: number; close: number; replacement: string } {
  const line = 1 + ((e * 7919) % scene.n);
  const content = lines[line]!;
  const at = content.indexOf(' at (');
  const close = content.indexOf(')', at);
  const b = scene.bodies[line - 1]!;
  return { line, at, close, replacement: ` at (${b.x + 0.001 * (e + 1)}, ${b.y})` };
}

/**
 * (d′): (d) with VS Code's request burst. After each didChange the client sends the burst at
 * once (the server answers each request for the new version, so they wait for its analysis),
 * and after the diagnostics the code actions; the next edit goes out as soon as the diagnostics
 * are in, without waiting for the answers, as a typist does. So the burst of one edit is served
 * before the next edit's analysis, and a burst that costs a whole-file parse shows up as delay in
 * the next edit's diagnostics, which is what an author sees.
 */
export async function benchLspBurst(scene: Scene, edits: number): Promise<BurstResult> {
  const text = sceneText(scene);
  const uri = pathToFileURL(join(tmpdir(), `collide-bench-burst-${scene.n}.collide`)).href;
  const server = await startServer(VSCODE_CAPABILITIES);
  const client = new BurstClient(server, uri);
  const latencies: number[] = [];
  const requests = Object.fromEntries(BURST_REQUESTS.map((r) => [r, [] as number[]])) as Record<BurstRequest, number[]>;
  const outstanding: Promise<unknown>[] = [];
  try {
    const t0 = performance.now();
    const opened = server.waitForDiagnostics(uri, 1);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    await opened;
    const openMs = performance.now() - t0;
    const lines = text.split('\n');
    const total = LSP_WARMUP_EDITS + Math.max(edits, MIN_LSP_EDITS);
    for (let e = 0; e < total; e++) {
      const { line, at, close, replacement } = bodyEdit(scene, lines, e);
      const version = e + 2;
      const cursor = at + replacement.length - 1;
      const done = server.waitForDiagnostics(uri, version);
      const start = performance.now();
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character: at }, end: { line, character: close + 1 } }, text: replacement }],
      });
      lines[line] = lines[line]!.slice(0, at) + replacement + lines[line]!.slice(close + 1);
      const burst = client.afterChange(line, cursor, lines.length);
      await done;
      if (e >= LSP_WARMUP_EDITS) latencies.push(performance.now() - start);
      burst.push(client.codeAction(line, cursor));
      const record = e >= LSP_WARMUP_EDITS;
      for (const p of burst) outstanding.push(p.then(([name, ms]) => record && requests[name].push(ms)));
    }
    await Promise.all(outstanding);
    return { latencies, openMs, requests, delta: client.delta, published: server.lastDiagnostics(uri).length };
  } catch (e) {
    return { latencies, openMs: NaN, requests, delta: client.delta, published: 0, error: (e as Error).message };
  } finally {
    await server.close();
  }
}

/**
 * The memory of (d) with the burst: a 100k-body document opened, VS Code's burst served, one
 * body edited and the burst served again (a version whose features were all asked for), then
 * the server's resident memory, the same after SETTLE_MS and after IDLE_MS idle, and its peak.
 */
export async function benchLspBurstMemory(scene: Scene): Promise<MemoryResult> {
  const server = await startServer(VSCODE_CAPABILITIES);
  try {
    const text = sceneText(scene);
    const uri = pathToFileURL(join(tmpdir(), `collide-bench-burst-${scene.n}.collide`)).href;
    const client = new BurstClient(server, uri);
    const opened = server.waitForDiagnostics(uri, 1);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    await opened;
    const lines = text.split('\n');
    const middle = bodyEdit(scene, lines, Math.floor(scene.n / 2));
    await Promise.all([...client.afterChange(middle.line, middle.at + 1, lines.length), client.codeAction(middle.line, middle.at + 1)]);
    const { line, at, close, replacement } = bodyEdit(scene, lines, 1);
    const done = server.waitForDiagnostics(uri, 2);
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line, character: at }, end: { line, character: close + 1 } }, text: replacement }],
    });
    const cursor = at + replacement.length - 1;
    const burst = client.afterChange(line, cursor, lines.length);
    await done;
    burst.push(client.codeAction(line, cursor));
    await Promise.all(burst);
    return await memoryNowAndSettled(server.pid);
  } catch (e) {
    return { rssMb: NaN, settledRssMb: NaN, idleRssMb: NaN, peakRssMb: NaN, error: (e as Error).message };
  } finally {
    await server.close();
  }
}

export interface MemoryResult {
  /** Resident memory (MB) right after the first publication: what the open left, garbage included. */
  readonly rssMb: number;
  /** The same after the server has been idle for SETTLE_MS. */
  readonly settledRssMb: number;
  /**
   * The same after IDLE_MS idle: by then V8's memory reducer, which starts several seconds after
   * allocation stops, has compacted the heap and returned free pages, so this is what the server
   * keeps while the document stays open.
   */
  readonly idleRssMb: number;
  /** The most the process was resident at any point (VmHWM): the open's peak. */
  readonly peakRssMb: number;
  readonly error?: string;
}

/** User plus system CPU time of a process so far, in ms (Linux: /proc; NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/PID/stat, after the parenthesised command name, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** The kernel's clock ticks per second (USER_HZ), 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** How long the server is left idle before its settled memory is read. */
const SETTLE_MS = 1000;
/** How long it is left idle before its idle memory is read (V8's memory reducer has run by then). */
export const IDLE_MS = 30_000;

/** A field of /proc/PID/status in MB (Linux; NaN when the field is missing). */
function procStatusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * The server's resident memory now, again after SETTLE_MS and after IDLE_MS idle, and its peak.
 * V8 collects the open's garbage when idle or when the next allocation needs it; either way what
 * stays is what a user's editor lives with, so every reading is reported, and the peak.
 */
async function memoryNowAndSettled(pid: number): Promise<MemoryResult> {
  const rssMb = procStatusMb(pid, 'VmRSS');
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const settledRssMb = procStatusMb(pid, 'VmRSS');
  await new Promise((r) => setTimeout(r, IDLE_MS - SETTLE_MS));
  return { rssMb, settledRssMb, idleRssMb: procStatusMb(pid, 'VmRSS'), peakRssMb: procStatusMb(pid, 'VmHWM') };
}

/** Resident memory of the server with the scene's document open and analysed (Linux: /proc). */
export async function benchLspMemory(scene: Scene): Promise<MemoryResult> {
  const server = await startServer();
  try {
    const uri = pathToFileURL(join(tmpdir(), `collide-bench-${scene.n}.collide`)).href;
    const opened = server.waitForDiagnostics(uri, 1);
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'collide', version: 1, text: sceneText(scene) },
    });
    await opened;
    return await memoryNowAndSettled(server.pid);
  } catch (e) {
    return { rssMb: NaN, settledRssMb: NaN, idleRssMb: NaN, peakRssMb: NaN, error: (e as Error).message };
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
  const cases = (process.argv.find((x) => x.startsWith('--cases='))?.slice(8) ?? 'c,d,d′').split(',');
  if (cliAvailable() && cases.includes('c')) {
    const c = benchCheck(scene, arg('runs', MIN_CHECK_RUNS));
    const ms = c.ms.map((x) => x.toFixed(0)).join(' ');
    process.stdout.write(`(c) check: median ${quantile(c.ms, 0.5).toFixed(0)} ms, min ${Math.min(...c.ms).toFixed(0)} ms [${ms}], exit ${c.exitCode}, ${c.overlaps.length} overlaps${c.error ? `, ${c.error}` : ''}\n`);
    const floor = benchNodeStart(arg('runs', MIN_CHECK_RUNS));
    const extra = process.env.NODE_EXTRA_CA_CERTS ? ' (NODE_EXTRA_CA_CERTS is set)' : '';
    process.stdout.write(`    node -e 0 alone: median ${quantile(floor, 0.5).toFixed(0)} ms${extra}\n`);
  }
  if (serverAvailable() && cases.includes('d')) {
    for (const [label, settings] of [['(d) lsp', null], ['(d) lsp, every problem published (collide.diagnostics.limit 0)', ALL_PROBLEMS]] as const) {
      const d = await benchLsp(scene, arg('edits', MIN_LSP_EDITS), settings);
      process.stdout.write(
        `${label}: open ${d.openMs.toFixed(0)} ms, edit median ${quantile(d.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(d.latencies, 0.95).toFixed(1)} ms over ${d.latencies.length} edits, ${d.published} diagnostics published; of which the server's, to the first byte: median ${quantile(d.serverLatencies ?? [], 0.5).toFixed(1)} ms, p95 ${quantile(d.serverLatencies ?? [], 0.95).toFixed(1)} ms; server CPU ${(d.serverCpuMsPerEdit ?? NaN).toFixed(2)} ms per edit${d.error ? `, ${d.error}` : ''}\n`,
      );
    }
  }
  if (serverAvailable() && cases.includes('d′')) {
    const d = await benchLspBurst(scene, arg('edits', MIN_LSP_EDITS));
    const each = BURST_REQUESTS.map((r) => `${r} ${quantile(d.requests[r], 0.5).toFixed(1)}`).join(', ');
    process.stdout.write(
      `(d′) lsp with VS Code's burst: edit median ${quantile(d.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(d.latencies, 0.95).toFixed(1)} ms over ${d.latencies.length} edits; request medians (ms): ${each}${d.delta ? ' (tokens by delta)' : ''}${d.error ? `, ${d.error}` : ''}\n`,
    );
  }
  if (serverAvailable() && process.argv.includes('--memory') && cases.includes('d')) {
    const m = await benchLspMemory(generateScene(100000, 0));
    process.stdout.write(
      `(d) server RSS with a 100k-body document: ${m.rssMb.toFixed(0)} MB after the first publication, ${m.settledRssMb.toFixed(0)} MB after ${SETTLE_MS} ms idle, ${m.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${m.peakRssMb.toFixed(0)} MB${m.error ? `, ${m.error}` : ''}\n`,
    );
  }
  if (serverAvailable() && process.argv.includes('--memory') && cases.includes('d′')) {
    const b = await benchLspBurstMemory(generateScene(100000, 0));
    process.stdout.write(
      `(d′) server RSS with a 100k-body document after VS Code's burst, an edit and its burst: ${b.rssMb.toFixed(0)} MB, ${b.settledRssMb.toFixed(0)} MB after ${SETTLE_MS} ms idle, ${b.idleRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle, peak ${b.peakRssMb.toFixed(0)} MB${b.error ? `, ${b.error}` : ''}\n`,
    );
  }
  process.stdout.write(`load average after: ${load()}\n`);
}

if (require.main === module) void main();
