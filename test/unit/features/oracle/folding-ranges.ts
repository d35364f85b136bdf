import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { foldingRangesOf, type Fold } from '../../../../server/src/features/folding-ranges';
import { treeStatements } from './tree-statements';

/** Folding's look-ups as of 576ff7e: the whole file's tree for statements, its lex for comments. */
export function foldingRanges(doc: AnalyzedDocument): Fold[] {
  const { file, comments } = doc.analysis.parse;
  return foldingRangesOf(doc, treeStatements(file.statements), comments);
}
