import type { Range, TextEdit } from 'vscode-languageserver-types';
import type { TextRange } from '../common/diagnostic';
import type { LineIndex } from '../syntax/positions';

/**
 * The one crossing between scene terms (UTF-16 offsets) and LSP terms (line/character). Every
 * feature converts through here, so positions agree across features and with the CLI.
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

export function insert(lines: LineIndex, offset: number, newText: string): TextEdit {
  return { range: toRange(lines, { start: offset, end: offset }), newText };
}

/**
 * Applies offset edits to a text (non-overlapping, any order). Quick fixes and formatting are
 * checked by re-analysing their result, and tests apply edits the way an editor would.
 */
export function applyOffsetEdits(text: string, edits: readonly { range: TextRange; newText: string }[]): string {
  const sorted = edits.slice().sort((a, b) => b.range.start - a.range.start || b.range.end - a.range.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

/** Applies LSP text edits to `text` (what an editor does with a WorkspaceEdit for one file). */
export function applyTextEdits(lines: LineIndex, edits: readonly TextEdit[]): string {
  return applyOffsetEdits(
    lines.text,
    edits.map((e) => ({ range: toOffsetRange(lines, e.range), newText: e.newText })),
  );
}

/** Whether `offset` touches `range` (a cursor right after a name still counts). */
export function touches(range: TextRange, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}
