import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as rpc from 'vscode-jsonrpc/node';
import { COLLIDE } from './bundles';
import { CLIENT_CAPABILITIES, serverOn, type Server } from './lsp-connection';
import type { Scene } from './scenes';

export { CLIENT_CAPABILITIES, openDocument, VSCODE_CAPABILITIES, type LspDiagnostic, type Server } from './lsp-connection';

/** Fewest timed edits of (d) and (d′), whatever the caller asks for. */
export const MIN_LSP_EDITS = 40;
/** Untimed edits before (d)'s timed ones: the incremental path is optimized by then. */
export const LSP_WARMUP_EDITS = 10;

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
  let firstByte = NaN;
  let awaitingFirstByte = false;
  child.stdout!.on('data', () => {
    if (!awaitingFirstByte) return;
    awaitingFirstByte = false;
    firstByte = performance.now();
  });
  return serverOn(connection, capabilities, settings, process.pid, {
    pid: child.pid!,
    awaitFirstByte() {
      firstByte = NaN;
      awaitingFirstByte = true;
    },
    firstByteAt: () => firstByte,
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
  });
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
