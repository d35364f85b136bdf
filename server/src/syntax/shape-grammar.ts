/**
 * Shapes (scene-language.md, "Shapes"): `circle(...)` and the other constructors, a named shape,
 * `compound(...)` with its parts' `at` and `angle`, and the property clauses bodies share with them.
 */
import type { TextRange } from '../common/diagnostic';
import type { Clause, CompoundPart, CompoundShape, ErrorNode, Expression, MissingNode, ShapeCall, ShapeExpression } from './ast';
import type { PropertyKeyword } from './tokens';
import { ExpressionParser } from './expression-grammar';
import * as tokens from './tokens';
import * as tables from './grammar-tables';

// Bound once as module-local constants: the parse loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { KEYWORD_LIST, TK_ERROR, TK_IDENTIFIER, TK_LPAREN } = tokens;
const { KW_COMPOUND, KW_AT, KW_ANGLE, IS_SHAPE, LIST_GOES_ON } = tables;

const SHAPE_HINT =
  'circle(r), box(w, h), polygon((x, y), ...), capsule(length, r), segment((x, y), (x, y)), compound(...) or the name of a shape';

/** Shapes and the clauses that place them: shape calls, shape names, compounds and their parts. */
export abstract class ShapeParser extends ExpressionParser {
  protected expectedShape(): MissingNode {
    this.unexpected('syntax-expected-shape', () => `Expected a shape (${SHAPE_HINT}) but found ${this.describe()}.`);
    return this.missing();
  }

  protected parseShape(): ShapeExpression {
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

  protected parseShapeCall(): ShapeCall | ErrorNode {
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
    // `chain(...) loop`: `loop` is a word of the chain's alone, not a reserved one.
    let loop: TextRange | undefined;
    if (constructorName === 'chain' && this.kind() === TK_IDENTIFIER && this.textOf(this.at(0)) === 'loop') loop = this.rangeOf(this.next());
    const call: ShapeCall = {
      kind: 'ShapeCall',
      constructorName,
      constructorRange,
      openParen,
      closeParen: close >= 0 ? this.rangeOf(close) : undefined,
      args,
      range: { start: constructorRange.start, end: this.lastEnd },
    };
    return loop ? { ...call, loop } : call;
  }

  protected parseCompound(): CompoundShape | ErrorNode {
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

  protected parsePart(): CompoundPart {
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

  /** `at <expr>`, `angle <expr>`, `velocity <expr>`, `spin <expr>`, `layer <name>`. */
  protected parseClause(): Clause {
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
}
