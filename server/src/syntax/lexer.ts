import type { Diagnostic } from '../common/diagnostic';
import { resized } from '../../../core';
import * as characters from './characters';
import * as tokens from './tokens';
import { QUOTE, stringEnd } from './string-literal';
import type { Comment, LexResult, Token } from './tokens';

/**
 * The scene language's lexer (scene-language.md, "Lexical"). It never throws: anything it cannot
 * read becomes an `error` token plus a diagnostic, so the parser always gets a complete token
 * stream that covers the text. Comments do not reach the parser; they are collected in a list of
 * their own for the formatter, folding and hover.
 */

export * from './tokens';
export { isIdentPart } from './characters';
export { callOpenings, scanComments } from './text-scans';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { Ch, isDigit, isIdentPart, isIdentStart, isWhitespace, keywordAt } = characters;
const {
  STARTS_STATEMENT,
  TK_COMMA,
  TK_EOF,
  TK_EQUALS,
  TK_ERROR,
  TK_IDENTIFIER,
  TK_KEYWORD,
  TK_LPAREN,
  TK_MINUS,
  TK_NUMBER,
  TK_PLUS,
  TK_RPAREN,
  TK_SLASH,
  TK_STAR,
  TK_STRING,
  STRING_UNTERMINATED,
  TOKEN_KINDS,
  UNIT_DEG,
  UNIT_INVALID,
  UNIT_NAMES,
  UNIT_NONE,
  UNIT_RAD,
} = tokens;

/** Punctuation kind code by character code (-1: not punctuation). */
const PUNCT = new Int8Array(128).fill(-1);
PUNCT[40] = TK_LPAREN;
PUNCT[41] = TK_RPAREN;
PUNCT[44] = TK_COMMA;
PUNCT[61] = TK_EQUALS;
PUNCT[43] = TK_PLUS;
PUNCT[45] = TK_MINUS;
PUNCT[42] = TK_STAR;
PUNCT[47] = TK_SLASH;

/** Whether `c` can begin some token (so an error run stops before it). */
function startsToken(c: number, next: number): boolean {
  if (isIdentStart(c) || isDigit(c) || isWhitespace(c)) return true;
  if (c === Ch.dot) return isDigit(next);
  if (c === QUOTE) return true;
  return c < 128 && PUNCT[c]! >= 0;
}

/**
 * The message for a run of characters the language does not use, `text[start, end)`: what the
 * first one is, named so that an invisible one can be found (a NUL byte, a non-breaking space),
 * and what to write instead. Printable ASCII is quoted as it is; anything else also gets its
 * code point.
 */
function invalidCharacterMessage(text: string, start: number, end: number): string {
  const cp = text.codePointAt(start)!;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const printableAscii = (c: number): boolean => c > 32 && c < 127;
  let noun: string;
  let advice: string;
  if (cp === 0) {
    noun = `NUL byte (${hex})`;
    advice = 'scene files are plain text, and a NUL byte usually means that this one is not';
  } else if (cp < 32 || cp === 127) {
    noun = `control character ${hex}`;
    advice = 'scene files are plain text; remove it';
  } else if (cp === 0xa0) {
    noun = `non-breaking space (${hex})`;
    advice = 'use an ordinary space';
  } else if (cp === 0xfeff) {
    noun = `byte-order mark (${hex})`;
    advice = 'one is allowed only at the very start of the file';
  } else if (cp >= 0xd800 && cp <= 0xdfff) {
    noun = `unpaired surrogate ${hex}`;
    advice = 'the text is not valid Unicode here';
  } else if (printableAscii(cp)) {
    const c = String.fromCharCode(cp);
    noun = `character '${c}'`;
    advice =
      c === '[' || c === ']' || c === '{' || c === '}'
        ? 'vectors and argument lists are written with parentheses, as in (x, y)'
        : c === ';'
          ? 'statements need no separator: each one starts with its keyword'
          : c === '#'
            ? 'comments start with // or /*'
            : 'outside comments a scene file has only names, numbers, ( ) , = + - * / and spaces';
  } else {
    noun = `character '${String.fromCodePoint(cp)}' (${hex})`;
    advice = 'names are made of ASCII letters, digits and _, and other characters may appear only in comments';
  }
  const first = cp > 0xffff ? 2 : 1;
  if (end - start === first) return `Unexpected ${noun}: ${advice}.`;
  let ascii = true;
  for (let i = start; i < end && ascii; i++) ascii = printableAscii(text.charCodeAt(i));
  if (ascii) {
    const run = end - start > 24 ? `${text.slice(start, start + 24)}…` : text.slice(start, end);
    return `Unexpected characters '${run}': ${advice}.`;
  }
  let more = 0;
  for (let i = start + first; i < end; i += text.codePointAt(i)! > 0xffff ? 2 : 1) more++;
  return `Unexpected ${noun} and ${more} more character${more === 1 ? '' : 's'} the language does not use: ${advice}.`;
}

/**
 * A streaming lexer over `text` from an offset: tokens are scanned on demand (`fill`) into
 * growable typed arrays, so that the parser can start at any token boundary, such as the first
 * token of a statement, and stop once it is back in step with an earlier parse (incremental
 * re-parsing, see reparsing.ts `parseWindow`). A token boundary is a lexer state of its own: from
 * there on, the tokens depend only on the text that follows.
 */
export class Scanner {
  /** Number of tokens scanned so far (the last is `eof` once `done`). */
  count = 0;
  kinds = new Uint8Array(256);
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  /** Keywords: index in KEYWORD_LIST; numbers: UNIT_*. */
  extra = new Uint8Array(256);
  /** Numbers: the digits' value before the unit (NaN for a malformed literal). */
  values = new Float64Array(256);
  readonly comments: Comment[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Whether the eof token has been scanned. */
  done = false;
  private i: number;
  private readonly n: number;

  constructor(
    readonly text: string,
    from = 0,
  ) {
    this.n = text.length;
    // A byte-order mark at the very start is an encoding signature, not content.
    this.i = from === 0 && this.n > 0 && text.charCodeAt(0) === Ch.bom ? 1 : from;
  }

  /** Starts again at `from`, keeping the arrays (one scanner for many short parses). */
  reset(from: number): void {
    this.count = 0;
    this.done = false;
    if (this.comments.length !== 0) this.comments.length = 0;
    if (this.diagnostics.length !== 0) this.diagnostics.length = 0;
    this.i = from === 0 && this.n > 0 && this.text.charCodeAt(0) === Ch.bom ? 1 : from;
  }

  /**
   * Forgets the first `n` tokens: token `n` becomes token 0 (the parser does this between
   * statements, so that the arrays hold a statement's tokens rather than the whole file's).
   */
  discard(n: number): void {
    const c = this.count;
    this.kinds.copyWithin(0, n, c);
    this.starts.copyWithin(0, n, c);
    this.ends.copyWithin(0, n, c);
    this.extra.copyWithin(0, n, c);
    this.values.copyWithin(0, n, c);
    this.count = c - n;
  }

  /** Scans until token `index` exists (or the text ends); returns whether it does. */
  fill(index: number): boolean {
    while (this.count <= index) {
      if (this.done) return false;
      this.scan();
    }
    return true;
  }

  /** Scans the whole rest of the text. */
  fillAll(): void {
    while (!this.done) this.scan();
  }

  /** The token's text (allocates: for names and messages, not for the parser's decisions). */
  tokenText(index: number): string {
    return this.text.slice(this.starts[index]!, this.ends[index]!);
  }

  isKeyword(index: number, keyword: number): boolean {
    return this.kinds[index] === TK_KEYWORD && this.extra[index] === keyword;
  }

  /** Token `index` as an object (tests, formatting, features that walk tokens). */
  token(index: number): Token {
    const kind = this.kinds[index]!;
    const start = this.starts[index]!;
    const end = this.ends[index]!;
    return {
      kind: TOKEN_KINDS[kind]!,
      start,
      end,
      text: kind === TK_EOF ? '' : this.text.slice(start, end),
      value: this.values[index]!,
      unit: kind === TK_NUMBER ? UNIT_NAMES[this.extra[index]!]! : null,
    };
  }

  private push(kind: number, start: number, end: number, extra: number, value: number): void {
    const c = this.count;
    if (c === this.kinds.length) this.grow();
    this.kinds[c] = kind;
    this.starts[c] = start;
    this.ends[c] = end;
    this.extra[c] = extra;
    this.values[c] = value;
    this.count = c + 1;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    this.kinds = resized(this.kinds, size);
    this.starts = resized(this.starts, size);
    this.ends = resized(this.ends, size);
    this.extra = resized(this.extra, size);
    this.values = resized(this.values, size);
  }

  /** Scans one token (skipping whitespace and comments before it). */
  private scan(): void {
    const text = this.text;
    const n = this.n;
    let i = this.i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isWhitespace(c)) {
        i++;
        continue;
      }
      // The character after is read only where it decides the token (a comment, or `.5`): one
      // string access less per token.
      const next = c === Ch.slash || c === Ch.dot ? (i + 1 < n ? text.charCodeAt(i + 1) : -1) : -1;

      // Comments: `//` to the end of the line, `/* ... */` not nested.
      if (c === Ch.slash && next === Ch.slash) {
        const start = i;
        i = lineEnd(text, i + 2, n);
        this.comments.push({ kind: 'line', range: { start, end: i }, terminated: true });
        continue;
      }
      if (c === Ch.slash && next === Ch.star) {
        const start = i;
        const close = text.indexOf('*/', i + 2);
        if (close < 0) {
          i = n;
          this.comments.push({ kind: 'block', range: { start, end: n }, terminated: false });
          this.diagnostics.push({
            range: { start, end: start + 2 },
            severity: 'error',
            code: 'syntax-unterminated-comment',
            message: "This block comment is never closed: add '*/' where it should end.",
          });
        } else {
          i = close + 2;
          this.comments.push({ kind: 'block', range: { start, end: i }, terminated: true });
        }
        continue;
      }

      if (c === QUOTE) {
        const start = i;
        const end = stringEnd(text, i + 1, n);
        const closed = end > start + 1 && text.charCodeAt(end - 1) === QUOTE;
        if (!closed) {
          this.diagnostics.push({
            range: { start, end },
            severity: 'error',
            code: 'syntax-unterminated-string',
            message: 'This string is never closed: a string ends with \'"\' on the same line.',
          });
        }
        this.push(TK_STRING, start, end, closed ? 0 : STRING_UNTERMINATED, 0);
        this.i = end;
        return;
      }

      if (isIdentStart(c)) {
        const start = i;
        i = identEnd(text, i + 1, n);
        const k = keywordAt(text, start, i);
        this.push(k >= 0 ? TK_KEYWORD : TK_IDENTIFIER, start, i, k >= 0 ? k : 0, 0);
        this.i = i;
        return;
      }

      if (isDigit(c) || (c === Ch.dot && isDigit(next))) {
        this.i = this.number(i);
        return;
      }

      const punct = c < 128 ? PUNCT[c]! : -1;
      if (punct >= 0) {
        this.push(punct, i, i + 1, 0, 0);
        this.i = i + 1;
        return;
      }

      // A run of characters the language does not use: one token, one diagnostic.
      const start = i;
      i = errorRunEnd(text, start);
      this.push(TK_ERROR, start, i, 0, 0);
      this.diagnostics.push({
        range: { start, end: i },
        severity: 'error',
        code: 'syntax-invalid-character',
        message: invalidCharacterMessage(text, start, i),
      });
      this.i = i;
      return;
    }
    this.i = n;
    this.push(TK_EOF, n, n, 0, 0);
    this.done = true;
  }

  /**
   * Numbers: `12`, `1.5`, `.5`, `1.`, `1e-3`, `2.5E+4`, optionally glued to a unit `deg`/`rad`.
   * Letters glued to a number that are not a unit are one malformed token rather than a number
   * followed by a name, so `30dge` gets one clear message.
   */
  private number(start: number): number {
    const text = this.text;
    const end = this.numberExtent(start);
    const digitsEnd = this.digitsEnd;
    const malformed = this.malformed;
    let unit = UNIT_NONE;
    if (malformed) {
      this.diagnostics.push({
        range: { start, end },
        severity: 'error',
        code: 'syntax-invalid-number',
        message: `'${text.slice(start, end)}' is not a number: an exponent needs digits, as in 1e-3 or 2.5E+4.`,
      });
    } else if (end > digitsEnd) {
      if (end - digitsEnd === 3 && text.startsWith('deg', digitsEnd)) unit = UNIT_DEG;
      else if (end - digitsEnd === 3 && text.startsWith('rad', digitsEnd)) unit = UNIT_RAD;
      else {
        unit = UNIT_INVALID;
        const suffix = text.slice(digitsEnd, end);
        this.diagnostics.push({
          range: { start: digitsEnd, end },
          severity: 'error',
          code: 'syntax-invalid-number-suffix',
          message: `'${suffix}' is not a unit: a number may end in 'deg' or 'rad' (angles), or nothing.`,
        });
      }
    }
    // NaN marks a malformed literal that has been reported already (semantics stays quiet on it).
    this.push(TK_NUMBER, start, end, unit, malformed ? NaN : this.exactValue >= 0 ? this.exactValue : Number(text.slice(start, digitsEnd)));
    return end;
  }

  /** Set by `numberExtent`: where the numeric part ends, and whether its exponent has no digits. */
  private digitsEnd = 0;
  private malformed = false;
  /**
   * Set by `numberExtent`: the literal's value when Clinger's fast path gives it (W. D. Clinger,
   * "How to read floating point numbers accurately", PLDI 1990), else -1. The path holds when the
   * digits, read as an integer, are below 2^53 and the power of ten is at most 22 with no
   * exponent: both are exact doubles, so one IEEE division is correctly rounded. The condition is
   * exactness, not a digit count: every literal of at most 15 significant digits and 22 decimals
   * meets it, and so do nine in ten of 16 (the shortest round-trip form of most doubles in
   * [0.1, 1000), which generated scenes write). Anything else goes through `Number()`, which is
   * correctly rounded always.
   */
  private exactValue = -1;

  /**
   * The end of the number literal at `i` (shared by `number` and `skipToStatementKeyword`, so that
   * both see the same token boundaries): digits, at most one dot, an optional exponent, then any
   * letters and digits glued to it (a unit, or a mistake); after an exponent with no digits
   * (`1e+`, reported as malformed), dots too, so that the whole run is one token.
   */
  private numberExtent(i: number): number {
    const text = this.text;
    const n = this.n;
    // The digits are read as an integer on the way (Clinger's fast path, see `exactValue`). Each
    // step is exact while the true value stays below 2^53 (integers there are doubles), and
    // rounding is monotone, so a computed value below 2^53 means an exact one.
    let mantissa = 0;
    let scale = 0;
    let c = 0;
    while (i < n && isDigit((c = text.charCodeAt(i)))) {
      mantissa = mantissa * 10 + (c - 48);
      i++;
    }
    if (i < n && c === Ch.dot) {
      i++;
      while (i < n && isDigit((c = text.charCodeAt(i)))) {
        mantissa = mantissa * 10 + (c - 48);
        scale++;
        i++;
      }
    }
    this.exactValue = mantissa < TWO_POW_53 && scale <= 22 ? (scale === 0 ? mantissa : mantissa / POWERS_OF_TEN[scale]!) : -1;
    let malformed = false;
    const e = i < n ? text.charCodeAt(i) : -1;
    if (e === 101 || e === 69 /* e E */) {
      this.exactValue = -1;
      let j = i + 1;
      const sign = j < n ? text.charCodeAt(j) : -1;
      if (sign === 43 || sign === 45) j++;
      if (j < n && isDigit(text.charCodeAt(j))) {
        while (j < n && isDigit(text.charCodeAt(j))) j++;
      } else {
        malformed = true; // `1e`, `1e+`: an exponent with no digits
      }
      i = j;
    }
    this.digitsEnd = i;
    this.malformed = malformed;
    if (i < n && isIdentStart(text.charCodeAt(i))) i = identEnd(text, i + 1, n);
    if (malformed) {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (!isIdentPart(c) && c !== Ch.dot) break;
        i++;
      }
    }
    return i;
  }

  /**
   * Moves past the tokens before the next keyword that starts a statement (or the end of the
   * text) without recording them: what skimming a body needs (syntax/reparsing.ts `skimFile`), whose
   * tokens are lexed again, and reported, when the body itself is parsed. The token boundaries
   * are the ones `scan` finds (same rules for comments, numbers, names and runs of unknown
   * characters), so the keyword found is the token `scan` would reach. The last token skipped is
   * then scanned as usual and recorded, so that the parser sees the right token before the
   * keyword (its end ends the body; its line decides a `layer`, see token-cursor.ts). Returns
   * whether any token was skipped; no comment or diagnostic of the skipped stretch is recorded.
   */
  skipToStatementKeyword(): boolean {
    const text = this.text;
    const n = this.n;
    let i = this.i;
    let last = -1;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isWhitespace(c)) {
        i++;
        continue;
      }
      const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
      if (c === Ch.slash && next === Ch.slash) {
        i = lineEnd(text, i + 2, n);
        continue;
      }
      if (c === Ch.slash && next === Ch.star) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) break; // unterminated: `scan` reports it after the last token
        i = close + 2;
        continue;
      }
      const start = i;
      if (c === QUOTE) {
        // A string is one token whatever it holds: a keyword inside one starts nothing.
        i = stringEnd(text, i + 1, n);
      } else if (isIdentStart(c)) {
        i = identEnd(text, i + 1, n);
        const k = keywordAt(text, start, i);
        if (k >= 0 && STARTS_STATEMENT[k] === 1) {
          i = start;
          break;
        }
      } else if (isDigit(c) || (c === Ch.dot && isDigit(next))) {
        i = this.numberExtent(i);
      } else if (c < 128 && PUNCT[c]! >= 0) {
        i++;
      } else {
        i = errorRunEnd(text, start);
      }
      last = start;
    }
    if (last < 0) {
      this.i = i;
      return false;
    }
    this.i = last;
    this.scan();
    return true;
  }
}

/**
 * The end of a run of characters the language does not use, starting at `start`: it stops before
 * anything that starts a token, and before a `/`, which only ever starts a token of its own.
 */
function errorRunEnd(text: string, start: number): number {
  const n = text.length;
  let i = start;
  while (i < n) {
    const d = text.charCodeAt(i);
    if (i > start && startsToken(d, i + 1 < n ? text.charCodeAt(i + 1) : -1)) break;
    if (i > start && d === Ch.slash) break;
    const cp = text.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

const TWO_POW_53 = 2 ** 53;
const POWERS_OF_TEN: readonly number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

export function lex(text: string): LexResult {
  const scanner = new Scanner(text);
  scanner.fillAll();
  const tokens: Token[] = new Array<Token>(scanner.count);
  for (let k = 0; k < scanner.count; k++) tokens[k] = scanner.token(k);
  return { tokens, comments: scanner.comments, diagnostics: scanner.diagnostics };
}

/** Where a `//` comment whose text starts at `i` ends: the first line break, or `n`. */
function lineEnd(text: string, i: number, n: number): number {
  while (i < n) {
    const d = text.charCodeAt(i);
    if (d === Ch.lf || d === Ch.cr) break;
    i++;
  }
  return i;
}

/** Where the identifier whose remaining characters start at `i` ends. */
function identEnd(text: string, i: number, n: number): number {
  while (i < n && isIdentPart(text.charCodeAt(i))) i++;
  return i;
}
