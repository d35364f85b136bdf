// Starts the Collide language server (dist/server.js, bundled from server/src/node/main.ts) as a
// separate Node process talking over its stdin and stdout: no port to allocate, the process ends
// with the extension host (its stdin closes), and it is the transport on which the server writes
// its diagnostics from the bytes it kept (server/src/lsp/encode/diagnostics-json.ts). Over Node IPC
// every publication would be serialized from objects again (the channel JSON.stringifies each
// message), several milliseconds per edit in a large scene.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CONFIGURATION_SECTION } from '../../protocol/lsp';
import type { CheckedDocuments } from './checkedDocuments';
import { timelineMiddleware } from './timeline';

/** The language id and the client id; `collide.trace.server` is read by vscode-languageclient from this id. */
export const LANGUAGE_ID = 'collide';

function serverModulePath(context: vscode.ExtensionContext): string {
  return context.asAbsolutePath('dist/server.js');
}

/**
 * A configured, not yet started client, or `undefined` (with the reason logged) when the server
 * bundle is missing, which happens only in a broken build: the grammar, snippets and everything
 * else the extension contributes keep working without it.
 */
export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel, checked?: CheckedDocuments): LanguageClient | undefined {
  const module = serverModulePath(context);
  if (!fs.existsSync(module)) {
    output.error(`The language server bundle is missing: ${module}. Run "npm run build" (or reinstall the extension).`);
    return undefined;
  }
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    // --nolazy so breakpoints bind on first run; port 6009 is the conventional LSP debug port.
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.collide');
  context.subscriptions.push(watcher);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
      { scheme: 'vscode-remote', language: LANGUAGE_ID },
    ],
    // The server pulls its settings per document (workspace/configuration); this only makes the
    // client send didChangeConfiguration so the server knows to pull again and re-check.
    synchronize: { configurationSection: CONFIGURATION_SECTION, fileEvents: watcher },
    outputChannel: output,
    traceOutputChannel: output,
    diagnosticCollectionName: 'collide',
    middleware: timelineMiddleware({
      // Recorded before the collection is set, so the status bar's diagnostics listener already
      // sees the document as checked.
      handleDiagnostics: (uri, diagnostics, next) => {
        checked?.published(uri);
        next(uri, diagnostics);
      },
      didClose: (document, next) => {
        checked?.closed(document.uri);
        return next(document);
      },
    }),
  };
  return new LanguageClient(LANGUAGE_ID, 'Collide Language Server', serverOptions, clientOptions);
}
