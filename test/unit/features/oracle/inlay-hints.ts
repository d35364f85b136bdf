import type { TextRange } from '../../../../server/src/common/diagnostic';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { inlayHintsOver, type Hint } from '../../../../server/src/features/inlay-hints';
import { wholeValues } from './values';

/** Inlay hints' look-up as of 576ff7e: every value of the table, for a range as for the file. */
export function inlayHints(doc: AnalyzedDocument, range?: TextRange): Hint[] {
  return inlayHintsOver(doc, range, [wholeValues(doc)]);
}
