// Entry of dist/client.js (package.json `main`): the extension in a Node extension host, on the
// desktop or a remote host, with the language server in a Node process (server.ts).
import type * as vscode from 'vscode';
import { activateCollide, deactivateCollide, type CollideApi } from '../extension';
import { useBase64Decoder } from '../preview/base64-texts';
import { useOwnFileReader } from '../preview/page-texts';
import { useSceneInflater } from '../preview/scene-sync';
import { nodeDecodeBase64 } from './base64';
import { nodeReadOwnFile } from './own-files';
import { zlibInflateScene } from './scene-inflate';
import { nodeServerHost } from './server';
import { startTimelineFile } from './timeline-file';

startTimelineFile();
useBase64Decoder(nodeDecodeBase64);
useSceneInflater(zlibInflateScene);
useOwnFileReader(nodeReadOwnFile);

export function activate(context: vscode.ExtensionContext): Promise<CollideApi> {
  return activateCollide(context, nodeServerHost);
}

export function deactivate(): Promise<void> {
  return deactivateCollide();
}
