import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, TextRange } from '../common/diagnostic';
import { replace } from './convert';
import { limitedList } from './publish/diagnostic-limit';
import { effectiveSeverity, plainDiagnosticOf, toLspDiagnostic } from './diagnostics';
import type { AnalyzedDocument } from '../features/document';
import { quickFixes, type QuickFix } from '../features/quick-fixes';

/**
 * Code actions: the quick fixes for the diagnostics in the request's context,
 * each carrying the diagnostic it fixes so the editor shows it in the light bulb of that problem.
 * Clients that send no context diagnostics (some do not) get the fixes for every diagnostic of
 * ours that touches the range, and so do the problems a file over the diagnostics limit did not
 * publish. `fixes` makes a diagnostic's fixes (a level's are its own, lsp/level-features.ts).
 */
export function codeActions(
  doc: AnalyzedDocument,
  range: TextRange,
  context: { readonly diagnostics: readonly LspDiagnostic[]; readonly only?: readonly string[] },
  fixes: (d: Diagnostic) => readonly QuickFix[] = (d) => quickFixes(doc, d),
): CodeAction[] {
  if (context.only && !context.only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty)) return [];
  const pairs: { plain: Diagnostic; lsp: LspDiagnostic }[] = [];
  for (const lsp of context.diagnostics) {
    const plain = plainDiagnosticOf(doc, lsp);
    if (plain) pairs.push({ plain, lsp });
  }
  // The editor sends back only diagnostics it was sent: a file over collide.diagnostics.limit
  // publishes part of its problems (publish/diagnostic-limit.ts), and those left out of the range are
  // fixed as if it had sent them (else a problem sharing its place with a published one had none).
  const sent = context.diagnostics.length === 0 ? null : limitedList(doc);
  if (context.diagnostics.length === 0 || sent !== null) {
    // A stale editor may have sent one of them (its version's list was cut elsewhere): once.
    const skip = sent === null ? null : new Set<Diagnostic>([...sent, ...pairs.map((p) => p.plain)]);
    for (const d of doc.analysis.diagnostics) {
      if (skip?.has(d)) continue;
      // Read once: a finding's diagnostic makes its range on each read (analysis/finding-diagnostic.ts).
      const at = d.range;
      if (at.start > range.end || at.end < range.start) continue;
      const severity = effectiveSeverity(doc, d);
      if (severity !== null) pairs.push({ plain: d, lsp: toLspDiagnostic(doc, d, severity) });
    }
  }
  const actions: CodeAction[] = [];
  for (const { plain, lsp } of pairs) {
    for (const fix of fixes(plain)) {
      const action: CodeAction = {
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [lsp],
        edit: { changes: { [doc.uri]: fix.edits.map((e) => replace(doc.lines, e.range, e.newText)) } },
      };
      if (fix.isPreferred) action.isPreferred = true;
      actions.push(action);
    }
  }
  return actions;
}
