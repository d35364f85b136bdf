// Whole-file parsing: the tree of a text (`parse`), or its statements one at a time
// (`streamStatements`). The grammar itself is grammar.ts (and the files its parser extends);
// windowed re-parsing is reparsing.ts.
import { byPosition, type Diagnostic } from '../common/diagnostic';
import type { SourceFile, Statement } from './ast';
import { internalError, Parser } from './grammar';
import { lex, Scanner } from './lexer';
import type { Comment, Token } from './tokens';
import { LineIndex } from './positions';
import type { StatementIndex } from './statement-index';

export interface ParseResult {
  /** The text that was parsed (ranges index into it). */
  readonly text: string;
  readonly file: SourceFile;
  /** All tokens, ending with `eof`; comments are not tokens (see `comments`). */
  readonly tokens: readonly Token[];
  readonly comments: readonly Comment[];
  /** Lexical and syntax errors, in source order. */
  readonly diagnostics: Diagnostic[];
  /** Offset ↔ line/character conversion for `text`. */
  readonly lines: LineIndex;
  /**
   * The statements by position, when the producer keeps them without the tree (the language
   * server's versions do: analysis/deferred-parse.ts `DeferredParse`); `statementIndexOf`
   * gives one for any result.
   */
  readonly statementIndex?: StatementIndex;
}

/**
 * A whole-file parse. The parser keeps only a statement's tokens at a time (Parser.nextStatement),
 * so `tokens` lexes the text again on first use (most callers never ask); the token arrays of a
 * large file are not kept alive with its tree.
 */
class FullParse implements ParseResult {
  private tokenObjects: Token[] | undefined;
  constructor(
    readonly text: string,
    readonly file: SourceFile,
    readonly comments: readonly Comment[],
    readonly diagnostics: Diagnostic[],
    readonly lines: LineIndex,
  ) {}

  get tokens(): readonly Token[] {
    return (this.tokenObjects ??= lex(this.text).tokens);
  }
}

export function parse(text: string, lines?: LineIndex): ParseResult {
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  lines ??= new LineIndex(text);
  const scanner = new Scanner(text);
  const diagnostics: Diagnostic[] = [];
  let statements: Statement[];
  try {
    statements = new Parser(scanner, lines, diagnostics, 0).parseStatements(null);
  } catch (e) {
    statements = [];
    diagnostics.push(internalError(e));
  }
  scanner.fillAll();
  const all = scanner.diagnostics.length > 0 ? [...scanner.diagnostics, ...diagnostics] : diagnostics;
  all.sort(byPosition);
  const file: SourceFile = { kind: 'SourceFile', range: { start: 0, end: text.length }, statements };
  return new FullParse(text, file, scanner.comments, all, lines);
}


/**
 * A whole-file parse that hands each statement to `visit` as soon as it is parsed and keeps none
 * (analysis/whole-text.ts: semantics evaluates a body and drops its tree, so a large file's
 * trees never all live at once). `visit` returns false to stop; the result is then null, as it is
 * when the parser fails (the caller takes another path). Otherwise it is the lexical and syntax
 * diagnostics, equal to `parse(text).diagnostics`.
 */
export function streamStatements(text: string, lines: LineIndex, visit: (statement: Statement) => boolean): Diagnostic[] | null {
  const scanner = new Scanner(text);
  const diagnostics: Diagnostic[] = [];
  const parser = new Parser(scanner, lines, diagnostics, 0);
  try {
    if (!parser.forEachStatement(visit)) return null;
  } catch {
    return null;
  }
  scanner.fillAll();
  const all = scanner.diagnostics.length > 0 ? [...scanner.diagnostics, ...diagnostics] : diagnostics;
  all.sort(byPosition);
  return all;
}
