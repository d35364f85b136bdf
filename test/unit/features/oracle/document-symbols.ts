import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { outlineOf, type OutlineEntry } from '../../../../server/src/features/document-symbols';
import { treeStatements } from './tree-statements';

/** The outline's look-up as of 576ff7e: the statements of the whole file's tree. */
export function outline(doc: AnalyzedDocument): OutlineEntry[] {
  return outlineOf(doc, treeStatements(doc.analysis.parse.file.statements));
}
