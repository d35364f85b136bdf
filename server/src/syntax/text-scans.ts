// Scans of raw text that answer what the lexer would, without lexing: the comments of a
// stretch, and the parentheses that may open a call.
import { Ch, isDigit, isIdentPart, isWhitespace, keywordAt } from './characters';
import type { Comment } from './tokens';
import { stringEnd } from './string-literal';

/**
 * The comments of `text[from, to)`, exactly as the lexer records them, without lexing: outside a
 * comment a `/` is always a token of its own (no other token contains one; an error run stops
 * before it, see `errorRunEnd`), so every `//` or `/*` found by searching for `/` from a token
 * boundary starts a comment, and a comment's end is found as `scan` finds it. `from` must be a
 * token boundary (0, or where a token or statement starts); comments starting before `to` are
 * returned, the last one whole. The cost is a memory search plus the comments and divisions met,
 * which is what folding and completion need on every edit of a large file.
 */
export function scanComments(text: string, from = 0, to = text.length): Comment[] {
  const out: Comment[] = [];
  const n = text.length;
  // A string literal (a tile row) may hold slashes: each `"` met before the next `/` is skipped
  // with its string, as the lexer reads it (lexer.ts stringEnd), so a `/` found is never inside one.
  let quote = text.indexOf('"', from);
  for (let i = text.indexOf('/', from); i >= 0 && i < to; i = text.indexOf('/', i)) {
    if (quote >= 0 && quote < i) {
      i = stringEnd(text, quote + 1, n);
      quote = text.indexOf('"', i);
      continue;
    }
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    if (next === Ch.slash) {
      const start = i;
      i += 2;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === Ch.lf || d === Ch.cr) break;
        i++;
      }
      out.push({ kind: 'line', range: { start, end: i }, terminated: true });
      if (quote >= 0 && quote < i) quote = text.indexOf('"', i);
    } else if (next === Ch.star) {
      const start = i;
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      out.push({ kind: 'block', range: { start, end: i }, terminated: close >= 0 });
      if (quote >= 0 && quote < i) quote = text.indexOf('"', i);
    } else {
      i++; // a division
    }
  }
  return out;
}

/**
 * Offsets in `text[from, to)` of every `(` that may open a function call (`sqrt(2)`): the
 * parser makes a call of a name token followed by a `(` token, so a `(` whose previous token is
 * no name cannot open one. The test is on characters and errs only one way: after a keyword,
 * a number, punctuation or an unknown character it answers no, as the lexer would; after a
 * line break or a comment (the previous token is then out of a backward reach) it answers maybe,
 * and so does a `(` inside a comment. Semantic tokens parse only the statements it names, so a
 * file without calls is never parsed to find them.
 */
export function callOpenings(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let p = text.indexOf('(', from); p >= 0 && p < to; p = text.indexOf('(', p + 1)) {
    let q = p - 1;
    let crossedLine = false;
    for (; q >= 0; q--) {
      const c = text.charCodeAt(q);
      if (!isWhitespace(c)) break;
      if (c === Ch.lf || c === Ch.cr) crossedLine = true;
    }
    if (q < 0) continue;
    const c = text.charCodeAt(q);
    if (crossedLine || c === Ch.slash) {
      out.push(p);
      continue;
    }
    if (!isIdentPart(c)) continue;
    let w = q;
    while (w > 0 && isIdentPart(text.charCodeAt(w - 1))) w--;
    // Digits first: a number (glued letters are its unit or a mistake), never a name. A keyword
    // is never a callee; a run of name characters that is not a token of its own lies inside a
    // number or a comment, where no callee is either.
    if (isDigit(text.charCodeAt(w)) || keywordAt(text, w, q + 1) >= 0) continue;
    out.push(p);
  }
  return out;
}
