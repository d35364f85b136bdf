// Which open documents the server has checked at least once. VS Code cannot tell "no
// diagnostics yet" from "checked and clean" (both are an empty list), so the status bar asks this
// instead of showing "no overlaps" for a scene that simply has not been analyzed yet.
import * as vscode from 'vscode';

export class CheckedDocuments implements vscode.Disposable {
  private readonly uris = new Set<string>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after the first (and every later) publish for an open document. */
  readonly onDidCheck = this.emitter.event;

  has(uri: vscode.Uri): boolean {
    return this.uris.has(uri.toString());
  }

  /**
   * Records a publish. The server's empty publish for a document it has just closed arrives after
   * the close, so a publish for a document that is no longer open is not recorded.
   */
  published(uri: vscode.Uri): void {
    const key = uri.toString();
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) return;
    this.uris.add(key);
    this.emitter.fire(uri);
  }

  closed(uri: vscode.Uri): void {
    this.uris.delete(uri.toString());
  }

  /** After a server restart nothing is checked until the new server publishes again. */
  clear(): void {
    this.uris.clear();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
