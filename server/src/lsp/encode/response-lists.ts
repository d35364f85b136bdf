import type { AnalyzedDocument } from '../../features/document';
import { forEachOutlineEntry } from '../../features/document-symbols';
import { forEachCodeLensStub } from '../code-lens';
import { toDocumentSymbol, toSymbolInformation } from '../document-symbols';
import type { EncodedJsonList } from './encoded-json-list';
import { encodeJsonList } from './json-bytes';
import { arrayOf, number, optional, record, shared, string } from './json-shape';

/**
 * The results that grow with the document and are asked for after every edit, as the response's
 * JSON bytes (encoded-json-list.ts): each element is serialized as the feature finds it, so the
 * handler never holds a large scene's elements as objects, and the bytes are JSON.stringify's of
 * the feature's list. The shapes below are the records' keys in the order their builders
 * (document-symbols.ts, code-lens.ts) create them.
 */

const position = record({ line: number, character: number });
const range = record({ start: position, end: position });

/** The shapes of the elements of the lists below; a body's lenses share their range object. */
export const RESPONSE_SHAPES = {
  documentSymbol: record({ name: string, detail: optional(string), kind: number, range, selectionRange: range }),
  symbolInformation: record({ name: string, kind: number, location: record({ uri: shared(string), range }) }),
  codeLensStub: record({ range: shared(range), data: arrayOf(number) }),
};

/** The outline: `documentSymbols(doc)`, or `symbolInformation` of each for a client without hierarchical symbols. */
export function encodedDocumentSymbols(doc: AnalyzedDocument, hierarchical: boolean): EncodedJsonList {
  if (hierarchical) return encodeJsonList(RESPONSE_SHAPES.documentSymbol, (emit) => forEachOutlineEntry(doc, (e) => emit(toDocumentSymbol(doc.lines, e))));
  return encodeJsonList(RESPONSE_SHAPES.symbolInformation, (emit) => forEachOutlineEntry(doc, (e) => emit(toSymbolInformation(doc.uri, doc.lines, e))));
}

/** The code lenses without their commands: `codeLensStubs(doc, document, generation)`. */
export function encodedCodeLensStubs(doc: AnalyzedDocument, document: number, generation = 0): EncodedJsonList {
  return encodeJsonList(RESPONSE_SHAPES.codeLensStub, (emit) => forEachCodeLensStub(doc, document, generation, (lens) => emit(lens as { range: typeof lens.range; data: number[] })));
}
