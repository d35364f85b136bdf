import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { ResponseError } from 'vscode-jsonrpc';
import { ROOT } from './lsp-client';

/**
 * The server fuzz suite's sizes. By default it is short and, in CI, replays fast-check's fixed
 * seed (test/unit/fast-check-seed.ts), so that the whole suite stays well under a minute on two
 * cores; COLLIDE_FUZZ=long draws many more and longer cases (with FC_SEED=random in CI). A
 * failing property prints its seed and path, which FC_SEED replays.
 */
export const LONG = process.env.COLLIDE_FUZZ === 'long';

/** The number of runs of a property: `short` by default, `long` under COLLIDE_FUZZ=long. */
export function runs(short: number, long = short * 20): number {
  return LONG ? long : short;
}

export const SERVER = path.join(ROOT, 'dist', 'server.js');

/** What a request got back: its result, or the error response (code and message). */
export type Answer = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } };

/** Sends a request and waits at most `timeout` ms for its answer; a hang is a failure. */
export async function answer(send: () => Promise<unknown>, what: string, timeout = 10000): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeout} ms`)), timeout);
  });
  try {
    return await Promise.race([
      send().then(
        (result) => ({ result }),
        (e: unknown) => {
          if (e instanceof ResponseError) return { error: { code: e.code, message: e.message } };
          throw e;
        },
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A server process spoken to in raw bytes (dist/server.js --stdio), for framing tests. */
export class RawServer {
  readonly child: ChildProcess;
  stderr = '';
  stdout = Buffer.alloc(0);
  private readonly exit: Promise<number | null>;

  constructor() {
    this.child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout!.on('data', (d: Buffer) => (this.stdout = Buffer.concat([this.stdout, d])));
    // A server that exits while bytes are still being written closes the pipe under them.
    this.child.stdin!.on('error', () => undefined);
    this.exit = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  write(bytes: Buffer | string): void {
    this.child.stdin!.write(bytes);
  }

  /** A well-framed message. */
  send(message: object): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  /** The exit code, or 'alive' when the process is still running after `timeout` ms. */
  async exitCode(timeout: number): Promise<number | null | 'alive'> {
    let timer: NodeJS.Timeout | undefined;
    const alive = new Promise<'alive'>((resolve) => (timer = setTimeout(() => resolve('alive'), timeout)));
    try {
      return await Promise.race([this.exit, alive]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits until stdout holds `needle` (a response the test expects), at most `timeout` ms. */
  async stdoutHas(needle: string, timeout = 10000): Promise<boolean> {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      if (this.stdout.includes(needle)) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
