import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../features/document';
import { outline, type OutlineEntry, type OutlineKind } from '../features/document-symbols';
import type { LineIndex } from '../syntax/positions';

/** The outline (features/document-symbols.ts) and the symbol kinds in LSP terms. */
export const SYMBOL_KINDS: Record<OutlineKind, SymbolKind> = {
  body: SymbolKind.Object,
  shape: SymbolKind.Class,
  let: SymbolKind.Constant,
  layer: SymbolKind.Namespace,
  setting: SymbolKind.Property,
};

export function toDocumentSymbol(lines: LineIndex, e: OutlineEntry): DocumentSymbol {
  return { name: e.name, detail: e.detail, kind: SYMBOL_KINDS[e.kind], range: lines.rangeOf(e.range), selectionRange: lines.rangeOf(e.selection) };
}

export function documentSymbols(doc: AnalyzedDocument): DocumentSymbol[] {
  return outline(doc).map((e) => toDocumentSymbol(doc.lines, e));
}

/** A symbol for a client without hierarchical symbols: its name, kind and where its name is. */
export function symbolInformation(uri: string, s: DocumentSymbol): SymbolInformation {
  return { name: s.name, kind: s.kind, location: { uri, range: s.selectionRange } };
}

/** `symbolInformation(uri, toDocumentSymbol(lines, e))`, without the range it leaves out. */
export function toSymbolInformation(uri: string, lines: LineIndex, e: OutlineEntry): SymbolInformation {
  return { name: e.name, kind: SYMBOL_KINDS[e.kind], location: { uri, range: lines.rangeOf(e.selection) } };
}
