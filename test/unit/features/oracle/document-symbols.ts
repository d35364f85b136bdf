import type { DocumentSymbol } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { documentSymbolsOf } from '../../../../server/src/features/document-symbols';
import { treeStatements } from './tree-statements';

/** The outline's look-up as of 576ff7e: the statements of the whole file's tree. */
export function documentSymbols(doc: AnalyzedDocument): DocumentSymbol[] {
  return documentSymbolsOf(doc, treeStatements(doc.analysis.parse.file.statements));
}
