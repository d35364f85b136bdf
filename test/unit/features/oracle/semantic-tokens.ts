import type { TextRange } from '../../../../server/src/common/diagnostic';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { semanticTokensOf, type EncodedTokens } from '../../../../server/src/features/semantic-tokens';

/** Semantic tokens' look-ups as of 576ff7e: the whole symbol table, and a walk of the file's tree. */
export function semanticTokens(doc: AnalyzedDocument, range?: TextRange): EncodedTokens {
  const { definitions, references } = doc.analysis.semantics.symbols;
  const slices = { d0: 0, d1: definitions.length, r0: 0, r1: references.length };
  return semanticTokensOf(doc, range, slices, (visit) => visit(doc.analysis.parse.file));
}
