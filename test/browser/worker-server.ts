/**
 * The language server's web worker bundle (dist/web/server.js) running in headless Chromium,
 * spoken to from Node: a page starts it with `new Worker` (from a Blob URL) and relays its
 * messages, so that a vscode-jsonrpc MessageConnection in Node drives the worker as the tests
 * and benches drive the stdio server. What crosses between worker and page is what VS Code for
 * the Web's client gets: the structured clone of postMessage. Page and Node exchange JSON texts.
 *
 * The page stamps every message it relays on its own clock (`stamps`), so that a bench can time
 * the worker without the relay: from the page's post of a message to its receipt of the answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { AbstractMessageReader, AbstractMessageWriter, createMessageConnection, type DataCallback, type Disposable, type Message, type MessageConnection } from 'vscode-jsonrpc/node';
import type { BrowserHost } from './harness';

export const WORKER_BUNDLE = join(__dirname, '..', '..', 'dist', 'web', 'server.js');
const ORIGIN = 'https://collide-worker.test';

/** One relayed message: direction, id, method, the version of a didChange or publication, page time (ms). */
export type Stamp = readonly ['out' | 'in', number | string | null, string | null, number | null, number];

export interface WorkerServer {
  readonly connection: MessageConnection;
  readonly page: Page;
  /** Errors of the page or the worker, and what the worker logged to its console. */
  readonly errors: string[];
  /** The stamps of the relayed messages so far (stamping starts with `stamp(true)`). */
  stamps(): Promise<Stamp[]>;
  stamp(on: boolean): Promise<void>;
  close(): Promise<void>;
}

class RelayReader extends AbstractMessageReader {
  private callback: DataCallback | undefined;
  private readonly early: Message[] = [];

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    for (const m of this.early.splice(0)) callback(m);
    return { dispose: () => (this.callback = undefined) };
  }

  deliver(message: Message): void {
    if (this.callback) this.callback(message);
    else this.early.push(message);
  }
}

/**
 * Messages written in one turn of Node's event loop go to the page in one evaluate, in the order
 * written, after those of earlier turns: a round trip to the page costs milliseconds.
 */
class RelayWriter extends AbstractMessageWriter {
  private queue: Promise<unknown> = Promise.resolve();
  private batch: { text: string; done: () => void; failed: (e: unknown) => void; message: Message }[] = [];

  constructor(private readonly page: Page) {
    super();
  }

  write(message: Message): Promise<void> {
    return new Promise<void>((done, failed) => {
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push({ text: JSON.stringify(message), done, failed, message });
    });
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    const sent = this.queue.then(() => this.page.evaluate((texts) => texts.forEach((t) => (globalThis as any).__send(t)), batch.map((b) => b.text)));
    this.queue = sent.catch(() => undefined);
    sent.then(
      () => batch.forEach((b) => b.done()),
      (e: unknown) => {
        const error = e instanceof Error ? e : new Error(String(e));
        for (const b of batch) {
          this.fireError([error, b.message, 1]);
          b.failed(error);
        }
      },
    );
  }

  end(): void {}
}

/** The page's side, as a string: tsx's keep-names helper (__name) does not exist in the page. */
const PAGE_SCRIPT = `
  window.__stamping = false;
  window.__stamps = [];
  const stamp = (dir, m) => {
    if (!window.__stamping) return;
    const version = m.params && m.params.textDocument && typeof m.params.textDocument.version === 'number' ? m.params.textDocument.version
      : m.params && typeof m.params.version === 'number' ? m.params.version : null;
    window.__stamps.push([dir, m.id === undefined ? null : m.id, m.method === undefined ? null : m.method, version, performance.now()]);
  };
  window.__start = (source) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url);
    window.__worker = worker;
    worker.onmessage = (e) => {
      stamp('in', e.data);
      window.__toNode(JSON.stringify(e.data));
    };
    worker.onerror = (e) => window.__workerError(String(e.message));
  };
  window.__send = (text) => {
    const m = JSON.parse(text);
    stamp('out', m);
    window.__worker.postMessage(m);
  };
`;

export async function startWorkerServer(host: BrowserHost): Promise<WorkerServer> {
  const source = readFileSync(WORKER_BUNDLE, 'utf8');
  const page = await host.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('worker', (w) => w.on('console', (m) => errors.push(`worker ${m.type()}: ${m.text()}`)));
  const reader = new RelayReader();
  await page.exposeBinding('__toNode', (_source, text: string) => reader.deliver(JSON.parse(text) as Message));
  await page.exposeBinding('__workerError', (_source, text: string) => void errors.push(`worker: ${text}`));
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>worker</title>' }));
  await page.addInitScript(PAGE_SCRIPT);
  await page.goto(`${ORIGIN}/index.html`);
  await page.evaluate((s) => (globalThis as any).__start(s), source);
  const connection = createMessageConnection(reader, new RelayWriter(page));
  return {
    connection,
    page,
    errors,
    stamps: () => page.evaluate(() => (globalThis as any).__stamps as Stamp[]),
    stamp: (on) =>
      page.evaluate((o) => {
        (globalThis as any).__stamping = o;
        (globalThis as any).__stamps = [];
      }, on),
    async close() {
      connection.dispose();
      await page.evaluate(() => (globalThis as any).__worker?.terminate()).catch(() => undefined);
      await page.close();
    },
  };
}
