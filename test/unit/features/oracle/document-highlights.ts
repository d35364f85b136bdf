import { DocumentHighlightKind, type DocumentHighlight } from 'vscode-languageserver';
import { occurrencesOf, symbolAt } from '../../../../server/src/semantics/symbols';
import { toRange } from '../../../../server/src/features/convert';
import type { AnalyzedDocument } from '../../../../server/src/features/document';

/**
 * Document highlights (issue 6, item 6): every occurrence of the symbol under the cursor;
 * definitions are marked as writes, uses as reads.
 */
export function documentHighlights(doc: AnalyzedDocument, offset: number): DocumentHighlight[] {
  const table = doc.analysis.semantics.symbols;
  const s = symbolAt(table, offset);
  if (!s) return [];
  const definitionStarts = new Set(table.definitions.map((d) => d.nameRange.start));
  return occurrencesOf(table, s.definition).map((r) => ({
    range: toRange(doc.lines, r),
    kind: definitionStarts.has(r.start) ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}
