// The VS Code side of Collide, kept thin: it starts the language server (where the language and
// all analysis live), shows a status-bar summary, and registers the preview panel. Everything a
// user sees about a scene comes from the server over LSP; the preview panel lives in ./preview.
// The same code runs in the desktop's extension host (node/main.ts) and in the browser's
// (browser/main.ts); each entry passes how it starts the server (server-host.ts).
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { createLanguageClient } from './languageClient';
import type { ServerHost } from './server-host';
import { registerStatusBar, countFindings, type FindingCounts } from './statusBar';
import { registerPreview, type PreviewHooks } from './preview/index';
import { CheckedDocuments } from './checkedDocuments';
import { trackActiveLevel } from './levels';

/** What `activate` returns: used by the end-to-end suite and by other extensions. */
export interface CollideApi {
  /** The running language client, or undefined when the server bundle is missing. */
  readonly client: BaseLanguageClient | undefined;
  /** The extension host the extension runs in: 'node' on the desktop and remote hosts, 'browser' in a web worker. */
  readonly runtime: ServerHost['runtime'];
  /** Resolves once the server has answered `initialize` (immediately when there is no client). */
  readonly ready: Promise<void>;
  countFindings(uri: vscode.Uri): FindingCounts;
  /** The status-bar summary as the user sees it (codicons included), or '' when it is hidden. */
  statusBarText(): string;
  /** The open preview, driven as its webview would (for the end-to-end suite). */
  readonly preview: PreviewHooks;
}

let client: BaseLanguageClient | undefined;

export async function activateCollide(context: vscode.ExtensionContext, host: ServerHost): Promise<CollideApi> {
  const output = vscode.window.createOutputChannel('Collide', { log: true });
  context.subscriptions.push(output);
  const checked = new CheckedDocuments();
  context.subscriptions.push(checked);
  client = createLanguageClient(host, context, output, checked);

  context.subscriptions.push(
    vscode.commands.registerCommand('collide.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('collide.restartServer', async () => {
      if (!client) {
        void vscode.window.showErrorMessage('Collide: the language server is not installed with this extension; see the "Collide" output.');
        return;
      }
      output.info('Restarting the language server on request.');
      // What the Node client's restart() does; the browser's client has no restart().
      await client.stop();
      await client.start();
    }),
  );
  const statusBar = registerStatusBar(context, client, checked);

  // Start without awaiting: activation must not block on the server, and a failed start is
  // reported by the client in the output channel rather than failing the whole extension.
  const ready = client
    ? client.start().catch((e: unknown) => {
        output.error(`The language server failed to start: ${e instanceof Error ? e.message : String(e)}`);
        void vscode.window.showErrorMessage('Collide: the language server failed to start; see the "Collide" output.', 'Show Output').then((pick) => {
          if (pick) output.show(true);
        });
      })
    : Promise.resolve();

  // The preview asks the server for its scene model, and still opens (with an explanation) when
  // there is no server, so it is registered either way.
  const preview = registerPreview(context, client, checked);
  context.subscriptions.push(preview);
  trackActiveLevel(context, checked);

  return {
    client,
    runtime: host.runtime,
    ready,
    countFindings: (uri) => countFindings(vscode.languages.getDiagnostics(uri)),
    statusBarText: () => statusBar.shownText(),
    preview,
  };
}

export async function deactivateCollide(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop();
}
