import type { TextRange } from '../common/diagnostic';

/**
 * Offsets ↔ line/character positions, the way LSP counts them: zero-based lines, characters in
 * UTF-16 code units (JavaScript string indices), so an astral character such as an emoji counts
 * as two. Line breaks are LF, CRLF or a lone CR (LSP 3.17 §"Text Documents" lists all three, and
 * vscode-languageserver-textdocument splits on them too), so a server and an editor that share a
 * document agree on every line number.
 *
 * A byte-order mark is an ordinary UTF-16 unit at offset 0 here: whoever reads a file from disk
 * decides whether to strip it (the CLI does, as VS Code does when it opens a file), and this
 * class then indexes exactly the text it was given.
 */
export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface LineRange {
  readonly start: Position;
  readonly end: Position;
}

function scanLineStarts(text: string, from: number, to: number, starts: number[]): number[] {
  const n = text.length;
  if (to === n && text.indexOf('\r', from) < 0) {
    // No CR at all (the usual LF file): the line feeds, found by the engine's own search.
    for (let j = text.indexOf('\n', from); j >= 0; j = text.indexOf('\n', j + 1)) starts.push(j + 1);
    return starts;
  }
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13 /* \r */) {
      if (i + 1 < n && text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (ch === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** First index whose value is >= `x` in an ascending array (binary search; `values.length` when none is). */
export function lowerBound(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `lowerBound` over items sorted by `key`: the first index whose key is not below `x`. */
export function lowerBoundBy<T>(items: readonly T[], x: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class LineIndex {
  readonly text: string;
  /**
   * Offset of the first character of each line (`[0] === 0`), or null once `edited` has taken
   * the array over for the next version: it is then made again from the text on first use.
   */
  private starts: number[] | null;
  /** The line `lineAt` found last (a hint only). */
  private lastLine = 0;

  constructor(text: string, lineStarts?: number[]) {
    this.text = text;
    this.starts = lineStarts ?? scanLineStarts(text, 0, text.length, [0]);
  }

  private get lineStarts(): number[] {
    return (this.starts ??= scanLineStarts(this.text, 0, this.text.length, [0]));
  }

  /**
   * The index of `text`, made from `previous`'s by an edit that replaced `previous.text[from, oldEnd)`
   * with `text[from, newEnd)` (everything else equal): line starts before the edit are kept,
   * the edited stretch is scanned again, and the starts after it are shifted, so an edit costs
   * O(lines) number moves instead of a scan of the whole text. A CR LF pair split or joined at
   * either end of the edit is handled by rescanning from the line start before it and one
   * character past it.
   *
   * The new index takes `previous`'s array over and rewrites it in place (a fresh array of a
   * large document's starts, grown by pushes, would be garbage on every keystroke). The
   * editor's next version is nearly always made from the last one and the last one is then
   * dropped, so `previous` gives its array up and scans its own text again should it be asked
   * anything later: still correct, at the cost of one scan, and only then.
   */
  static edited(previous: LineIndex, text: string, from: number, oldEnd: number, newEnd: number): LineIndex {
    const old = previous.lineStarts;
    const delta = newEnd - oldEnd;
    // Keep the starts at or before `from - 1` (a start at `from` may come from a CR just before it).
    let keep = previous.lineAt(Math.max(0, from - 1));
    const scanFrom = old[keep]!;
    keep++;
    // Rescan to one character past the edit, then resume with the old starts beyond that.
    const scanTo = Math.min(text.length, newEnd + 1);
    const scanned = scanLineStarts(text, scanFrom, scanTo, []);
    // The first unscanned offset (new text): scanTo, or one past it when a CR LF straddled it,
    // whose start the scan then recorded last. Old starts past it shift by delta; one that lands
    // on it is the same line break as the scan's last and is dropped (old[tail] + delta > i).
    const i = Math.max(scanTo, scanned.length > 0 ? scanned[scanned.length - 1]! : scanFrom);
    const tail = lowerBound(old, i - delta + 1);
    // old becomes old[0, keep) + scanned + (old[tail, n) + delta), moved within the array: the
    // shifted tail first (from its far end when it moves right), then the scanned starts.
    const n = old.length;
    const move = keep + scanned.length - tail;
    if (move > 0) {
      // Grown by pushes, so that the array stays packed (a longer `length` would make it holey).
      for (let k = 0; k < move; k++) old.push(0);
      for (let k = n - 1; k >= tail; k--) old[k + move] = old[k]! + delta;
    } else if (move < 0 || delta !== 0) {
      for (let k = tail; k < n; k++) old[k + move] = old[k]! + delta;
      if (move < 0) old.length = n + move;
    }
    for (let k = 0; k < scanned.length; k++) old[keep + k] = scanned[k]!;
    previous.starts = null;
    previous.lastLine = 0;
    return new LineIndex(text, old);
  }

  /** Number of lines; a text ending in a line break has an empty last line. */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset of the first character of `line` (clamped to the document). */
  lineStart(line: number): number {
    if (!(line > 0)) return 0;
    if (line >= this.lineStarts.length) return this.text.length;
    return this.lineStarts[Math.floor(line)]!;
  }

  /** Offset just past the last character of `line`, before its line break. */
  lineEnd(line: number): number {
    if (!(line >= 0)) line = 0;
    line = Math.floor(line);
    if (line >= this.lineStarts.length - 1) return this.text.length;
    let end = this.lineStarts[line + 1]!;
    if (end > 0 && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStarts[line]! && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** Text of `line` without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** Zero-based line containing `offset` (binary search; offsets are clamped to the text). */
  lineAt(offset: number): number {
    const starts = this.lineStarts;
    if (!(offset > 0)) return 0;
    if (offset >= this.text.length) return starts.length - 1;
    // Callers often ask in order (diagnostics sorted by position, a range's end after its
    // start): try the last answer and the two lines after it before a binary search, so that a
    // sorted run of look-ups, a line or two apart, is one forward walk.
    const last = this.lastLine;
    if (last < starts.length && starts[last]! <= offset) {
      const n = starts.length;
      if (last + 1 === n || offset < starts[last + 1]!) return last;
      if (last + 2 === n || offset < starts[last + 2]!) return (this.lastLine = last + 1);
      if (last + 3 === n || offset < starts[last + 3]!) return (this.lastLine = last + 2);
    }
    const line = this.searchLine(offset);
    this.lastLine = line;
    return line;
  }

  private searchLine(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * The position of `offset`. Offsets outside the text are clamped; an offset inside a line
   * break (between CR and LF) maps to the end of its line, as in vscode-languageserver-textdocument.
   */
  positionAt(offset: number): Position {
    if (!(offset > 0)) offset = 0; // also catches NaN
    if (offset > this.text.length) offset = this.text.length;
    offset = Math.floor(offset);
    const line = this.lineAt(offset);
    const start = this.lineStarts[line]!;
    const end = this.lineEnd(line);
    return { line, character: Math.min(offset, end) - start };
  }

  /**
   * The offset of a position. A character past the end of its line clamps to the line's end
   * (before the break), a line past the last clamps to the end of the text: editors send such
   * positions after concurrent edits, and LSP asks servers to clamp rather than fail.
   */
  offsetAt(position: Position): number {
    const { line, character } = position;
    if (!(line >= 0)) return 0;
    if (line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[Math.floor(line)]!;
    const end = this.lineEnd(line);
    if (!(character > 0)) return start;
    return Math.min(start + Math.floor(character), end);
  }

  /** A `[start, end)` offset range as LSP positions. */
  rangeOf(range: TextRange): LineRange {
    return { start: this.positionAt(range.start), end: this.positionAt(range.end) };
  }

  /** LSP positions back to an offset range (start and end clamped as in offsetAt). */
  offsetRange(range: LineRange): TextRange {
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    return end >= start ? { start, end } : { start: end, end: start };
  }
}
