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
  SourceFile,
  Statement,
} from './ast';
import {
  lex,
  MODIFIER_KEYWORDS,
  PROPERTY_KEYWORDS,
  SHAPE_KEYWORDS,
  STATEMENT_KEYWORDS,
  type Comment,
  type ModifierKeyword,
  type PropertyKeyword,
  type Token,
} from './lexer';
import { LineIndex } from './positions';

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

/** How deep parentheses, calls, compounds and operator chains may nest. */
export const MAX_NESTING = 256;

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
}

export function parse(text: string): ParseResult {
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  const lines = new LineIndex(text);
  const lexed = lex(text);
  const diagnostics: Diagnostic[] = [...lexed.diagnostics];
  let file: SourceFile;
  try {
    file = new Parser(lexed.tokens, lines, diagnostics).parseFile(text.length);
  } catch (e) {
    // Not expected to happen; if a bug ever gets here the editor keeps working and says so.
    file = { kind: 'SourceFile', range: { start: 0, end: text.length }, statements: [] };
    diagnostics.push({
      range: { start: 0, end: 0 },
      severity: 'error',
      code: 'syntax-internal-error',
      message: `The parser failed on this file (${e instanceof Error ? e.message : String(e)}); please report it.`,
    });
  }
  diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  return { text, file, tokens: lexed.tokens, comments: lexed.comments, diagnostics, lines };
}

const STATEMENT_SET: ReadonlySet<string> = new Set(STATEMENT_KEYWORDS);
const MODIFIER_SET: ReadonlySet<string> = new Set(MODIFIER_KEYWORDS);
const SHAPE_SET: ReadonlySet<string> = new Set(SHAPE_KEYWORDS);
const PROPERTY_SET: ReadonlySet<string> = new Set(PROPERTY_KEYWORDS);

const SHAPE_HINT =
  'circle(r), box(w, h), polygon((x, y), ...), capsule(length, r), segment((x, y), (x, y)), compound(...) or the name of a shape';

class Parser {
  private pos = 0;
  /** Current nesting of parentheses, calls and compounds. */
  private depth = 0;
  /** Height of the expression most recently returned by an expression parser. */
  private height = 0;
  /** Whether the current statement has reported its error already (panic mode). */
  private reported = false;
  /** Column of the `body` keyword of the body being parsed, or -1 outside a body. */
  private bodyColumn = -1;
  /** End offset of the last token consumed. */
  private lastEnd = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly lines: LineIndex,
    private readonly diagnostics: Diagnostic[],
  ) {}

  parseFile(length: number): SourceFile {
    const statements: Statement[] = [];
    while (this.peek().kind !== 'eof') {
      const before = this.pos;
      this.reported = false;
      this.bodyColumn = -1;
      this.depth = 0;
      statements.push(this.parseStatement());
      if (this.pos === before) this.next(); // cannot happen by construction; never loop forever
    }
    return { kind: 'SourceFile', range: { start: 0, end: length }, statements };
  }

  // ── Tokens ──────────────────────────────────────────────────────────────────────────────────

  private peek(k = 0): Token {
    const i = this.pos + k;
    return this.tokens[i < this.tokens.length ? i : this.tokens.length - 1]!;
  }

  private next(): Token {
    const t = this.tokens[this.pos]!;
    if (t.kind !== 'eof') {
      this.pos++;
      this.lastEnd = t.end;
    }
    return t;
  }

  private isKeyword(t: Token, word: string): boolean {
    return t.kind === 'keyword' && t.text === word;
  }

  /** Whether the next token ends the current statement. */
  private atStatementStart(): boolean {
    const t = this.peek();
    if (t.kind === 'eof') return true;
    if (t.kind !== 'keyword' || !STATEMENT_SET.has(t.text)) return false;
    if (t.text === 'layer' && this.bodyColumn >= 0) return this.layerStartsStatement();
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
    const t = this.peek();
    const afterName = this.peek(2);
    if (this.peek(1).kind === 'identifier' && this.isKeyword(afterName, 'collides')) return true;
    if (this.pos === 0) return true;
    const prev = this.tokens[this.pos - 1]!;
    const line = this.lines.lineAt(t.start);
    if (this.lines.lineAt(prev.start) === line) return false;
    return t.start - this.lines.lineStart(line) <= this.bodyColumn;
  }

  private describe(t: Token): string {
    if (t.kind === 'eof') return 'the end of the file';
    const text = t.text.length > 24 ? `${t.text.slice(0, 24)}…` : t.text;
    if (t === this.peek() && this.atStatementStart()) return `'${text}', which starts the next statement`;
    return `'${text}'`;
  }

  /**
   * Where to put a diagnostic about the next token: on the token itself, unless it already
   * belongs to the next statement (or is the end of the file); then on the last token of this
   * one, so that the error shows on the statement that is broken.
   */
  private foundRange(): TextRange {
    const t = this.peek();
    if (!this.atStatementStart()) return { start: t.start, end: t.end };
    if (this.pos > 0) {
      const prev = this.tokens[this.pos - 1]!;
      return { start: prev.start, end: prev.end };
    }
    return { start: t.start, end: t.end };
  }

  private error(range: TextRange, code: string, message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.diagnostics.push({ range, severity: 'error', code, message });
  }

  /** The next token is wrong here: report it (error tokens were reported by the lexer). */
  private unexpected(code: string, message: string): void {
    if (this.peek().kind === 'error') this.reported = true;
    else this.error(this.foundRange(), code, message);
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
        `Unexpected ${this.describe(this.peek())}: the statement ends here, and the next one must start with dt, frames, slop, let, shape, layer or body.`,
      );
      this.skipToStatementStart();
    }
    return { start, end: this.lastEnd };
  }

  private expect(kind: Token['kind'], what: string): Token | undefined {
    if (this.peek().kind === kind) return this.next();
    this.unexpected('syntax-expected-token', `Expected ${what} but found ${this.describe(this.peek())}.`);
    return undefined;
  }

  private identifier(t: Token): Identifier {
    return { kind: 'Identifier', range: { start: t.start, end: t.end }, name: t.text };
  }

  /**
   * A declared name. A reserved word in a name's place is reported but kept as the name, so the
   * statement survives (`let angle = 3` declares something; it just cannot be referred to).
   */
  private declaredName(what: string, keywordAllowed: (t: Token) => boolean): Identifier | undefined {
    const t = this.peek();
    if (t.kind === 'identifier') return this.identifier(this.next());
    if (t.kind === 'keyword' && keywordAllowed(t)) {
      this.error(
        { start: t.start, end: t.end },
        'syntax-reserved-word',
        `'${t.text}' is a keyword and cannot name ${what}; choose another name.`,
      );
      return this.identifier(this.next());
    }
    this.unexpected('syntax-expected-name', `Expected a name for ${what} but found ${this.describe(t)}.`);
    return undefined;
  }

  // ── Statements ──────────────────────────────────────────────────────────────────────────────

  private parseStatement(): Statement {
    const t = this.peek();
    if (t.kind === 'keyword') {
      switch (t.text) {
        case 'dt':
        case 'frames':
        case 'slop':
          return this.parseSetting();
        case 'let':
          return this.parseLet();
        case 'shape':
          return this.parseShapeStatement();
        case 'layer':
          return this.parseLayer();
        case 'body':
          return this.parseBody();
      }
    }
    const start = t.start;
    this.unexpected(
      'syntax-expected-statement',
      `Expected a statement (dt, frames, slop, let, shape, layer or body) but found ${this.describe(t)}.`,
    );
    this.next();
    this.skipToStatementStart();
    return { kind: 'Error', range: { start, end: this.lastEnd } };
  }

  private parseSetting(): SettingStatement {
    const kw = this.next();
    const value = this.parseExpression(`a value for ${kw.text}`);
    return {
      kind: 'Setting',
      keyword: kw.text as SettingStatement['keyword'],
      keywordRange: { start: kw.start, end: kw.end },
      value,
      range: this.finish(kw.start),
    };
  }

  private parseLet(): LetStatement {
    const kw = this.next();
    const name = this.declaredName('a constant', (t) => this.isKeywordFollowedByEquals(t));
    this.expect('=', "'=' after the constant's name");
    const value = this.parseExpression('the value of the constant');
    return { kind: 'Let', keywordRange: { start: kw.start, end: kw.end }, name, value, range: this.finish(kw.start) };
  }

  private isKeywordFollowedByEquals(t: Token): boolean {
    return t === this.peek() && this.peek(1).kind === '=';
  }

  private parseShapeStatement(): ShapeStatement {
    const kw = this.next();
    const name = this.declaredName('a shape', (t) => this.isKeywordFollowedByEquals(t));
    this.expect('=', "'=' after the shape's name");
    const shape = this.parseShape();
    return { kind: 'Shape', keywordRange: { start: kw.start, end: kw.end }, name, shape, range: this.finish(kw.start) };
  }

  private parseLayer(): LayerStatement {
    const kw = this.next();
    const name = this.declaredName('a layer', (t) => !STATEMENT_SET.has(t.text) && t.text !== 'collides');
    let collidesRange: TextRange | undefined;
    const collides: Identifier[] = [];
    if (this.isKeyword(this.peek(), 'collides')) {
      const c = this.next();
      collidesRange = { start: c.start, end: c.end };
      while (this.peek().kind === 'identifier') collides.push(this.identifier(this.next()));
      if (collides.length === 0) {
        this.unexpected(
          'syntax-expected-name',
          `Expected the names of the layers this one collides with but found ${this.describe(this.peek())}.`,
        );
      }
    }
    return {
      kind: 'Layer',
      keywordRange: { start: kw.start, end: kw.end },
      name,
      collidesRange,
      collides,
      range: this.finish(kw.start),
    };
  }

  private parseBody(): BodyStatement {
    const kw = this.next();
    this.bodyColumn = kw.start - this.lines.lineStart(this.lines.lineAt(kw.start));
    const name = this.declaredName(
      'a body',
      (t) => !STATEMENT_SET.has(t.text) && !MODIFIER_SET.has(t.text) && !SHAPE_SET.has(t.text) && !PROPERTY_SET.has(t.text),
    );
    const modifiers: Modifier[] = [];
    while (this.peek().kind === 'keyword' && MODIFIER_SET.has(this.peek().text)) {
      modifiers.push(this.modifier(this.next()));
    }
    const shape = this.atStatementStart() ? this.expectedShape() : this.parseShape();
    const properties: Clause[] = [];
    while (!this.atStatementStart()) {
      const t = this.peek();
      if (t.kind === 'keyword' && PROPERTY_SET.has(t.text)) {
        properties.push(this.parseClause());
      } else if (t.kind === 'keyword' && MODIFIER_SET.has(t.text)) {
        this.error(
          { start: t.start, end: t.end },
          'syntax-misplaced-modifier',
          `Modifiers come between the body's name and its shape: body ${name?.name ?? 'name'} ${t.text} <shape> ...`,
        );
        modifiers.push(this.modifier(this.next()));
      } else {
        this.unexpected(
          'syntax-unexpected-token',
          `Unexpected ${this.describe(t)} in a body: after the shape come its properties (at, angle, velocity, spin, layer).`,
        );
        this.next();
        while (!this.atStatementStart() && !(this.peek().kind === 'keyword' && PROPERTY_SET.has(this.peek().text))) {
          this.next();
        }
      }
    }
    return {
      kind: 'Body',
      keywordRange: { start: kw.start, end: kw.end },
      name,
      modifiers,
      shape,
      properties,
      range: { start: kw.start, end: this.lastEnd },
    };
  }

  private modifier(t: Token): Modifier {
    return { kind: 'Modifier', range: { start: t.start, end: t.end }, modifier: t.text as ModifierKeyword };
  }

  /** `at <expr>`, `angle <expr>`, `velocity <expr>`, `spin <expr>`, `layer <name>`. */
  private parseClause(): Clause {
    const kw = this.next();
    const keyword = kw.text as PropertyKeyword;
    let value: Expression;
    if (keyword === 'layer') {
      if (this.peek().kind === 'identifier') value = this.identifier(this.next());
      else {
        this.unexpected('syntax-expected-name', `Expected a layer name after 'layer' but found ${this.describe(this.peek())}.`);
        value = this.missing();
      }
    } else {
      const what = keyword === 'at' ? 'a position (x, y)' : keyword === 'velocity' ? 'a velocity (vx, vy)' : `a value for ${keyword}`;
      value = this.parseExpression(what);
    }
    return {
      kind: 'Clause',
      keyword,
      keywordRange: { start: kw.start, end: kw.end },
      value,
      range: { start: kw.start, end: Math.max(kw.end, value.range.end) },
    };
  }

  // ── Shapes ──────────────────────────────────────────────────────────────────────────────────

  private expectedShape(): MissingNode {
    this.unexpected('syntax-expected-shape', `Expected a shape (${SHAPE_HINT}) but found ${this.describe(this.peek())}.`);
    return this.missing();
  }

  private parseShape(): ShapeExpression {
    const t = this.peek();
    if (t.kind === 'keyword' && SHAPE_SET.has(t.text)) {
      return t.text === 'compound' ? this.parseCompound() : this.parseShapeCall();
    }
    if (t.kind === 'identifier') {
      const name = this.identifier(this.next());
      return { kind: 'ShapeRef', range: name.range, name };
    }
    if (t.kind === 'error') {
      this.next();
      this.reported = true;
      return { kind: 'Error', range: { start: t.start, end: t.end } };
    }
    return this.expectedShape();
  }

  /** Enters one level of nesting; false (reported, rest of statement skipped) beyond MAX_NESTING. */
  private enter(at: TextRange): boolean {
    this.depth++;
    if (this.depth <= MAX_NESTING) return true;
    this.depth--;
    this.error(at, 'syntax-nesting-too-deep', `This nests more than ${MAX_NESTING} levels deep; the rest of the statement is ignored.`);
    this.skipToStatementStart();
    return false;
  }

  private parseShapeCall(): ShapeCall | ErrorNode {
    const ctor = this.next();
    const constructorName = ctor.text as ShapeCall['constructorName'];
    const constructorRange = { start: ctor.start, end: ctor.end };
    if (this.peek().kind !== '(') {
      this.unexpected('syntax-expected-token', `Expected '(' after '${ctor.text}' but found ${this.describe(this.peek())}.`);
      return { kind: 'ShapeCall', constructorName, constructorRange, args: [], range: constructorRange };
    }
    const open = this.next();
    if (!this.enter({ start: open.start, end: open.end })) return { kind: 'Error', range: { start: ctor.start, end: this.lastEnd } };
    const args: Expression[] = [];
    const close = this.parseList(() => args.push(this.parseExpression('an argument')), `'${ctor.text}(...)'`);
    this.depth--;
    return {
      kind: 'ShapeCall',
      constructorName,
      constructorRange,
      openParen: { start: open.start, end: open.end },
      closeParen: close && { start: close.start, end: close.end },
      args,
      range: { start: ctor.start, end: this.lastEnd },
    };
  }

  /**
   * A comma-separated list up to `)`, the `(` consumed already. Returns the `)` token, or
   * undefined when the list had to be closed implicitly (reported).
   */
  private parseList(item: () => void, what: string): Token | undefined {
    if (this.peek().kind === ')') return this.next();
    for (;;) {
      item();
      const t = this.peek();
      if (t.kind === ',') {
        this.next();
        continue;
      }
      if (t.kind === ')') return this.next();
      this.unexpected('syntax-expected-token', `Expected ',' or ')' in ${what} but found ${this.describe(this.peek())}.`);
      return undefined;
    }
  }

  private parseCompound(): CompoundShape | ErrorNode {
    const ctor = this.next();
    const constructorRange = { start: ctor.start, end: ctor.end };
    if (this.peek().kind !== '(') {
      this.unexpected('syntax-expected-token', `Expected '(' after 'compound' but found ${this.describe(this.peek())}.`);
      return { kind: 'Compound', constructorRange, parts: [], range: constructorRange };
    }
    const open = this.next();
    if (!this.enter({ start: open.start, end: open.end })) return { kind: 'Error', range: { start: ctor.start, end: this.lastEnd } };
    const parts: CompoundPart[] = [];
    const close = this.parseList(() => parts.push(this.parsePart()), "'compound(...)'");
    this.depth--;
    return {
      kind: 'Compound',
      constructorRange,
      openParen: { start: open.start, end: open.end },
      closeParen: close && { start: close.start, end: close.end },
      parts,
      range: { start: ctor.start, end: this.lastEnd },
    };
  }

  private parsePart(): CompoundPart {
    const shape = this.parseShape();
    const clauses: Clause[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'keyword' && (t.text === 'at' || t.text === 'angle')) clauses.push(this.parseClause());
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
      const t = this.peek();
      const precedence = t.kind === '+' || t.kind === '-' ? 1 : t.kind === '*' || t.kind === '/' ? 2 : 0;
      if (precedence === 0 || precedence < minPrecedence) break;
      this.next();
      const right = this.parseBinary(precedence + 1, 'an operand');
      let height = Math.max(leftHeight, this.height) + 1;
      const range = { start: left.range.start, end: right.range.end };
      let node: Expression = {
        kind: 'Binary',
        operator: t.kind as BinaryOperator,
        operatorRange: { start: t.start, end: t.end },
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
    while (this.peek().kind === '-') this.next();
    const count = this.pos - first;
    let node = this.parsePrimary(what);
    let height = this.height;
    for (let i = count - 1; i >= 0; i--) {
      const op = this.tokens[first + i]!;
      const range = { start: op.start, end: node.range.end };
      height++;
      if (height > MAX_NESTING) {
        node = this.tooDeep(range);
        height = 1;
        continue;
      }
      node = { kind: 'Unary', operator: '-', operatorRange: { start: op.start, end: op.end }, operand: node, range };
    }
    this.height = height;
    return node;
  }

  private parsePrimary(what: string): Expression {
    const t = this.peek();
    this.height = 1;
    switch (t.kind) {
      case 'number': {
        this.next();
        const after = this.peek();
        if (t.unit === null && after.kind === 'identifier' && (after.text === 'deg' || after.text === 'rad')) {
          // `30 deg`: the unit must be glued to the number; take it anyway so the value is right.
          this.error(
            { start: t.start, end: after.end },
            'syntax-detached-unit',
            `Write the unit right after the number, with no space: ${t.text}${after.text}.`,
          );
          this.next();
          return { kind: 'Number', value: t.value, unit: after.text, range: { start: t.start, end: after.end } };
        }
        return { kind: 'Number', value: t.value, unit: t.unit, range: { start: t.start, end: t.end } };
      }
      case 'keyword':
        if (t.text === 'pi') {
          this.next();
          return { kind: 'Pi', range: { start: t.start, end: t.end } };
        }
        break;
      case 'identifier': {
        this.next();
        const callee = this.identifier(t);
        if (this.peek().kind === '(') return this.parseCall(callee);
        return callee;
      }
      case '(':
        return this.parseParenthesised();
      case 'error':
        this.next();
        this.reported = true;
        return { kind: 'Error', range: { start: t.start, end: t.end } };
      default:
        break;
    }
    this.unexpected('syntax-expected-expression', `Expected ${what} (a number, a name or '(') but found ${this.describe(t)}.`);
    return this.missing();
  }

  private parseCall(callee: Identifier): CallExpression | ErrorNode {
    const open = this.next();
    if (!this.enter({ start: open.start, end: open.end })) return { kind: 'Error', range: { start: callee.range.start, end: this.lastEnd } };
    const args: Expression[] = [];
    let height = 0;
    const close = this.parseList(() => {
      args.push(this.parseExpression('an argument'));
      height = Math.max(height, this.height);
    }, `'${callee.name}(...)'`);
    this.depth--;
    this.height = height + 1;
    return { kind: 'Call', callee, args, closed: close !== undefined, range: { start: callee.range.start, end: this.lastEnd } };
  }

  /** `(expr)` or the vector `(x, y)`. */
  private parseParenthesised(): Expression {
    const open = this.next();
    if (!this.enter({ start: open.start, end: open.end })) return { kind: 'Error', range: { start: open.start, end: this.lastEnd } };
    const x = this.parseExpression('an expression');
    let height = this.height;
    let node: Expression;
    if (this.peek().kind === ',') {
      this.next();
      const y = this.parseExpression('the y component');
      height = Math.max(height, this.height);
      if (this.peek().kind === ',') {
        const extra = this.peek();
        this.error(
          { start: extra.start, end: extra.end },
          'syntax-unexpected-token',
          'A vector has exactly two components: (x, y).',
        );
        while (this.peek().kind === ',') {
          this.next();
          this.parseExpression('an expression');
        }
      }
      const close = this.expect(')', "')' to close the vector");
      node = { kind: 'Vector', x, y, closed: close !== undefined, range: { start: open.start, end: this.lastEnd } };
    } else {
      const close = this.expect(')', "')'");
      node = { kind: 'Paren', expression: x, closed: close !== undefined, range: { start: open.start, end: this.lastEnd } };
    }
    this.depth--;
    this.height = height + 1;
    return node;
  }
}
