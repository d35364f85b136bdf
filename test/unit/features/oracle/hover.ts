import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { hoverWith, type HoverSyntax, type HoverText } from '../../../../server/src/features/hover';
import { wholeValues } from './values';

/** Hover's look-ups as of 576ff7e: the whole file's tokens, and the whole value table. */
const WHOLE_FILE: HoverSyntax = {
  tokensAt: (doc) => doc.analysis.parse.tokens,
  valuesAt: (doc) => wholeValues(doc),
};

export function hover(doc: AnalyzedDocument, offset: number): HoverText | null {
  return hoverWith(doc, offset, WHOLE_FILE);
}
