import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver-types';
import type { TextRange } from '../common/diagnostic';
import { formatValue, type EvaluatedValue } from '../semantics/evaluate';
import type { SymbolDefinition } from '../semantics/symbols';
import type { Statement } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import { toRange } from './convert';
import type { AnalyzedDocument } from './document';

/**
 * The outline: settings, constants, shapes, layers and bodies in source order, each spanning its
 * statement with its name as the selection.
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
  forEachDocumentSymbolOf(doc, statements, (s) => out.push(s));
  return out;
}

/**
 * Calls `emit` with each symbol of `documentSymbols(doc)` in order, without holding the list: a
 * large scene's outline is written to the wire one symbol at a time (lsp/encode/response-lists.ts).
 */
export function forEachDocumentSymbol(doc: AnalyzedDocument, emit: (s: DocumentSymbol) => void): void {
  forEachDocumentSymbolOf(doc, statementIndexOf(doc.analysis.parse), emit);
}

function forEachDocumentSymbolOf(doc: AnalyzedDocument, statements: OutlineStatements, emit: (s: DocumentSymbol) => void): void {
  forEachOutlineEntry(doc, statements, (name, detail, kind, range, selection) =>
    emit({ name, detail, kind, range: toRange(doc.lines, range), selectionRange: toRange(doc.lines, selection) }),
  );
}

/** A symbol for a client without hierarchical symbols: its name, kind and where its name is. */
export function symbolInformation(uri: string, s: DocumentSymbol): SymbolInformation {
  return { name: s.name, kind: s.kind, location: { uri, range: s.selectionRange } };
}

/** Calls `emit` with each symbol of the outline in order: its name, detail, kind, whole range and name's range. */
function forEachOutlineEntry(
  doc: AnalyzedDocument,
  statements: OutlineStatements,
  emit: (name: string, detail: string, kind: SymbolKind, range: TextRange, selection: TextRange) => void,
): void {
  const defs = doc.analysis.semantics.symbols.definitions;
  let d = 0;
  for (let i = 0; i < statements.count; i++) {
    const start = statements.start(i);
    if (statements.kind(i) === 'Setting') {
      const s = statements.parse(i)[0];
      if (s?.kind !== 'Setting') continue;
      const source = doc.text.slice(s.value.range.start, s.value.range.end).replace(/\s+/g, ' ');
      const value = valueOf(doc, s, s.value.range);
      emit(s.keyword, `${source}${value ? ` = ${formatValue(value.value)}` : ''}`, SymbolKind.Property, s.range, s.keywordRange);
      continue;
    }
    while (d < defs.length && defs[d]!.range.start < start) d++;
    const def = defs[d];
    if (!def || def.range.start !== start) continue;
    d++;
    if (def.name === '') continue;
    emit(def.name, def.detail, SYMBOL_KINDS[def.kind], def.range, def.nameRange);
  }
}

/** The value of `statement` for exactly `range`, if any (the first, as recorded), evaluated for this request. */
function valueOf(doc: AnalyzedDocument, statement: Statement, range: TextRange): EvaluatedValue | undefined {
  const values = doc.analysis.semantics.valuesOf([statement]);
  for (let i = values.lowerBound(range.start); i < values.count && values.start(i) === range.start; i++) {
    if (values.end(i) === range.end) return values.get(i);
  }
  return undefined;
}
