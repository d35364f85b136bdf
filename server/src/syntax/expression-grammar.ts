/**
 * Expressions (scene-language.md, "Expressions"): numbers with units, names, pi, calls, vectors,
 * parentheses and the four operators. Recursion is bounded: parentheses and calls nest at most
 * MAX_NESTING deep, and operator chains (`1 + 1 + ... + 1`, `- - - 1`) are built iteratively with
 * the tree's height capped at the same limit (a subtree that would exceed it becomes one `Error`
 * node), so a hostile file yields an error, not a stack overflow, here or in any recursive walk.
 */
import type { TextRange } from '../common/diagnostic';
import type { BinaryOperator, CallExpression, ErrorNode, Expression, Identifier } from './ast';
import { TokenCursor } from './token-cursor';
import * as tokens from './tokens';
import * as tables from './grammar-tables';

// Bound once as module-local constants: the parse loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const {
  TK_COMMA,
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
} = tokens;
const { MAX_NESTING, KW_PI, LIST_GOES_ON } = tables;

const BINARY_OPERATORS: readonly (BinaryOperator | undefined)[] = (() => {
  const ops: (BinaryOperator | undefined)[] = [];
  ops[TK_PLUS] = '+';
  ops[TK_MINUS] = '-';
  ops[TK_STAR] = '*';
  ops[TK_SLASH] = '/';
  return ops;
})();

/** Expressions, and the nesting and list handling that calls, shapes and compounds share. */
export abstract class ExpressionParser extends TokenCursor {
  /**
   * Enters one level of nesting at the opening token `open`; false (reported on that token, rest
   * of statement skipped) beyond MAX_NESTING. A token index rather than a range: the range is made
   * only for the report, not for every parenthesis of a file.
   */
  protected enter(open: number): boolean {
    this.depth++;
    if (this.depth <= MAX_NESTING) return true;
    this.depth--;
    this.error(this.rangeOf(open), 'syntax-nesting-too-deep', `This nests more than ${MAX_NESTING} levels deep; the rest of the statement is ignored.`);
    this.skipToStatementStart();
    return false;
  }

  // A comma-separated list up to `)`, its `(` consumed already, is parsed by its owner as
  //   let close = this.listStart();
  //   while (close === LIST_GOES_ON) { <parse an item>; close = this.afterListItem(callee); }
  // which ends with the `)` token's index, or -1 when the list had to be closed implicitly
  // (reported). A loop in the owner rather than a helper taking the item's parser as a callback:
  // that would be a closure per argument list of a file.

  /** Consumes the `)` of an empty list and returns its index; LIST_GOES_ON when an item comes first. */
  protected listStart(): number {
    return this.kind() === TK_RPAREN ? this.next() : LIST_GOES_ON;
  }

  /**
   * After a list item: consumes a `,` (LIST_GOES_ON) or the closing `)` (its index), or reports
   * what came instead and returns -1. `callee` names the list in messages.
   */
  protected afterListItem(callee: string): number {
    const k = this.kind();
    if (k === TK_COMMA) {
      this.next();
      return LIST_GOES_ON;
    }
    if (k === TK_RPAREN) return this.next();
    this.unexpected('syntax-expected-token', () => `Expected ',' or ')' in '${callee}(...)' but found ${this.describe()}.`);
    return -1;
  }

  protected parseExpression(what: string): Expression {
    return this.parseBinary(1, what);
  }

  protected tooDeep(range: TextRange): ErrorNode {
    this.error(range, 'syntax-nesting-too-deep', `This expression nests more than ${MAX_NESTING} levels deep; split it with let.`);
    return { kind: 'Error', range };
  }

  /** Precedence climbing, iterative along each operator chain (left-associative). */
  protected parseBinary(minPrecedence: number, what: string): Expression {
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

  protected parseUnary(what: string): Expression {
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

  protected parsePrimary(what: string): Expression {
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
        return this.parseParenthesized();
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

  protected parseCall(callee: Identifier): CallExpression | ErrorNode {
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
  protected parseParenthesized(): Expression {
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
