import type { Location } from 'vscode-languageserver-types';
import { occurrencesOf, referencesTo, symbolAt } from '../semantics/symbols';
import { toRange } from './convert';
import type { AnalyzedDocument } from './document';

/**
 * Find references (issue 6, item 6): every use of the symbol under the cursor, with its
 * definition when the client asks for it (includeDeclaration).
 */
export function references(doc: AnalyzedDocument, offset: number, includeDeclaration: boolean): Location[] {
  const table = doc.analysis.semantics.symbols;
  const s = symbolAt(table, offset);
  if (!s) return [];
  const ranges = includeDeclaration ? occurrencesOf(table, s.definition) : referencesTo(table, s.definition).map((r) => r.range);
  return ranges.map((r) => ({ uri: doc.uri, range: toRange(doc.lines, r) }));
}
