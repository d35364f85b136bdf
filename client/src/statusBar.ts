// The status-bar summary of the active scene: how many overlaps and how many tunnelling bodies
// it has. It is computed from the diagnostics the server already publishes (source "Collide",
// codes `overlap` / `tunnelling`), so it needs no custom protocol and honors the user's
// severity settings: a code set to `off` is not published and so is not counted. A file with
// more problems than `collide.diagnostics.limit` publishes only part of them, and a note whose
// data counts the whole list (server/src/lsp/publish/diagnostic-limit.ts): then its counts are used.
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { DIAGNOSTIC_SOURCE, PROBLEM_LIMIT_CODE, type ProblemLimitData } from '../../protocol/lsp';
import type { CheckedDocuments } from './checkedDocuments';
import { isSceneOrLevel } from './levels';
import { mostSevere, summaryIcon } from './severity-summary';

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

/**
 * The whole list's counts from the limit's note, when it is one with them: the language client
 * keeps a diagnostic's `data` on the object it hands VS Code (its ProtocolDiagnostic).
 */
function limitCounts(d: vscode.Diagnostic): FindingCounts | undefined {
  const data = (d as { data?: unknown }).data as Partial<ProblemLimitData> | undefined;
  if (!data || typeof data.overlaps !== 'number' || typeof data.tunnellingBodies !== 'number') return undefined;
  return { overlaps: data.overlaps, tunnelling: data.tunnellingBodies };
}

export function countFindings(diagnostics: readonly vscode.Diagnostic[]): FindingCounts {
  let overlaps = 0;
  const tunnelling = new Set<string>();
  for (const d of diagnostics) {
    if (d.source?.toLowerCase() !== DIAGNOSTIC_SOURCE) continue;
    const code = codeOf(d);
    if (code === PROBLEM_LIMIT_CODE) {
      const whole = limitCounts(d);
      if (whole) return whole;
    }
    if (code === 'overlap') overlaps++;
    else if (code === 'tunnelling') tunnelling.add(`${d.range.start.line}:${d.range.start.character}`);
  }
  return { overlaps, tunnelling: tunnelling.size };
}

/** The most severe of the counted diagnostics (`overlap`, `tunnelling`) of ours. */
function countedSeverity(diagnostics: readonly vscode.Diagnostic[]): ReturnType<typeof mostSevere> {
  const severities: number[] = [];
  for (const d of diagnostics) {
    if (d.source?.toLowerCase() !== DIAGNOSTIC_SOURCE) continue;
    const code = codeOf(d);
    if (code === 'overlap' || code === 'tunnelling') severities.push(d.severity);
  }
  return mostSevere(severities);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface StatusBarSummary {
  /** What the item shows now (codicons included), or '' while it is hidden. */
  shownText(): string;
}

/**
 * `client` undefined means there is no server bundle; while the client is not running, or the
 * server has not yet checked the active scene, the item says so instead of showing a reassuring
 * but meaningless zero.
 */
export function registerStatusBar(context: vscode.ExtensionContext, client: BaseLanguageClient | undefined, checked: CheckedDocuments): StatusBarSummary {
  const item = vscode.window.createStatusBarItem('collide.findings', vscode.StatusBarAlignment.Left, 50);
  let shown = false;
  item.name = 'Collide Findings';

  // Each change of the item is a message to the workbench, sent from a timer of its own, which
  // leaves in the same write as the diagnostics only when it is set before they are: so the item
  // is updated at the publish (CheckedDocuments fires before the list is set), from the list
  // published, not on VS Code's diagnostics event after it, and not when its counts stay.
  let presented = '';
  const present = (text: string, tooltip: string, background?: string, command = 'workbench.actions.view.problems') => {
    const key = JSON.stringify([text, tooltip, background, command]);
    if (shown && key === presented) return;
    presented = key;
    item.text = text;
    item.tooltip = tooltip;
    item.command = command;
    item.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
    shown = true;
    item.show();
  };

  const update = () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!isSceneOrLevel(doc, checked)) {
      shown = false;
      item.hide();
      return;
    }
    const diagnostics = checked.diagnostics(doc.uri);
    if (!client || client.state === State.Stopped) {
      present(
        '$(error) Collide: no language server',
        'The Collide language server is not running, so the scene is not checked. Click to see its output.',
        'statusBarItem.errorBackground',
        'collide.showOutput',
      );
    } else if (client.state === State.Starting) {
      present('$(sync~spin) Collide', 'The Collide language server is starting.');
    } else if (!diagnostics) {
      present('$(sync~spin) Collide: checking', 'The Collide language server is checking this scene.');
    } else {
      const { overlaps, tunnelling } = countFindings(diagnostics);
      if (overlaps === 0 && tunnelling === 0) {
        present('$(check) Collide: no overlaps', 'No overlapping pairs and no tunnelling bodies in this scene. Click to open the Problems panel.');
      } else {
        // The icon and background of the most severe counted finding, as its lens and list show it.
        const severity = countedSeverity(diagnostics);
        present(
          `${summaryIcon(severity)} ${plural(overlaps, 'overlap', 'overlaps')}, ${plural(tunnelling, 'tunnelling body', 'tunnelling bodies')}`,
          `${plural(overlaps, 'overlapping pair', 'overlapping pairs')} and ${plural(tunnelling, 'body that tunnels', 'bodies that tunnel')} in this scene. Click to open the Problems panel.`,
          severity === 'error' ? 'statusBarItem.errorBackground' : severity === 'information' || severity === 'hint' ? undefined : 'statusBarItem.warningBackground',
        );
      }
    }
  };

  context.subscriptions.push(
    item,
    vscode.window.onDidChangeActiveTextEditor(update),
    checked.onDidCheck((uri) => {
      if (uri.toString() === vscode.window.activeTextEditor?.document.uri.toString()) update();
    }),
    ...(client
      ? [
          client.onDidChangeState((e) => {
            if (e.newState !== State.Running) checked.clear();
            update();
          }),
        ]
      : []),
    vscode.workspace.onDidOpenTextDocument((d) => {
      if (d === vscode.window.activeTextEditor?.document) update();
    }),
  );
  update();
  return { shownText: () => (shown ? item.text : '') };
}
