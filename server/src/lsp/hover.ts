import type { Hover } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../features/document';
import { hover } from '../features/hover';

/** features/hover.ts's text as an LSP hover: Markdown contents over the range it is about. */
export function hoverOf(doc: AnalyzedDocument, offset: number): Hover | null {
  const h = hover(doc, offset);
  return h ? { contents: { kind: 'markdown', value: h.markdown }, range: doc.lines.rangeOf(h.range) } : null;
}
