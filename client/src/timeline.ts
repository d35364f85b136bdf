import type * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';

/**
 * The extension host's side of the message timeline (server/src/node/message-timeline.ts): with
 * `COLLIDE_TIMELINE=FILE` in the desktop extension host's environment, the client appends to
 * FILE.client (node/timeline-file.ts, which calls startTimeline) one tab-separated line per
 * event, on the same epoch clock:
 *
 *   epoch-ms  event  feature  version  ms
 *
 * `didChange` when the client is about to send a change; `diagnostics` when a publication
 * reaches the middleware (converted, before the collection is set); `request` when the editor
 * asks a provider and `answer` when the provider's promise settles, with the time between (send,
 * the server's work, the transfer and the conversion). The preview's lines have the feature
 * `preview`: `previewPanel` when a panel is made and `previewHtml` when its page is set,
 * `previewRequest` (with the base version asked from), `previewAnswer`,
 * `previewAccepted` (with what the answer was) and `previewPosted` (with the message's type, and
 * the version it brings in the last column). Off, none of this runs.
 */
let out: ((line: string) => void) | undefined;
const now = () => performance.timeOrigin + performance.now();

/** Turns the timeline on, each line going to `write`; before the language client is made. */
export function startTimeline(write: (line: string) => void): void {
  out = write;
}

/** One line of the client's timeline (above), or nothing when it is off. */
export function timelineMark(event: string, feature: string, version: number | string, ms = ''): void {
  if (out) out(`${now().toFixed(2)}\t${event}\t${feature}\t${version}\t${ms}\n`);
}
const line = timelineMark;

/** The client's middleware with each feature's request timed, when the timeline is on. */
export function timelineMiddleware(inner: Middleware): Middleware {
  if (!out) return inner;
  const timed = <R>(feature: string, document: vscode.TextDocument, run: () => R): R => {
    const t0 = now();
    const version = document.version;
    line('request', feature, version, '');
    const settle = () => line('answer', feature, version, (now() - t0).toFixed(1));
    const r = run();
    if (r && typeof (r as { then?: unknown }).then === 'function') {
      (r as unknown as Promise<unknown>).then(settle, settle);
    } else settle();
    return r;
  };
  return {
    ...inner,
    handleDiagnostics: (uri, diagnostics, next) => {
      line('diagnostics', uri.toString(), '', String(diagnostics.length));
      (inner.handleDiagnostics ?? ((u, d, n) => n(u, d)))(uri, diagnostics, next);
    },
    didChange: (event, next) => {
      line('didChange', event.document.uri.toString(), event.document.version, '');
      return (inner.didChange ?? ((e, n) => n(e)))(event, next);
    },
    provideDocumentSymbols: (d, t, next) => timed('documentSymbol', d, () => next(d, t)),
    provideCodeLenses: (d, t, next) => timed('codeLens', d, () => next(d, t)),
    provideFoldingRanges: (d, c, t, next) => timed('foldingRange', d, () => next(d, c, t)),
    provideDocumentSemanticTokens: (d, t, next) => timed('semanticTokens', d, () => next(d, t)),
    provideDocumentSemanticTokensEdits: (d, id, t, next) => timed('semanticTokens/delta', d, () => next(d, id, t)),
    provideInlayHints: (d, r, t, next) => timed('inlayHint', d, () => next(d, r, t)),
    provideCodeActions: (d, r, c, t, next) => timed('codeAction', d, () => next(d, r, c, t)),
    provideDocumentHighlights: (d, p, t, next) => timed('documentHighlight', d, () => next(d, p, t)),
    provideHover: (d, p, t, next) => timed('hover', d, () => next(d, p, t)),
  };
}
