// The language client's options, shared by the desktop and the web client: which documents go to
// the server, where its diagnostics go, and the middleware; the transport is the host's
// (server-host.ts).
import * as vscode from 'vscode';
import { State, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import { CONFIGURATION_SECTION, READ_FILE_REQUEST } from '../../protocol/lsp';
import { answerReadFile } from './file-reads';
import type { CheckedDocuments } from './checkedDocuments';
import { isLevelDocument, scopeToScenes } from './levels';
import { LANGUAGE_ID, LEVEL_SELECTORS, SCENE_SELECTORS } from './selectors';
import type { ServerHost } from './server-host';
import { hasJsonExtension } from '../../protocol/level-files';
import { timelineMiddleware } from './timeline';
import { DiagnosticBuckets } from './diagnostic-buckets';
import { rangeSemanticTokensOnly } from './semantic-tokens-ranges';

export { LANGUAGE_ID } from './selectors';

/** How many collections a document's diagnostics are spread over (diagnostic-buckets.ts). */
const DIAGNOSTIC_BUCKETS = 64;

/** Whether two diagnostics would show the same: place, words, severity, code, tags, related, data. */
function sameDiagnostic(a: vscode.Diagnostic, b: vscode.Diagnostic): boolean {
  if (a === b) return true;
  if (!a.range.isEqual(b.range) || a.message !== b.message || a.severity !== b.severity || a.source !== b.source) return false;
  if (JSON.stringify(a.code) !== JSON.stringify(b.code) || String(a.tags ?? '') !== String(b.tags ?? '')) return false;
  const ra = a.relatedInformation ?? [];
  const rb = b.relatedInformation ?? [];
  if (ra.length !== rb.length) return false;
  for (let i = 0; i < ra.length; i++) {
    const x = ra[i]!;
    const y = rb[i]!;
    if (x.message !== y.message || x.location.uri.toString() !== y.location.uri.toString() || !x.location.range.isEqual(y.location.range)) return false;
  }
  // The problem-limit note's counts ride in `data` (vscode-languageclient keeps it on the object).
  return JSON.stringify((a as { data?: unknown }).data) === JSON.stringify((b as { data?: unknown }).data);
}

function isUncheckedJson(document: vscode.TextDocument, checked: CheckedDocuments | undefined): boolean {
  return document.languageId !== LANGUAGE_ID && hasJsonExtension(document.uri.path) && !isLevelDocument(document, checked);
}

/**
 * A configured, not yet started client, or `undefined` (with the reason logged) when the server
 * bundle is missing, which happens only in a broken build: the grammar, snippets and everything
 * else the extension contributes keep working without it.
 */
export function createLanguageClient(host: ServerHost, context: vscode.ExtensionContext, output: vscode.LogOutputChannel, checked?: CheckedDocuments): BaseLanguageClient | undefined {
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.collide');
  // What a level reads besides itself (tilesets, shape resources, sub-scenes, project.godot):
  // a change on disk checks again the open levels that use it.
  const levelWatcher = vscode.workspace.createFileSystemWatcher('**/*.{tsx,tsj,tx,tres,tscn,godot}');
  context.subscriptions.push(watcher, levelWatcher);
  const collections = Array.from({ length: DIAGNOSTIC_BUCKETS }, (_, k) => vscode.languages.createDiagnosticCollection(`${LANGUAGE_ID}#${k}`));
  context.subscriptions.push(...collections);
  const buckets = new DiagnosticBuckets<vscode.Diagnostic>(
    collections.map((c) => ({ set: (uri, ds) => c.set(vscode.Uri.parse(uri), ds.length === 0 ? undefined : [...ds]) })),
    (d) => d.range.start.line,
    sameDiagnostic,
  );
  const clientOptions: LanguageClientOptions = {
    // Levels are checked without claiming their language (levels.ts).
    documentSelector: [...SCENE_SELECTORS, ...LEVEL_SELECTORS],
    // The server pulls its settings per document (workspace/configuration); this only makes the
    // client send didChangeConfiguration so the server knows to pull again and re-check.
    synchronize: { configurationSection: CONFIGURATION_SECTION, fileEvents: [watcher, levelWatcher] },
    outputChannel: output,
    traceOutputChannel: output,
    diagnosticCollectionName: 'collide',
    middleware: timelineMiddleware({
      // Recorded before the collections are set, so that the status bar, which counts the list
      // recorded, is updated first and its update leaves with the diagnostics (statusBar.ts).
      // Into the buckets (diagnostic-buckets.ts), not the client's own collection, which stays
      // empty: an edit then re-sends the few collections whose diagnostics it changed.
      handleDiagnostics: (uri, diagnostics) => {
        checked?.published(uri, diagnostics);
        buckets.publish(uri.toString(), diagnostics);
      },
      didClose: (document, next) => {
        checked?.closed(document.uri);
        return next(document);
      },
      // A JSON file is sent to the server in case it is a Tiled map; until the server has
      // checked it as one (levels.ts), it is not asked about it.
      provideHover: (document, position, token, next) => (isUncheckedJson(document, checked) ? null : next(document, position, token)),
      provideCodeActions: (document, range, context, token, next) => (isUncheckedJson(document, checked) ? [] : next(document, range, context, token)),
    }),
  };
  const client = host.createClient(context, output, LANGUAGE_ID, 'Collide Language Server', clientOptions);
  if (!client) return undefined;
  scopeToScenes(client, [...SCENE_SELECTORS]);
  // Asked only by a server without a file system of its own (the browser worker's).
  client.onRequest(READ_FILE_REQUEST, (params: unknown) => answerReadFile(params, vscode.workspace.fs, (u) => vscode.Uri.parse(u, true)));
  // After the built-in features, so that it has the last word on the semantic tokens' capability.
  client.registerFeature(rangeSemanticTokensOnly);
  // A stopped server's diagnostics go with it, as the client's own collection's do.
  context.subscriptions.push(
    client.onDidChangeState((e) => {
      if (e.newState === State.Stopped) {
        for (const c of collections) c.clear();
        buckets.reset();
      }
    }),
  );
  return client;
}
