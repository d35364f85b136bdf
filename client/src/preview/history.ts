// Undo and redo from the preview, in the scene's text.
import * as vscode from 'vscode';

/** Sends of an undo or redo while the document stays as it was. */
const ATTEMPTS = 3;

/**
 * Runs VS Code's `undo` or `redo` on `doc`'s text. The commands act on the focused editor, so the
 * text's editor is focused for them. A webview learns of its own focus by messages from its
 * frame, so after a quick undo before, the preview may still count as focused and take the
 * command: the document's version tells (VS Code sends an edit's change before the command's
 * answer), and the command goes again.
 */
export async function runHistory(doc: vscode.TextDocument, action: 'undo' | 'redo', stopped: () => boolean): Promise<void> {
  const before = doc.version;
  for (let attempt = 0; attempt < ATTEMPTS && doc.version === before && !stopped(); attempt++) {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === doc);
    await vscode.window.showTextDocument(doc, { viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One, preserveFocus: false });
    await vscode.commands.executeCommand(action);
  }
}
