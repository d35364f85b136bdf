import type { TextRange } from '../common/diagnostic';
import { symbolAt } from '../semantics/symbols';
import type { AnalyzedDocument } from './document';

/** Go to definition: from a reference (or a definition) to the name of the first definition, in this document. */
export function definition(doc: AnalyzedDocument, offset: number): TextRange | null {
  const s = symbolAt(doc.analysis.semantics.symbols, offset);
  return s ? s.definition.nameRange : null;
}
