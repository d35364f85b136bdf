import type { Hover } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { hoverWith, type HoverSyntax } from '../../../../server/src/features/hover';

/** Hover's look-ups as of 576ff7e: the whole file's tokens, and the value table from its start. */
const WHOLE_FILE: HoverSyntax = {
  tokensAt: (doc) => doc.analysis.parse.tokens,
  firstValueAt: () => 0,
};

export function hover(doc: AnalyzedDocument, offset: number): Hover | null {
  return hoverWith(doc, offset, WHOLE_FILE);
}
