// The scene language's tokens: keywords, the token and comment records, and the codes of the
// compact token stream the scanner (lexer.ts) fills and the parser reads.
import type { Diagnostic, TextRange } from '../common/diagnostic';

/** Keywords that start a statement; the parser resynchronizes at them after an error. */
export const STATEMENT_KEYWORDS = ['dt', 'frames', 'slop', 'let', 'shape', 'layer', 'body', 'tiles'] as const;
/** Body modifiers, written between the body's name and its shape. */
export const MODIFIER_KEYWORDS = ['static', 'sensor', 'bullet'] as const;
/** Shape constructors. */
export const SHAPE_KEYWORDS = ['circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'chain'] as const;
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
  | 'eof'
  /** A string literal `"..."` on one line (a tile grid's row), quotes included in its range. */
  | 'string';

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

// ── Compact tokens ────────────────────────────────────────────────────────────────────────────
//
// The parser reads tokens from parallel typed arrays (kind, start, end, keyword or unit, value)
// rather than from one object per token: a large file has millions of tokens, and objects
// for them would be both the largest allocation of a parse and the largest structure kept alive.
// `Token` objects are made only on request (`lex`, `ParseResult.tokens`).

/** Token kind codes of the compact stream; `TOKEN_KINDS[code]` is the kind's name. */
export const TK_IDENTIFIER = 0;
export const TK_KEYWORD = 1;
export const TK_NUMBER = 2;
export const TK_LPAREN = 3;
export const TK_RPAREN = 4;
export const TK_COMMA = 5;
export const TK_EQUALS = 6;
export const TK_PLUS = 7;
export const TK_MINUS = 8;
export const TK_STAR = 9;
export const TK_SLASH = 10;
export const TK_ERROR = 11;
export const TK_EOF = 12;
export const TK_STRING = 13;
export const TOKEN_KINDS: readonly TokenKind[] = ['identifier', 'keyword', 'number', '(', ')', ',', '=', '+', '-', '*', '/', 'error', 'eof', 'string'];
/** A string token's `extra`: 1 when the line ended before its closing quote (reported). */
export const STRING_UNTERMINATED = 1;

/** Every keyword once, in a fixed order: a keyword token's `extra` is its index here. */
export const KEYWORD_LIST: readonly string[] = [...KEYWORDS];
export const KEYWORD_ID: ReadonlyMap<string, number> = new Map(KEYWORD_LIST.map((k, i) => [k, i]));
/** A number token's `extra`: no unit, `deg`, `rad`. */
export const UNIT_NONE = 0;
export const UNIT_DEG = 1;
export const UNIT_RAD = 2;
/** Letters after the digits that are no unit (`30dge`, `1x2`): the lexer reported them. */
export const UNIT_INVALID = 3;
export const UNIT_NAMES: readonly (AngleUnit | null)[] = [null, 'deg', 'rad', null];

/** Keyword id → 1 when the keyword starts a statement (STATEMENT_KEYWORDS). */
export const STARTS_STATEMENT = new Uint8Array(KEYWORD_LIST.length);
for (const k of STATEMENT_KEYWORDS) STARTS_STATEMENT[KEYWORD_ID.get(k)!] = 1;
