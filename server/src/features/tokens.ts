import type { Token } from '../syntax/lexer';
import { lowerBoundBy } from '../syntax/positions';

/**
 * Token look-ups by offset over the lexer's token array (sorted, non-overlapping, ending with
 * `eof`). Binary search: completion and signature help run on every keystroke in files of tens of
 * thousands of lines.
 */

/** Index of the last token starting before `offset` (-1 when none). */
export function lastTokenBefore(tokens: readonly Token[], offset: number): number {
  const i = lowerBoundBy(tokens, offset, (t) => t.start) - 1;
  // The `eof` token, last when present, is no token to stand on: the one before it is.
  return i >= 0 && tokens[i]!.kind === 'eof' ? i - 1 : i;
}

/**
 * The token under the cursor: one that contains `offset`, or ends exactly at it (a cursor just
 * after a word is on that word). Undefined in whitespace, comments and at the end of the file.
 */
export function tokenAt(tokens: readonly Token[], offset: number): Token | undefined {
  const i = lastTokenBefore(tokens, offset + 1);
  if (i < 0) return undefined;
  const t = tokens[i]!;
  const prev = i > 0 ? tokens[i - 1] : undefined;
  const inT = t.start <= offset && offset <= t.end;
  const inPrev = prev !== undefined && prev.end === offset;
  // Between two tokens that touch (`circle|(`), the word wins over the punctuation.
  if (inT && inPrev) return isWord(t) || !isWord(prev) ? t : prev;
  if (inT) return t;
  return undefined;
}

function isWord(t: Token): boolean {
  return t.kind === 'identifier' || t.kind === 'keyword';
}
