import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { MORE, walkBack, type ActiveParameter } from '../../../../server/src/features/signature-help';

/** Signature help's look-up as of 576ff7e: the walk back over the whole file's tokens. */
export function signatureHelp(doc: AnalyzedDocument, offset: number): ActiveParameter | null {
  const found = walkBack(doc.analysis.parse.tokens, offset, true);
  // A walk over tokens from the text's start never asks for more.
  if (found === MORE) throw new Error('walkBack asked for tokens before the text');
  return found;
}
