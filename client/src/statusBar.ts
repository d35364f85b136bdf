// The status-bar summary of the active scene: how many overlaps and how many tunnelling bodies
// it has. It is computed from the diagnostics the server already publishes (source "Collide",
// codes `overlap` / `tunnelling`), so it needs no custom protocol and honours the user's
// severity settings: a code set to `off` is not published and so is not counted.
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { LANGUAGE_ID } from './languageClient';

export interface FindingCounts {
  /** Overlap diagnostics: one per overlapping pair. */
  overlaps: number;
  /** Distinct bodies carrying a tunnelling diagnostic (its range is the tunnelling body's name). */
  tunnelling: number;
}

function codeOf(d: vscode.Diagnostic): string | undefined {
  const c = d.code;
  if (c === undefined) return undefined;
  return typeof c === 'object' ? String(c.value) : String(c);
}

export function countFindings(diagnostics: readonly vscode.Diagnostic[]): FindingCounts {
  let overlaps = 0;
  const tunnelling = new Set<string>();
  for (const d of diagnostics) {
    if (d.source?.toLowerCase() !== 'collide') continue;
    const code = codeOf(d);
    if (code === 'overlap') overlaps++;
    else if (code === 'tunnelling') tunnelling.add(`${d.range.start.line}:${d.range.start.character}`);
  }
  return { overlaps, tunnelling: tunnelling.size };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * `client` undefined means there is no server bundle; while the client is not running the item
 * says so instead of showing a reassuring but meaningless zero.
 */
export function registerStatusBar(context: vscode.ExtensionContext, client: LanguageClient | undefined): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('collide.findings', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Collide Findings';
  item.command = 'workbench.actions.view.problems';

  const update = () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== LANGUAGE_ID) {
      item.hide();
      return;
    }
    if (!client || client.state === State.Stopped) {
      item.text = '$(error) Collide: no language server';
      item.tooltip = 'The Collide language server is not running, so the scene is not checked. Click to see its output.';
      item.command = 'collide.showOutput';
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      item.show();
      return;
    }
    item.command = 'workbench.actions.view.problems';
    if (client.state === State.Starting) {
      item.text = '$(sync~spin) Collide';
      item.tooltip = 'The Collide language server is starting.';
      item.backgroundColor = undefined;
      item.show();
      return;
    }
    const { overlaps, tunnelling } = countFindings(vscode.languages.getDiagnostics(doc.uri));
    const clean = overlaps === 0 && tunnelling === 0;
    item.text = clean ? '$(check) Collide: no overlaps' : `$(warning) ${plural(overlaps, 'overlap', 'overlaps')}, ${plural(tunnelling, 'tunnelling body', 'tunnelling bodies')}`;
    item.tooltip = clean
      ? 'No overlapping pairs and no tunnelling bodies in this scene. Click to open the Problems panel.'
      : `${plural(overlaps, 'overlapping pair', 'overlapping pairs')} and ${plural(tunnelling, 'body that tunnels', 'bodies that tunnel')} in this scene. Click to open the Problems panel.`;
    item.backgroundColor = clean ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    item.show();
  };

  context.subscriptions.push(
    item,
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((u) => u.toString() === active)) update();
    }),
    ...(client ? [client.onDidChangeState(update)] : []),
    vscode.workspace.onDidOpenTextDocument((d) => {
      if (d === vscode.window.activeTextEditor?.document) update();
    }),
  );
  update();
  return item;
}
