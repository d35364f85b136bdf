import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLIENT_CAPABILITIES, LSP_WARMUP_EDITS, MIN_LSP_EDITS, bodyEdit, cpuMs, openDocument, startServer } from './lsp-process';
import type { Scene } from './scenes';
import { sceneText } from './scenes';

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
    const openMs = await openDocument(server, uri, text);
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
