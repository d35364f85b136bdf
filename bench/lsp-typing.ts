// No Node API here: the typing case also runs in the page that holds the web worker (typing-page.ts).
import { CancellationTokenSource } from 'vscode-jsonrpc';
import { PREVIEW_SCENE_METHOD } from '../protocol/preview-lsp';
import { openDocument, VSCODE_CAPABILITIES, type Server } from './lsp-connection';
import type { Scene } from './scenes';
import { sceneText } from './scenes';
import { FeatureDebounce, LeadingTrailingThrottle, RunOnce } from './vscode-scheduling';
import { SceneSync } from '../client/src/preview/scene-sync';
import { SingleFlight } from '../client/src/preview/single-flight';

/** The requests of the typing case, as VS Code and the preview send them. */
export const TYPING_REQUESTS = [
  'documentSymbol',
  'foldingRange',
  'semanticTokens/range',
  'codeLens',
  'codeLens/resolve',
  'inlayHint',
  'codeAction',
  'documentHighlight',
  'hover',
  'collide/previewScene',
] as const;
export type TypingRequest = (typeof TYPING_REQUESTS)[number];

/** A human pace: one keystroke every 120 ms, sent without waiting for any answer. */
export const KEYSTROKE_MS = 120;
/** Keystrokes before the timed ones, and the pause after them, so the timed ones meet a warm server. */
const WARMUP_KEYSTROKES = 10;
/** Longer than any of VS Code's delays below after a keystroke (inlay hints wait 1250 ms). */
const SETTLE_MS = 2000;
/**
 * How long the end of a run waits for answers still owed: a bound, so that a server far slower
 * than the keystrokes cannot hold the run for minutes.
 */
const DRAIN_MS = 60_000;

export interface TypingResult {
  readonly n: number;
  /**
   * didChange of version v → the first publishDiagnostics of version v or newer, one per timed
   * keystroke: a newer publication supersedes v's (the server may skip a version it is behind on,
   * and the author then sees the newer one). Infinity when none came within 60 s.
   */
  readonly latencies: number[];
  /** The last keystroke's didChange → diagnostics of that last version. */
  readonly catchUpMs: number;
  /** Per request, the response time (ms from its send) of each answered, uncanceled one. */
  readonly requests: Record<TypingRequest, number[]>;
  /** Per request, how many were sent and how many VS Code canceled ($/cancelRequest). */
  readonly sent: Record<TypingRequest, number>;
  readonly canceled: Record<TypingRequest, number>;
  /** The last keystroke's didChange → the preview shows the last version. */
  readonly previewCatchUpMs: number;
  /** The preview opens → its first scene is held (answered, parsed and checked). */
  readonly previewOpenMs: number;
  /** JSON bytes of each scene answer while typing (a delta, or a whole scene). */
  readonly previewBytes: number[];
  /** Requests still unanswered when the run stopped waiting (DRAIN_MS after the last keystroke's settling). */
  readonly unanswered: number;
  /** Whether the preview was open. */
  readonly preview: boolean;
  /** Mean interval between the timed keystrokes as sent (the client's timers may slip). */
  readonly keystrokeMs: number;
  readonly openMs: number;
  readonly error?: string;
}

/** What the Collide client declares in VS Code: semantic tokens by range only (client/src/semantic-tokens-ranges.ts). */
export const RANGE_TOKENS_CAPABILITIES = {
  ...VSCODE_CAPABILITIES,
  textDocument: { ...VSCODE_CAPABILITIES.textDocument, semanticTokens: { ...VSCODE_CAPABILITIES.textDocument.semanticTokens, requests: { range: true, full: false } } },
};

/** Lines on screen around the cursor; VS Code asks inlay hints for them plus a viewport above and below and 30 lines. */
const VISIBLE_LINES = 50;

/**
 * One VS Code editor on one document, with the preview open, sending what VS Code sends and
 * when (delays from microsoft/vscode; see bench/vscode-scheduling.ts for the debounce itself):
 *
 * - documentSymbol (outline, breadcrumbs): OutlineModelService's debounce, min 350
 *   (src/vs/editor/contrib/documentSymbols/browser/outlineModel.ts); a change cancels the
 *   request in flight and restarts the delay.
 * - foldingRange: FoldingController, min 200 (src/vs/editor/contrib/folding/browser/folding.ts);
 *   a change cancels the computation in flight and restarts the delay.
 * - semanticTokens/range: the Collide client asks for tokens by range only
 *   (client/src/semantic-tokens-ranges.ts), so VS Code's ViewportSemanticTokensContribution asks
 *   for the visible lines plus a viewport above and below (getVisibleRangesPlusViewportAboveBelow),
 *   debounce min 100, max 500 (src/vs/editor/contrib/semanticTokens/browser/
 *   viewportSemanticTokens.ts); a change cancels the requests in flight and restarts the delay.
 * - codeLens: CodeLensContribution, min 250, restarted by every change; the next request cancels
 *   the one in flight; then codeLens/resolve of the visible lenses after the resolve debounce
 *   (min 250), canceled by a change (src/vs/editor/contrib/codelens/browser/codelensController.ts).
 * - inlayHint for the visible range: InlayHintsController, min 25, but a change reschedules at
 *   max(delay, 1250) ("update less aggressive when typing"); the next request cancels the one in
 *   flight (src/vs/editor/contrib/inlayHints/browser/inlayHintsController.ts).
 * - codeAction at the cursor (light bulb): CodeActionOracle, 250 ms after the last cursor move or
 *   marker change, canceling the previous (src/vs/editor/contrib/codeAction/browser/codeActionModel.ts).
 * - documentHighlight and hover: not sent while typing (WordHighlighter stops on content changes
 *   and ignores cursor moves that are not explicit, src/vs/editor/contrib/wordHighlighter/browser/
 *   wordHighlighter.ts; typing hides the hover). Once the typing stops the author rests there: an
 *   explicit cursor move asks highlights after `editor.occurrencesHighlightDelay` (250) and the
 *   mouse over the number asks hover after `editor.hover.delay` (300), both in editorOptions.ts.
 * - collide/previewScene: the preview's leading-and-trailing throttle (100 ms), and while the
 *   answer's version is behind the text, again every 100 ms up to 30 times; one request at a
 *   time, a change meanwhile asking once more when it ends (client/src/preview/manager.ts and
 *   single-flight.ts, whose class this bench runs).
 */
class Editor {
  version = 1;
  line = 0;
  character = 0;
  readonly requests = Object.fromEntries(TYPING_REQUESTS.map((r) => [r, [] as number[]])) as Record<TypingRequest, number[]>;
  readonly sent = Object.fromEntries(TYPING_REQUESTS.map((r) => [r, 0])) as Record<TypingRequest, number>;
  readonly canceled = Object.fromEntries(TYPING_REQUESTS.map((r) => [r, 0])) as Record<TypingRequest, number>;
  /** When the preview first showed each version (or a newer one). */
  readonly previewShown = new Map<number, number>();
  readonly previewBytes: number[] = [];
  previewOpenedAt = NaN;
  previewFirstAt = NaN;
  /** The preview's scene as the client holds it: asked by base, deltas applied (client/src/preview/scene-sync.ts). */
  private readonly sceneSync = new SceneSync();
  recording = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  private readonly symbols = { debounce: new FeatureDebounce(350), timer: new RunOnce(() => this.runSymbols()), cts: undefined as CancellationTokenSource | undefined };
  private readonly folding = { debounce: new FeatureDebounce(200), timer: new RunOnce(() => this.runFolding()), cts: undefined as CancellationTokenSource | undefined };
  private readonly tokens = { debounce: new FeatureDebounce(100, 500), timer: new RunOnce(() => this.runTokens()), cts: undefined as CancellationTokenSource | undefined };
  private readonly lenses = {
    debounce: new FeatureDebounce(250),
    timer: new RunOnce(() => this.runCodeLens()),
    cts: undefined as CancellationTokenSource | undefined,
    resolveDebounce: new FeatureDebounce(250),
    resolveTimer: new RunOnce(() => this.runResolve()),
    resolveCts: undefined as CancellationTokenSource | undefined,
    current: [] as Lens[],
  };
  private readonly inlay = { debounce: new FeatureDebounce(25), delay: 0, timer: new RunOnce(() => this.runInlay()), cts: undefined as CancellationTokenSource | undefined };
  private readonly lightBulb = { timer: new RunOnce(() => this.runCodeAction()), cts: undefined as CancellationTokenSource | undefined };
  private readonly resting = { highlight: new RunOnce(() => this.runHighlight()), hover: new RunOnce(() => this.runHover()), cts: undefined as CancellationTokenSource | undefined };
  private readonly previewFlight = new SingleFlight(() => this.runPreview());
  private readonly preview = { throttle: new LeadingTrailingThrottle(() => void this.previewFlight.run(), 100), retry: new RunOnce(() => void this.previewFlight.run()), retries: 0, posted: -1 };

  constructor(
    private readonly server: Server,
    private readonly uri: string,
    private readonly lineCount: number,
    private previewOpen: boolean,
  ) {
    this.inlay.delay = this.inlay.debounce.get();
  }

  /** What an opened, visible editor asks at once (each feature schedules at 0 on open). */
  opened(): void {
    this.symbols.timer.schedule(0);
    this.folding.timer.schedule(0);
    this.tokens.timer.schedule(this.tokens.debounce.get());
    this.lenses.timer.schedule(0);
    this.inlay.timer.schedule(0);
    if (this.previewOpen) this.preview.throttle.trigger();
  }

  /** The author opens the preview: it asks for the scene at once (the throttle's flush). */
  openPreview(): void {
    this.previewOpen = true;
    this.previewOpenedAt = performance.now();
    this.preview.throttle.trigger();
  }

  /** A keystroke has been sent as version `version`; the cursor is after it. */
  changed(): void {
    this.symbols.cts?.cancel();
    this.symbols.timer.schedule(this.symbols.debounce.get());
    this.folding.cts?.cancel();
    this.folding.timer.schedule(this.folding.debounce.get());
    this.tokens.cts?.cancel();
    this.tokens.timer.schedule(this.tokens.debounce.get());
    this.lenses.timer.schedule(this.lenses.debounce.get());
    this.lenses.resolveTimer.cancel();
    this.lenses.resolveCts?.cancel();
    this.inlay.timer.schedule(Math.max(this.inlay.delay, 1250));
    this.cursorMoved();
    this.resting.highlight.cancel();
    this.resting.hover.cancel();
    this.resting.cts?.cancel();
    this.resting.cts = undefined;
    this.preview.retries = 0;
    if (this.previewOpen) this.preview.throttle.trigger();
  }

  /** The cursor moved (a keystroke) or the markers changed (a publication): the light bulb's timer. */
  cursorMoved(): void {
    this.lightBulb.timer.schedule(250);
  }

  /** The typing stopped: the author moves to the number and rests the mouse on it. */
  rest(): void {
    this.resting.highlight.schedule(250);
    this.resting.hover.schedule(300);
  }

  /**
   * Wait until nothing is owed or scheduled (an answer may schedule a follow-up, as code lenses
   * schedule their resolution), for at most `limitMs`; how many requests are left unanswered.
   */
  async drain(limitMs = DRAIN_MS): Promise<number> {
    const end = performance.now() + limitMs;
    while ((this.inFlight.size > 0 || this.timers().some((t) => t.isScheduled()) || this.preview.throttle.isPending()) && performance.now() < end) {
      if (this.inFlight.size > 0) await Promise.race([Promise.allSettled([...this.inFlight]), sleep(end - performance.now())]);
      else await sleep(10);
    }
    return this.inFlight.size;
  }

  private timers(): RunOnce[] {
    return [this.symbols.timer, this.folding.timer, this.tokens.timer, this.lenses.timer, this.lenses.resolveTimer, this.inlay.timer, this.lightBulb.timer, this.resting.highlight, this.resting.hover, this.preview.retry];
  }

  dispose(): void {
    for (const t of this.timers()) t.cancel();
    this.preview.throttle.cancel();
  }

  /**
   * Send a request; resolve to its answer and duration, or to undefined when it was canceled or
   * failed (VS Code drops a canceled request's answer).
   */
  private request<R>(name: TypingRequest, method: string, params: object, cts?: CancellationTokenSource): Promise<{ result: R; ms: number } | undefined> {
    const t0 = performance.now();
    const recording = this.recording;
    if (recording) this.sent[name]++;
    const p = this.server.connection.sendRequest<R>(method, params, cts?.token).then(
      (result) => {
        const ms = performance.now() - t0;
        if (cts?.token.isCancellationRequested) {
          if (recording) this.canceled[name]++;
          return undefined;
        }
        if (recording) this.requests[name].push(ms);
        return { result, ms };
      },
      () => {
        if (recording && cts?.token.isCancellationRequested) this.canceled[name]++;
        return undefined;
      },
    );
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  private get textDocument() {
    return { uri: this.uri };
  }

  private visibleRange(extra: number) {
    const top = Math.max(0, this.line - VISIBLE_LINES / 2 - extra);
    return { start: { line: top, character: 0 }, end: { line: Math.min(this.lineCount, this.line + VISIBLE_LINES / 2 + extra), character: 0 } };
  }

  private runSymbols(): void {
    const cts = (this.symbols.cts = new CancellationTokenSource());
    void this.request('documentSymbol', 'textDocument/documentSymbol', { textDocument: this.textDocument }, cts).then((r) => r && this.symbols.debounce.update(r.ms));
  }

  private runFolding(): void {
    const cts = (this.folding.cts = new CancellationTokenSource());
    void this.request('foldingRange', 'textDocument/foldingRange', { textDocument: this.textDocument }, cts).then((r) => r && this.folding.debounce.update(r.ms));
  }

  private runTokens(): void {
    // The visible lines plus a viewport above and below, one request (one editor, one range).
    const cts = (this.tokens.cts = new CancellationTokenSource());
    const range = this.visibleRange(VISIBLE_LINES);
    void this.request('semanticTokens/range', 'textDocument/semanticTokens/range', { textDocument: this.textDocument, range }, cts).then((r) => r && this.tokens.debounce.update(r.ms));
  }

  private runCodeLens(): void {
    this.lenses.cts?.cancel();
    const cts = (this.lenses.cts = new CancellationTokenSource());
    void this.request<Lens[] | null>('codeLens', 'textDocument/codeLens', { textDocument: this.textDocument }, cts).then((r) => {
      if (!r) return;
      this.lenses.debounce.update(r.ms);
      this.lenses.current = r.result ?? [];
      this.lenses.resolveTimer.schedule(this.lenses.resolveDebounce.get());
    });
  }

  private runResolve(): void {
    this.lenses.resolveCts?.cancel();
    const viewport = this.visibleRange(0);
    const visible = this.lenses.current.filter((l) => !l.command && l.range.start.line >= viewport.start.line && l.range.start.line < viewport.end.line);
    if (visible.length === 0) return;
    const cts = (this.lenses.resolveCts = new CancellationTokenSource());
    const t0 = performance.now();
    const recording = this.recording;
    // The visible lenses are resolved together; their time is the batch's, until all have titles.
    const all = Promise.all(visible.map((l) => this.server.connection.sendRequest('codeLens/resolve', l, cts.token))).then(
      () => {
        if (cts.token.isCancellationRequested) {
          if (recording) this.canceled['codeLens/resolve']++;
          return;
        }
        const ms = performance.now() - t0;
        this.lenses.resolveDebounce.update(ms);
        if (recording) this.requests['codeLens/resolve'].push(ms);
      },
      () => {
        if (recording && cts.token.isCancellationRequested) this.canceled['codeLens/resolve']++;
      },
    );
    if (recording) this.sent['codeLens/resolve']++;
    this.inFlight.add(all);
    void all.finally(() => this.inFlight.delete(all));
  }

  private runInlay(): void {
    this.inlay.cts?.cancel();
    const cts = (this.inlay.cts = new CancellationTokenSource());
    void this.request('inlayHint', 'textDocument/inlayHint', { textDocument: this.textDocument, range: this.visibleRange(VISIBLE_LINES + 30) }, cts).then((r) => {
      if (r) this.inlay.delay = this.inlay.debounce.update(r.ms);
    });
  }

  private runCodeAction(): void {
    this.lightBulb.cts?.cancel();
    const cts = (this.lightBulb.cts = new CancellationTokenSource());
    const at = (p: { line: number; character: number }) => p.line * 1e7 + p.character;
    const cursor = this.line * 1e7 + this.character;
    const diagnostics = this.server.lastDiagnostics(this.uri).filter((d) => at(d.range.start) <= cursor && cursor <= at(d.range.end));
    const position = { line: this.line, character: this.character };
    void this.request('codeAction', 'textDocument/codeAction', { textDocument: this.textDocument, range: { start: position, end: position }, context: { diagnostics, triggerKind: 2 } }, cts);
  }

  private runHighlight(): void {
    this.resting.cts ??= new CancellationTokenSource();
    void this.request('documentHighlight', 'textDocument/documentHighlight', { textDocument: this.textDocument, position: { line: this.line, character: this.character } }, this.resting.cts);
  }

  private runHover(): void {
    this.resting.cts ??= new CancellationTokenSource();
    void this.request('hover', 'textDocument/hover', { textDocument: this.textDocument, position: { line: this.line, character: this.character } }, this.resting.cts);
  }

  private async runPreview(): Promise<void> {
    this.preview.retry.cancel();
    const base = this.sceneSync.base(this.uri);
    const r = await this.request<unknown>('collide/previewScene', PREVIEW_SCENE_METHOD, base === undefined ? { uri: this.uri, bytes: true } : { uri: this.uri, base, bytes: true });
    if (!r || r.result === null) return;
    if (this.recording) this.previewBytes.push(JSON.stringify(r.result).length);
    // What the client does with the answer: check it, apply a delta to the scene held.
    const answer = this.sceneSync.accept(this.uri, r.result);
    if (answer.kind === 'refetch') {
      this.preview.retry.schedule(0);
      return;
    }
    const scene = this.sceneSync.scene;
    if (answer.kind === 'invalid' || !scene || scene.version < this.preview.posted) return;
    this.preview.posted = scene.version;
    const now = performance.now();
    if (Number.isNaN(this.previewFirstAt)) this.previewFirstAt = now;
    for (let v = scene.version; v > 0 && !this.previewShown.has(v); v--) this.previewShown.set(v, now);
    if (this.version > scene.version && this.preview.retries < 30) {
      this.preview.retries++;
      this.preview.retry.schedule(100);
    }
  }
}

interface Lens {
  readonly range: { readonly start: { readonly line: number } };
  readonly command?: unknown;
}

/** The line and character span of the first fractional digit of a body's x, from the middle of the file. */
function typingSpot(lines: readonly string[]): { line: number; character: number } {
  for (let i = Math.max(1, lines.length >> 1); i < lines.length; i++) {
    const at = lines[i]!.indexOf(' at (');
    if (at < 0) continue;
    const x = lines[i]!.slice(at + 5, lines[i]!.indexOf(',', at));
    const dot = x.indexOf('.');
    if (dot >= 0 && dot + 1 < x.length && !x.includes('e')) return { line: i, character: at + 5 + dot + 1 };
  }
  throw new Error('no body with a fractional x coordinate');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The typing case: open the scene in a VS Code-like editor with the preview open, then type
 * `keystrokes` digits into one body's x coordinate (each overwrites its first fractional digit,
 * a nudge of under one unit), one every KEYSTROKE_MS, never waiting for an answer. After each,
 * the editor sends what VS Code sends, on VS Code's delays, canceling what VS Code cancels.
 */
export async function benchTyping(scene: Scene, keystrokes: number, preview: boolean, start: () => Promise<Server>): Promise<TypingResult> {
  return typeInto(sceneText(scene), scene.n, keystrokes, preview, start);
}

/** benchTyping on a scene's text (`n` bodies), for a page that is given the text. */
export async function typeInto(text: string, n: number, keystrokes: number, preview: boolean, start: () => Promise<Server>): Promise<TypingResult> {
  // Never read: the document is sent whole with didOpen.
  const uri = `file:///collide-bench/typing-${n}.collide`;
  const server = await start();
  const lines = text.split('\n');
  // The preview opens after the warm-up keystrokes, so that they warm the server up rather than
  // pile up a backlog of scenes before the timed ones.
  const editor = new Editor(server, uri, lines.length, false);
  const latencies: number[] = [];
  const sentAt: number[] = [];
  const empty = { latencies, catchUpMs: NaN, previewCatchUpMs: NaN, previewOpenMs: NaN, previewBytes: [], keystrokeMs: NaN, openMs: NaN, unanswered: NaN, preview };
  try {
    const openMs = await openDocument(server, uri, text);
    const spot = typingSpot(lines);
    editor.line = spot.line;
    editor.character = spot.character + 1;
    editor.opened();
    await sleep(SETTLE_MS);
    await editor.drain();

    let digit = Number(lines[spot.line]![spot.character]);
    const type = async (version: number, timed: boolean) => {
      digit = (digit + 3) % 10;
      const done = server.waitForDiagnostics(uri, version);
      const start = performance.now();
      if (timed) sentAt.push(start);
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: spot, end: { line: spot.line, character: spot.character + 1 } }, text: String(digit) }],
      });
      editor.version = version;
      editor.changed();
      return done.then(
        () => {
          if (timed) latencies.push(performance.now() - start);
          editor.cursorMoved(); // the markers changed
          return performance.now() - start;
        },
        // No publication within waitForDiagnostics' 60 s: counted as never.
        () => {
          if (timed) latencies.push(Infinity);
          return Infinity;
        },
      );
    };

    let version = 1;
    const warm: Promise<number>[] = [];
    const w0 = performance.now();
    for (let e = 0; e < WARMUP_KEYSTROKES; e++) {
      await sleep(w0 + e * KEYSTROKE_MS - performance.now());
      warm.push(type(++version, false));
    }
    await Promise.all(warm);
    await sleep(SETTLE_MS);
    await editor.drain();
    if (preview) {
      editor.openPreview();
      await sleep(SETTLE_MS);
      await editor.drain();
    }

    editor.recording = true;
    const typed: Promise<number>[] = [];
    const s0 = performance.now();
    for (let e = 0; e < keystrokes; e++) {
      await sleep(s0 + e * KEYSTROKE_MS - performance.now());
      typed.push(type(++version, true));
    }
    const lastSent = sentAt[sentAt.length - 1]!;
    const catchUpMs = await typed[typed.length - 1]!;
    await Promise.all(typed);
    editor.rest();
    await sleep(SETTLE_MS);
    while (preview && !editor.previewShown.has(version) && performance.now() - lastSent < DRAIN_MS) await sleep(50);
    const unanswered = await editor.drain();
    editor.dispose();
    const previewAt = editor.previewShown.get(version);
    return {
      n,
      latencies,
      catchUpMs,
      requests: editor.requests,
      sent: editor.sent,
      canceled: editor.canceled,
      previewCatchUpMs: previewAt === undefined ? NaN : previewAt - lastSent,
      previewOpenMs: editor.previewFirstAt - editor.previewOpenedAt,
      previewBytes: editor.previewBytes,
      unanswered,
      preview,
      keystrokeMs: (lastSent - sentAt[0]!) / Math.max(1, sentAt.length - 1),
      openMs,
    };
  } catch (e) {
    editor.dispose();
    return { n, ...empty, requests: editor.requests, sent: editor.sent, canceled: editor.canceled, error: (e as Error).message };
  } finally {
    await server.close();
  }
}
