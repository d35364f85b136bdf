// String literals (a tile grid's rows): where one ends, shared by the lexer and the raw-text scans.
import { Ch } from './characters';

/** `"`: opens a string literal, which ends at the next `"` or at the end of its line. */
export const QUOTE = 34;

/**
 * Where the string literal whose characters start at `i` (after its opening quote) ends: after
 * its closing quote, or, unterminated, at the end of its line (the line break is not part of it),
 * so that lexing resumes on the next line and loses no statement.
 */
export function stringEnd(text: string, i: number, n: number): number {
  while (i < n) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) return i + 1;
    if (d === Ch.lf || d === Ch.cr) return i;
    i++;
  }
  return i;
}

