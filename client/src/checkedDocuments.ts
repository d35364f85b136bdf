// Which open documents the server has checked at least once. VS Code cannot tell "no
// diagnostics yet" from "checked and clean" (both are an empty list), so the status bar asks this
// instead of showing "no overlaps" for a scene that simply has not been analyzed yet.
// It also holds the list published last, so that a listener of a publish reads the new list
// before VS Code has it: `onDidCheck` fires before the list is set in the collections.
import * as vscode from 'vscode';

export class CheckedDocuments implements vscode.Disposable {
  private readonly lists = new Map<string, readonly vscode.Diagnostic[]>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  /** Fires at the first (and every later) publish for an open document, before it is set. */
  readonly onDidCheck = this.emitter.event;

  has(uri: vscode.Uri): boolean {
    return this.lists.has(uri.toString());
  }

  /** The diagnostics the server published last for `uri`, if it has checked it. */
  diagnostics(uri: vscode.Uri): readonly vscode.Diagnostic[] | undefined {
    return this.lists.get(uri.toString());
  }

  /**
   * Records a publish. The server's empty publish for a document it has just closed arrives after
   * the close, so a publish for a document that is no longer open is not recorded.
   */
  published(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
    const key = uri.toString();
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) return;
    this.lists.set(key, diagnostics);
    this.emitter.fire(uri);
  }

  closed(uri: vscode.Uri): void {
    this.lists.delete(uri.toString());
  }

  /** After a server restart nothing is checked until the new server publishes again. */
  clear(): void {
    this.lists.clear();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
