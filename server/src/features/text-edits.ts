import type { TextRange } from '../common/diagnostic';

/**
 * Applies offset edits to a text (non-overlapping, any order). Quick fixes and formatting are
 * checked by re-analyzing their result, and tests apply edits the way an editor would.
 */
export function applyOffsetEdits(text: string, edits: readonly { range: TextRange; newText: string }[]): string {
  const sorted = edits.slice().sort((a, b) => b.range.start - a.range.start || b.range.end - a.range.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}
