import type { Statement } from './ast';
import { Scanner } from './lexer';
import { TK_EOF, type Comment, type Token } from './tokens';
import { streamStatements, type ParseResult } from './parser';
import { parseWindow } from './reparsing';
import { lowerBound, type LineIndex } from './positions';

/**
 * One version's statements by position only (kind, start and end of each), and what can be had
 * from that without a syntax tree of the whole file: the statement at an offset, the trees of a
 * few statements, and the tokens and comments of a stretch of text.
 *
 * Editor features ask about a cursor or a viewport on every keystroke (hover, completion,
 * signature help, code actions, range tokens) or about the whole file's outline (symbols,
 * folding). The language resynchronizes at statement keywords (scene-language.md, "Files"), and
 * lexing is context-free at a token boundary, so a statement parsed or lexed from its own start
 * is exactly the statement of a whole-file parse (syntax/reparsing.ts `parseWindow`; the incremental
 * front end relies on the same fact). A request then costs the statements it touches, not a
 * parse of the whole text: the scheme of incremental parsers that re-parse from the nearest
 * synchronizing point (Ghezzi and Mandrioli, "Incremental parsing", TOPLAS 1979).
 */

/** Statement kinds by code, the order the front end's outline uses (analysis/statement-window.ts). */
export const STATEMENT_KINDS: readonly Statement['kind'][] = ['Setting', 'Let', 'Shape', 'Layer', 'Body', 'Error'];
export const STATEMENT_KIND_CODE: Readonly<Record<Statement['kind'], number>> = { Setting: 0, Let: 1, Shape: 2, Layer: 3, Body: 4, Error: 5 };

/** Tokens and comments of a stretch of text, lexed from a statement's start (see `tokens`). */
export interface TokenWindow {
  /** In order; the last is the first token after the stretch, or the `eof` token. */
  readonly tokens: Token[];
  /** The comments between the window's first and last token (before the first, when it is the text's start). */
  readonly comments: Comment[];
  /** Whether the window starts at the start of the text, so that no token comes before it. */
  readonly fromTextStart: boolean;
}

export class StatementIndex {
  /**
   * `starts`, `ends` and `kinds` (STATEMENT_KIND_CODE) describe the statements of `text` in
   * order, as a whole-file parse finds them; they are read, never written.
   */
  constructor(
    readonly text: string,
    readonly lines: LineIndex,
    private readonly starts: ArrayLike<number>,
    private readonly ends: ArrayLike<number>,
    private readonly kinds: ArrayLike<number>,
  ) {}

  /** The index of statements already parsed. */
  static ofStatements(text: string, lines: LineIndex, statements: readonly Statement[]): StatementIndex {
    const n = statements.length;
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    const kinds = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const s = statements[i]!;
      starts[i] = s.range.start;
      ends[i] = s.range.end;
      kinds[i] = STATEMENT_KIND_CODE[s.kind];
    }
    return new StatementIndex(text, lines, starts, ends, kinds);
  }

  /** The index of a text no one has parsed: one streaming parse, keeping positions only. */
  static ofText(text: string, lines: LineIndex): StatementIndex {
    const starts: number[] = [];
    const ends: number[] = [];
    const kinds: number[] = [];
    const done = streamStatements(text, lines, (s) => {
      starts.push(s.range.start);
      ends.push(s.range.end);
      kinds.push(STATEMENT_KIND_CODE[s.kind]);
      return true;
    });
    if (done === null) {
      // The parser failed (not expected): a whole parse reports that as its diagnostic and has
      // no statements, so the index has none either.
      return new StatementIndex(text, lines, [], [], []);
    }
    return new StatementIndex(text, lines, Int32Array.from(starts), Int32Array.from(ends), Uint8Array.from(kinds));
  }

  get count(): number {
    return this.starts.length;
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  end(i: number): number {
    return this.ends[i]!;
  }

  kind(i: number): Statement['kind'] {
    return STATEMENT_KINDS[this.kinds[i]!]!;
  }

  /** Index of the last statement that starts at or before `offset`; -1 when none does. */
  atOrBefore(offset: number): number {
    return lowerBound(this.starts, offset + 1) - 1;
  }

  /** Index of the first statement that ends at or after `offset`; `count` when none does. */
  endingFrom(offset: number): number {
    return lowerBound(this.ends, offset);
  }

  /**
   * The trees of statements `first` to `last` (inclusive, clamped to the file), parsed from the
   * first one's start: equal to those of a whole-file parse.
   */
  parse(first: number, last: number = first): Statement[] {
    first = Math.max(0, first);
    last = Math.min(this.count - 1, last);
    if (first > last) return [];
    const stop = last + 1 < this.count ? this.starts[last + 1]! : Infinity;
    return parseWindow(this.text, this.lines, this.starts[first]!, (offset) => offset >= stop).statements;
  }

  /**
   * The trees of the statements whose ranges touch `[from, to]` (both ends included, as the
   * features' tree walks prune: a node is skipped when it ends before `from` or starts after `to`).
   */
  touching(from: number, to: number): Statement[] {
    const first = this.endingFrom(from);
    const last = this.atOrBefore(to);
    return this.parse(first, last);
  }

  /**
   * Tokens from the start of statement `first` (the text's start when `first` is negative) to
   * the first token that starts after offset `to`, included (or the `eof` token), with the
   * comments among them. Lexing starts at a statement's first token, a token boundary, so each
   * token is the one a lexer of the whole text makes there.
   */
  tokens(first: number, to: number): TokenWindow {
    const fromTextStart = first < 0 || this.count === 0;
    const scanner = new Scanner(this.text, fromTextStart ? 0 : this.starts[Math.min(first, this.count - 1)]!);
    const tokens: Token[] = [];
    for (let i = 0; scanner.fill(i); i++) {
      tokens.push(scanner.token(i));
      if (scanner.kinds[i] === TK_EOF || scanner.starts[i]! > to) break;
    }
    return { tokens, comments: scanner.comments, fromTextStart };
  }

  /** The tokens around offset `at`: from the start of the last statement that starts before it. */
  tokensAt(at: number, to: number = at): TokenWindow {
    return this.tokens(this.atOrBefore(at - 1), to);
  }
}

/** The statement index of a parse result: its own when it keeps one, else made from its tree. */
export function statementIndexOf(parse: ParseResult): StatementIndex {
  return parse.statementIndex ?? StatementIndex.ofStatements(parse.text, parse.lines, parse.file.statements);
}
