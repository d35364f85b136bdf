import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { isWhatIfResult, WHAT_IF_METHOD, type WhatIfParams, type WhatIfResult } from '../../../protocol/preview-lsp';
import type { HostToWebview } from '../../../protocol/preview-messages';
import { applyOffsetEdits } from './apply-edits';

/**
 * The host's side of the preview's "what if" control (webview/src/ui/what-if.ts): asks the
 * server (collide/whatIf) and hands the answer to the webview; keeps the last answer, whose
 * edits (dt and frames) "Apply" writes as one WorkspaceEdit, one undo step, only into the
 * version the answer is for.
 */
export class WhatIfHost {
  private last: WhatIfResult | null = null;
  /** The request under way: a newer ask cancels it (the server drops a canceled run between slices). */
  private pending: vscode.CancellationTokenSource | null = null;

  constructor(
    private readonly client: BaseLanguageClient | undefined,
    private readonly document: () => vscode.TextDocument | undefined,
    private readonly post: (m: HostToWebview) => void,
  ) {}

  async ask(version: number, substeps: number): Promise<void> {
    const doc = this.document();
    if (!doc || !this.client?.isRunning() || doc.version !== version) return;
    const params: WhatIfParams = { textDocument: { uri: doc.uri.toString() }, substeps };
    this.pending?.cancel();
    const pending = new vscode.CancellationTokenSource();
    this.pending = pending;
    const token = pending.token;
    let result: unknown;
    try {
      result = await this.client.sendRequest(WHAT_IF_METHOD, params, token);
    } catch (e) {
      if (!token.isCancellationRequested) this.client.error(`Collide preview: ${WHAT_IF_METHOD} failed`, e, false);
      return;
    } finally {
      if (this.pending === pending) this.pending = null;
      pending.dispose();
    }
    if (token.isCancellationRequested) return;
    if (!isWhatIfResult(result) || result.uri !== doc.uri.toString()) return;
    this.last = result;
    this.post({ type: 'whatIf', result });
  }

  async apply(version: number, substeps: number): Promise<boolean> {
    const doc = this.document();
    const r = this.last;
    if (!doc || !r || r.version !== version || r.substeps !== substeps || doc.version !== version || r.edits.length === 0) return false;
    return applyOffsetEdits(doc, r.edits);
  }
}
