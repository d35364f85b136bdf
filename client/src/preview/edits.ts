import { formatDecimals } from '../../../protocol/format';
import type { PreviewBody } from '../../../protocol/preview-model';

/** A text replacement in UTF-16 offsets of the document version the preview model came from. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The edits that set a body's `at` and/or `angle` after a drag in the preview: replace the value
 * of a written clause, or insert the clause just after the body's shape (where the grammar
 * allows properties). An angle written in degrees (`30deg`) stays in degrees. `text` is the
 * document text of the model's version. The caller applies all of them as one undoable edit.
 */
export function poseEdits(body: PreviewBody, text: string, change: { at?: readonly [number, number]; angle?: number }, decimals: number): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  const inserts: string[] = [];
  if (change.at) {
    const value = `(${formatDecimals(change.at[0], decimals)}, ${formatDecimals(change.at[1], decimals)})`;
    if (body.atRange) edits.push({ ...body.atRange, text: value });
    else inserts.push(`at ${value}`);
  }
  if (change.angle !== undefined) {
    const old = body.angleRange ? text.slice(body.angleRange.start, body.angleRange.end) : '';
    const value = /deg\s*$/.test(old)
      ? `${formatDecimals((change.angle * 180) / Math.PI, Math.max(1, decimals - 2))}deg`
      : formatDecimals(change.angle, Math.max(4, decimals));
    if (body.angleRange) edits.push({ ...body.angleRange, text: value });
    else inserts.push(`angle ${value}`);
  }
  if (inserts.length > 0) edits.push({ start: body.insertOffset, end: body.insertOffset, text: ` ${inserts.join(' ')}` });
  return edits;
}

/** Names of the bodies whose statement contains `offset` (the editor's cursor). */
export function bodiesAtOffset(bodies: readonly PreviewBody[], offset: number): string[] {
  const names: string[] = [];
  for (const b of bodies) if (b.range.start <= offset && offset <= b.range.end) names.push(b.name);
  return names;
}

/** The edits of a `collide/previewLevelMove` or `collide/previewEdit` answer, checked; null for null, a refusal or anything malformed. */
export function answeredEdits(result: unknown): OffsetEdit[] | null {
  const edits = (result as { edits?: unknown } | null)?.edits;
  if (!Array.isArray(edits) || edits.length === 0) return null;
  const ok = edits.every((e: { start?: unknown; end?: unknown; text?: unknown }) => Number.isInteger(e?.start) && Number.isInteger(e?.end) && (e.start as number) <= (e.end as number) && typeof e?.text === 'string');
  return ok ? (edits as OffsetEdit[]) : null;
}
