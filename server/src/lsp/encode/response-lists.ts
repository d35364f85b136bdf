import type { CodeLens, DocumentSymbol, SymbolInformation } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../../features/document';
import { forEachOutlineEntry } from '../../features/document-symbols';
import { forEachCodeLensStub } from '../code-lens';
import { symbolInformation, toDocumentSymbol } from '../document-symbols';
import { encodeJsonList, type EncodedJsonList } from './encoded-json-list';

/**
 * The results that grow with the document and are asked for after every edit, as the response's
 * JSON bytes (encoded-json-list.ts): each element is serialised as the feature finds it, so the
 * handler never holds a large scene's elements as objects, and the bytes are JSON.stringify's of
 * the feature's list.
 */

/** The outline: `documentSymbols(doc)`, or `symbolInformation` of each for a client without hierarchical symbols. */
export function encodedDocumentSymbols(doc: AnalyzedDocument, hierarchical: boolean): EncodedJsonList {
  if (hierarchical) return encodeJsonList<DocumentSymbol>((emit) => forEachOutlineEntry(doc, (e) => emit(toDocumentSymbol(doc.lines, e))));
  return encodeJsonList<SymbolInformation>((emit) => forEachOutlineEntry(doc, (e) => emit(symbolInformation(doc.uri, toDocumentSymbol(doc.lines, e)))));
}

/** The code lenses without their commands: `codeLensStubs(doc, document, generation)`. */
export function encodedCodeLensStubs(doc: AnalyzedDocument, document: number, generation = 0): EncodedJsonList {
  return encodeJsonList<CodeLens>((emit) => forEachCodeLensStub(doc, document, generation, emit));
}
