import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BurstClient } from './lsp-burst';
import { VSCODE_CAPABILITIES, bodyEdit, openDocument, startServer } from './lsp-process';
import type { Scene } from './scenes';
import { sceneText } from './scenes';

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
    await openDocument(server, uri, text);
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


/** How long the server is left idle before its settled memory is read. */
export const SETTLE_MS = 1000;
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

/** Resident memory of the server with the scene's document open and analyzed (Linux: /proc). */
export async function benchLspMemory(scene: Scene): Promise<MemoryResult> {
  const server = await startServer();
  try {
    const uri = pathToFileURL(join(tmpdir(), `collide-bench-${scene.n}.collide`)).href;
    await openDocument(server, uri, sceneText(scene));
    return await memoryNowAndSettled(server.pid);
  } catch (e) {
    return { rssMb: NaN, settledRssMb: NaN, idleRssMb: NaN, peakRssMb: NaN, error: (e as Error).message };
  } finally {
    await server.close();
  }
}
