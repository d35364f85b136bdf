// Level files (Godot `.tscn`, Tiled `.tmx`, `.tmj` and `.json` maps) are checked while they are
// open, without claiming their language: Godot's and Tiled's own extensions (or VS Code's XML and
// JSON support) keep them, and Collide adds diagnostics, hovers, quick fixes and the preview. So
// the language client selects them by file pattern, never by a language of ours, and every
// feature that would compete with their own extension (outline, folding, semantic tokens,
// formatting, completion, rename, ...) stays on `.collide` scenes.
import * as vscode from 'vscode';
import type { BaseLanguageClient, DocumentSelector } from 'vscode-languageclient';
import { hasJsonExtension, hasLevelExtension } from '../../protocol/level-files';
import type { CheckedDocuments } from './checkedDocuments';
import { isFileScheme, LANGUAGE_ID } from './selectors';

/**
 * Features of the language client that a level does not get: each is registered for the scene
 * selector alone (the others, hover, code actions and document sync, serve levels too). The
 * server answers these empty for a level anyway (a client other than VS Code asks regardless);
 * registering them would make VS Code offer Collide as a formatter of XML and JSON files, and
 * let an empty outline, folding or token list stand beside or over the format's own.
 */
const SCENE_ONLY_FEATURES = [
  'textDocument/completion',
  'textDocument/signatureHelp',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/documentHighlight',
  'textDocument/documentSymbol',
  'textDocument/codeLens',
  'textDocument/formatting',
  'textDocument/rename',
  'textDocument/foldingRange',
  'textDocument/semanticTokens',
  'textDocument/inlayHint',
];

interface SelectableFeature {
  initialize(capabilities: unknown, documentSelector: DocumentSelector | undefined): void;
}

/**
 * Registers SCENE_ONLY_FEATURES for `scenes` rather than the client's whole selector. The client
 * hands every feature its document selector when the server has answered `initialize`
 * (BaseLanguageClient.initializeFeatures); each of these is given the scene selector instead.
 */
export function scopeToScenes(client: BaseLanguageClient, scenes: DocumentSelector): void {
  for (const method of SCENE_ONLY_FEATURES) {
    const feature = (client.getFeature as (m: string) => SelectableFeature | undefined)(method);
    if (!feature) continue;
    const initialize = feature.initialize.bind(feature);
    feature.initialize = (capabilities) => initialize(capabilities, scenes);
  }
}

/**
 * Whether a document is a level the server checks (selectors.ts, LEVEL_SELECTORS): in a file, by
 * its extension, or a `.json` file the server has published diagnostics for (it does for Tiled
 * maps only).
 */
export function isLevelDocument(doc: Pick<vscode.TextDocument, 'uri'>, checked: Pick<CheckedDocuments, 'has'> | undefined): boolean {
  if (!isFileScheme(doc.uri.scheme)) return false;
  const path = doc.uri.path;
  return hasLevelExtension(path) || (hasJsonExtension(path) && checked?.has(doc.uri) === true);
}

/** A document Collide checks and previews: a `.collide` scene, or a level the server checks. */
export function isSceneOrLevel<D extends Pick<vscode.TextDocument, 'uri' | 'languageId'>>(doc: D | undefined, checked: Pick<CheckedDocuments, 'has'> | undefined): doc is D {
  return doc !== undefined && (doc.languageId === LANGUAGE_ID || isLevelDocument(doc, checked));
}

/** The context key that says the active editor holds a checked level (package.json's `when` clauses). */
export const ACTIVE_LEVEL_CONTEXT = 'collide.activeEditorIsLevel';

/** Keeps ACTIVE_LEVEL_CONTEXT up to date: on editor changes, and when a JSON map is first checked. */
export function trackActiveLevel(context: vscode.ExtensionContext, checked: CheckedDocuments): void {
  let last: boolean | undefined;
  const update = () => {
    const doc = vscode.window.activeTextEditor?.document;
    const now = doc !== undefined && isLevelDocument(doc, checked);
    if (now === last) return;
    last = now;
    void vscode.commands.executeCommand('setContext', ACTIVE_LEVEL_CONTEXT, now);
  };
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(update), checked.onDidCheck(update));
  update();
}
