import type { TextRange } from '../common/diagnostic';
import { formatValue, type EvaluatedValue } from '../semantics/evaluate';
import type { SceneBody } from '../semantics/scene';
import { definitionOf, isSceneBody, type SymbolDefinition } from '../semantics/symbols';
import type { Statement } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import type { AnalyzedDocument } from './document';

/** What an outline entry names: a definition's kind, or a setting (`dt 1/60`). */
export type OutlineKind = SymbolDefinition['kind'] | 'setting';

/**
 * One entry of the outline: settings, constants, shapes, layers and bodies in source order, each
 * spanning its statement (`range`) with its name as the selection.
 */
export interface OutlineEntry {
  readonly name: string;
  /** A definition's detail (its shape, value or members), or a setting's source and value. */
  readonly detail: string;
  readonly kind: OutlineKind;
  readonly range: TextRange;
  readonly selection: TextRange;
}

export function outline(doc: AnalyzedDocument): OutlineEntry[] {
  // The statements by position (no tree of the file: the editor asks for the outline after every
  // edit); a symbol's name and ranges are the symbol table's, and only a setting, which defines
  // no symbol, is parsed for its keyword and value.
  return outlineOf(doc, statementIndexOf(doc.analysis.parse));
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
export function outlineOf(doc: AnalyzedDocument, statements: OutlineStatements): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  forEachEntryOf(doc, statements, (e) => out.push(e));
  return out;
}

/**
 * Calls `emit` with each entry of `outline(doc)` in order, without holding the list: a large
 * scene's outline is written to the wire one entry at a time (lsp/encode/response-lists.ts).
 */
export function forEachOutlineEntry(doc: AnalyzedDocument, emit: (e: OutlineEntry) => void): void {
  forEachEntryOf(doc, statementIndexOf(doc.analysis.parse), emit);
}

/**
 * The entries of `outline(doc)` in order, each body of the scene as its record (`onBody`; its
 * entry is `bodyEntry(body)`) and any other entry as made (`onEntry`), so that a caller that
 * keeps a body's encoded entry (lsp/encode/kept-list.ts) makes no entry for a body it reuses.
 * A scene body's entry depends on its statement's text alone, and on the named shapes its
 * statement may name (which decide its detail): the other entries' statements, never another body.
 */
export function forEachOutlineItem(doc: AnalyzedDocument, onBody: (body: SceneBody) => void, onEntry: (e: OutlineEntry) => void): void {
  forEachEntryOf(doc, statementIndexOf(doc.analysis.parse), onEntry, onBody);
}

/** The outline entry of a body of the scene. */
export function bodyEntry(body: SceneBody): OutlineEntry {
  return { name: body.name, detail: body.detail, kind: 'body', range: body.range, selection: body.nameRange };
}

function forEachEntryOf(doc: AnalyzedDocument, statements: OutlineStatements, emit: (e: OutlineEntry) => void, onBody?: (body: SceneBody) => void): void {
  const defs = doc.analysis.semantics.symbols.entries;
  let d = 0;
  for (let i = 0; i < statements.count; i++) {
    const start = statements.start(i);
    if (statements.kind(i) === 'Setting') {
      const s = statements.parse(i)[0];
      if (s?.kind !== 'Setting') continue;
      const source = doc.text.slice(s.value.range.start, s.value.range.end).replace(/\s+/g, ' ');
      const value = valueOf(doc, s, s.value.range);
      emit({ name: s.keyword, detail: `${source}${value ? ` = ${formatValue(value.value)}` : ''}`, kind: 'setting', range: s.range, selection: s.keywordRange });
      continue;
    }
    while (d < defs.length && defs[d]!.range.start < start) d++;
    const entry = defs[d];
    if (!entry || entry.range.start !== start) continue;
    d++;
    if (entry.name === '') continue;
    if (onBody !== undefined && isSceneBody(entry)) {
      onBody(entry);
      continue;
    }
    const def = definitionOf(entry);
    emit({ name: def.name, detail: def.detail, kind: def.kind, range: def.range, selection: def.nameRange });
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
