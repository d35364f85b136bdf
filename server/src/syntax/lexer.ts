import type { Diagnostic, TextRange } from '../common/diagnostic';

/**
 * The scene language's lexer (scene-language.md, "Lexical"). It never throws: anything it cannot
 * read becomes an `error` token plus a diagnostic, so the parser always gets a complete token
 * stream that covers the text. Comments do not reach the parser; they are collected in a list of
 * their own for the formatter, folding and hover.
 */

/** Keywords that start a statement; the parser resynchronises at them after an error. */
export const STATEMENT_KEYWORDS = ['dt', 'frames', 'slop', 'let', 'shape', 'layer', 'body'] as const;
/** Body modifiers, written between the body's name and its shape. */
export const MODIFIER_KEYWORDS = ['static', 'sensor', 'bullet'] as const;
/** Shape constructors. */
export const SHAPE_KEYWORDS = ['circle', 'box', 'polygon', 'capsule', 'segment', 'compound'] as const;
/** Body properties (`layer` is also a statement keyword; see the parser for how that is told apart). */
export const PROPERTY_KEYWORDS = ['at', 'angle', 'velocity', 'spin', 'layer'] as const;
/** Every reserved word. */
export const KEYWORDS: ReadonlySet<string> = new Set<string>([
  ...STATEMENT_KEYWORDS,
  ...MODIFIER_KEYWORDS,
  ...SHAPE_KEYWORDS,
  ...PROPERTY_KEYWORDS,
  'collides',
  'pi',
]);

export type StatementKeyword = (typeof STATEMENT_KEYWORDS)[number];
export type ModifierKeyword = (typeof MODIFIER_KEYWORDS)[number];
export type ShapeKeyword = (typeof SHAPE_KEYWORDS)[number];
export type PropertyKeyword = (typeof PROPERTY_KEYWORDS)[number];

export type TokenKind =
  | 'identifier'
  | 'keyword'
  | 'number'
  | '('
  | ')'
  | ','
  | '='
  | '+'
  | '-'
  | '*'
  | '/'
  /** Characters the language does not use; the lexer has reported them already. */
  | 'error'
  | 'eof';

export type AngleUnit = 'deg' | 'rad';

export interface Token {
  readonly kind: TokenKind;
  /** `[start, end)` UTF-16 offsets. */
  readonly start: number;
  readonly end: number;
  /** The source text of the token ('' for eof). */
  readonly text: string;
  /**
   * Numbers: the value of the digits, before any unit is applied (Infinity for 1e999; NaN for a
   * malformed literal such as `1e+`, already reported by the lexer).
   */
  readonly value: number;
  /** Numbers: the glued unit suffix, if any. */
  readonly unit: AngleUnit | null;
}

export interface Comment {
  readonly kind: 'line' | 'block';
  readonly range: TextRange;
  /** Block comments only: false when the file ended before its closing delimiter. */
  readonly terminated: boolean;
}

export interface LexResult {
  /** Every token in order, always ending with one `eof` token at the end of the text. */
  readonly tokens: Token[];
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
}

const Ch = {
  tab: 9,
  lf: 10,
  vt: 11,
  ff: 12,
  cr: 13,
  space: 32,
  slash: 47,
  star: 42,
  dot: 46,
  bom: 0xfeff,
} as const;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}
function isWhitespace(c: number): boolean {
  return c === Ch.space || c === Ch.tab || c === Ch.lf || c === Ch.cr || c === Ch.vt || c === Ch.ff;
}
const PUNCTUATION: Record<string, TokenKind> = {
  '(': '(',
  ')': ')',
  ',': ',',
  '=': '=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
};
/** Whether `c` can begin some token (so an error run stops before it). */
function startsToken(c: number, next: number): boolean {
  if (isIdentStart(c) || isDigit(c) || isWhitespace(c)) return true;
  if (c === Ch.dot) return isDigit(next);
  return String.fromCharCode(c) in PUNCTUATION;
}

function describeChar(text: string, at: number): string {
  const cp = text.codePointAt(at)!;
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp === 0) return 'a NUL byte (U+0000)';
  if (cp < 32 || cp === 127) return `a control character (U+${hex})`;
  if (cp === 0xa0) return 'a non-breaking space (U+00A0)';
  if (cp === 0xfeff) return 'a byte-order mark (U+FEFF) inside the text';
  if (cp >= 0xd800 && cp <= 0xdfff) return `an unpaired surrogate (U+${hex})`;
  return `'${String.fromCodePoint(cp)}' (U+${hex})`;
}

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  const n = text.length;
  let i = 0;
  // A byte-order mark at the very start is an encoding signature, not content.
  if (n > 0 && text.charCodeAt(0) === Ch.bom) i = 1;

  const push = (kind: TokenKind, start: number, end: number, value = 0, unit: AngleUnit | null = null): void => {
    tokens.push({ kind, start, end, text: text.slice(start, end), value, unit });
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;

    // Comments: `//` to the end of the line, `/* ... */` not nested.
    if (c === Ch.slash && next === Ch.slash) {
      const start = i;
      i += 2;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === Ch.lf || d === Ch.cr) break;
        i++;
      }
      comments.push({ kind: 'line', range: { start, end: i }, terminated: true });
      continue;
    }
    if (c === Ch.slash && next === Ch.star) {
      const start = i;
      const close = text.indexOf('*/', i + 2);
      if (close < 0) {
        i = n;
        comments.push({ kind: 'block', range: { start, end: n }, terminated: false });
        diagnostics.push({
          range: { start, end: start + 2 },
          severity: 'error',
          code: 'syntax-unterminated-comment',
          message: "This block comment is never closed: add '*/' where it should end.",
        });
      } else {
        i = close + 2;
        comments.push({ kind: 'block', range: { start, end: i }, terminated: true });
      }
      continue;
    }

    if (isIdentStart(c)) {
      const start = i;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      push(KEYWORDS.has(text.slice(start, i)) ? 'keyword' : 'identifier', start, i);
      continue;
    }

    if (isDigit(c) || (c === Ch.dot && isDigit(next))) {
      i = lexNumber(text, i, tokens, diagnostics);
      continue;
    }

    const punct = PUNCTUATION[text[i]!];
    if (punct !== undefined) {
      push(punct, i, i + 1);
      i++;
      continue;
    }

    // A run of characters the language does not use: one token, one diagnostic.
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (i > start && startsToken(d, i + 1 < n ? text.charCodeAt(i + 1) : -1)) break;
      // `/` only starts a token of its own; keep it out of the run.
      if (i > start && d === Ch.slash) break;
      const cp = text.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
    }
    push('error', start, i);
    const what = describeChar(text, start);
    diagnostics.push({
      range: { start, end: i },
      severity: 'error',
      code: 'syntax-invalid-character',
      message:
        i - start > (text.codePointAt(start)! > 0xffff ? 2 : 1)
          ? `Unexpected characters starting with ${what}: scene files use ASCII names, numbers, ( ) , = + - * / and comments.`
          : `Unexpected character ${what}: scene files use ASCII names, numbers, ( ) , = + - * / and comments.`,
    });
  }
  tokens.push({ kind: 'eof', start: n, end: n, text: '', value: 0, unit: null });
  return { tokens, comments, diagnostics };
}

/**
 * Numbers: `12`, `1.5`, `.5`, `1.`, `1e-3`, `2.5E+4`, optionally glued to a unit `deg`/`rad`.
 * Letters glued to a number that are not a unit are one malformed token rather than a number
 * followed by a name, so `30dge` gets one clear message.
 */
function lexNumber(text: string, i: number, tokens: Token[], diagnostics: Diagnostic[]): number {
  const n = text.length;
  const start = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  if (i < n && text.charCodeAt(i) === Ch.dot) {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
  }
  let malformed = false;
  const e = i < n ? text.charCodeAt(i) : -1;
  if (e === 101 || e === 69 /* e E */) {
    let j = i + 1;
    const sign = j < n ? text.charCodeAt(j) : -1;
    if (sign === 43 || sign === 45) j++;
    if (j < n && isDigit(text.charCodeAt(j))) {
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      i = j;
    } else {
      // `1e`, `1e+`: an exponent with no digits.
      malformed = true;
      i = j;
    }
  }
  const digitsEnd = i;
  const value = Number(text.slice(start, digitsEnd));
  let unit: AngleUnit | null = null;
  if (i < n && isIdentStart(text.charCodeAt(i))) {
    const suffixStart = i;
    while (i < n && isIdentPart(text.charCodeAt(i))) i++;
    const suffix = text.slice(suffixStart, i);
    if (!malformed && (suffix === 'deg' || suffix === 'rad')) {
      unit = suffix;
    } else if (!malformed) {
      diagnostics.push({
        range: { start: suffixStart, end: i },
        severity: 'error',
        code: 'syntax-invalid-number-suffix',
        message: `'${suffix}' is not a unit: a number may end in 'deg' or 'rad' (angles), or nothing.`,
      });
    }
  }
  if (malformed) {
    while (i < n && (isIdentPart(text.charCodeAt(i)) || text.charCodeAt(i) === Ch.dot)) i++;
    diagnostics.push({
      range: { start, end: i },
      severity: 'error',
      code: 'syntax-invalid-number',
      message: `'${text.slice(start, i)}' is not a number: an exponent needs digits, as in 1e-3 or 2.5E+4.`,
    });
  }
  tokens.push({
    kind: 'number',
    start,
    end: i,
    text: text.slice(start, i),
    // NaN marks a malformed literal that has been reported already (semantics stays quiet on it).
    value: malformed ? NaN : value,
    unit,
  });
  return i;
}
