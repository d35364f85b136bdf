import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../features/document';
import { completion, type Completion, type CompletionKind, type CompletionOptions } from '../features/completion';

const ITEM_KIND: Record<CompletionKind, CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword,
  constructor: CompletionItemKind.Constructor,
  shape: CompletionItemKind.Class,
  constant: CompletionItemKind.Constant,
  function: CompletionItemKind.Function,
  layer: CompletionItemKind.EnumMember,
  tile: CompletionItemKind.Value,
};

/** features/completion.ts's completions as LSP CompletionItems: documentation as markdown, an insert text with its format. */
export function lspCompletion(doc: AnalyzedDocument, offset: number, options: CompletionOptions): CompletionItem[] {
  return completion(doc, offset, options).map(toCompletionItem);
}

/** The keys go in one order (label, kind, detail, documentation, sortText, insertText, insertTextFormat), absent ones left out. */
function toCompletionItem(c: Completion): CompletionItem {
  const item: CompletionItem = { label: c.label, kind: ITEM_KIND[c.kind] };
  if (c.detail !== undefined) item.detail = c.detail;
  if (c.documentation !== undefined) item.documentation = { kind: 'markdown', value: c.documentation };
  if (c.sortText !== undefined) item.sortText = c.sortText;
  if (c.insertText !== undefined) {
    item.insertText = c.insertText;
    item.insertTextFormat = c.snippet === true ? InsertTextFormat.Snippet : InsertTextFormat.PlainText;
  }
  return item;
}
