import { DocumentHighlightKind, type DocumentHighlight, type Location, type Range, type SymbolInformation, type WorkspaceEdit } from 'vscode-languageserver';
import { definition } from '../features/definition';
import { documentHighlights } from '../features/document-highlights';
import type { AnalyzedDocument } from '../features/document';
import { references } from '../features/references';
import { prepareRename, rename } from '../features/rename';
import { SYMBOL_KINDS } from './document-symbols';
import { workspaceSymbols, type SymbolSource } from '../features/workspace-symbols';

/**
 * The navigation features (features/definition.ts, references.ts, document-highlights.ts,
 * rename.ts, workspace-symbols.ts) in LSP terms.
 */

export function definitionLocation(doc: AnalyzedDocument, offset: number): Location | null {
  const range = definition(doc, offset);
  return range ? { uri: doc.uri, range: doc.lines.rangeOf(range) } : null;
}

export function referenceLocations(doc: AnalyzedDocument, offset: number, includeDeclaration: boolean): Location[] {
  return references(doc, offset, includeDeclaration).map((r) => ({ uri: doc.uri, range: doc.lines.rangeOf(r) }));
}

/** Definitions are writes, uses reads. */
export function highlights(doc: AnalyzedDocument, offset: number): DocumentHighlight[] {
  return documentHighlights(doc, offset).map((o) => ({
    range: doc.lines.rangeOf(o.range),
    kind: o.defines ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

export function renameRange(doc: AnalyzedDocument, offset: number): { range: Range; placeholder: string } | { error: string } {
  const r = prepareRename(doc, offset);
  return 'error' in r ? r : { range: doc.lines.rangeOf(r.range), placeholder: r.placeholder };
}

export function renameEdit(doc: AnalyzedDocument, offset: number, newName: string): { edit: WorkspaceEdit } | { error: string } {
  const r = rename(doc, offset, newName);
  if ('error' in r) return r;
  return { edit: { changes: { [doc.uri]: r.edits.map((e) => ({ range: doc.lines.rangeOf(e.range), newText: e.newText })) } } };
}

export function workspaceSymbolInformation(sources: Iterable<SymbolSource>, query: string): SymbolInformation[] {
  return workspaceSymbols(sources, query).map(({ source, definition: def }) => ({
    name: def.name,
    kind: SYMBOL_KINDS[def.kind],
    location: { uri: source.uri, range: source.lines.rangeOf(def.nameRange) },
    containerName: def.detail,
  }));
}
