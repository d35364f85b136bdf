// Starts the Collide language server in a web worker (dist/web/server.js, a worker script that
// speaks LSP over postMessage), for VS Code for the Web: vscode.dev, github.dev, and the
// browser's extension host of a remote editor such as code-server or Codespaces. The client
// speaks to it with vscode-languageclient's BrowserMessageReader/Writer pair, as VS Code's
// lsp-web-extension-sample does.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, State } from 'vscode-languageclient/browser';
import type { ServerHost } from '../server-host';

/** The DOM's Worker, as much of it as is used here (client/ is type-checked without the DOM library). */
interface WorkerHandle {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => WorkerHandle;

/**
 * The URL a worker can be started from. The extension host's own Worker (VS Code wraps it) takes
 * `https:` and `file:` URLs, but refuses `vscode-remote:` ones ("Creating workers from remote
 * extensions is currently not supported"), and a browser knows no other scheme VS Code may keep
 * an extension under: for those the script is read through VS Code's file system and started
 * from a blob URL, kept for restarts.
 */
async function workerUrl(script: vscode.Uri, blobs: Map<string, string>): Promise<string> {
  if (script.scheme === 'https' || script.scheme === 'http' || script.scheme === 'file') return script.toString(true);
  const key = script.toString();
  let url = blobs.get(key);
  if (url === undefined) {
    const bytes = await vscode.workspace.fs.readFile(script);
    url = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
    blobs.set(key, url);
  }
  return url;
}

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
      const url = await workerUrl(script, blobs);
      output.info(`Starting the language server in a web worker from ${script.toString(true)}.`);
      worker = new Worker(url, { name });
      return { reader: new BrowserMessageReader(worker as never), writer: new BrowserMessageWriter(worker as never) };
    }, clientOptions);
    context.subscriptions.push(
      client.onDidChangeState((e) => {
        if (e.newState === State.Stopped) end();
      }),
      { dispose: () => {
        end();
        for (const url of blobs.values()) URL.revokeObjectURL(url);
      } },
    );
    return client;
  },
};
