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

export class LineIndex {
  readonly text: string;
  /** Offset of the first character of each line; `lineStarts[0] === 0`. */
  private readonly lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    const starts = [0];
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (i + 1 < n && text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (ch === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
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
