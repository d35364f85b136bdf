import type { CodeAction, Diagnostic as LspDiagnostic, Hover } from 'vscode-languageserver';
import type { TextRange } from '../common/diagnostic';
import { levelHover } from '../features/level-hover';
import { levelQuickFixes } from '../features/level-quick-fixes';
import { codeActions } from './code-actions';
import type { AnalyzedLevel } from './level-documents';

/**
 * The requests a level answers (every other one answers empty there: lsp/server.ts): hover on a
 * body's node or object, and the quick fixes that move a body by editing the level file. Offsets
 * are the level file's, converted with its own line index.
 */
export function levelHoverOf(level: AnalyzedLevel, offset: number): Hover | null {
  const h = levelHover(level.level, offset);
  return h ? { contents: { kind: 'markdown', value: h.markdown }, range: level.view.lines.rangeOf(h.range) } : null;
}

export function levelCodeActions(
  level: AnalyzedLevel,
  range: TextRange,
  context: { readonly diagnostics: readonly LspDiagnostic[]; readonly only?: readonly string[] },
): CodeAction[] {
  return codeActions(level.view, range, context, (d) => levelQuickFixes(level.level, level.lowered, d));
}
