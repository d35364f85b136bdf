import type { Range, TextEdit } from 'vscode-languageserver';
import type { TextRange } from '../common/diagnostic';
import { applyOffsetEdits } from '../features/text-edits';
import type { LineIndex } from '../syntax/positions';

/**
 * The one crossing between scene terms (UTF-16 offsets) and LSP terms (line/character). Every
 * conversion goes through the document's LineIndex, so positions agree across features and with
 * the CLI.
 */
export function toRange(lines: LineIndex, range: TextRange): Range {
  return lines.rangeOf(range);
}

export function toOffsetRange(lines: LineIndex, range: Range): TextRange {
  return lines.offsetRange(range);
}

export function replace(lines: LineIndex, range: TextRange, newText: string): TextEdit {
  return { range: toRange(lines, range), newText };
}

/** Applies LSP text edits to `text` (what an editor does with a WorkspaceEdit for one file). */
export function applyTextEdits(lines: LineIndex, edits: readonly TextEdit[]): string {
  return applyOffsetEdits(
    lines.text,
    edits.map((e) => ({ range: toOffsetRange(lines, e.range), newText: e.newText })),
  );
}
