/**
 * The client's side of a language server connection for the benches, on any transport: no Node
 * API here, so that the typing case can run in the page that holds the web worker
 * (bench/typing-page.ts) as it runs in Node against a process (lsp-process.ts).
 */
import type { MessageConnection } from 'vscode-jsonrpc';

/**
 * What VS Code declares about diagnostics, so that the server publishes what it would publish
 * there (related information, tags, code descriptions, data), not a reduced form for a client
 * that supports less.
 */
export const CLIENT_CAPABILITIES = {
  textDocument: {
    synchronization: { dynamicRegistration: true, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
  },
};

/**
 * What VS Code 1.9x declares for the requests of (d′): hierarchical outline, folding, semantic
 * tokens by full (with deltas) and by range, code lenses, inlay hints, highlights, hover and
 * code actions with literal support. The server answers what VS Code would get.
 */
export const VSCODE_CAPABILITIES = {
  textDocument: {
    ...CLIENT_CAPABILITIES.textDocument,
    documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    foldingRange: { dynamicRegistration: true, rangeLimit: 5000, lineFoldingOnly: true },
    semanticTokens: {
      dynamicRegistration: true,
      requests: { range: true, full: { delta: true } },
      tokenTypes: ['class', 'type', 'variable', 'namespace', 'function'],
      tokenModifiers: ['declaration', 'readonly', 'defaultLibrary'],
      formats: ['relative'],
      multilineTokenSupport: false,
      overlappingTokenSupport: false,
    },
    codeLens: { dynamicRegistration: true, resolveSupport: { properties: ['command'] } },
    inlayHint: { dynamicRegistration: true },
    documentHighlight: { dynamicRegistration: true },
    hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      dynamicRegistration: true,
      isPreferredSupport: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source'] } },
    },
  },
};

export interface Server {
  readonly connection: MessageConnection;
  readonly pid: number;
  /** The server's initialize result capabilities. */
  readonly capabilities: Record<string, unknown>;
  waitForDiagnostics(uri: string, version: number | null): Promise<void>;
  /** The diagnostics of the last publication for `uri` (as the client received them). */
  lastDiagnostics(uri: string): readonly LspDiagnostic[];
  /**
   * When the first bytes from the server arrive after this call (firstByteAt: NaN until then):
   * the server's own part of a latency, before the transfer and the client's JSON.parse.
   */
  awaitFirstByte(): void;
  firstByteAt(): number;
  close(): Promise<void>;
}

export interface LspDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  readonly [key: string]: unknown;
}

/**
 * A Server on a connection to a server however started (a process, or the web worker in
 * Chromium's page, bench/typing-page.ts): publications kept and waited for, the server's requests
 * answered, initialized with `capabilities` and `settings` as startServer says.
 */
export async function serverOn(
  connection: MessageConnection,
  capabilities: object,
  settings: object | null,
  processId: number | null,
  own: Pick<Server, 'pid' | 'awaitFirstByte' | 'firstByteAt' | 'close'>,
): Promise<Server> {
  const waiters: { uri: string; version: number | null; resolve: () => void }[] = [];
  const published = new Map<string, readonly LspDiagnostic[]>();
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: LspDiagnostic[] }) => {
    published.set(p.uri, p.diagnostics);
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      // Servers may omit the version; then the first publication after the change counts.
      if (w.uri === p.uri && (w.version === null || p.version === undefined || p.version >= w.version)) {
        waiters.splice(i, 1);
        w.resolve();
      }
    }
  });
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  connection.onRequest(() => null); // registrations, refreshes and the like
  connection.listen();
  const init = await connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', { processId, rootUri: null, capabilities });
  await connection.sendNotification('initialized', {});
  if (settings !== null) await connection.sendNotification('workspace/didChangeConfiguration', { settings: { collide: settings } });
  return {
    connection,
    capabilities: init.capabilities,
    lastDiagnostics: (uri) => published.get(uri) ?? [],
    ...own,
    waitForDiagnostics(uri, version) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no publishDiagnostics within 60 s')), 60_000);
        waiters.push({
          uri,
          version,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

/** Opens `uri` as version 1 of `text` and waits for its first publication; resolves to how long that took (ms). */
export async function openDocument(server: Server, uri: string, text: string): Promise<number> {
  const t0 = performance.now();
  const opened = server.waitForDiagnostics(uri, 1);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
  await opened;
  return performance.now() - t0;
}

