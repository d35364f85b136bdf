// Entry of dist/web/client.js (package.json `browser`): the extension in the web extension host
// of VS Code for the Web, a browser worker without Node, with the language server in a worker of
// its own (server.ts). Everything but the server's start is the desktop's code (../extension.ts).
import type * as vscode from 'vscode';
import { activateCollide, deactivateCollide, type CollideApi } from '../extension';
import { browserServerHost } from './server';

export function activate(context: vscode.ExtensionContext): Promise<CollideApi> {
  return activateCollide(context, browserServerHost);
}

export function deactivate(): Promise<void> {
  return deactivateCollide();
}
