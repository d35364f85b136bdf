import type { TextRange } from '../common/diagnostic';
import { occurrencesOf, referencesTo, symbolAt } from '../semantics/symbols';
import type { AnalyzedDocument } from './document';

/**
 * Find references: every use of the symbol under the cursor, in this document, with its
 * definition when asked for (includeDeclaration).
 */
export function references(doc: AnalyzedDocument, offset: number, includeDeclaration: boolean): TextRange[] {
  const table = doc.analysis.semantics.symbols;
  const s = symbolAt(table, offset);
  if (!s) return [];
  return includeDeclaration ? occurrencesOf(table, s.definition) : referencesTo(table, s.definition).map((r) => r.range);
}
