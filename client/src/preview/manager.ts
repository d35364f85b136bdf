import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import {
  PREVIEW_EDIT_METHOD,
  PREVIEW_LEVEL_MOVE_METHOD,
  PREVIEW_PAIR_METHOD,
  PREVIEW_SCENE_METHOD,
  PREVIEW_SCENE_PART_METHOD,
  type PreviewEditParams,
  type PreviewLevelMoveParams,
  type PreviewPairParams,
  type PreviewSceneParams,
} from '../../../protocol/preview-lsp';
import {
  isPreviewViewState,
  isWebviewToHost,
  type ExportFormat,
  type HostToWebview,
  type WebviewToHost,
} from '../../../protocol/preview-messages';
import { isPairDetail } from '../../../protocol/preview-model';
import { decodeBase64 } from '../../../protocol/base64';
import { SHOW_PAIR_IN_PREVIEW_COMMAND } from '../../../protocol/lsp';
import { LANGUAGE_ID } from '../languageClient';
import type { CheckedDocuments } from '../checkedDocuments';
import { isSceneOrLevel } from '../levels';
import { answeredEdits, bodiesAtOffset, poseEdits, type OffsetEdit } from './edits';
import { applyOffsetEdits } from './apply-edits';
import { makeNonce, previewHtml } from './html';
import { revealPlan } from './reveal';
import { PageLoad } from './page-load';
import { SceneParts } from './scene-parts';
import { SceneSync } from './scene-sync';
import { SingleFlight } from './single-flight';
import { Throttle } from './throttle';
import { WhatIfHost } from './what-if';
import { timelineMark } from '../timeline';
import { runHistory } from './history';
import { pageTexts } from './page-texts';

export const PREVIEW_VIEW_TYPE = 'collide.preview';
/** The server may answer with an analysis older than the text; ask again this often, this many times. */
const RETRY_MS = 100;
/** The longest a scene update waits for VS Code to take its message (see `post`). */
const DELIVERY_WAIT_MS = 150;
const MAX_RETRIES = 30;
/** The stream id of the next scene request (unique to the client, whichever panel asks). */
let nextStream = 0;

/**
 * The preview panel: one webview that follows the active scene editor (as Markdown's preview
 * does), fed by the server's `collide/previewScene` and `collide/previewPair` requests, and
 * turning the webview's messages (validated first) into reveals and one-undo-step pose edits.
 */
class PreviewPanel implements vscode.Disposable {
  private uri: vscode.Uri | null = null;
  /** The scene held and what the webview holds, kept by whole scenes and deltas. */
  private readonly sync = new SceneSync();
  /** The parts of the whole scene the request under way asked for. */
  private readonly parts = new SceneParts();
  private requestSeq = 0;
  private retries = 0;
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** One scene request at a time: a change while one is under way asks again when it ends. */
  private readonly fetch = new SingleFlight(() => this.update());
  private readonly throttle = new Throttle(() => void this.fetch.run(), 100);
  private readonly disposables: vscode.Disposable[] = [];
  private readonly whatIf: WhatIfHost;
  private readonly exports = new Map<number, (m: Extract<WebviewToHost, { type: 'exported' }>) => void>();
  private exportSeq = 0;
  private pendingPair: { a: string; b: string } | null = null;
  /** When the page may be posted the scene, and what its `ready` is answered with. */
  private readonly page = new PageLoad(this.sync, (m) => this.post(m));
  private disposed = false;
  /** The bodies last highlighted in the webview (joined), so that the same list is not sent twice. */
  private highlighted: string | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly client: BaseLanguageClient | undefined,
    private readonly onDispose: () => void,
  ) {
    this.whatIf = new WhatIfHost(client, () => this.document(), (m) => void this.post(m));
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'images', 'icon.png');
    // The page is set once its texts are read (read when the preview was registered, and kept),
    // and never again: VS Code drops what it holds for a page whose HTML is set again, such as
    // the scene posted before the page said `ready` (page-load.ts).
    timelineMark('previewPanel', 'preview', '');
    void pageTexts(vscode, dist).then((inline) => {
      if (this.disposed) return;
      timelineMark('previewHtml', 'preview', '');
      panel.webview.html = previewHtml({
        cspSource: panel.webview.cspSource,
        nonce: makeNonce((n) => crypto.getRandomValues(new Uint8Array(n))),
        scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
        styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
        ...inline,
      });
    });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.visible) this.throttle.flush();
      }),
    );
    if (client) {
      this.disposables.push(
        client.onDidChangeState((e) => {
          if (e.newState === State.Running) this.throttle.flush();
        }),
      );
    }
  }

  get documentUri(): vscode.Uri | null {
    return this.uri;
  }

  /** The version of the scene held (what the webview's edits are checked against). */
  get sceneVersion(): number | undefined {
    return this.sync.version;
  }

  /** Show `uri` (a new document resets the version filter and renders at once). */
  follow(uri: vscode.Uri): void {
    if (this.uri && this.uri.toString() === uri.toString()) return;
    this.uri = uri;
    this.sync.reset();
    this.retries = 0;
    this.panel.title = `Preview ${basename(uri)}`;
    this.throttle.flush();
  }

  /**
   * The document changed: update, throttled, from the next task. The language client sends the
   * change from its own listener of this event, after some awaits: a scene request sent from
   * here at once could reach the server first and be answered for the version before, and the
   * preview would then wait RETRY_MS for the edit.
   */
  changed(): void {
    this.retries = 0;
    if (this.changeTimer === undefined) {
      this.changeTimer = setTimeout(() => {
        this.changeTimer = undefined;
        this.throttle.trigger();
      }, 0);
    }
  }

  selection(editor: vscode.TextEditor): void {
    // Highlights wait for the page's `ready`, which sends them. The scene is read (and its bytes
    // decoded) only for a cursor in the document of the version held.
    if (!this.page.isReady || !this.uri || editor.document.uri.toString() !== this.uri.toString()) return;
    if (editor.document.version !== this.sync.version || !this.page.mayRead) return;
    const scene = this.sync.scene;
    if (!scene) return;
    const offset = editor.document.offsetAt(editor.selection.active);
    const bodies = bodiesAtOffset(scene.bodies, offset);
    // Unchanged highlights are not sent again: each message waits its turn on the way.
    const key = bodies.join('\u0000');
    if (key === this.highlighted) return;
    this.highlighted = key;
    void this.post({ type: 'highlight', bodies });
  }

  showPair(a: string, b: string): void {
    if (this.page.isReady) void this.post({ type: 'selectPair', a, b });
    else this.pendingPair = { a, b };
  }

  /** Ask the webview for the current view and save it where the user chooses. */
  async export(format: ExportFormat): Promise<void> {
    const requestId = ++this.exportSeq;
    const answer = new Promise<Extract<WebviewToHost, { type: 'exported' }>>((resolve, reject) => {
      this.exports.set(requestId, resolve);
      setTimeout(() => {
        if (this.exports.delete(requestId)) reject(new Error('the preview did not answer'));
      }, 10_000);
    });
    void this.post({ type: 'export', format, requestId });
    let m: Extract<WebviewToHost, { type: 'exported' }>;
    try {
      m = await answer;
    } catch (e) {
      void vscode.window.showErrorMessage(`Collide: export failed: ${(e as Error).message}.`);
      return;
    }
    const base = this.uri ? basename(this.uri).replace(/\.(collide|tscn|tmx|tmj|json)$/i, '') : 'scene';
    const folder = this.uri ? vscode.Uri.joinPath(this.uri, '..') : undefined;
    const target = await vscode.window.showSaveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${base}.${format}`) } : {}),
      filters: format === 'svg' ? { 'SVG image': ['svg'] } : { 'PNG image': ['png'] },
    });
    if (!target) return;
    const prefix = 'data:image/png;base64,';
    const bytes = format === 'svg' ? new TextEncoder().encode(m.data) : m.data.startsWith(prefix) ? decodeBase64(m.data.slice(prefix.length)) : null;
    if (!bytes) {
      void vscode.window.showErrorMessage('Collide: the preview returned no PNG data.');
      return;
    }
    await vscode.workspace.fs.writeFile(target, bytes);
    void vscode.window.showInformationMessage(`Collide: saved ${vscode.workspace.asRelativePath(target)}.`);
  }

  /**
   * Posts `message`; resolves when VS Code has handed it to the webview (or dropped it), or after
   * DELIVERY_WAIT_MS, so that a burst of keystrokes does not stack many updates up in VS Code
   * (each brings every edit since the one before). The workbench reads the host's messages one
   * at a time, which while typing can take it half a second or more: waiting out each hand-off
   * let one update a second through, each a whole hand-off behind.
   */
  private post(message: HostToWebview): Promise<void> {
    const bytesVersion = () => (message.type === 'sceneBytes' && message.part ? (this.parts.version ?? this.sync.version) : this.sync.version);
    const version = message.type === 'scene' ? message.scene.version : message.type === 'sceneDelta' ? message.delta.version : message.type === 'sceneBytes' ? bytesVersion() : undefined;
    if (version !== undefined) timelineMark('previewPosted', 'preview', message.type, String(version));
    const delivered = Promise.resolve(this.panel.webview.postMessage(message)).then(
      () => undefined,
      () => undefined,
    );
    return Promise.race([delivered, new Promise<void>((resolve) => setTimeout(resolve, DELIVERY_WAIT_MS))]);
  }

  private document(): vscode.TextDocument | undefined {
    const uri = this.uri?.toString();
    return uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) : undefined;
  }

  /**
   * Fetch the scene (a delta against the one held, or the whole) and post the webview what it
   * needs of it, unless it is not newer than what was posted. The first fetch runs while the
   * webview is still loading, and its whole scene is posted at once (page-load.ts: VS Code keeps
   * it until the page has loaded); the fetch that `ready` starts brings what is newer (an empty
   * delta when nothing is).
   */
  private async update(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const uri = this.uri;
    if (!uri) return;
    if (!this.client) {
      this.sync.webviewReset();
      if (this.page.isReady) void this.post({ type: 'empty', reason: 'The Collide language server is not available; see the "Collide" output.' });
      return;
    }
    if (!this.client.isRunning()) return; // onDidChangeState brings us back
    const seq = ++this.requestSeq;
    const stream = nextStream++;
    this.parts.start(stream);
    const params: PreviewSceneParams = { uri: uri.toString(), bytes: true, deflate: true, parts: stream };
    const base = this.sync.base(uri.toString());
    if (base !== undefined) params.base = base;
    let result: unknown;
    timelineMark('previewRequest', 'preview', base ?? '');
    try {
      result = await this.client.sendRequest(PREVIEW_SCENE_METHOD, params);
    } catch (e) {
      this.client.error(`Collide preview: ${PREVIEW_SCENE_METHOD} failed`, e, false);
      return;
    }
    if (this.uri?.toString() !== uri.toString()) return;
    if (result === null) {
      if (seq === this.requestSeq && this.page.isReady) {
        this.sync.webviewReset();
        void this.post({ type: 'empty', reason: `${basename(uri)} is not open in the language server yet.` });
      }
      return;
    }
    timelineMark('previewAnswer', 'preview', base ?? '');
    // A delta is applied to the host's copy, inflated first if it is not yet.
    if (this.sync.needsScene(result)) {
      await this.sync.inflated();
      if (this.uri?.toString() !== uri.toString()) return;
    }
    const answer = this.sync.accept(uri.toString(), result, this.parts.take(stream));
    timelineMark('previewAccepted', 'preview', answer.kind);
    if (answer.kind === 'invalid') {
      this.client.warn('Collide preview: the server sent a scene that does not fit the protocol; ignored.', undefined, false);
      return;
    }
    if (answer.kind === 'refetch') {
      // The delta was against a scene this side no longer holds: ask for the whole one.
      this.retryTimer = setTimeout(() => void this.fetch.run(), 0);
      return;
    }
    // The version only: a whole scene's bytes are decoded here once they are posted.
    const version = this.sync.version;
    if (version === undefined) return;
    if (answer.kind === 'scene') {
      // A scene in parts was posted as they came (`part`).
      // The host's copy is inflated once the page drew the scene (`drawn`), or when first needed.
      await (answer.message ? this.page.offer(answer.message) : this.page.partsAccepted());
    }
    const doc = this.document();
    if (doc && doc.version > version && this.retries < MAX_RETRIES) {
      // The server's newest analysis is behind the text: look again shortly.
      this.retries++;
      this.retryTimer = setTimeout(() => void this.fetch.run(), RETRY_MS);
    }
    const editor = vscode.window.activeTextEditor;
    if (editor) this.selection(editor);
  }

  /** A `collide/previewScenePart` notification: posted to the page at once when it is the next part the request under way asked for. */
  part(params: unknown): void {
    if (this.uri?.toString() !== (params as { uri?: unknown } | null)?.uri) return;
    const p = this.parts.add(params);
    if (p) this.page.offerPart(p.message, p.uri, p.version);
  }

  /** Every message from the webview comes through here (PreviewHooks.receive too). */
  async receive(raw: unknown): Promise<void> {
    if (!isWebviewToHost(raw)) return; // never act on a message that does not fit the protocol
    const m = raw;
    switch (m.type) {
      case 'ready': {
        this.highlighted = undefined;
        this.page.ready();
        const editor = vscode.window.activeTextEditor;
        if (editor) this.selection(editor);
        this.throttle.flush();
        if (this.pendingPair) {
          void this.post({ type: 'selectPair', ...this.pendingPair });
          this.pendingPair = null;
        }
        return;
      }
      case 'drawn': {
        this.page.drawn(m.version);
        await this.sync.inflated();
        const editor = vscode.window.activeTextEditor;
        if (editor) this.selection(editor);
        return;
      }
      case 'reveal':
        return this.reveal(m.body);
      case 'requestPair':
        return this.requestPair(m.a, m.b);
      case 'editPose':
        return this.editPose(m);
      case 'askWhatIf':
        return this.whatIf.ask(m.version, m.substeps);
      case 'applyWhatIf':
        return void (await this.whatIf.apply(m.version, m.substeps));
      case 'editBody':
        return this.editBody(m);
      case 'history':
        return this.history(m.action);
      case 'exported': {
        const resolve = this.exports.get(m.requestId);
        if (resolve) {
          this.exports.delete(m.requestId);
          resolve(m);
        }
        return;
      }
    }
  }

  /** A body clicked in the preview: its name selected in a text editor, beside the preview if need be. */
  private async reveal(name: string): Promise<void> {
    const scene = await this.sync.read();
    const doc = this.document();
    if (!doc) return;
    const columns = vscode.window.visibleTextEditors.filter((e) => e.document === doc).map((e) => e.viewColumn);
    const plan = revealPlan(scene, doc.version, name, columns, this.panel.viewColumn);
    if (!plan) return;
    const range = new vscode.Range(doc.positionAt(plan.start), doc.positionAt(plan.end));
    const viewColumn = plan.column === 'beside' ? vscode.ViewColumn.Beside : plan.column;
    const editor = await vscode.window.showTextDocument(doc, { viewColumn, preserveFocus: false, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private async requestPair(a: string, b: string): Promise<void> {
    const uri = this.uri;
    if (!uri || !this.client?.isRunning()) return;
    let result: unknown;
    try {
      result = await this.client.sendRequest(PREVIEW_PAIR_METHOD, { uri: uri.toString(), a, b } satisfies PreviewPairParams);
    } catch (e) {
      this.client.error(`Collide preview: ${PREVIEW_PAIR_METHOD} failed`, e, false);
      return;
    }
    if (isPairDetail(result) && result.uri === this.uri?.toString()) void this.post({ type: 'pair', pair: result });
  }

  /** A finished drag: one WorkspaceEdit (one undo step), only against the version it was made on. */
  private async editPose(m: Extract<WebviewToHost, { type: 'editPose' }>): Promise<void> {
    const scene = await this.sync.read();
    const doc = this.document();
    if (!doc || !scene || scene.version !== m.version || doc.version !== m.version) {
      // The text moved on while dragging: drop the edit rather than write at stale offsets.
      return this.refuse(`'${m.body}' was not moved: the text changed meanwhile`, false);
    }
    if (doc.languageId !== LANGUAGE_ID) return this.editLevelPose(doc, m);
    const body = scene.bodies.find((b) => b.name === m.body);
    if (!body) return;
    const edits = poseEdits(body, doc.getText(), { ...(m.at ? { at: m.at } : {}), ...(m.angle !== undefined ? { angle: m.angle } : {}) }, m.decimals);
    await this.applyEdits(doc, edits);
  }

  /**
   * A drag of a level's body: the server writes it into the level file through the reader's
   * LevelMove (Godot's `position`, Tiled's `x` and `y`). A rotation, or a body the reader cannot
   * move unambiguously, is not written: the preview puts the body back where the file has it.
   */
  private async editLevelPose(doc: vscode.TextDocument, m: Extract<WebviewToHost, { type: 'editPose' }>): Promise<void> {
    let result: unknown = null;
    if (m.at && this.client?.isRunning()) {
      const params: PreviewLevelMoveParams = { uri: doc.uri.toString(), version: m.version, body: m.body, at: m.at };
      try {
        result = await this.client.sendRequest(PREVIEW_LEVEL_MOVE_METHOD, params);
      } catch (e) {
        this.client.error(`Collide preview: ${PREVIEW_LEVEL_MOVE_METHOD} failed`, e, false);
      }
    }
    const edits = answeredEdits(result);
    if (!edits || doc.version !== m.version) {
      const reason = edits ? `'${m.body}' was not moved: the text changed meanwhile` : `${m.at ? `'${m.body}' cannot be moved from the preview` : 'a level body is not rotated from the preview'}; edit the level file instead`;
      return this.refuse(reason, true);
    }
    await this.applyEdits(doc, edits);
  }

  /** A drag's edit is not written: the preview draws the file's pose again and says why (here too, when `say`). */
  private refuse(reason: string, say: boolean): void {
    if (say) vscode.window.setStatusBarMessage(`Collide: ${reason}.`, 5000);
    void this.post({ type: 'editRefused', reason });
    this.throttle.flush();
  }

  /** The edits written as one undo step; when VS Code refuses them, the preview draws the text's scene again. */
  private async applyEdits(doc: vscode.TextDocument, edits: readonly OffsetEdit[]): Promise<void> {
    if (!(await applyOffsetEdits(doc, edits))) this.throttle.flush();
  }

  /**
   * A finished handle drag (a shape's size, a velocity, a spin): the server, which holds the
   * syntax tree, answers the edits (collide/previewEdit), applied as one WorkspaceEdit (one undo
   * step) while the document still has the version the drag was made on.
   */
  private async editBody(m: Extract<WebviewToHost, { type: 'editBody' }>): Promise<void> {
    const scene = await this.sync.read();
    const doc = this.document();
    if (!doc || doc.version !== m.version || scene?.version !== m.version || !this.client?.isRunning()) {
      return this.refuse(`'${m.body}' was not changed: the text changed meanwhile`, false);
    }
    let result: unknown = null;
    try {
      result = await this.client.sendRequest(PREVIEW_EDIT_METHOD, { uri: doc.uri.toString(), version: m.version, body: m.body, change: m.change } satisfies PreviewEditParams);
    } catch (e) {
      this.client.error(`Collide preview: ${PREVIEW_EDIT_METHOD} failed`, e, false);
    }
    const refused = (result as { refused?: unknown } | null)?.refused;
    const edits = answeredEdits(result);
    if (!edits || doc.version !== m.version) {
      const reason = `'${m.body}' was not changed: ${typeof refused === 'string' ? refused.slice(0, 200) : 'the text changed meanwhile'}`;
      return this.refuse(reason, true);
    }
    await this.applyEdits(doc, edits);
  }

  /** Undo or redo from the preview (history.ts); the preview takes the focus back after. */
  private async history(action: 'undo' | 'redo'): Promise<void> {
    const doc = this.document();
    if (!doc) return;
    await runHistory(doc, action, () => this.disposed);
    if (!this.disposed) this.panel.reveal(this.panel.viewColumn, false);
  }

  dispose(): void {
    this.disposed = true;
    if (this.changeTimer !== undefined) clearTimeout(this.changeTimer);
    this.throttle.cancel();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDispose();
  }
}

function basename(uri: vscode.Uri): string {
  const p = uri.path;
  return p.slice(p.lastIndexOf('/') + 1);
}

/**
 * The open preview as the end-to-end suite drives it (through the extension's API): a message
 * taken as if its webview posted it, checked as every webview message is, and the version of
 * the scene it holds.
 */
export interface PreviewHooks {
  receive(message: unknown): Promise<void>;
  sceneVersion(): number | undefined;
}

/**
 * Registers the preview: commands (open, open to the side, export SVG/PNG, show a pair), the
 * panel serializer that restores it after a reload, and the listeners that make it follow the
 * active scene editor, its edits and its cursor. Call once from `activate`.
 */
export function registerPreview(context: vscode.ExtensionContext, client: BaseLanguageClient | undefined, checked?: CheckedDocuments): vscode.Disposable & PreviewHooks {
  let current: PreviewPanel | null = null;
  // Read now, so that the first preview's page does not wait for its texts.
  void pageTexts(vscode, vscode.Uri.joinPath(context.extensionUri, 'dist'));
  /** The active editor's document, when the preview shows such a document. */
  const activeScene = (): vscode.Uri | undefined => {
    const doc = vscode.window.activeTextEditor?.document;
    return isSceneOrLevel(doc, checked) ? doc.uri : undefined;
  };
  const adopt = (panel: vscode.WebviewPanel, uri: vscode.Uri | null): PreviewPanel => {
    current?.panel.dispose();
    const p = new PreviewPanel(panel, context.extensionUri, client, () => {
      if (current === p) current = null;
    });
    current = p;
    if (uri) p.follow(uri);
    return p;
  };
  const open = (column: vscode.ViewColumn, uri?: vscode.Uri): PreviewPanel | null => {
    const target = uri ?? activeScene() ?? current?.documentUri;
    if (!target) {
      void vscode.window.showInformationMessage('Collide: open a .collide file or a level (.tscn, .tmx, .tmj) to preview it.');
      return null;
    }
    if (current) {
      current.panel.reveal(column, true);
      current.follow(target);
      return current;
    }
    const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, `Preview ${basename(target)}`, { viewColumn: column, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist')],
    });
    return adopt(panel, target);
  };
  const toUri = (u: unknown): vscode.Uri | undefined => (u instanceof vscode.Uri ? u : typeof u === 'string' && u.length < 8192 ? vscode.Uri.parse(u) : undefined);

  const disposables: vscode.Disposable[] = [
    vscode.commands.registerCommand('collide.preview.open', (uri?: unknown) => void open(vscode.ViewColumn.Active, toUri(uri))),
    vscode.commands.registerCommand('collide.preview.openToSide', (uri?: unknown) => void open(vscode.ViewColumn.Beside, toUri(uri))),
    vscode.commands.registerCommand('collide.preview.exportSvg', () => current?.export('svg') ?? vscode.window.showInformationMessage('Collide: open the preview first.')),
    vscode.commands.registerCommand('collide.preview.exportPng', () => current?.export('png') ?? vscode.window.showInformationMessage('Collide: open the preview first.')),
    // For the server's code lenses ("Show in preview"): one ShowPairInPreviewArgs argument.
    vscode.commands.registerCommand(SHOW_PAIR_IN_PREVIEW_COMMAND, (args: unknown) => {
      if (typeof args !== 'object' || args === null) return;
      const { uri, a, b } = args as Record<string, unknown>;
      if (typeof a !== 'string' || typeof b !== 'string' || a.length > 256 || b.length > 256) return;
      const p = open(vscode.ViewColumn.Beside, toUri(uri));
      p?.showPair(a, b);
    }),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const saved = isPreviewViewState(state) && state.uri ? vscode.Uri.parse(state.uri) : undefined;
        adopt(panel, saved ?? activeScene() ?? null);
      },
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (current && isSceneOrLevel(editor?.document, checked)) current.follow(editor.document.uri);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (current && current.documentUri?.toString() === e.document.uri.toString() && e.contentChanges.length > 0) current.changed();
    }),
    vscode.window.onDidChangeTextEditorSelection((e) => current?.selection(e.textEditor)),
  ];
  // Once per client: the client keeps one handler per method, across its restarts.
  if (client) disposables.push(client.onNotification(PREVIEW_SCENE_PART_METHOD, (params: unknown) => current?.part(params)));
  const all = vscode.Disposable.from(...disposables, { dispose: () => current?.panel.dispose() });
  context.subscriptions.push(all);
  return {
    dispose: () => all.dispose(),
    receive: async (message) => current?.receive(message),
    sceneVersion: () => current?.sceneVersion,
  };
}
