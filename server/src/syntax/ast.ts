import type { TextRange } from '../common/diagnostic';
import type { AngleUnit, ModifierKeyword, PropertyKeyword, ShapeKeyword } from './tokens';

/**
 * The syntax tree of a scene file. Every node has its `range` (UTF-16 offsets, `[start, end)`),
 * names are `Identifier` nodes with their own ranges, and what the author has not written yet is
 * a `Missing` node (zero width, where it was expected) or, for text the parser could not use, an
 * `Error` node covering it. A statement that breaks half-way keeps what was parsed before the
 * break, so editor features still see it.
 *
 * The tree's height is bounded (MAX_NESTING in grammar-tables.ts): a recursive walk over it is safe.
 */

export interface Identifier {
  readonly kind: 'Identifier';
  readonly range: TextRange;
  readonly name: string;
}

/** Something the grammar required that is not there; zero width at the place it was expected. */
export interface MissingNode {
  readonly kind: 'Missing';
  readonly range: TextRange;
}

/** Text the parser could not make sense of (already reported); semantics ignores it quietly. */
export interface ErrorNode {
  readonly kind: 'Error';
  readonly range: TextRange;
}

// ── Expressions ───────────────────────────────────────────────────────────────────────────────

export interface NumberLiteral {
  readonly kind: 'Number';
  readonly range: TextRange;
  /** The digits' value, before the unit (NaN when the lexer reported a malformed literal). */
  readonly value: number;
  readonly unit: AngleUnit | null;
}

export interface PiLiteral {
  readonly kind: 'Pi';
  readonly range: TextRange;
}

export interface UnaryExpression {
  readonly kind: 'Unary';
  readonly range: TextRange;
  readonly operator: '-';
  readonly operatorRange: TextRange;
  readonly operand: Expression;
}

export type BinaryOperator = '+' | '-' | '*' | '/';

export interface BinaryExpression {
  readonly kind: 'Binary';
  readonly range: TextRange;
  readonly operator: BinaryOperator;
  readonly operatorRange: TextRange;
  readonly left: Expression;
  readonly right: Expression;
}

export interface ParenExpression {
  readonly kind: 'Paren';
  readonly range: TextRange;
  readonly expression: Expression;
  /** False when the closing parenthesis is missing. */
  readonly closed: boolean;
}

/** `(x, y)`. Vectors are expressions so that `let p = (1, 2)` and `at p` work too. */
export interface VectorExpression {
  readonly kind: 'Vector';
  readonly range: TextRange;
  readonly x: Expression;
  readonly y: Expression;
  readonly closed: boolean;
}

/** `sqrt(2)`: a call of a built-in function (see semantics/evaluate.ts for the list). */
export interface CallExpression {
  readonly kind: 'Call';
  readonly range: TextRange;
  readonly callee: Identifier;
  readonly args: readonly Expression[];
  readonly closed: boolean;
}

export type Expression =
  | NumberLiteral
  | PiLiteral
  | Identifier
  | UnaryExpression
  | BinaryExpression
  | ParenExpression
  | VectorExpression
  | CallExpression
  | MissingNode
  | ErrorNode;

// ── Shapes ────────────────────────────────────────────────────────────────────────────────────

/** `circle(r)`, `box(w, h)`, `polygon(v, ...)`, `capsule(length, r)`, `segment(a, b)`. */
export interface ShapeCall {
  readonly kind: 'ShapeCall';
  readonly range: TextRange;
  readonly constructorName: Exclude<ShapeKeyword, 'compound'>;
  readonly constructorRange: TextRange;
  /** The argument list's parentheses (absent when not written). */
  readonly openParen?: TextRange;
  readonly closeParen?: TextRange;
  /** Arguments as written; semantics checks their number and types. */
  readonly args: readonly Expression[];
  /** `chain(...) loop`: the word `loop` (a closed chain). */
  readonly loop?: TextRange;
}

/** `compound(part, part, ...)`. */
export interface CompoundShape {
  readonly kind: 'Compound';
  readonly range: TextRange;
  readonly constructorRange: TextRange;
  readonly openParen?: TextRange;
  readonly closeParen?: TextRange;
  readonly parts: readonly CompoundPart[];
}

/** `<shape> [at (x, y)] [angle <expr>]` inside a compound. */
export interface CompoundPart {
  readonly kind: 'Part';
  readonly range: TextRange;
  readonly shape: ShapeExpression;
  /** `at` and `angle` clauses of the part (a repeated one is reported and kept last). */
  readonly clauses: readonly Clause[];
}

/** A reference to a named shape (`shape square = box(1, 1)` ... `body b square`). */
export interface ShapeReference {
  readonly kind: 'ShapeRef';
  readonly range: TextRange;
  readonly name: Identifier;
}

/** One row of a tile grid: a string literal, top row first. */
export interface TileRow {
  /** The literal, quotes included. */
  readonly range: TextRange;
  /** The characters between the quotes (to the line's end when unterminated). */
  readonly text: string;
}

/**
 * The grid of a `tiles` statement (levels-and-tiles.md §3), which is a body statement whose
 * shape this is: `cell <expr or (w, h)>`, the clauses written before the rows, then the rows.
 * Its range runs from `cell` to the last row, clauses included.
 */
export interface TileGridShape {
  readonly kind: 'Tiles';
  readonly range: TextRange;
  readonly cellRange: TextRange;
  /** The cell's size: a number (square cells) or a vector (w, h). */
  readonly cell: Expression;
  readonly rows: readonly TileRow[];
}

export type ShapeExpression = ShapeCall | CompoundShape | ShapeReference | TileGridShape | MissingNode | ErrorNode;

// ── Statements ────────────────────────────────────────────────────────────────────────────────

/** A keyword followed by a value: body properties (`at (1, 2)`, `layer walls`) and part clauses. */
export interface Clause {
  readonly kind: 'Clause';
  /** The whole clause, keyword included. */
  readonly range: TextRange;
  readonly keyword: PropertyKeyword;
  readonly keywordRange: TextRange;
  /** For `layer`: an Identifier (or Missing); otherwise any expression. */
  readonly value: Expression;
}

export interface Modifier {
  readonly kind: 'Modifier';
  readonly range: TextRange;
  readonly modifier: ModifierKeyword;
}

/**
 * Whether a statement is `broken`: the parser reported a syntax error inside it, or a
 * lexical error in one of its tokens, and the tree is its best reading of the rest. Semantics
 * checks nothing in such a statement but whether its name repeats another (one error per broken
 * statement): its names are still defined and its references resolved for navigation,
 * but its values are not used and a broken body stays out of the Scene. Not set for the three errors the parser corrects exactly
 * (a keyword as a name, a misplaced modifier, a detached unit), where the tree is what the author
 * meant.
 */
export interface Recoverable {
  readonly broken?: true;
}

/** `dt <expr>`, `frames <expr>`, `slop <expr>`. */
export interface SettingStatement extends Recoverable {
  readonly kind: 'Setting';
  readonly range: TextRange;
  readonly keyword: 'dt' | 'frames' | 'slop';
  readonly keywordRange: TextRange;
  readonly value: Expression;
}

export interface LetStatement extends Recoverable {
  readonly kind: 'Let';
  readonly range: TextRange;
  readonly keywordRange: TextRange;
  readonly name?: Identifier;
  readonly value: Expression;
}

export interface ShapeStatement extends Recoverable {
  readonly kind: 'Shape';
  readonly range: TextRange;
  readonly keywordRange: TextRange;
  readonly name?: Identifier;
  readonly shape: ShapeExpression;
}

export interface LayerStatement extends Recoverable {
  readonly kind: 'Layer';
  readonly range: TextRange;
  readonly keywordRange: TextRange;
  readonly name?: Identifier;
  readonly collidesRange?: TextRange;
  readonly collides: readonly Identifier[];
}

export interface BodyStatement extends Recoverable {
  readonly kind: 'Body';
  readonly range: TextRange;
  readonly keywordRange: TextRange;
  readonly name?: Identifier;
  /** In the order written (modifiers written after the shape are reported, and kept). */
  readonly modifiers: readonly Modifier[];
  readonly shape: ShapeExpression;
  readonly properties: readonly Clause[];
}

/** Text at statement level that does not start with a statement keyword (reported, skipped). */
export interface ErrorStatement {
  readonly kind: 'Error';
  readonly range: TextRange;
}

export type Statement =
  | SettingStatement
  | LetStatement
  | ShapeStatement
  | LayerStatement
  | BodyStatement
  | ErrorStatement;

export interface SourceFile {
  readonly kind: 'SourceFile';
  readonly range: TextRange;
  readonly statements: readonly Statement[];
}

export type Node =
  | SourceFile
  | Statement
  | Clause
  | Modifier
  | CompoundPart
  | ShapeExpression
  | Expression;

/** Calls `visit` on each direct child of `node`, in source order. */
export function forEachChild(node: Node, visit: (child: Node) => void): void {
  switch (node.kind) {
    case 'SourceFile':
      for (const s of node.statements) visit(s);
      return;
    case 'Setting':
      visit(node.value);
      return;
    case 'Let':
      if (node.name) visit(node.name);
      visit(node.value);
      return;
    case 'Shape':
      if (node.name) visit(node.name);
      visit(node.shape);
      return;
    case 'Layer':
      if (node.name) visit(node.name);
      for (const c of node.collides) visit(c);
      return;
    case 'Body': {
      if (node.name) visit(node.name);
      // Modifiers may follow the shape when mis-written; keep source order.
      const before = node.modifiers.filter((m) => m.range.start < node.shape.range.start);
      const after = node.modifiers.filter((m) => m.range.start >= node.shape.range.start);
      for (const m of before) visit(m);
      const rest: Node[] = [...after, ...node.properties].sort((x, y) => x.range.start - y.range.start);
      visit(node.shape);
      for (const r of rest) visit(r);
      return;
    }
    case 'Clause':
      visit(node.value);
      return;
    case 'Part':
      visit(node.shape);
      for (const c of node.clauses) visit(c);
      return;
    case 'ShapeCall':
      for (const a of node.args) visit(a);
      return;
    case 'Compound':
      for (const p of node.parts) visit(p);
      return;
    case 'ShapeRef':
      visit(node.name);
      return;
    case 'Tiles':
      visit(node.cell);
      return;
    case 'Unary':
      visit(node.operand);
      return;
    case 'Binary':
      visit(node.left);
      visit(node.right);
      return;
    case 'Paren':
      visit(node.expression);
      return;
    case 'Vector':
      visit(node.x);
      visit(node.y);
      return;
    case 'Call':
      visit(node.callee);
      for (const a of node.args) visit(a);
      return;
    default:
      return; // leaves: Identifier, Number, Pi, Modifier, Missing, Error
  }
}

/**
 * The chain of nodes enclosing `offset`, outermost (the SourceFile) first, innermost last. A node
 * encloses an offset when `start <= offset <= end`, so a cursor just after a name still finds it
 * (what hover, completion and rename want); when two siblings touch, the later one wins.
 */
export function nodePathAt(file: SourceFile, offset: number): Node[] {
  const path: Node[] = [file];
  let current: Node = file;
  for (;;) {
    let next: Node | undefined;
    forEachChild(current, (child) => {
      if (child.range.start <= offset && offset <= child.range.end) next = child;
    });
    if (!next) return path;
    path.push(next);
    current = next;
  }
}
