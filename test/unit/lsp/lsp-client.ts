import { spawn, type ChildProcess } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { BIN, ROOT, ensureBundles } from '../cli/build-cli';

export { ROOT, ensureBundles };

/**
 * A minimal LSP client over a real stdio connection: it answers the server's requests
 * (workspace/configuration from `settings`, capability registration) and collects published
 * diagnostics so a test can wait for those of a given document version.
 */
export class TestClient {
  readonly connection: MessageConnection;
  private readonly child: ChildProcess;
  private readonly published: PublishDiagnosticsParams[] = [];
  private readonly waiters: (() => void)[] = [];
  readonly logs: string[] = [];
  settings: unknown = {};
  configurationRequests = 0;

  constructor() {
    this.child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => this.logs.push(`stderr: ${d.toString()}`));
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.push(p);
      for (const w of this.waiters.splice(0)) w();
    });
    this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
    });
    this.connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => {
      this.configurationRequests++;
      return p.items.map(() => this.settings);
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/inlayHint/refresh', () => null);
    this.connection.onRequest('workspace/codeLens/refresh', () => null);
    this.connection.onRequest('workspace/semanticTokens/refresh', () => null);
    this.connection.listen();
  }

  get exited(): boolean {
    return this.child.exitCode !== null;
  }

  /** All diagnostics notifications received so far, in arrival order. */
  get publishedSoFar(): readonly PublishDiagnosticsParams[] {
    return this.published;
  }

  async initialize(workspaceFolders: { uri: string; name: string }[] | null = null): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      workspaceFolders,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          completion: { completionItem: { snippetSupport: true } },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
        },
      },
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** The diagnostics of `uri` published for `version` (waits for them). */
  async diagnostics(uri: string, version: number, timeout = 15000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = [...this.published].reverse().find((p) => p.uri === uri && p.version === version);
      if (found) return found.diagnostics;
      if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} version ${version}; logs:\n${this.logs.join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until diagnostics for `uri` satisfy `test` (after a configuration change). */
  async diagnosticsWhere(uri: string, test: (d: Diagnostic[]) => boolean, timeout = 15000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const last = [...this.published].reverse().find((p) => p.uri === uri);
      if (last && test(last.diagnostics)) return last.diagnostics;
      if (Date.now() > deadline) throw new Error(`diagnostics for ${uri} never matched; last: ${JSON.stringify(last?.diagnostics.map((d) => d.code))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async shutdown(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 3000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      const timer = setTimeout(() => {
        this.child.kill();
        resolve();
      }, 3000);
      this.child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.connection.dispose();
  }
}
