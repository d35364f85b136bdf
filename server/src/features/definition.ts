import type { Location } from 'vscode-languageserver-types';
import { symbolAt } from '../semantics/symbols';
import { toRange } from './convert';
import type { AnalyzedDocument } from './document';

/** Go to definition (issue 6, item 6): from a reference (or a definition) to the first definition. */
export function definition(doc: AnalyzedDocument, offset: number): Location | null {
  const s = symbolAt(doc.analysis.semantics.symbols, offset);
  if (!s) return null;
  return { uri: doc.uri, range: toRange(doc.lines, s.definition.nameRange) };
}
