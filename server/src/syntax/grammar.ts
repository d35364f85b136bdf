/**
 * Recursive-descent parser for the normative core (scene-language.md). It never throws and never
 * loses text: every token ends up inside some statement's range (an `Error` statement for text
 * that starts no statement), and the tree keeps whatever a broken statement had before the break.
 *
 * Error recovery is panic mode (Aho, Lam, Sethi and Ullman, "Compilers", §4.1.4, with statement
 * keywords as the synchronizing set, as the spec asks): the first error in a statement is
 * reported, the rest of that statement is parsed as well as it can be but stays quiet, and the
 * next statement keyword starts afresh. Inside argument lists the parser also closes a list it
 * cannot continue, so `circle(1 at (0, 0)` still gives the body its position.
 *
 * One class chain, a piece of the grammar each: token-cursor.ts (tokens, reporting, recovery) →
 * expression-grammar.ts (expressions, nesting, lists) → shape-grammar.ts (shapes, clauses) →
 * this file (statements, bodies, the parser's entry points). Recursion is bounded (see
 * expression-grammar.ts), so a hostile file yields an error, not a stack overflow.
 */
import type { TextRange } from '../common/diagnostic';
import type {
  BodyStatement,
  Clause,
  Expression,
  Identifier,
  LayerStatement,
  LetStatement,
  Modifier,
  SettingStatement,
  ShapeStatement,
  Statement,
  TileRow,
} from './ast';
import type { ModifierKeyword } from './tokens';
import { ShapeParser } from './shape-grammar';
import * as tokens from './tokens';
import * as tables from './grammar-tables';

// Bound once as module-local constants: the parse loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { KEYWORD_LIST, TK_EOF, TK_EQUALS, TK_IDENTIFIER, TK_KEYWORD, TK_STRING, STRING_UNTERMINATED } = tokens;
const {
  KW_DT,
  KW_FRAMES,
  KW_SLOP,
  KW_LET,
  KW_SHAPE,
  KW_LAYER,
  KW_BODY,
  KW_TILES,
  KW_COLLIDES,
  IS_STATEMENT,
  IS_MODIFIER,
  IS_SHAPE,
  IS_PROPERTY,
} = tables;

/** `cell <expr>` of a tile grid. */
interface TileGridShapeCell {
  readonly range: TextRange;
  readonly value: Expression;
}

/** How many tokens the parser lets the scanner hold before it drops those of past statements. */
const DISCARD_AFTER = 4096;

/** A body stub's modifiers and properties: none, shared by every stub. */
const NO_MODIFIERS: readonly Modifier[] = Object.freeze([]);
const NO_CLAUSES: readonly Clause[] = Object.freeze([]);

/** Whether a keyword may stand (reported) as a body's name: any that is not part of a body's grammar. */
const namesBody = (id: number): boolean => IS_STATEMENT[id] !== 1 && IS_MODIFIER[id] !== 1 && IS_SHAPE[id] !== 1 && IS_PROPERTY[id] !== 1;

export class Parser extends ShapeParser {
  /** Body statements found but not parsed (see `skimFile`), in order. */
  readonly skimmed: BodyStatement[] = [];
  /** Whether body statements are skimmed: extent and name only. */
  skimBodies = false;

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

  // ── Statements ──────────────────────────────────────────────────────────────────────────────

  protected parseStatement(): Statement {
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
      case KW_TILES:
        return this.parseTiles();
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

  protected parseSetting(): SettingStatement {
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

  protected parseLet(): LetStatement {
    const k = this.next();
    const name = this.declaredName('a constant', () => this.kind(1) === TK_EQUALS);
    this.expect(TK_EQUALS, "'=' after the constant's name");
    const value = this.parseExpression('the value of the constant');
    return { kind: 'Let', keywordRange: this.rangeOf(k), name, value, range: this.finish(this.s.starts[k]!) };
  }

  protected parseShapeStatement(): ShapeStatement {
    const k = this.next();
    const name = this.declaredName('a shape', () => this.kind(1) === TK_EQUALS);
    this.expect(TK_EQUALS, "'=' after the shape's name");
    const shape = this.parseShape();
    return { kind: 'Shape', keywordRange: this.rangeOf(k), name, shape, range: this.finish(this.s.starts[k]!) };
  }

  protected parseLayer(): LayerStatement {
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

  protected parseBody(): BodyStatement {
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
   * `tiles <name> cell <expr or (w, h)> <property>* "row" "row" ...` (levels-and-tiles.md §3): a
   * static body whose shape is the grid (ast.ts TileGridShape). Properties may come before the
   * rows (`at`, as written in the spec) or after them; a row that is unterminated was reported
   * by the lexer and still counts, up to its line's end.
   */
  protected parseTiles(): BodyStatement {
    const k = this.next();
    const kwStart = this.s.starts[k]!;
    this.bodyStart = kwStart;
    const name = this.declaredName('a tile grid', namesBody);
    const properties: Clause[] = [];
    const rows: TileRow[] = [];
    let cellStart = this.start();
    let cell: TileGridShapeCell;
    if (this.kind() === TK_IDENTIFIER && this.textOf(this.at(0)) === 'cell') {
      const c = this.next();
      cellStart = this.s.starts[c]!;
      cell = { range: this.rangeOf(c), value: this.parseExpression('a cell size (a number, or (w, h))') };
    } else {
      this.unexpected('syntax-expected-token', () => `Expected 'cell' and the cells' size after the grid's name but found ${this.describe()}.`);
      cell = { range: { start: this.lastEnd, end: this.lastEnd }, value: this.missing() };
    }
    while (!this.atStatementStart()) {
      const id = this.keyword();
      if (this.kind() === TK_STRING) {
        const i = this.next();
        const start = this.s.starts[i]!;
        const end = this.s.ends[i]!;
        rows.push({ range: { start, end }, text: this.text.slice(start + 1, this.s.extra[i] === STRING_UNTERMINATED ? end : end - 1) });
      } else if (IS_PROPERTY[id] === 1) {
        properties.push(this.parseClause());
      } else {
        this.unexpected(
          'syntax-unexpected-token',
          () => `Unexpected ${this.describe()} in a tile grid: after 'cell' come its properties (at, layer) and its rows, one string per row such as "#..#".`,
        );
        this.next();
        while (!this.atStatementStart() && this.kind() !== TK_STRING && IS_PROPERTY[this.keyword()] !== 1) this.next();
      }
    }
    if (rows.length === 0 && !this.reported) {
      this.corrected(this.foundRange(), 'tiles-no-rows', 'A tile grid needs its rows: one string per row, top row first, such as "##..##".');
    }
    const end = this.lastEnd;
    return {
      kind: 'Body',
      keywordRange: this.rangeOf(k),
      name,
      modifiers: [],
      shape: { kind: 'Tiles', range: { start: cellStart, end: Math.max(cellStart, rows.length > 0 ? rows[rows.length - 1]!.range.end : cell.value.range.end) }, cellRange: cell.range, cell: cell.value, rows },
      properties,
      range: { start: kwStart, end },
    };
  }

  /**
   * A body's extent and name, without its tree or diagnostics. A body runs to the next token at
   * which `atStatementStart` holds: parseBody consumes every token before it, and none after it,
   * whatever the tokens are (no statement keyword is ever taken inside a body), so skipping to
   * that token gives exactly parseBody's range. The name is the token parseBody takes as one.
   */
  protected skimBody(): BodyStatement {
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

  protected modifier(i: number): Modifier {
    return { kind: 'Modifier', range: this.rangeOf(i), modifier: KEYWORD_LIST[this.s.extra[i]!] as ModifierKeyword };
  }
}

export { internalError, ownString } from './token-cursor';
