/**
 * The parser's base (grammar.ts): the token cursor over the scanner's arrays, the parse state of
 * the current statement, and error reporting and recovery. Recovery is panic mode (Aho, Lam,
 * Sethi and Ullman, "Compilers", §4.1.4, with statement keywords as the synchronizing set): the
 * first error in a statement is reported, later ones stay quiet, and `skipToStatementStart`
 * resumes at the next statement keyword.
 */
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { Identifier, MissingNode } from './ast';
import type { Scanner } from './lexer';
import type { LineIndex } from './positions';
import * as tokens from './tokens';
import * as tables from './grammar-tables';

// Bound once as module-local constants: the parse loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { TK_EOF, TK_ERROR, TK_IDENTIFIER, TK_KEYWORD } = tokens;
const { KW_LAYER, KW_COLLIDES, IS_STATEMENT } = tables;

export function internalError(e: unknown): Diagnostic {
  // Not expected to happen; if a bug ever gets here the editor keeps working and says so.
  return {
    range: { start: 0, end: 0 },
    severity: 'error',
    code: 'syntax-internal-error',
    message: `The parser failed on this file (${e instanceof Error ? e.message : String(e)}); please report it.`,
  };
}

/**
 * A copy of `s` that shares no memory with the text it was sliced from. V8 represents a substring
 * of 13 or more characters as a view into its parent, so a long name kept in a scene that
 * outlives its version of the text (incremental analysis reuses bodies across edits) would keep
 * that whole text alive. Concatenation then slicing flattens into a fresh string first.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (s + '\u0000').slice(0, -1);
}

export abstract class TokenCursor {
  /** Index of the next token in the scanner. */
  protected pos = 0;
  /** Current nesting of parentheses, calls and compounds. */
  protected depth = 0;
  /** Height of the expression most recently returned by an expression parser. */
  protected height = 0;
  /** Whether the current statement has reported its error already (panic mode). */
  protected reported = false;
  /** Whether the current statement is broken (ast.ts `Recoverable`), reported or not. */
  protected broken = false;
  /** Offset of the `body` keyword of the body being parsed, or -1 outside a body. */
  protected bodyStart = -1;
  /** End offset of the last token consumed. */
  protected lastEnd: number;
  /** Where `parseStatements` stopped (see `parseWindow`). */
  stoppedAt: number;
  protected readonly text: string;

  constructor(
    protected readonly s: Scanner,
    protected readonly lines: LineIndex,
    protected diagnostics: Diagnostic[],
    start: number,
  ) {
    this.lastEnd = start;
    this.stoppedAt = s.text.length;
    this.text = s.text;
  }

  /** Starts again at offset `start` of a scanner reset there, reporting into `diagnostics`. */
  restart(start: number, diagnostics: Diagnostic[]): void {
    this.pos = 0;
    this.lastEnd = start;
    this.stoppedAt = this.text.length;
    this.diagnostics = diagnostics;
  }

  // ── Tokens ──────────────────────────────────────────────────────────────────────────────────
  //
  // Tokens are read by index from the scanner's arrays; `k` counts tokens ahead of `pos`. The
  // scanner ends with one eof token, which every look past the end sees.

  protected at(k: number): number {
    const i = this.pos + k;
    const s = this.s;
    if (i < s.count || s.fill(i)) return i;
    return s.count - 1;
  }

  // The index first: scanning ahead may replace the scanner's arrays.
  protected kind(k = 0): number {
    const i = this.at(k);
    return this.s.kinds[i]!;
  }

  protected start(k = 0): number {
    const i = this.at(k);
    return this.s.starts[i]!;
  }

  /** Keyword id of the token, or -1 when it is not a keyword. */
  protected keyword(k = 0): number {
    const i = this.at(k);
    return this.s.kinds[i] === TK_KEYWORD ? this.s.extra[i]! : -1;
  }

  protected textOf(i: number): string {
    return this.text.slice(this.s.starts[i]!, this.s.ends[i]!);
  }

  /** Consumes the next token (never the eof) and returns its index. */
  protected next(): number {
    const i = this.at(0);
    if (this.s.kinds[i] !== TK_EOF) {
      this.pos = i + 1;
      this.lastEnd = this.s.ends[i]!;
    }
    return i;
  }

  protected rangeOf(i: number): TextRange {
    return { start: this.s.starts[i]!, end: this.s.ends[i]! };
  }

  /** Whether the next token ends the current statement. */
  protected atStatementStart(): boolean {
    const k = this.kind();
    if (k === TK_EOF) return true;
    if (k !== TK_KEYWORD) return false;
    const id = this.keyword();
    if (IS_STATEMENT[id] !== 1) return false;
    if (id === KW_LAYER && this.bodyStart >= 0) return this.layerStartsStatement();
    return true;
  }

  /**
   * Inside a body, `layer` is either the body's layer property or the start of a layer statement;
   * the spec's grammar does not say which. It is a statement when it declares collisions
   * (`layer a collides b`) or when it begins a line no further right than the body's own
   * keyword (statements flush left, continuation lines indented, as every example is written);
   * otherwise it is the property. docs/language.md states this rule.
   */
  protected layerStartsStatement(): boolean {
    if (this.kind(1) === TK_IDENTIFIER && this.keyword(2) === KW_COLLIDES) return true;
    if (this.pos === 0) return true;
    const start = this.start();
    const line = this.lines.lineAt(start);
    if (this.lines.lineAt(this.s.starts[this.pos - 1]!) === line) return false;
    const lines = this.lines;
    return start - lines.lineStart(line) <= this.bodyStart - lines.lineStart(lines.lineAt(this.bodyStart));
  }

  protected describe(k = 0): string {
    const i = this.at(k);
    if (this.s.kinds[i] === TK_EOF) return 'the end of the file';
    const raw = this.textOf(i);
    const text = raw.length > 24 ? `${raw.slice(0, 24)}…` : raw;
    if (k === 0 && this.atStatementStart()) return `'${text}', which starts the next statement`;
    return `'${text}'`;
  }

  /**
   * Where to put a diagnostic about the next token: on the token itself, unless it already
   * belongs to the next statement (or is the end of the file); then on the last token of this
   * one, so that the error shows on the statement that is broken.
   */
  protected foundRange(): TextRange {
    const i = this.at(0);
    if (!this.atStatementStart()) return this.rangeOf(i);
    if (this.pos > 0) return this.rangeOf(this.pos - 1);
    return this.rangeOf(i);
  }

  /** A syntax error that leaves the statement broken: the tree past it is a guess. */
  protected error(range: TextRange, code: string, message: string): void {
    this.broken = true;
    this.report(range, code, message);
  }

  /**
   * A mistake the tree repairs exactly (a keyword as a name, a misplaced modifier, a detached
   * unit): reported, but the statement reads as the author meant it and is checked as usual.
   */
  protected corrected(range: TextRange, code: string, message: string): void {
    this.report(range, code, message);
  }

  protected report(range: TextRange, code: string, message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.diagnostics.push({ range, severity: 'error', code, message });
  }

  /** The next token is wrong here: report it (error tokens were reported by the lexer). */
  protected unexpected(code: string, message: () => string): void {
    this.broken = true;
    if (this.kind() === TK_ERROR) this.reported = true;
    else if (!this.reported) this.report(this.foundRange(), code, message());
  }

  protected missing(): MissingNode {
    return { kind: 'Missing', range: { start: this.lastEnd, end: this.lastEnd } };
  }

  protected skipToStatementStart(): void {
    while (!this.atStatementStart()) this.next();
  }

  /** Ends a statement: anything left before the next statement keyword is reported and skipped. */
  protected finish(start: number): TextRange {
    if (!this.atStatementStart()) {
      this.unexpected(
        'syntax-unexpected-token',
        () =>
          `Unexpected ${this.describe()}: the statement ends here, and the next one must start with dt, frames, slop, let, shape, layer or body.`,
      );
      this.skipToStatementStart();
    }
    return { start, end: this.lastEnd };
  }

  /** Consumes a token of `kind`, or reports what was found instead and returns -1. */
  protected expect(kind: number, what: string): number {
    if (this.kind() === kind) return this.next();
    this.unexpected('syntax-expected-token', () => `Expected ${what} but found ${this.describe()}.`);
    return -1;
  }

  protected identifier(i: number): Identifier {
    return { kind: 'Identifier', range: this.rangeOf(i), name: ownString(this.textOf(i)) };
  }

  /**
   * A declared name. A reserved word in a name's place is reported but kept as the name, so the
   * statement survives (`let angle = 3` declares something; it just cannot be referred to).
   */
  protected declaredName(what: string, keywordAllowed: (keyword: number) => boolean): Identifier | undefined {
    const k = this.kind();
    if (k === TK_IDENTIFIER) return this.identifier(this.next());
    if (k === TK_KEYWORD && keywordAllowed(this.keyword())) {
      const i = this.at(0);
      this.corrected(this.rangeOf(i), 'syntax-reserved-word', `'${this.textOf(i)}' is a keyword and cannot name ${what}; choose another name.`);
      return this.identifier(this.next());
    }
    this.unexpected('syntax-expected-name', () => `Expected a name for ${what} but found ${this.describe()}.`);
    return undefined;
  }
}
