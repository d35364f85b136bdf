import { finish } from '../../common/steps';
import type { LineIndex } from '../../syntax/positions';
import type { EncodedJsonList } from './encoded-json-list';
import { JsonBytes } from './json-bytes';
import type { ShapeWriter } from './json-shape';

/**
 * The items of a list answer (the outline, the code lenses): item i is written by `write(out, i)`,
 * and has a span of the text when its JSON is a function of that span's text, the line and
 * character where it starts, the caller's `key` and its own key in `keys` (if given) alone (a
 * body's outline entry; a lens, keyed by the findings it shows), at `spans[2i]` and
 * `spans[2i + 1]`; `spans[2i]` is -1 for any other item. Keys are compared with `===`.
 */
export interface KeptItems {
  readonly count: number;
  readonly spans: Int32Array;
  readonly keys?: readonly unknown[];
  readonly write: ShapeWriter<number>;
}

/** A chunk of the last answer, with what says when its bytes stand for the same items again. */
interface KeptChunk {
  readonly bytes: Uint8Array;
  readonly count: number;
  /** Where its first item starts in the text of that answer, and the line and character there. */
  readonly base: number;
  readonly line: number;
  readonly character: number;
  /** Each item's span, less `base`; null when an item has none. */
  readonly spans: Int32Array | null;
  /** Each item's key, when the items have keys. */
  readonly keys: readonly unknown[] | null;
}

/**
 * A list answer kept from one request to the next as its JSON chunks (encoded-json-list.ts), so
 * that the answer to a later version of the text shares every chunk whose items are unchanged
 * and writes only the others: an edit of one body rewrites a chunk or two of a large outline.
 *
 * A kept chunk is reused when every item in it has a span, the new list has items with the same
 * spans one for one at the same place (both moved by the text's length change when after the
 * edit), the text of the chunk's whole span is unchanged (it lies before the text's first change
 * or after its last, found by comparing the two texts) and its first item starts on the same line
 * and character. The span's text and its starting place being the same, so is every position in
 * it, hence the items' bytes (KeptItems). An edit that adds or removes lines therefore reuses the
 * chunks before it and writes those after it.
 *
 * Exact: the answer is byte for byte the from-scratch encoding of the items, whatever versions
 * come between two requests (tests compare them over random edits).
 */
export class KeptList {
  private text: string | null = null;
  private key = '';
  private chunks: KeptChunk[] = [];

  /** `chunkBytes`: JsonBytes's chunk size (tests use small ones). */
  constructor(private readonly chunkBytes?: number) {}

  /** Forgets the last answer (the next one is written whole). */
  drop(): void {
    this.text = null;
    this.chunks = [];
  }

  /** Whether an answer is kept. */
  get isKept(): boolean {
    return this.text !== null;
  }

  /** The list of `items` for `text` (whose positions `lines` gives), kept for the next call. */
  encode(text: string, lines: LineIndex, key: string, items: KeptItems): EncodedJsonList {
    return finish(this.steps(text, lines, key, items));
  }

  /**
   * `encode` as steps, pausing every SLICE_ITEMS items, so that a caller can answer a large
   * document a slice at a time (lsp/server.ts). A run left unfinished changes nothing: the
   * answer is kept only at its end, and runs under way at once may overlap.
   */
  *steps(text: string, lines: LineIndex, key: string, items: KeptItems): Generator<void, EncodedJsonList, void> {
    const old = this.text !== null && this.key === key ? this.chunks : [];
    const oldText = this.text ?? '';
    const prefix = commonPrefix(oldText, text);
    const suffix = commonSuffix(oldText, text, prefix);
    const newTail = text.length - suffix;
    const delta = text.length - oldText.length;
    const { spans, count, write } = items;
    const keys = items.keys ?? null;
    const out = new JsonBytes(this.chunkBytes);
    const made: KeptChunk[] = [];
    let first = 0;
    let k = 0;
    let i = 0;
    let pause = SLICE_ITEMS;
    while (i < count) {
      if (i >= pause) {
        pause = i + SLICE_ITEMS;
        yield;
      }
      const start = spans[2 * i]!;
      if (start >= 0 && k < old.length) {
        const end = spans[2 * i + 1]!;
        // The item's place in the old text, when its span's text is unchanged.
        const inPrefix = end <= prefix;
        const from = inPrefix ? start : start >= newTail ? start - delta : -1;
        if (from >= 0) {
          while (k < old.length && old[k]!.base < from) k++;
          const c = old[k];
          if (c !== undefined && c.base === from && sameItems(c, spans, keys, i, count, start, inPrefix ? prefix : Infinity)) {
            const at = lines.positionAt(start);
            if (at.line === c.line && at.character === c.character) {
              // Cuts the chunk being written, which comes first.
              out.addChunk(c.bytes, c.count);
              if (first < i) made.push(freshChunk(out, made.length, spans, keys, first, i, lines));
              made.push({ ...c, base: start });
              i += c.count;
              first = i;
              k++;
              continue;
            }
          }
        }
      }
      out.add(write, i);
      i++;
      if (out.chunkCount > made.length) {
        made.push(freshChunk(out, made.length, spans, keys, first, i, lines));
        first = i;
      }
    }
    const list = out.finish();
    if (first < count) made.push(freshChunk(out, made.length, spans, keys, first, count, lines));
    if (made.length === list.chunks.length) {
      this.text = text;
      this.key = key;
      this.chunks = made;
    } else this.drop();
    return list;
  }
}

/** Items between two pauses of `KeptList.steps`. */
const SLICE_ITEMS = 512;

/**
 * Whether items i… of the new list have the spans of kept chunk `c`'s items, at `start` for c's
 * base, all ending at or before `limit` (the end of the unchanged prefix, for a chunk there).
 */
function sameItems(c: KeptChunk, spans: Int32Array, keys: readonly unknown[] | null, i: number, count: number, start: number, limit: number): boolean {
  const rel = c.spans;
  if (rel === null || i + c.count > count || (keys === null) !== (c.keys === null)) return false;
  for (let j = 0; j < c.count; j++) {
    const s = spans[2 * (i + j)]!;
    if (s < 0 || s - start !== rel[2 * j] || spans[2 * (i + j) + 1]! - start !== rel[2 * j + 1]) return false;
    if (keys !== null && keys[i + j] !== c.keys![j]) return false;
  }
  return spans[2 * (i + c.count) - 1]! <= limit;
}

/** The record of a chunk just written, holding items `from` up to `to`. */
function freshChunk(out: JsonBytes, index: number, spans: Int32Array, keys: readonly unknown[] | null, from: number, to: number, lines: LineIndex): KeptChunk {
  const bytes = out.chunk(index);
  const base = spans[2 * from]!;
  let rel: Int32Array | null = base >= 0 ? new Int32Array(2 * (to - from)) : null;
  for (let j = 0; rel !== null && j < to - from; j++) {
    const s = spans[2 * (from + j)]!;
    if (s < 0) rel = null;
    else {
      rel[2 * j] = s - base;
      rel[2 * j + 1] = spans[2 * (from + j) + 1]! - base;
    }
  }
  const at = rel === null ? { line: 0, character: 0 } : lines.positionAt(base);
  return { bytes, count: to - from, base, line: at.line, character: at.character, spans: rel, keys: rel !== null && keys !== null ? keys.slice(from, to) : null };
}

/** The largest block compared at once: a slice of a flat string is a view, and comparing two a memory compare. */
const BLOCK = 1 << 16;

/** The length of the longest common prefix of `a` and `b`. */
export function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // At each halving at most one block more matches (two would have matched at the size before).
  for (let step = BLOCK; step >= 1; step >>= 1) {
    while (i + step <= n && a.slice(i, i + step) === b.slice(i, i + step)) i += step;
  }
  return i;
}

/** The length of the longest common suffix of `a` and `b` that leaves their first `prefix` characters alone. */
export function commonSuffix(a: string, b: string, prefix: number): number {
  const n = Math.min(a.length, b.length) - prefix;
  let i = 0;
  for (let step = BLOCK; step >= 1; step >>= 1) {
    while (i + step <= n && a.slice(a.length - i - step, a.length - i) === b.slice(b.length - i - step, b.length - i)) i += step;
  }
  return i;
}
