import * as vscode from 'vscode';
import type { OffsetEdit } from './edits';

/** Offsets of `doc`'s text replaced as one WorkspaceEdit: one undo step. False when VS Code did not apply it. */
export function applyOffsetEdits(doc: vscode.TextDocument, edits: readonly OffsetEdit[]): Thenable<boolean> {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(doc.uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text);
  return vscode.workspace.applyEdit(edit);
}
