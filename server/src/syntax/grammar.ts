/**
 * Recursive-descent parser for the normative core (scene-language.md). It never throws and never
 * loses text: every token ends up inside some statement's range (an `Error` statement for text
 * that starts no statement), and the tree keeps whatever a broken statement had before the break.
 *
 * Error recovery is panic mode (Aho, Lam, Sethi and Ullman, "Compilers", §4.1.4, with statement
 * keywords as the synchronising set, as the spec asks): the first error in a statement is
 * reported, the rest of that statement is parsed as well as it can be but stays quiet, and the
 * next statement keyword starts afresh. Inside argument lists the parser also closes a list it
 * cannot continue, so `circle(1 at (0, 0)` still gives the body its position.
 *
 * Recursion is bounded: parentheses, calls and compounds nest at most MAX_NESTING deep, and
 * operator chains (`1 + 1 + ... + 1`, `- - - 1`) are built iteratively with the tree's height
 * capped at the same limit (a subtree that would exceed it becomes one `Error` node), so a
 * hostile file yields an error, not a stack overflow, here or in any recursive walk of the tree.
 */
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type {
  BinaryOperator,
  BodyStatement,
  CallExpression,
  Clause,
  CompoundPart,
  CompoundShape,
  ErrorNode,
  Expression,
  Identifier,
  LayerStatement,
  LetStatement,
  MissingNode,
  Modifier,
  SettingStatement,
  ShapeCall,
  ShapeExpression,
  ShapeStatement,
  Statement,
} from './ast';
import { Scanner } from './lexer';
import {
  KEYWORD_ID,
  KEYWORD_LIST,
  MODIFIER_KEYWORDS,
  PROPERTY_KEYWORDS,
  SHAPE_KEYWORDS,
  STATEMENT_KEYWORDS,
  TK_COMMA,
  TK_EOF,
  TK_EQUALS,
  TK_ERROR,
  TK_IDENTIFIER,
  TK_KEYWORD,
  TK_LPAREN,
  TK_MINUS,
  TK_NUMBER,
  TK_PLUS,
  TK_RPAREN,
  TK_SLASH,
  TK_STAR,
  UNIT_DEG,
  UNIT_INVALID,
  UNIT_NONE,
  UNIT_RAD,
  type ModifierKeyword,
  type PropertyKeyword,
} from './tokens';
import type { LineIndex } from './positions';


/** How deep parentheses, calls, compounds and operator chains may nest. */
export const MAX_NESTING = 256;

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

const kw = (word: string): number => KEYWORD_ID.get(word)!;
const KW_DT = kw('dt');
const KW_FRAMES = kw('frames');
const KW_SLOP = kw('slop');
const KW_LET = kw('let');
const KW_SHAPE = kw('shape');
const KW_LAYER = kw('layer');
const KW_BODY = kw('body');
const KW_COLLIDES = kw('collides');
const KW_COMPOUND = kw('compound');
const KW_AT = kw('at');
const KW_ANGLE = kw('angle');
const KW_PI = kw('pi');

/** Keyword id → membership in each class. */
const keywordClass = (words: readonly string[]): Uint8Array => {
  const set = new Uint8Array(KEYWORD_ID.size);
  for (const w of words) set[kw(w)] = 1;
  return set;
};
const IS_STATEMENT = keywordClass(STATEMENT_KEYWORDS);
const IS_MODIFIER = keywordClass(MODIFIER_KEYWORDS);
const IS_SHAPE = keywordClass(SHAPE_KEYWORDS);
const IS_PROPERTY = keywordClass(PROPERTY_KEYWORDS);

/** What `listStart` and `afterListItem` return while a list has more items (no token index). */
const LIST_GOES_ON = -2;

/** How many tokens the parser lets the scanner hold before it drops those of past statements. */
const DISCARD_AFTER = 4096;

/** A body stub's modifiers and properties: none, shared by every stub. */
const NO_MODIFIERS: readonly Modifier[] = Object.freeze([]);
const NO_CLAUSES: readonly Clause[] = Object.freeze([]);

/** Whether a keyword may stand (reported) as a body's name: any that is not part of a body's grammar. */
const namesBody = (id: number): boolean => IS_STATEMENT[id] !== 1 && IS_MODIFIER[id] !== 1 && IS_SHAPE[id] !== 1 && IS_PROPERTY[id] !== 1;

const SHAPE_HINT =
  'circle(r), box(w, h), polygon((x, y), ...), capsule(length, r), segment((x, y), (x, y)), compound(...) or the name of a shape';

const BINARY_OPERATORS: readonly (BinaryOperator | undefined)[] = (() => {
  const ops: (BinaryOperator | undefined)[] = [];
  ops[TK_PLUS] = '+';
  ops[TK_MINUS] = '-';
  ops[TK_STAR] = '*';
  ops[TK_SLASH] = '/';
  return ops;
})();

export class Parser {
  /** Index of the next token in the scanner. */
  private pos = 0;
  /** Current nesting of parentheses, calls and compounds. */
  private depth = 0;
  /** Height of the expression most recently returned by an expression parser. */
  private height = 0;
  /** Whether the current statement has reported its error already (panic mode). */
  private reported = false;
  /** Whether the current statement is broken (ast.ts `Recoverable`), reported or not. */
  private broken = false;
  /** Offset of the `body` keyword of the body being parsed, or -1 outside a body. */
  private bodyStart = -1;
  /** End offset of the last token consumed. */
  private lastEnd: number;
  /** Where `parseStatements` stopped (see `parseWindow`). */
  stoppedAt: number;
  /** Body statements found but not parsed (see `skimFile`), in order. */
  readonly skimmed: BodyStatement[] = [];
  /** Whether body statements are skimmed: extent and name only. */
  skimBodies = false;
  private readonly text: string;

  constructor(
    private readonly s: Scanner,
    private readonly lines: LineIndex,
    private diagnostics: Diagnostic[],
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

  parseStatements(stopAt: ((offset: number, previousEnd: number) => boolean) | null): Statement[] {
    const statements: Statement[] = [];
    while (this.kind() !== TK_EOF) {
      if (stopAt !== null && statements.length > 0 && stopAt(this.start(), this.lastEnd)) {
        this.stoppedAt = this.start();
        return statements;
      }
      statements.push(this.nextStatement());
    }
    this.stoppedAt = this.text.length;
    return statements;
  }

  /** Parses every statement, handing each to `visit` until it returns false; returns whether none did. */
  forEachStatement(visit: (statement: Statement) => boolean): boolean {
    while (this.kind() !== TK_EOF) if (!visit(this.nextStatement())) return false;
    this.stoppedAt = this.text.length;
    return true;
  }

  /** The statement at the scanner's start, or null at the end of the text (skimFile's parseBody). */
  parseOne(): Statement | null {
    return this.kind() === TK_EOF ? null : this.nextStatement();
  }

  private nextStatement(): Statement {
    // No token index is held across statements: drop the tokens before the previous one (which
    // `layerStartsStatement` reads), so that the scanner's arrays do not grow with the file.
    if (this.pos > DISCARD_AFTER) {
      const n = this.pos - 1;
      this.s.discard(n);
      this.pos -= n;
    }
    const before = this.pos;
    this.reported = false;
    this.broken = false;
    this.bodyStart = -1;
    this.depth = 0;
    const statement = this.skimBodies && this.keyword() === KW_BODY ? this.skimBody() : this.parseStatement();
    if (this.pos === before) this.next(); // cannot happen by construction; never loop forever
    // Copied only when broken (rare), so that whole statements keep one object shape.
    return this.broken && statement.kind !== 'Error' ? { ...statement, broken: true } : statement;
  }

  // ── Tokens ──────────────────────────────────────────────────────────────────────────────────
  //
  // Tokens are read by index from the scanner's arrays; `k` counts tokens ahead of `pos`. The
  // scanner ends with one eof token, which every look past the end sees.

  private at(k: number): number {
    const i = this.pos + k;
    const s = this.s;
    if (i < s.count || s.fill(i)) return i;
    return s.count - 1;
  }

  // The index first: scanning ahead may replace the scanner's arrays.
  private kind(k = 0): number {
    const i = this.at(k);
    return this.s.kinds[i]!;
  }

  private start(k = 0): number {
    const i = this.at(k);
    return this.s.starts[i]!;
  }

  /** Keyword id of the token, or -1 when it is not a keyword. */
  private keyword(k = 0): number {
    const i = this.at(k);
    return this.s.kinds[i] === TK_KEYWORD ? this.s.extra[i]! : -1;
  }

  private textOf(i: number): string {
    return this.text.slice(this.s.starts[i]!, this.s.ends[i]!);
  }

  /** Consumes the next token (never the eof) and returns its index. */
  private next(): number {
    const i = this.at(0);
    if (this.s.kinds[i] !== TK_EOF) {
      this.pos = i + 1;
      this.lastEnd = this.s.ends[i]!;
    }
    return i;
  }

  private rangeOf(i: number): TextRange {
    return { start: this.s.starts[i]!, end: this.s.ends[i]! };
  }

  /** Whether the next token ends the current statement. */
  private atStatementStart(): boolean {
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
  private layerStartsStatement(): boolean {
    if (this.kind(1) === TK_IDENTIFIER && this.keyword(2) === KW_COLLIDES) return true;
    if (this.pos === 0) return true;
    const start = this.start();
    const line = this.lines.lineAt(start);
    if (this.lines.lineAt(this.s.starts[this.pos - 1]!) === line) return false;
    const lines = this.lines;
    return start - lines.lineStart(line) <= this.bodyStart - lines.lineStart(lines.lineAt(this.bodyStart));
  }

  private describe(k = 0): string {
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
  private foundRange(): TextRange {
    const i = this.at(0);
    if (!this.atStatementStart()) return this.rangeOf(i);
    if (this.pos > 0) return this.rangeOf(this.pos - 1);
    return this.rangeOf(i);
  }

  /** A syntax error that leaves the statement broken: the tree past it is a guess. */
  private error(range: TextRange, code: string, message: string): void {
    this.broken = true;
    this.report(range, code, message);
  }

  /**
   * A mistake the tree repairs exactly (a keyword as a name, a misplaced modifier, a detached
   * unit): reported, but the statement reads as the author meant it and is checked as usual.
   */
  private corrected(range: TextRange, code: string, message: string): void {
    this.report(range, code, message);
  }

  private report(range: TextRange, code: string, message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.diagnostics.push({ range, severity: 'error', code, message });
  }

  /** The next token is wrong here: report it (error tokens were reported by the lexer). */
  private unexpected(code: string, message: () => string): void {
    this.broken = true;
    if (this.kind() === TK_ERROR) this.reported = true;
    else if (!this.reported) this.report(this.foundRange(), code, message());
  }

  private missing(): MissingNode {
    return { kind: 'Missing', range: { start: this.lastEnd, end: this.lastEnd } };
  }

  private skipToStatementStart(): void {
    while (!this.atStatementStart()) this.next();
  }

  /** Ends a statement: anything left before the next statement keyword is reported and skipped. */
  private finish(start: number): TextRange {
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
  private expect(kind: number, what: string): number {
    if (this.kind() === kind) return this.next();
    this.unexpected('syntax-expected-token', () => `Expected ${what} but found ${this.describe()}.`);
    return -1;
  }

  private identifier(i: number): Identifier {
    return { kind: 'Identifier', range: this.rangeOf(i), name: ownString(this.textOf(i)) };
  }

  /**
   * A declared name. A reserved word in a name's place is reported but kept as the name, so the
   * statement survives (`let angle = 3` declares something; it just cannot be referred to).
   */
  private declaredName(what: string, keywordAllowed: (keyword: number) => boolean): Identifier | undefined {
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

  // ── Statements ──────────────────────────────────────────────────────────────────────────────

  private parseStatement(): Statement {
    switch (this.keyword()) {
      case KW_DT:
      case KW_FRAMES:
      case KW_SLOP:
        return this.parseSetting();
      case KW_LET:
        return this.parseLet();
      case KW_SHAPE:
        return this.parseShapeStatement();
      case KW_LAYER:
        return this.parseLayer();
      case KW_BODY:
        return this.parseBody();
    }
    const start = this.start();
    this.unexpected(
      'syntax-expected-statement',
      () => `Expected a statement (dt, frames, slop, let, shape, layer or body) but found ${this.describe()}.`,
    );
    this.next();
    this.skipToStatementStart();
    return { kind: 'Error', range: { start, end: this.lastEnd } };
  }

  private parseSetting(): SettingStatement {
    const k = this.next();
    const keyword = KEYWORD_LIST[this.s.extra[k]!] as SettingStatement['keyword'];
    const value = this.parseExpression(`a value for ${keyword}`);
    return {
      kind: 'Setting',
      keyword,
      keywordRange: this.rangeOf(k),
      value,
      range: this.finish(this.s.starts[k]!),
    };
  }

  private parseLet(): LetStatement {
    const k = this.next();
    const name = this.declaredName('a constant', () => this.kind(1) === TK_EQUALS);
    this.expect(TK_EQUALS, "'=' after the constant's name");
    const value = this.parseExpression('the value of the constant');
    return { kind: 'Let', keywordRange: this.rangeOf(k), name, value, range: this.finish(this.s.starts[k]!) };
  }

  private parseShapeStatement(): ShapeStatement {
    const k = this.next();
    const name = this.declaredName('a shape', () => this.kind(1) === TK_EQUALS);
    this.expect(TK_EQUALS, "'=' after the shape's name");
    const shape = this.parseShape();
    return { kind: 'Shape', keywordRange: this.rangeOf(k), name, shape, range: this.finish(this.s.starts[k]!) };
  }

  private parseLayer(): LayerStatement {
    const k = this.next();
    const name = this.declaredName('a layer', (id) => IS_STATEMENT[id] !== 1 && id !== KW_COLLIDES);
    let collidesRange: TextRange | undefined;
    const collides: Identifier[] = [];
    if (this.keyword() === KW_COLLIDES) {
      collidesRange = this.rangeOf(this.next());
      while (this.kind() === TK_IDENTIFIER) collides.push(this.identifier(this.next()));
      if (collides.length === 0) {
        this.unexpected(
          'syntax-expected-name',
          () => `Expected the names of the layers this one collides with but found ${this.describe()}.`,
        );
      }
    }
    return {
      kind: 'Layer',
      keywordRange: this.rangeOf(k),
      name,
      collidesRange,
      collides,
      range: this.finish(this.s.starts[k]!),
    };
  }

  private parseBody(): BodyStatement {
    const k = this.next();
    const kwStart = this.s.starts[k]!;
    this.bodyStart = kwStart;
    const name = this.declaredName('a body', namesBody);
    // A list of its own even when empty: a shared frozen one made every later walk over the
    // modifiers of a large file measurably slower (V8's frozen-elements paths).
    const modifiers: Modifier[] = [];
    while (IS_MODIFIER[this.keyword()] === 1) modifiers.push(this.modifier(this.next()));
    const shape = this.atStatementStart() ? this.expectedShape() : this.parseShape();
    const properties: Clause[] = [];
    while (!this.atStatementStart()) {
      const id = this.keyword();
      if (IS_PROPERTY[id] === 1) {
        properties.push(this.parseClause());
      } else if (IS_MODIFIER[id] === 1) {
        const i = this.at(0);
        this.corrected(
          this.rangeOf(i),
          'syntax-misplaced-modifier',
          `Modifiers come between the body's name and its shape: body ${name?.name ?? 'name'} ${this.textOf(i)} <shape> ...`,
        );
        modifiers.push(this.modifier(this.next()));
      } else {
        this.unexpected(
          'syntax-unexpected-token',
          () => `Unexpected ${this.describe()} in a body: after the shape come its properties (at, angle, velocity, spin, layer).`,
        );
        this.next();
        while (!this.atStatementStart() && IS_PROPERTY[this.keyword()] !== 1) this.next();
      }
    }
    return {
      kind: 'Body',
      keywordRange: this.rangeOf(k),
      name,
      modifiers,
      shape,
      properties,
      range: { start: kwStart, end: this.lastEnd },
    };
  }

  /**
   * A body's extent and name, without its tree or diagnostics. A body runs to the next token at
   * which `atStatementStart` holds: parseBody consumes every token before it, and none after it,
   * whatever the tokens are (no statement keyword is ever taken inside a body), so skipping to
   * that token gives exactly parseBody's range. The name is the token parseBody takes as one.
   */
  private skimBody(): BodyStatement {
    const k = this.next();
    const kwStart = this.s.starts[k]!;
    this.bodyStart = kwStart;
    let name: Identifier | undefined;
    const kind = this.kind();
    const id = this.keyword();
    if (kind === TK_IDENTIFIER || (kind === TK_KEYWORD && namesBody(id))) {
      name = this.identifier(this.next());
    }
    // Past the tokens scanned already one by one, then the lexer skips to the next statement
    // keyword without recording what it passes (the body's own parse lexes it).
    for (;;) {
      if (this.pos === this.s.count && this.s.skipToStatementKeyword()) this.next();
      if (this.atStatementStart()) break;
      this.next();
    }
    const stub: BodyStatement = {
      kind: 'Body',
      keywordRange: this.rangeOf(k),
      name,
      modifiers: NO_MODIFIERS,
      shape: { kind: 'Missing', range: { start: this.lastEnd, end: this.lastEnd } },
      properties: NO_CLAUSES,
      range: { start: kwStart, end: this.lastEnd },
    };
    this.skimmed.push(stub);
    return stub;
  }

  private modifier(i: number): Modifier {
    return { kind: 'Modifier', range: this.rangeOf(i), modifier: KEYWORD_LIST[this.s.extra[i]!] as ModifierKeyword };
  }

  /** `at <expr>`, `angle <expr>`, `velocity <expr>`, `spin <expr>`, `layer <name>`. */
  private parseClause(): Clause {
    const k = this.next();
    const keyword = KEYWORD_LIST[this.s.extra[k]!] as PropertyKeyword;
    let value: Expression;
    if (keyword === 'layer') {
      if (this.kind() === TK_IDENTIFIER) value = this.identifier(this.next());
      else {
        this.unexpected('syntax-expected-name', () => `Expected a layer name after 'layer' but found ${this.describe()}.`);
        value = this.missing();
      }
    } else {
      const what = keyword === 'at' ? 'a position (x, y)' : keyword === 'velocity' ? 'a velocity (vx, vy)' : keyword === 'angle' ? 'a value for angle' : 'a value for spin';
      value = this.parseExpression(what);
    }
    const start = this.s.starts[k]!;
    const end = this.s.ends[k]!;
    return {
      kind: 'Clause',
      keyword,
      keywordRange: { start, end },
      value,
      range: { start, end: Math.max(end, value.range.end) },
    };
  }

  // ── Shapes ──────────────────────────────────────────────────────────────────────────────────

  private expectedShape(): MissingNode {
    this.unexpected('syntax-expected-shape', () => `Expected a shape (${SHAPE_HINT}) but found ${this.describe()}.`);
    return this.missing();
  }

  private parseShape(): ShapeExpression {
    const k = this.kind();
    const id = this.keyword();
    if (IS_SHAPE[id] === 1) return id === KW_COMPOUND ? this.parseCompound() : this.parseShapeCall();
    if (k === TK_IDENTIFIER) {
      const name = this.identifier(this.next());
      return { kind: 'ShapeRef', range: name.range, name };
    }
    if (k === TK_ERROR) {
      const i = this.next();
      this.reported = true;
      this.broken = true;
      return { kind: 'Error', range: this.rangeOf(i) };
    }
    return this.expectedShape();
  }

  /**
   * Enters one level of nesting at the opening token `open`; false (reported on that token, rest
   * of statement skipped) beyond MAX_NESTING. A token index rather than a range: the range is made
   * only for the report, not for every parenthesis of a file.
   */
  private enter(open: number): boolean {
    this.depth++;
    if (this.depth <= MAX_NESTING) return true;
    this.depth--;
    this.error(this.rangeOf(open), 'syntax-nesting-too-deep', `This nests more than ${MAX_NESTING} levels deep; the rest of the statement is ignored.`);
    this.skipToStatementStart();
    return false;
  }

  private parseShapeCall(): ShapeCall | ErrorNode {
    const ctor = this.next();
    const ctorText = KEYWORD_LIST[this.s.extra[ctor]!]!;
    const constructorName = ctorText as ShapeCall['constructorName'];
    const constructorRange = this.rangeOf(ctor);
    if (this.kind() !== TK_LPAREN) {
      this.unexpected('syntax-expected-token', () => `Expected '(' after '${ctorText}' but found ${this.describe()}.`);
      return { kind: 'ShapeCall', constructorName, constructorRange, args: [], range: constructorRange };
    }
    const open = this.next();
    const openParen = this.rangeOf(open);
    if (!this.enter(open)) return { kind: 'Error', range: { start: constructorRange.start, end: this.lastEnd } };
    const args: Expression[] = [];
    let close = this.listStart();
    while (close === LIST_GOES_ON) {
      args.push(this.parseExpression('an argument'));
      close = this.afterListItem(ctorText);
    }
    this.depth--;
    return {
      kind: 'ShapeCall',
      constructorName,
      constructorRange,
      openParen,
      closeParen: close >= 0 ? this.rangeOf(close) : undefined,
      args,
      range: { start: constructorRange.start, end: this.lastEnd },
    };
  }

  // A comma-separated list up to `)`, its `(` consumed already, is parsed by its owner as
  //   let close = this.listStart();
  //   while (close === LIST_GOES_ON) { <parse an item>; close = this.afterListItem(callee); }
  // which ends with the `)` token's index, or -1 when the list had to be closed implicitly
  // (reported). A loop in the owner rather than a helper taking the item's parser as a callback:
  // that would be a closure per argument list of a file.

  /** Consumes the `)` of an empty list and returns its index; LIST_GOES_ON when an item comes first. */
  private listStart(): number {
    return this.kind() === TK_RPAREN ? this.next() : LIST_GOES_ON;
  }

  /**
   * After a list item: consumes a `,` (LIST_GOES_ON) or the closing `)` (its index), or reports
   * what came instead and returns -1. `callee` names the list in messages.
   */
  private afterListItem(callee: string): number {
    const k = this.kind();
    if (k === TK_COMMA) {
      this.next();
      return LIST_GOES_ON;
    }
    if (k === TK_RPAREN) return this.next();
    this.unexpected('syntax-expected-token', () => `Expected ',' or ')' in '${callee}(...)' but found ${this.describe()}.`);
    return -1;
  }

  private parseCompound(): CompoundShape | ErrorNode {
    const ctor = this.next();
    const constructorRange = this.rangeOf(ctor);
    if (this.kind() !== TK_LPAREN) {
      this.unexpected('syntax-expected-token', () => `Expected '(' after 'compound' but found ${this.describe()}.`);
      return { kind: 'Compound', constructorRange, parts: [], range: constructorRange };
    }
    const open = this.next();
    const openParen = this.rangeOf(open);
    if (!this.enter(open)) return { kind: 'Error', range: { start: constructorRange.start, end: this.lastEnd } };
    const parts: CompoundPart[] = [];
    let close = this.listStart();
    while (close === LIST_GOES_ON) {
      parts.push(this.parsePart());
      close = this.afterListItem('compound');
    }
    this.depth--;
    return {
      kind: 'Compound',
      constructorRange,
      openParen,
      closeParen: close >= 0 ? this.rangeOf(close) : undefined,
      parts,
      range: { start: constructorRange.start, end: this.lastEnd },
    };
  }

  private parsePart(): CompoundPart {
    const shape = this.parseShape();
    const clauses: Clause[] = [];
    for (;;) {
      const id = this.keyword();
      if (id === KW_AT || id === KW_ANGLE) clauses.push(this.parseClause());
      else break;
    }
    const end = clauses.length > 0 ? clauses[clauses.length - 1]!.range.end : shape.range.end;
    return { kind: 'Part', shape, clauses, range: { start: shape.range.start, end } };
  }

  // ── Expressions ─────────────────────────────────────────────────────────────────────────────

  private parseExpression(what: string): Expression {
    return this.parseBinary(1, what);
  }

  private tooDeep(range: TextRange): ErrorNode {
    this.error(range, 'syntax-nesting-too-deep', `This expression nests more than ${MAX_NESTING} levels deep; split it with let.`);
    return { kind: 'Error', range };
  }

  /** Precedence climbing, iterative along each operator chain (left-associative). */
  private parseBinary(minPrecedence: number, what: string): Expression {
    let left = this.parseUnary(what);
    let leftHeight = this.height;
    for (;;) {
      const k = this.kind();
      const precedence = k === TK_PLUS || k === TK_MINUS ? 1 : k === TK_STAR || k === TK_SLASH ? 2 : 0;
      if (precedence === 0 || precedence < minPrecedence) break;
      const op = this.next();
      const right = this.parseBinary(precedence + 1, 'an operand');
      let height = Math.max(leftHeight, this.height) + 1;
      const range = { start: left.range.start, end: right.range.end };
      let node: Expression = {
        kind: 'Binary',
        operator: BINARY_OPERATORS[k]!,
        operatorRange: this.rangeOf(op),
        left,
        right,
        range,
      };
      if (height > MAX_NESTING) {
        node = this.tooDeep(range);
        height = 1;
      }
      left = node;
      leftHeight = height;
    }
    this.height = leftHeight;
    return left;
  }

  private parseUnary(what: string): Expression {
    const first = this.pos;
    while (this.kind() === TK_MINUS) this.next();
    const count = this.pos - first;
    let node = this.parsePrimary(what);
    let height = this.height;
    for (let i = count - 1; i >= 0; i--) {
      const op = first + i;
      const operatorRange = this.rangeOf(op);
      const range = { start: operatorRange.start, end: node.range.end };
      height++;
      if (height > MAX_NESTING) {
        node = this.tooDeep(range);
        height = 1;
        continue;
      }
      node = { kind: 'Unary', operator: '-', operatorRange, operand: node, range };
    }
    this.height = height;
    return node;
  }

  private parsePrimary(what: string): Expression {
    const k = this.kind();
    this.height = 1;
    switch (k) {
      case TK_NUMBER: {
        const t = this.next();
        const s = this.s;
        const unit = s.extra[t]!;
        const value = s.values[t]!;
        // A literal the lexer reported (NaN: `1e+`; letters after the digits that are no unit:
        // `30dge`) breaks its statement as a syntax error does.
        if (Number.isNaN(value) || unit === UNIT_INVALID) this.broken = true;
        if (unit === UNIT_NONE && this.kind() === TK_IDENTIFIER) {
          const after = this.at(0);
          const word = this.textOf(after);
          if (word === 'deg' || word === 'rad') {
            // `30 deg`: the unit must be glued to the number; take it anyway so the value is right.
            this.corrected(
              { start: s.starts[t]!, end: s.ends[after]! },
              'syntax-detached-unit',
              `Write the unit right after the number, with no space: ${this.textOf(t)}${word}.`,
            );
            this.next();
            return { kind: 'Number', value, unit: word, range: { start: s.starts[t]!, end: s.ends[after]! } };
          }
        }
        return { kind: 'Number', value, unit: unit === UNIT_DEG ? 'deg' : unit === UNIT_RAD ? 'rad' : null, range: this.rangeOf(t) };
      }
      case TK_KEYWORD:
        if (this.keyword() === KW_PI) return { kind: 'Pi', range: this.rangeOf(this.next()) };
        break;
      case TK_IDENTIFIER: {
        const callee = this.identifier(this.next());
        if (this.kind() === TK_LPAREN) return this.parseCall(callee);
        return callee;
      }
      case TK_LPAREN:
        return this.parseParenthesised();
      case TK_ERROR: {
        const i = this.next();
        this.reported = true;
        this.broken = true;
        return { kind: 'Error', range: this.rangeOf(i) };
      }
      default:
        break;
    }
    this.unexpected('syntax-expected-expression', () => `Expected ${what} (a number, a name or '(') but found ${this.describe()}.`);
    return this.missing();
  }

  private parseCall(callee: Identifier): CallExpression | ErrorNode {
    const open = this.next();
    if (!this.enter(open)) return { kind: 'Error', range: { start: callee.range.start, end: this.lastEnd } };
    const args: Expression[] = [];
    let height = 0;
    let close = this.listStart();
    while (close === LIST_GOES_ON) {
      args.push(this.parseExpression('an argument'));
      height = Math.max(height, this.height);
      close = this.afterListItem(callee.name);
    }
    this.depth--;
    this.height = height + 1;
    return { kind: 'Call', callee, args, closed: close >= 0, range: { start: callee.range.start, end: this.lastEnd } };
  }

  /** `(expr)` or the vector `(x, y)`. */
  private parseParenthesised(): Expression {
    const open = this.next();
    const openStart = this.s.starts[open]!;
    if (!this.enter(open)) return { kind: 'Error', range: { start: openStart, end: this.lastEnd } };
    const x = this.parseExpression('an expression');
    let height = this.height;
    let node: Expression;
    if (this.kind() === TK_COMMA) {
      this.next();
      const y = this.parseExpression('the y component');
      height = Math.max(height, this.height);
      if (this.kind() === TK_COMMA) {
        this.error(this.rangeOf(this.at(0)), 'syntax-unexpected-token', 'A vector has exactly two components: (x, y).');
        while (this.kind() === TK_COMMA) {
          this.next();
          this.parseExpression('an expression');
        }
      }
      const close = this.expect(TK_RPAREN, "')' to close the vector");
      node = { kind: 'Vector', x, y, closed: close >= 0, range: { start: openStart, end: this.lastEnd } };
    } else {
      const close = this.expect(TK_RPAREN, "')'");
      node = { kind: 'Paren', expression: x, closed: close >= 0, range: { start: openStart, end: this.lastEnd } };
    }
    this.depth--;
    this.height = height + 1;
    return node;
  }
}
