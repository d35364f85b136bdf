// The one thing the desktop and the web client do differently: how the language server is
// started and spoken to. The desktop starts dist/server.js as a Node process over stdio
// (node/server.ts); the web extension host, which has no Node, starts dist/web/server.js in a
// worker and speaks over postMessage (browser/server.ts). Everything else in client/ is shared
// and runs in both hosts: no Node module, no Node global.
import type * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';

export interface ServerHost {
  /** Which extension host this is, as `activate`'s API reports it. */
  readonly runtime: 'node' | 'browser';
  /**
   * A configured, not yet started client with `options`, or `undefined` (with the reason logged)
   * when the host knows the server bundle is missing, which happens only in a broken build.
   */
  createClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel, id: string, name: string, options: LanguageClientOptions): BaseLanguageClient | undefined;
}
