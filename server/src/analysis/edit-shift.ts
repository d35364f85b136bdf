// Results of the previous version carried over an edit: items after the edited window shifted
// by its length change, spliced around the window's fresh items. Used by statement-window.ts.
import type { Diagnostic, TextRange } from '../common/diagnostic';
import { BODY_ONE_SHAPE } from '../semantics/body-layout';
import { SceneBody, ScenePart, SceneShape } from '../semantics/scene';
import type { SymbolDefinition, SymbolReference } from '../semantics/symbols';

/**
 * A copy of `list` made `length` long, for the caller to overwrite from some index on: one
 * allocation of about the final size, where an array started from a prefix and grown by pushes
 * would be reallocated several times per edit.
 * Entries appended past `list.length` are `undefined` until written.
 */
export function resizedCopy<T>(list: readonly T[], length: number): T[] {
  const out = list.slice();
  if (length < out.length) out.length = length;
  // Pushes keep the array packed; a longer `length` would make it holey.
  while (out.length < length) out.push(undefined as T);
  return out;
}

/**
 * A position-sorted list of the new version: the old items before the window, the window's new
 * items, then the old items after the window shifted by `delta`. Items lie inside their statement,
 * so position alone tells which side of the window an old item is on.
 */
export function splice<T extends { readonly range: TextRange }>(
  old: readonly T[],
  inWindow: (item: T) => boolean,
  windowEnd: number,
  fresh: readonly T[],
  delta: number,
  shift: (item: T, from: number, delta: number) => T,
): T[] {
  const out: T[] = [];
  let k = 0;
  while (k < old.length && old[k]!.range.start < windowEnd && !inWindow(old[k]!)) out.push(old[k++]!);
  while (k < old.length && inWindow(old[k]!)) k++;
  for (const item of fresh) out.push(item);
  for (; k < old.length; k++) out.push(delta === 0 ? old[k]! : shift(old[k]!, windowEnd, delta));
  return out;
}

/**
 * `r` in the new version: shifted when it lies after the window (at or after `from` in the old
 * text), as it was when before it. An item after the window may point before it (a diagnostic's
 * related definition, a named shape's part), never into it.
 */
function shiftRange(r: TextRange, from: number, delta: number): TextRange {
  return r.start >= from ? { start: r.start + delta, end: r.end + delta } : r;
}

export function shiftDiagnostic(d: Diagnostic, from: number, delta: number): Diagnostic {
  const moved: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d, range: shiftRange(d.range, from, delta) };
  if (d.related) moved.related = d.related.map((r) => ({ ...r, range: shiftRange(r.range, from, delta) }));
  return moved;
}

export function shiftDefinition(d: SymbolDefinition, from: number, delta: number): SymbolDefinition {
  return { ...d, nameRange: shiftRange(d.nameRange, from, delta), range: shiftRange(d.range, from, delta) };
}

export function shiftReference(r: SymbolReference, from: number, delta: number): SymbolReference {
  return { ...r, range: shiftRange(r.range, from, delta) };
}

/**
 * The same body further down the text: new offsets and index, and the very same geometry, pose
 * and motion (clause offsets are relative to the statement, so they stay too), so that the
 * incremental analysis sees unchanged content at a glance. A part whose range lies after `from`
 * (a primitive's, a compound's) moves with it; a named shape's part points before the window and
 * stays. `b` itself when neither its offsets nor its index change: the incremental analyzer then
 * finds the body its slot holds and notes nothing (incremental.ts, assign).
 */
export function shiftBody(b: SceneBody, from: number, delta: number, index: number): SceneBody {
  if (delta === 0 && index === b.index) return b;
  let geometry = b.geometry;
  // A body's one shape has the body's shape range, which moves below; parts move one by one.
  if (delta !== 0 && (b.flags & BODY_ONE_SHAPE) === 0) {
    const shape = geometry as SceneShape;
    const parts = shape.parts;
    let moved: ScenePart[] | undefined;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      if (p.start < from) continue;
      moved ??= parts.slice();
      moved[k] = new ScenePart(p.shape, p.sourceKind, p.start + delta, p.end + delta);
    }
    if (moved) geometry = new SceneShape(moved, shape.sourceKind, shape.name);
  }
  // The statement's and shape's offsets are relative to the name (`spans`): they move with it.
  const shift = b.nameStart >= from ? delta : 0;
  return new SceneBody(index, b.name, b.nameStart + shift, b.spans, b.flags, b.layer, geometry, b.data);
}
