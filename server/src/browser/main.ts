import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures, type Message } from 'vscode-languageserver/browser';
import { deflateRawStream } from '../../../protocol/deflate-raw';
import { READ_FILE_REQUEST, type ReadFileParams, type ReadFileResult } from '../../../protocol/lsp';
import { useTurnScheduler } from '../common/steps';
import { plainMessage } from '../lsp/encode/plain-message';
import { serve } from '../lsp/serve';
import { ClientLevelFiles } from './level-files';
import { channelTurns } from './turns';

/**
 * Entry point of dist/web/server.js, a worker script: any page starts it with `new Worker(url)`
 * and speaks LSP with it through `postMessage` (vscode-languageclient/browser in VS Code for the
 * Web). The server is the Node entry's (lsp/serve.ts) but for four things: the transport
 * (the worker's own message port, messages as objects), the files a level reads (asked of the
 * client, level-files.ts; no workspace listing, so workspace symbols cover the open documents),
 * the turns of the event loop (turns.ts), and the preview scene's deflate (CompressionStream's,
 * which runs off the worker's thread, at its default level).
 */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: { reason?: unknown; error?: unknown; message?: string }) => void): void;
}
const scope = globalThis as unknown as WorkerScope;

/**
 * Messages go as plain data (lsp/encode/plain-message.ts): the structured clone of postMessage
 * would copy the encoded lists that stand in for arrays as their chunks.
 */
class PlainMessageWriter extends BrowserMessageWriter {
  override write(message: Message): Promise<void> {
    return super.write(plainMessage(message));
  }
}

useTurnScheduler(channelTurns());

const levelFiles = new ClientLevelFiles((uri) =>
  connection.sendRequest<ReadFileResult | null>(READ_FILE_REQUEST, { uri } satisfies ReadFileParams).then(
    (r) => (r !== null && typeof r === 'object' && typeof r.text === 'string' ? r.text : undefined),
    () => undefined,
  ),
);

const { connection } = serve(
  (guard) =>
    createConnection(ProposedFeatures.all, new BrowserMessageReader(scope as never), new PlainMessageWriter(scope as never), { messageStrategy: guard }),
  { levelFiles, sceneDeflate: deflateRawStream },
);

// Last line of defense, as the Node entry's: whatever escapes a handler is logged.
scope.addEventListener('error', (e) => connection.console.error(`Uncaught exception: ${e.error instanceof Error ? (e.error.stack ?? e.error.message) : (e.message ?? String(e.error))}`));
scope.addEventListener('unhandledrejection', (e) => connection.console.error(`Unhandled rejection: ${e.reason instanceof Error ? (e.reason.stack ?? e.reason.message) : String(e.reason)}`));

connection.listen();
