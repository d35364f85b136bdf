import type { TextRange } from '../common/diagnostic';
import type { Statement } from '../syntax/ast';
import { lex, type Comment, type LexResult, type Token } from '../syntax/lexer';
import { parse } from '../syntax/parser';
import type { AnalyzedDocument } from './document';

/**
 * Formatting: canonical spacing that is stable and idempotent and keeps every comment. The
 * formatter only ever rewrites the whitespace *between* tokens and comments, so it cannot change
 * what a file means; it then re-lexes and re-parses its own output and throws (a bug, no edits
 * made) if the tokens, comments or statements differ in any way, which makes that a checked
 * guarantee rather than a hope. Like gofmt it keeps the author's line breaks and only normalizes
 * what is around them:
 *
 *  - each statement starts on its own line, flush left; continuation lines of a statement are
 *    indented by two spaces, and lines inside parentheses by two more than the line that opened
 *    them (a closing parenthesis that starts a line lines up with that opening line);
 *  - one space between words and around `=` and binary operators, none inside parentheses,
 *    before a comma or after a unary minus, one after a comma; a constructor or function name
 *    touches its parenthesis (`box(1, 2)`), a keyword does not (`at (1, 2)`);
 *  - at most one blank line in a row, none at the start, exactly one line break at the end, no
 *    trailing whitespace, the document's own line-break style;
 *  - trailing `//` comments on consecutive lines are aligned two spaces after the longest line of
 *    code in the run (gofmt aligns its trailing comments the same way).
 *
 * Block comments keep their inner text verbatim. A file with lexical errors (characters the
 * language does not use, an unterminated comment) is left alone: what the author meant there is
 * unknown, and whitespace may be part of it.
 */
export interface FormattingOptions {
  /** Spaces per indentation level (the client's tabSize; the canonical style uses 2). */
  readonly indent?: number;
}

interface Element {
  readonly start: number;
  readonly end: number;
  readonly token?: Token;
  /** Index of `token` in the lexer's token array. */
  readonly tokenIndex?: number;
  readonly comment?: Comment;
}

export function formatText(text: string, options: FormattingOptions = {}): { range: TextRange; newText: string }[] {
  const unit = options.indent && options.indent > 0 && options.indent <= 8 ? Math.floor(options.indent) : 2;
  const lexed = lex(text);
  if (lexed.tokens.some((t) => t.kind === 'error') || lexed.comments.some((c) => !c.terminated)) return [];
  const parsed = parse(text);
  const statementStarts = new Set(parsed.file.statements.map((s) => s.range.start));

  const elements: Element[] = [];
  {
    const tokens = lexed.tokens;
    const comments = lexed.comments;
    let i = 0;
    let j = 0;
    while (i < tokens.length - 1 || j < comments.length) {
      const t = i < tokens.length - 1 ? tokens[i] : undefined;
      const c = j < comments.length ? comments[j] : undefined;
      if (t && (!c || t.start < c.range.start)) {
        elements.push({ start: t.start, end: t.end, token: t, tokenIndex: i });
        i++;
      } else if (c) {
        elements.push({ start: c.range.start, end: c.range.end, comment: c });
        j++;
      }
    }
  }
  if (elements.length === 0) return [];
  // Per element, the index of the first token element at or after it (elements.length if none):
  // a run of comment lines looks up the statement after it in O(1).
  const nextToken = new Int32Array(elements.length + 1);
  nextToken[elements.length] = elements.length;
  for (let k = elements.length - 1; k >= 0; k--) nextToken[k] = elements[k]!.token ? k : nextToken[k + 1]!;

  const eol = detectEol(text);
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const gaps: string[] = new Array<string>(elements.length + 1);
  // Per trailing line comment: its element index, output line and the width of the code before it.
  const trailing: { index: number; line: number; width: number }[] = [];

  const stack: number[] = [];
  let inStatement = false;
  let lineIndent = 0;
  let line = 0;
  let column = 0;

  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const prev = i > 0 ? elements[i - 1]! : undefined;
    const original = text.slice(prev ? prev.end : bom, e.start);
    const breaks = countBreaks(original);
    const startsStatement = e.token !== undefined && statementStarts.has(e.start);
    if (startsStatement) {
      stack.length = 0;
      inStatement = true;
    }
    let gap: string;
    if (!prev) {
      gap = '';
      lineIndent = 0;
    } else if (breaks > 0 || startsStatement || prev.comment?.kind === 'line') {
      const indent = indentOf(e, i, startsStatement);
      gap = eol.repeat(Math.min(Math.max(breaks, 1), 2)) + ' '.repeat(indent);
      lineIndent = indent;
      line += Math.min(Math.max(breaks, 1), 2);
      column = indent;
    } else {
      gap = spacing(prev, e, lexed.tokens);
      if (e.comment?.kind === 'line') trailing.push({ index: i, line, width: column });
      column += gap.length;
    }
    gaps[i] = gap;

    // Advance the output position over the element itself.
    const body = text.slice(e.start, e.end);
    const innerBreaks = countBreaks(body);
    if (innerBreaks > 0) {
      line += innerBreaks;
      column = body.length - Math.max(body.lastIndexOf('\n'), body.lastIndexOf('\r')) - 1;
    } else {
      column += body.length;
    }
    if (e.token) {
      if (e.token.kind === '(') stack.push(lineIndent);
      else if (e.token.kind === ')') stack.pop();
    }
  }
  gaps[elements.length] = eol;

  // Align runs of trailing comments on consecutive lines.
  for (let k = 0; k < trailing.length; ) {
    let m = k + 1;
    while (m < trailing.length && trailing[m]!.line === trailing[m - 1]!.line + 1) m++;
    let width = 0;
    for (let r = k; r < m; r++) width = Math.max(width, trailing[r]!.width);
    for (let r = k; r < m; r++) gaps[trailing[r]!.index] = ' '.repeat(width + 2 - trailing[r]!.width);
    k = m;
  }

  // The edits and the text they make, in one pass (the pieces are joined once).
  const edits: { range: TextRange; newText: string }[] = [];
  const pieces: string[] = [text.slice(0, bom)];
  for (let i = 0; i <= elements.length; i++) {
    const start = i === 0 ? bom : elements[i - 1]!.end;
    const end = i === elements.length ? text.length : elements[i]!.start;
    if (text.slice(start, end) !== gaps[i]) edits.push({ range: { start, end }, newText: gaps[i]! });
    pieces.push(gaps[i]!);
    if (i < elements.length) pieces.push(text.slice(elements[i]!.start, elements[i]!.end));
  }
  if (edits.length === 0) return [];
  if (!sameProgram(text, lexed, parsed.file.statements, pieces.join(''))) {
    throw new Error('Formatting would change the program (its tokens, comments or statements); no edits were made.');
  }
  return edits;

  function indentOf(e: Element, i: number, startsStatement: boolean): number {
    if (startsStatement || !inStatement) return 0;
    if (e.comment && stack.length === 0) {
      // A comment line belongs to the statement after it when that starts next (or nothing does).
      const next = elements[nextToken[i + 1]!];
      if (!next || statementStarts.has(next.start)) return 0;
    }
    if (e.token?.kind === ')') return stack.length > 0 ? stack[stack.length - 1]! : unit;
    if (stack.length > 0) return stack[stack.length - 1]! + unit;
    return unit;
  }
}

/** The document's formatting edits, in offsets of its text (the LSP edge converts them). */
export function formatting(doc: AnalyzedDocument, options: FormattingOptions = {}): { range: TextRange; newText: string }[] {
  return formatText(doc.text, options);
}

function detectEol(text: string): string {
  const i = text.search(/\r\n|\n|\r/);
  if (i < 0) return '\n';
  return text[i] === '\r' ? (text[i + 1] === '\n' ? '\r\n' : '\r') : '\n';
}

function countBreaks(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (s.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

const SHAPE_OR_CALL = new Set(['circle', 'box', 'polygon', 'capsule', 'segment', 'compound', 'chain']);

/** Whether a `-` is unary: nothing that could end an operand comes before it. */
function isUnaryMinus(t: Token, before: Token | undefined): boolean {
  if (t.kind !== '-') return false;
  if (!before) return true;
  if (before.kind === 'number' || before.kind === 'identifier' || before.kind === ')') return false;
  if (before.kind === 'keyword') return before.text !== 'pi';
  return true;
}

function spacing(prev: Element, e: Element, tokens: readonly Token[]): string {
  const p = prev.token;
  const t = e.token;
  if (t && (t.kind === ',' || t.kind === ')')) return '';
  if (p && p.kind === '(') return '';
  if (!p || !t) return ' '; // next to a comment
  if (t.kind === '(') return p.kind === 'identifier' || (p.kind === 'keyword' && SHAPE_OR_CALL.has(p.text)) ? '' : ' ';
  if (p.kind === '-' && isUnaryMinus(p, prev.tokenIndex ? tokens[prev.tokenIndex - 1] : undefined)) return '';
  return ' ';
}

/**
 * Same tokens, same comments, same statements: the formatter changed whitespace only. `before`'s
 * lex and statements are the ones formatText made its edits from.
 */
function sameProgram(before: string, a: LexResult, pa: readonly Statement[], after: string): boolean {
  const b = lex(after);
  if (a.tokens.length !== b.tokens.length || a.comments.length !== b.comments.length) return false;
  for (let i = 0; i < a.tokens.length; i++) {
    if (a.tokens[i]!.kind !== b.tokens[i]!.kind || a.tokens[i]!.text !== b.tokens[i]!.text) return false;
  }
  for (let i = 0; i < a.comments.length; i++) {
    const ca = a.comments[i]!;
    const cb = b.comments[i]!;
    if (before.slice(ca.range.start, ca.range.end) !== after.slice(cb.range.start, cb.range.end)) return false;
  }
  const pb = parse(after).file.statements;
  if (pa.length !== pb.length) return false;
  for (let i = 0; i < pa.length; i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x.kind !== y.kind) return false;
    if (x.kind === 'Body' && y.kind === 'Body' && x.properties.length !== y.properties.length) return false;
  }
  return true;
}
