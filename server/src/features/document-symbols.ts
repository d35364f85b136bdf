import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import type { TextRange } from '../common/diagnostic';
import { formatValue, type EvaluatedValue } from '../semantics/evaluate';
import type { SymbolDefinition } from '../semantics/symbols';
import type { Statement } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import { toRange } from './convert';
import type { AnalyzedDocument } from './document';
import { JsonListWriter, type EncodedJsonList } from './encoded-json-list';

/**
 * The outline (issue 6, item 6): settings, constants, shapes, layers and bodies in source order,
 * each spanning its statement with its name as the selection.
 */
export const SYMBOL_KINDS: Record<SymbolDefinition['kind'], SymbolKind> = {
  body: SymbolKind.Object,
  shape: SymbolKind.Class,
  let: SymbolKind.Constant,
  layer: SymbolKind.Namespace,
};

export function documentSymbols(doc: AnalyzedDocument): DocumentSymbol[] {
  // The statements by position (no tree of the file: VS Code asks for the outline after every
  // edit); a symbol's name and ranges are the symbol table's, and only a setting, which defines
  // no symbol, is parsed for its keyword and value.
  return documentSymbolsOf(doc, statementIndexOf(doc.analysis.parse));
}

/** The statements in order by position and kind, and the tree of one (a StatementIndex is one). */
export interface OutlineStatements {
  readonly count: number;
  start(i: number): number;
  kind(i: number): Statement['kind'];
  parse(i: number): Statement[];
}

/**
 * The outline of a document with these statements: read from the statement index here, from the
 * whole file's tree in the equivalence test's oracle (test/unit/features/oracle/document-symbols.ts).
 */
export function documentSymbolsOf(doc: AnalyzedDocument, statements: OutlineStatements): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  forEachDocumentSymbol(doc, statements, (s) => out.push(s));
  return out;
}

/**
 * The outline as the response's JSON bytes (encoded-json-list.ts): for a client with
 * hierarchical symbols, byte for byte JSON.stringify of `documentSymbols(doc)`; otherwise of
 * `symbolInformation` of each. Each symbol is written as it is made, so the handler never holds
 * the 100k symbols of a large scene (with their range and position objects, ~70 MB that stayed as
 * old-generation garbage after each request), only a chunk's worth of text.
 */
export function encodedDocumentSymbols(doc: AnalyzedDocument, hierarchical: boolean): EncodedJsonList {
  const writer = new JsonListWriter();
  forEachDocumentSymbol(doc, statementIndexOf(doc.analysis.parse), hierarchical ? (s) => writer.add(s) : (s) => writer.add(symbolInformation(doc.uri, s)));
  return writer.finish();
}

/** A symbol for a client without hierarchical symbols: its name, kind and where its name is. */
export function symbolInformation(uri: string, s: DocumentSymbol): SymbolInformation {
  return { name: s.name, kind: s.kind, location: { uri, range: s.selectionRange } };
}

/** Calls `emit` with each symbol of the outline in order (a new object each: `emit` may keep it). */
function forEachDocumentSymbol(doc: AnalyzedDocument, statements: OutlineStatements, emit: (symbol: DocumentSymbol) => void): void {
  const defs = doc.analysis.semantics.symbols.definitions;
  let d = 0;
  for (let i = 0; i < statements.count; i++) {
    const start = statements.start(i);
    if (statements.kind(i) === 'Setting') {
      const s = statements.parse(i)[0];
      if (s?.kind !== 'Setting') continue;
      const source = doc.text.slice(s.value.range.start, s.value.range.end).replace(/\s+/g, ' ');
      const value = valueOf(doc, s.value.range);
      emit({
        name: s.keyword,
        detail: `${source}${value ? ` = ${formatValue(value.value)}` : ''}`,
        kind: SymbolKind.Property,
        range: toRange(doc.lines, s.range),
        selectionRange: toRange(doc.lines, s.keywordRange),
      });
      continue;
    }
    while (d < defs.length && defs[d]!.range.start < start) d++;
    const def = defs[d];
    if (!def || def.range.start !== start) continue;
    d++;
    if (def.name === '') continue;
    emit({
      name: def.name,
      detail: def.detail,
      kind: SYMBOL_KINDS[def.kind],
      range: toRange(doc.lines, def.range),
      selectionRange: toRange(doc.lines, def.nameRange),
    });
  }
}

/** The value recorded for exactly `range`, if any (the first, as recorded). */
function valueOf(doc: AnalyzedDocument, range: TextRange): EvaluatedValue | undefined {
  const values = doc.analysis.semantics.valueTable;
  for (let i = values.lowerBound(range.start); i < values.count && values.start(i) === range.start; i++) {
    if (values.end(i) === range.end) return values.get(i);
  }
  return undefined;
}
