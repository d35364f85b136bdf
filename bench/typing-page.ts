/**
 * The typing case in the page that holds the web worker (bundled by bench/worker-server.ts,
 * loaded into headless Chromium): the same editor (lsp-typing.ts) as against the Node server,
 * here speaking to dist/web/server.js through postMessage, as VS Code for the Web's extension
 * host does; every time is taken on the page's clock.
 */
import { BrowserMessageReader, BrowserMessageWriter, createMessageConnection } from 'vscode-jsonrpc/browser';
import { serverOn } from './lsp-connection';
import { RANGE_TOKENS_CAPABILITIES, typeInto, type TypingResult } from './lsp-typing';

interface PageWorker {
  terminate(): void;
}
type WorkerConstructor = new (url: string) => PageWorker;

async function startWorker(url: string) {
  const worker = new (globalThis as unknown as { Worker: WorkerConstructor }).Worker(url);
  const connection = createMessageConnection(new BrowserMessageReader(worker as never), new BrowserMessageWriter(worker as never));
  return serverOn(connection, RANGE_TOKENS_CAPABILITIES, null, null, {
    pid: 0,
    awaitFirstByte() {},
    firstByteAt: () => NaN,
    async close() {
      await Promise.race([connection.sendRequest('shutdown').catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
      connection.dispose();
      worker.terminate();
    },
  });
}

/** Called by the bench: types into a scene's text with the worker at `workerUrl`. */
(globalThis as { collideTyping?: unknown }).collideTyping = (workerUrl: string, text: string, n: number, keystrokes: number, preview: boolean): Promise<TypingResult> =>
  typeInto(text, n, keystrokes, preview, () => startWorker(workerUrl));
