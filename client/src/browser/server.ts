// Starts the Collide language server in a web worker (dist/web/server.js, a worker script that
// speaks LSP over postMessage), for VS Code for the Web: vscode.dev, github.dev, and the
// browser's extension host of a remote editor such as code-server or Codespaces. The client
// speaks to it with vscode-languageclient's BrowserMessageReader/Writer pair, as VS Code's
// lsp-web-extension-sample does.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from 'vscode-languageclient/browser';
import type { ServerHost } from '../server-host';
import { workerUrl } from './worker-url';

/** The DOM's Worker, as much of it as is used here (client/ is type-checked without the DOM library). */
interface WorkerHandle {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => WorkerHandle;

export const browserServerHost: ServerHost = {
  runtime: 'browser',
  createClient(context, output, id, name, clientOptions) {
    const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
    const blobs = new Map<string, string>();
    let worker: WorkerHandle | undefined;
    const end = () => {
      worker?.terminate();
      worker = undefined;
    };
    // A function rather than a Worker, so that a restart starts a fresh worker; it returns the
    // transports itself because the library tells a worker by `instanceof Worker`, which VS
    // Code's wrapped constructor does not pass.
    const client = new LanguageClient(id, name, async () => {
      end();
      const url = await workerUrl(script, vscode.workspace.fs, blobs);
      output.info(`Starting the language server in a web worker from ${script.toString(true)}.`);
      worker = new Worker(url, { name });
      return { reader: new BrowserMessageReader(worker as never), writer: new BrowserMessageWriter(worker as never) };
    }, clientOptions);
    // The worker ends when the next one starts or the extension is disposed, never on the client's
    // state: a stopping client reports Stopped before it sends `shutdown` and `exit`, which the
    // worker must still answer.
    context.subscriptions.push({
      dispose: () => {
        end();
        for (const url of blobs.values()) URL.revokeObjectURL(url);
      },
    });
    return client;
  },
};
