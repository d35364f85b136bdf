// A version's syntax result without its tree: what the incremental front end keeps of each
// version, parsing or lexing the text again only for callers that ask for the whole file.
import type { Diagnostic } from '../common/diagnostic';
import type { SourceFile } from '../syntax/ast';
import { lex } from '../syntax/lexer';
import type { Comment, Token } from '../syntax/tokens';
import { parse, type ParseResult } from '../syntax/parser';
import type { LineIndex } from '../syntax/positions';
import { StatementIndex } from '../syntax/statement-index';

/**
 * A version's syntax result when the tree was not kept: the text, its lines, its diagnostics and
 * its statements' positions are at hand. Editor features work from the statement index
 * (syntax/statement-index.ts), which parses or lexes only the statements a request touches; the
 * whole tree, tokens and comments come from one parse of the text on first use, for callers
 * that really want the whole file.
 */
export class DeferredParse implements ParseResult {
  private full: ParseResult | undefined;
  private lexed: { readonly tokens: Token[]; readonly comments: Comment[] } | undefined;
  private index: StatementIndex | undefined;
  /**
   * `outline`: the statements' starts, ends and kinds (STATEMENT_KIND_CODE), as the front end found
   * them; never written afterwards. Without it, the index is made by a streaming parse on first use.
   */
  constructor(
    readonly text: string,
    readonly lines: LineIndex,
    readonly diagnostics: Diagnostic[],
    private readonly outline?: { readonly starts: ArrayLike<number>; readonly ends: ArrayLike<number>; readonly kinds: ArrayLike<number> },
  ) {}

  get statementIndex(): StatementIndex {
    if (this.index) return this.index;
    const o = this.outline;
    this.index = o
      ? new StatementIndex(this.text, this.lines, o.starts, o.ends, o.kinds)
      : this.full
        ? StatementIndex.ofStatements(this.text, this.lines, this.full.file.statements)
        : StatementIndex.ofText(this.text, this.lines);
    return this.index;
  }

  get file(): SourceFile {
    this.full ??= parse(this.text, this.lines);
    return this.full.file;
  }
  // Tokens and comments need only the lexer (completion, hover and signature help ask for them
  // on every keystroke; the tree is for outline-like features).
  get tokens(): readonly Token[] {
    return this.full?.tokens ?? (this.lexed ??= lex(this.text)).tokens;
  }
  get comments(): readonly Comment[] {
    return this.full?.comments ?? (this.lexed ??= lex(this.text)).comments;
  }
}
