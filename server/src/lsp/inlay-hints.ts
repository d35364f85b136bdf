import { InlayHintKind, type InlayHint } from 'vscode-languageserver';
import type { TextRange } from '../common/diagnostic';
import type { AnalyzedDocument } from '../features/document';
import { inlayHints, type Hint } from '../features/inlay-hints';

/** features/inlay-hints.ts's hints in LSP terms: values as parameter hints, impacts as type hints, each after a space. */
export function lspInlayHints(doc: AnalyzedDocument, range?: TextRange): InlayHint[] {
  return inlayHints(doc, range).map((h) => toInlayHint(doc, h));
}

function toInlayHint(doc: AnalyzedDocument, h: Hint): InlayHint {
  const hint: InlayHint = {
    position: doc.lines.positionAt(h.offset),
    label: h.label,
    kind: h.kind === 'value' ? InlayHintKind.Parameter : InlayHintKind.Type,
    paddingLeft: true,
  };
  if (h.tooltip !== undefined) hint.tooltip = h.tooltip;
  return hint;
}
