import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import type { ClientCapabilities, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startServer, type ServerOptions } from '../../../server/src/lsp/server';

/**
 * The server over a real JSON-RPC connection held in memory, in this process, so that a test can
 * drive the interleaving of messages; initialized, with every publication recorded in order.
 */
export interface InMemoryServer {
  readonly client: MessageConnection;
  /** The server's answer to `initialize`. */
  readonly initializeResult: InitializeResult;
  /** Every publishDiagnostics so far, in the order it came. */
  readonly published: PublishDiagnosticsParams[];
  /** Resolves once a publication for which `test` holds has come (perhaps already). */
  until(test: (p: PublishDiagnosticsParams) => boolean): Promise<void>;
  /** Resolves once `uri`'s diagnostics of `version` have come. */
  publishedFor(uri: string, version: number): Promise<void>;
  /** Calls `f` with each publication from now on, as it comes. */
  onPublish(f: (p: PublishDiagnosticsParams) => void): void;
}

export async function startInMemoryServer(options: ServerOptions = {}, capabilities: ClientCapabilities = {}): Promise<InMemoryServer> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(ProposedFeatures.all, toServer, toClient);
  startServer(connection, options);
  connection.listen();
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const published: PublishDiagnosticsParams[] = [];
  const listeners: ((p: PublishDiagnosticsParams) => void)[] = [];
  let waiters: (() => void)[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const f of listeners) f(p);
    const woken = waiters;
    waiters = [];
    for (const w of woken) w();
  });
  client.onNotification('window/logMessage', () => undefined);
  client.listen();
  const initializeResult: InitializeResult = await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities, workspaceFolders: null });
  await client.sendNotification('initialized', {});
  const until = async (test: (p: PublishDiagnosticsParams) => boolean): Promise<void> => {
    while (!published.some(test)) await new Promise<void>((r) => waiters.push(r));
  };
  return {
    client,
    initializeResult,
    published,
    until,
    publishedFor: (uri, version) => until((p) => p.uri === uri && p.version === version),
    onPublish: (f) => void listeners.push(f),
  };
}
