// Character classes and keyword recognition of the scene language, shared by the scanner
// (lexer.ts) and the scans that read raw text without lexing (text-scans.ts).
import * as tokens from './tokens';

// Bound once as a module-local constant: keywordAt reads it per name, and an imported binding is
// a property read of the exporting module's object wherever modules are not bundled (tsx).
const { KEYWORD_LIST } = tokens;

export const Ch = {
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

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
/** Whether `c` (a UTF-16 unit) may continue a name: the lexer's rule, for scans that read raw text. */
export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}
export function isWhitespace(c: number): boolean {
  return c === Ch.space || c === Ch.tab || c === Ch.lf || c === Ch.cr || c === Ch.vt || c === Ch.ff;
}

/**
 * Keyword ids by length and first character (`keyClass`), so that recognizing one allocates
 * nothing and compares a name with at most two keywords (slop/spin, static/sensor,
 * compound/collides), most names with none (by length alone a six-letter name meets five keywords).
 */
const keyClass = (length: number, first: number): number => length * 128 + first;
const MAX_KEYWORD_LENGTH = Math.max(...KEYWORD_LIST.map((k) => k.length));
const KEYWORDS_BY_CLASS: (readonly number[] | undefined)[] = Array.from({ length: keyClass(MAX_KEYWORD_LENGTH + 1, 0) }, () => undefined);
for (let i = 0; i < KEYWORD_LIST.length; i++) {
  const k = KEYWORD_LIST[i]!;
  ((KEYWORDS_BY_CLASS[keyClass(k.length, k.charCodeAt(0))] ??= []) as number[]).push(i);
}

/** The keyword id of `text[start, end)`, or -1 when it is no keyword. */
export function keywordAt(text: string, start: number, end: number): number {
  const length = end - start;
  if (length > MAX_KEYWORD_LENGTH) return -1;
  const first = text.charCodeAt(start);
  if (first >= 128) return -1;
  const candidates = KEYWORDS_BY_CLASS[keyClass(length, first)];
  if (candidates === undefined) return -1;
  for (const k of candidates) if (text.startsWith(KEYWORD_LIST[k]!, start)) return k;
  return -1;
}
