import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as rpc from 'vscode-jsonrpc/node';
import { COLLIDE } from './bundles';
import type { Scene } from './scenes';

/** Fewest timed edits of (d) and (d′), whatever the caller asks for. */
export const MIN_LSP_EDITS = 40;
/** Untimed edits before (d)'s timed ones: the incremental path is optimized by then. */
export const LSP_WARMUP_EDITS = 10;

/**
 * What VS Code declares about diagnostics, so that the server publishes what it would publish
 * there (related information, tags, code descriptions, data), not a reduced form for a client
 * that supports less.
 */
export const CLIENT_CAPABILITIES = {
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
export const VSCODE_CAPABILITIES = {
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

export interface Server {
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

export interface LspDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  readonly [key: string]: unknown;
}

/**
 * `settings`: the `collide` section the server is given (answered to workspace/configuration and
 * pushed with didChangeConfiguration, so that it holds whichever way the server reads them);
 * none, the defaults.
 */
export async function startServer(capabilities: object = CLIENT_CAPABILITIES, settings: object | null = null): Promise<Server> {
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

/** Opens `uri` as version 1 of `text` and waits for its first publication; resolves to how long that took (ms). */
export async function openDocument(server: Server, uri: string, text: string): Promise<number> {
  const t0 = performance.now();
  const opened = server.waitForDiagnostics(uri, 1);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
  await opened;
  return performance.now() - t0;
}

/** The one-body edit of (d) and (d′): edit `e` rewrites a body's `at (x, y)` in place. */
export function bodyEdit(scene: Scene, lines: string[], e: number): { line: number; at: number; close: number; replacement: string } {
  const line = 1 + ((e * 7919) % scene.n);
  const content = lines[line]!;
  const at = content.indexOf(' at (');
  const close = content.indexOf(')', at);
  const b = scene.bodies[line - 1]!;
  return { line, at, close, replacement: ` at (${b.x + 0.001 * (e + 1)}, ${b.y})` };
}


/** User plus system CPU time of a process so far, in ms (Linux: /proc; NaN elsewhere). */
export function cpuMs(pid: number): number {
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
