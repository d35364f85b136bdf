import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { MAX_NESTING } from '../../../server/src/syntax/grammar-tables';
import { parse } from '../../../server/src/syntax/parser';
import { parseWindow, skimFile } from '../../../server/src/syntax/reparsing';
import { LineIndex } from '../../../server/src/syntax/positions';
import { forEachChild, nodePathAt, type BodyStatement, type Node } from '../../../server/src/syntax/ast';

/** A compact s-expression of the tree: node kinds with the interesting bits, no ranges. */
function sexpr(node: Node): string {
  const kids: string[] = [];
  forEachChild(node, (c) => kids.push(sexpr(c)));
  let head: string = node.kind;
  switch (node.kind) {
    case 'Identifier':
      return node.name;
    case 'Number':
      return `${node.value}${node.unit ?? ''}`;
    case 'Pi':
      return 'pi';
    case 'Missing':
      return '?';
    case 'Error':
      return '!';
    case 'Binary':
      head = node.operator;
      break;
    case 'Unary':
      head = 'neg';
      break;
    case 'Setting':
      head = node.keyword;
      break;
    case 'Clause':
      head = node.keyword;
      break;
    case 'Modifier':
      return node.modifier;
    case 'ShapeCall':
      head = node.constructorName;
      break;
    case 'Vector':
      head = 'vec';
      break;
  }
  return kids.length ? `(${head} ${kids.join(' ')})` : `(${head})`;
}

function statements(text: string): string[] {
  return parse(text).file.statements.map(sexpr);
}
function codes(text: string): string[] {
  return parse(text).diagnostics.map((d) => d.code);
}
function textOf(text: string, r: { start: number; end: number }): string {
  return text.slice(r.start, r.end);
}

describe('syntax/parser: constructs', () => {
  it('parses the settings', () => {
    assert.deepEqual(statements('dt 1/60 frames 10 slop 0.01'), ['(dt (/ 1 60))', '(frames 10)', '(slop 0.01)']);
  });

  it('parses let with precedence, associativity, unary minus, parentheses, pi and units', () => {
    assert.deepEqual(statements('let a = 1 + 2 * 3 - 4 / 5'), ['(Let a (- (+ 1 (* 2 3)) (/ 4 5)))']);
    assert.deepEqual(statements('let b = -(1 - 2) - -3'), ['(Let b (- (neg (Paren (- 1 2))) (neg 3)))']);
    assert.deepEqual(statements('let c = 2 * pi + 30deg - 0.5rad'), ['(Let c (- (+ (* 2 pi) 30deg) 0.5rad))']);
    assert.deepEqual(statements('let d = a * b'), ['(Let d (* a b))']);
  });

  it('parses vectors and calls as expressions', () => {
    assert.deepEqual(statements('let p = (1, -2)'), ['(Let p (vec 1 (neg 2)))']);
    assert.deepEqual(statements('let q = sqrt(2) * min(1, 2)'), ['(Let q (* (Call sqrt 2) (Call min 1 2)))']);
  });

  it('parses every shape constructor', () => {
    assert.deepEqual(statements('shape a = circle(1)'), ['(Shape a (circle 1))']);
    assert.deepEqual(statements('shape a = box(2, 3)'), ['(Shape a (box 2 3))']);
    assert.deepEqual(statements('shape a = polygon((0, 0), (1, 0), (0, 1))'), ['(Shape a (polygon (vec 0 0) (vec 1 0) (vec 0 1)))']);
    assert.deepEqual(statements('shape a = capsule(4, 0.5)'), ['(Shape a (capsule 4 0.5))']);
    assert.deepEqual(statements('shape a = segment((0, 0), (5, 0))'), ['(Shape a (segment (vec 0 0) (vec 5 0)))']);
    assert.deepEqual(statements('shape a = compound(box(1, 1) at (2, 0) angle 45deg, circle(1), b)'), [
      '(Shape a (Compound (Part (box 1 1) (at (vec 2 0)) (angle 45deg)) (Part (circle 1)) (Part (ShapeRef b))))',
    ]);
    assert.deepEqual(statements('shape n = compound(compound(circle(1)) at (1, 1))'), [
      '(Shape n (Compound (Part (Compound (Part (circle 1))) (at (vec 1 1)))))',
    ]);
  });

  it('parses layers with and without collides', () => {
    assert.deepEqual(statements('layer a collides b c layer d'), ['(Layer a b c)', '(Layer d)']);
  });

  it('parses a body with modifiers, a shape and every property', () => {
    const text = 'body car static sensor bullet box(2, 1) at (1, 2) angle 30deg velocity (3, 4) spin -1 layer cars';
    assert.deepEqual(statements(text), [
      '(Body car static sensor bullet (box 2 1) (at (vec 1 2)) (angle 30deg) (velocity (vec 3 4)) (spin (neg 1)) (layer cars))',
    ]);
    assert.deepEqual(codes(text), []);
    const body = parse(text).file.statements[0] as BodyStatement;
    assert.equal(textOf(text, body.range), text);
    assert.equal(textOf(text, body.name!.range), 'car');
    assert.equal(textOf(text, body.properties[0]!.range), 'at (1, 2)');
    assert.equal(textOf(text, body.properties[0]!.value.range), '(1, 2)');
    assert.equal(textOf(text, body.shape.range), 'box(2, 1)');
  });

  it('parses a body that uses a named shape', () => {
    assert.deepEqual(statements('body b square at (0, 0)'), ['(Body b (ShapeRef square) (at (vec 0 0)))']);
  });

  it('parses an empty file and a file of comments', () => {
    assert.deepEqual(statements(''), []);
    assert.deepEqual(statements('// nothing\n/* here */'), []);
    assert.deepEqual(codes('// nothing\n/* here */'), []);
  });

  it('gives every node a range inside its parent, in source order', () => {
    const text = 'let a = (1 + 2) * 3\nbody x compound(box(1, 1) at (a, 0), circle(1)) at (1, 1) layer l\nlayer l collides l';
    const check = (node: Node, parent: Node | undefined): void => {
      if (parent) assert.ok(node.range.start >= parent.range.start && node.range.end <= parent.range.end, `${node.kind} in ${parent.kind}`);
      let last = -1;
      forEachChild(node, (c) => {
        assert.ok(c.range.start >= last, `order of ${c.kind}`);
        last = c.range.start;
        check(c, node);
      });
    };
    check(parse(text).file, undefined);
  });

  it('finds the chain of nodes at an offset', () => {
    const text = 'body x circle(r) at (1, 2)';
    const path = nodePathAt(parse(text).file, text.indexOf('r)') + 1);
    assert.deepEqual(path.map((n) => n.kind), ['SourceFile', 'Body', 'ShapeCall', 'Identifier']);
  });
});

describe('syntax/parser: layer property or layer statement', () => {
  it('takes `layer` on the same line or indented as the body property', () => {
    assert.deepEqual(statements('body a circle(1) layer walls'), ['(Body a (circle 1) (layer walls))']);
    assert.deepEqual(statements('body a circle(1)\n  layer walls'), ['(Body a (circle 1) (layer walls))']);
  });

  it('takes `layer` at the body keyword column on a new line as a statement', () => {
    assert.deepEqual(statements('body a circle(1)\nlayer walls'), ['(Body a (circle 1))', '(Layer walls)']);
  });

  it('takes `layer x collides` as a statement anywhere', () => {
    assert.deepEqual(statements('body a circle(1) layer w collides v'), ['(Body a (circle 1))', '(Layer w v)']);
  });
});

describe('syntax/parser: error recovery', () => {
  const good1 = 'body a circle(1) at (0, 0)';
  const good2 = 'body c box(1, 1) at (5, 0)';
  const broken: [string, string][] = [
    ['body b circle(', 'syntax-expected-expression'],
    ['body b circle(1 at (2, 0)', 'syntax-expected-token'],
    ['body b box(1, 1) at (1, 2', 'syntax-expected-token'],
    ['body b box(1, 1) at (1 2)', 'syntax-expected-token'],
    ['body b box(1, 1) at', 'syntax-expected-expression'],
    ['body b', 'syntax-expected-shape'],
    ['body circle(1)', 'syntax-expected-name'],
    ['body b box(1, 1) wobble 3', 'syntax-unexpected-token'],
    ['let = 3', 'syntax-expected-name'],
    ['let x 3', 'syntax-expected-token'],
    ['let x = ', 'syntax-expected-expression'],
    ['let x = 1 +', 'syntax-expected-expression'],
    ['let x = (1, 2, 3)', 'syntax-unexpected-token'],
    ['let angle = 3', 'syntax-reserved-word'],
    ['dt 1 2', 'syntax-unexpected-token'],
    ['frames', 'syntax-expected-expression'],
    ['layer collides a', 'syntax-expected-name'],
    ['layer a collides', 'syntax-expected-name'],
    ['shape s = ', 'syntax-expected-shape'],
    ['shape s = circle', 'syntax-expected-token'],
    ['shape s = compound(circle(1) at)', 'syntax-expected-expression'],
    ['body b static box(1, 1) at (0, 0) bullet', 'syntax-misplaced-modifier'],
    ['let x = 30 deg', 'syntax-detached-unit'],
  ];
  for (const [statement, code] of broken) {
    it(`"${statement}" between two good statements: one ${code}, both good statements kept`, () => {
      for (const sep of ['\n', '\r\n']) {
        const text = [good1, statement, good2].join(sep);
        const r = parse(text);
        assert.deepEqual(r.diagnostics.map((d) => d.code), [code]);
        const d = r.diagnostics[0]!;
        const brokenStart = text.indexOf(statement);
        assert.ok(d.range.start >= brokenStart && d.range.end <= brokenStart + statement.length, 'error inside the broken statement');
        const ss = r.file.statements;
        assert.equal(sexpr(ss[0]!), '(Body a (circle 1) (at (vec 0 0)))');
        assert.equal(sexpr(ss[ss.length - 1]!), '(Body c (box 1 1) (at (vec 5 0)))');
        assert.equal(ss.length, 3);
      }
    });
  }

  it("names the list a missing comma is in: a shape's, a compound's, a function call's", () => {
    const cases: [string, string, string][] = [
      ['body b circle(1 at (2, 0)', "Expected ',' or ')' in 'circle(...)' but found 'at'.", 'at'],
      ['body b compound(circle(1) 2)', "Expected ',' or ')' in 'compound(...)' but found '2'.", '2'],
      ['let x = sqrt(1 2)', "Expected ',' or ')' in 'sqrt(...)' but found '2'.", '2'],
    ];
    for (const [text, message, found] of cases) {
      const r = parse(text);
      assert.deepEqual(r.diagnostics.map((d) => [d.code, d.message, textOf(text, d.range)]), [['syntax-expected-token', message, found]], text);
    }
  });

  it('reports text before the first statement once, as an Error statement', () => {
    const text = '1 2 3 body a circle(1)';
    const r = parse(text);
    assert.deepEqual(r.diagnostics.map((d) => [d.code, textOf(text, d.range)]), [['syntax-expected-statement', '1']]);
    assert.deepEqual(r.file.statements.map(sexpr), ['!', '(Body a (circle 1))']);
    assert.equal(textOf(text, r.file.statements[0]!.range), '1 2 3');
  });

  it('counts stray text after a body as part of that body (a statement runs to the next keyword)', () => {
    const r = parse(`${'body a circle(1)'} 1 2 3\nbody c box(1, 1)`);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-unexpected-token']);
    assert.deepEqual(r.file.statements.map(sexpr), ['(Body a (circle 1))', '(Body c (box 1 1))']);
  });

  it('keeps what a broken body had before and after the break', () => {
    assert.deepEqual(statements('body x circle(1 at (3, 0) velocity (1, 0)'), ['(Body x (circle 1) (at (vec 3 0)) (velocity (vec 1 0)))']);
  });

  it('reports bad characters once (lexer) and does not pile parser errors on top', () => {
    const text = 'body a circle(1) @ at (1, 1)\nbody b circle(€)';
    assert.deepEqual(codes(text), ['syntax-invalid-character', 'syntax-invalid-character']);
    assert.equal(parse(text).file.statements.length, 2);
  });

  it('reports an unterminated comment and keeps the statements before it', () => {
    const r = parse('body a circle(1)\n/* oops\nbody b circle(1)');
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-unterminated-comment']);
    assert.deepEqual(r.file.statements.map(sexpr), ['(Body a (circle 1))']);
  });

  it('places errors at the end of the file on the last token', () => {
    const text = 'body b box(1, 1) at';
    const d = parse(text).diagnostics[0]!;
    assert.equal(textOf(text, d.range), 'at');
  });
});

describe('syntax/parser: broken statements (what semantics leaves alone)', () => {
  const brokenOf = (text: string): (boolean | undefined)[] => parse(text).file.statements.map((s) => (s.kind === 'Error' ? undefined : s.broken === true));

  it('marks the statement an error is in, and only that one', () => {
    for (const line of [
      'body b box(1,, at (3',
      'body b box(1, 1) at (1 2)',
      'body b box(1 1)',
      'body b polygon((0,0),(1,0)',
      'body b circle at (1, 2)',
      'body b circle(1) at (1, 2, 3)',
      'body b circle(1) @',
      'body b circle(1e+)',
      'body b circle(3dge)',
      'let q = 1 +',
      'let q = 2 3',
      'dt',
      'layer l collides',
      'shape = box(1, 1)',
    ]) {
      assert.deepEqual(brokenOf(`body a circle(1)\n${line}\nbody c circle(1)\n`), [false, true, false], line);
    }
  });

  it('leaves whole the statements it corrects exactly: a keyword as a name, a misplaced modifier, a detached unit', () => {
    assert.deepEqual(brokenOf('let angle = 3\nbody b circle(1) static\nbody c circle(1) spin 30 deg\n'), [false, false, false]);
    assert.deepEqual(brokenOf('body b circle(3deg) at (1.5, .5) spin 1e-3rad\n'), [false]);
  });

  it('marks a body the same whether parsed whole, in a window or skimmed then expanded', () => {
    const text = 'let k = 1\nbody a circle(1 at (1, 0\nbody b circle(k)\n';
    const whole = parse(text).file.statements;
    const lines = new LineIndex(text);
    const window = parseWindow(text, lines, text.indexOf('body a'), () => false).statements;
    const skim = skimFile(text, lines);
    const expanded = skim.statements.map((s) => (skim.skimmed.has(s) ? skim.parseBody(s as BodyStatement).statement : s));
    for (const list of [whole.slice(1), window, expanded.slice(1)]) assert.deepEqual(list.map((s) => s.kind === 'Body' && s.broken === true), [true, false]);
  });
});

describe('syntax/parser: skimming bodies', () => {
  /**
   * skimFile passes over a body's tokens without recording them (lexer.ts
   * `skipToStatementKeyword`); the statement list, each body's range and name, and the
   * diagnostics outside bodies must still be exactly the full parse's.
   */
  function assertSkimEqualsParse(text: string): void {
    const full = parse(text);
    const skim = skimFile(text, new LineIndex(text));
    const what = JSON.stringify(text);
    assert.deepEqual(
      skim.statements.map((s) => [s.kind, s.range.start, s.range.end, s.kind === 'Body' ? s.name?.name : '']),
      full.file.statements.map((s) => [s.kind, s.range.start, s.range.end, s.kind === 'Body' ? s.name?.name : '']),
      what,
    );
    const expanded: typeof full.diagnostics = [...skim.diagnostics];
    for (const s of skim.statements) if (skim.skimmed.has(s)) expanded.push(...skim.parseBody(s as BodyStatement).diagnostics);
    expanded.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
    assert.deepEqual(expanded, full.diagnostics, what);
  }

  it('ends a body where the full parse does, whatever its tokens', () => {
    for (const text of [
      'body a circle(1) at (1, 2)\nbody b box(1, 1)',
      'body a circle(1) 1e+ body b circle(1)',
      'body a circle(1) 30body layer x',
      'body a circle(1) x.body\nbody b circle(1)',
      'body a circle(1) /* body */ at (1, 1) // body\nlet k = 1',
      'body a circle(1) at (1, 1) /* never closed\nbody b circle(1)',
      'body a circle(1) @@ body b circle(1) é',
      'body a circle(1)\n  layer red\nlayer red collides red',
      'body a circle(1) layer red collides blue',
      'body a circle(1)\nlayer\n',
      'body a circle(1) at (1, 1) layer',
      'body layer',
      'body\nbody',
      'body a',
    ]) {
      assertSkimEqualsParse(text);
    }
  });

  it('equals the full parse on random token soup', () => {
    const piece = fc.constantFrom(
      'body ', 'b', ' circle(1)', ' at (1, 2)', ' layer ', 'layer', 'red', ' collides ', '\n', '\n  ', '\r\n', ' ', '\t', '1e', '1e+', '30deg', '30dge',
      '.5', '1.', '2body', 'x.5', '/*', '*/', '//', '@', 'é', '😀', '\uD83D', '/', '(', ')', ',', 'let k = 1', 'shape', 'dt', 'static', 'compound(',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => assertSkimEqualsParse(parts.join(''))),
      { numRuns: 3000 },
    );
  });
});

describe('syntax/parser: long files', () => {
  /** A copy of a statement (or diagnostic) tree with every offset moved by `delta`. */
  function shifted<T>(value: T, delta: number): T {
    return JSON.parse(JSON.stringify(value), (key, v) => ((key === 'start' || key === 'end') && typeof v === 'number' ? v + delta : v)) as T;
  }

  it('parses a file of thousands of statements as the same statements parsed one copy at a time', () => {
    // The parser drops the tokens of past statements as it goes (Parser.nextStatement); a file
    // made of copies of one chunk must parse as the chunk does, copy after copy, wherever the
    // drops fall (some in the middle of a 'layer' that needs the token before it).
    const chunk = [
      'body a circle(1) at (1, 2) angle 30deg',
      '  layer red',
      'layer red collides blue',
      'body b polygon((0, 0), (1, 0), (0, 1)) 1e+ layer',
      '  red velocity (1, -2)',
      'let k = (1 + 2) * -3 /* note */',
      'body c box(1, 2) @ at (k, k) // tail',
      '',
    ].join('\n');
    const one = parse(chunk);
    const copies = 400;
    const long = parse(chunk.repeat(copies));
    assert.ok(long.tokens.length > 3 * 4096, 'long enough for several drops');
    const expected: unknown[] = [];
    const diagnostics: unknown[] = [];
    for (let k = 0; k < copies; k++) {
      expected.push(...shifted(one.file.statements, k * chunk.length));
      diagnostics.push(...shifted(one.diagnostics, k * chunk.length));
    }
    assert.deepEqual(JSON.parse(JSON.stringify(long.file.statements)), expected);
    assert.deepEqual(JSON.parse(JSON.stringify(long.diagnostics)), diagnostics);
  });
});

describe('syntax/parser: limits and hostile input', () => {
  it(`caps parenthesis nesting at ${MAX_NESTING} with one error`, () => {
    const ok = `let a = ${'('.repeat(MAX_NESTING - 1)}1${')'.repeat(MAX_NESTING - 1)}\nlet b = 2`;
    assert.deepEqual(codes(ok), []);
    const deep = `let a = ${'('.repeat(100000)}1${')'.repeat(100000)}\nlet b = 2`;
    const r = parse(deep);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-nesting-too-deep']);
    // Reported on the parenthesis that goes one level too deep.
    const at = 'let a = '.length + MAX_NESTING;
    assert.deepEqual(r.diagnostics[0]!.range, { start: at, end: at + 1 });
    assert.equal(sexpr(r.file.statements[1]!), '(Let b 2)');
  });

  it('caps call nesting, reported on the opening parenthesis one level too deep', () => {
    const deep = `let a = ${'f('.repeat(5000)}1${')'.repeat(5000)}\nlet b = 2`;
    const r = parse(deep);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-nesting-too-deep']);
    const at = 'let a = '.length + 2 * MAX_NESTING + 1;
    assert.deepEqual(r.diagnostics[0]!.range, { start: at, end: at + 1 });
    assert.equal(sexpr(r.file.statements[1]!), '(Let b 2)');
  });

  it('caps compound nesting', () => {
    const deep = `body a ${'compound('.repeat(5000)}circle(1)${')'.repeat(5000)}\nbody b circle(1)`;
    const r = parse(deep);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-nesting-too-deep']);
    const at = 'body a '.length + 'compound('.length * MAX_NESTING + 'compound'.length;
    assert.deepEqual(r.diagnostics[0]!.range, { start: at, end: at + 1 });
    assert.equal(sexpr(r.file.statements[1]!), '(Body b (circle 1))');
  });

  it('bounds the height of long operator chains and unary runs', () => {
    const sum = `let a = ${Array(50000).fill('1').join(' + ')}`;
    const r = parse(sum);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['syntax-nesting-too-deep']);
    const height = (n: Node): number => {
      let h = 0;
      forEachChild(n, (c) => (h = Math.max(h, height(c))));
      return h + 1;
    };
    assert.ok(height(r.file) <= MAX_NESTING + 4);
    assert.deepEqual(codes(`let a = ${'-'.repeat(100000)}1`), ['syntax-nesting-too-deep']);
    assert.deepEqual(codes(`let a = ${Array(200).fill('1').join(' + ')}`), []);
  });

  it('parses a huge file and a very long line', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20000; i++) lines.push(`body b${i} box(1, 1) at (${i * 2}, 0)`);
    const r = parse(lines.join('\n'));
    assert.equal(r.file.statements.length, 20000);
    assert.equal(r.diagnostics.length, 0);
    const long = parse(lines.join(' '));
    assert.equal(long.file.statements.length, 20000);
  });

  const alphabet = [
    'body', 'let', 'shape', 'layer', 'collides', 'dt', 'frames', 'slop', 'static', 'bullet', 'circle', 'box', 'polygon',
    'capsule', 'segment', 'compound', 'at', 'angle', 'velocity', 'spin', 'pi', 'x', '1', '2.5e3', '30deg', '(', ')', ',',
    '=', '+', '-', '*', '/', '/*', '*/', '//', '\n', '\r\n', ' ', '@', '\u0000', '\uFEFF', 'é', '🚗', '\uD800',
  ];

  function checkNeverThrows(text: string): void {
    const r = parse(text);
    for (const d of r.diagnostics) {
      assert.ok(d.range.start >= 0 && d.range.end <= text.length && d.range.start <= d.range.end, 'diagnostic range inside the text');
    }
    let last = 0;
    for (const s of r.file.statements) {
      assert.ok(s.range.start >= last, 'statements in order');
      last = s.range.end;
    }
  }

  it('never throws on random token soup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), (parts) => checkNeverThrows(parts.join(' '))),
      { numRuns: 1500 },
    );
  });

  it('never throws on random strings, including NUL bytes and lone surrogates', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), checkNeverThrows), { numRuns: 1000 });
  });

  it('never throws on every truncation of a complete file', () => {
    const full =
      'dt 1/60\nframes 3\nslop 0.01\nlet r = 0.5 * (1 + 1)\nshape s = compound(box(1, 2) at (1, 0) angle 30deg, circle(r))\n' +
      'layer a collides b\nlayer b\nbody car static s at (0, 0) angle pi / 4 velocity (1, -1) spin 2rad layer a\n' +
      'body p polygon((0, 0), (1, 0), (0, 1)) /* c */ // d\n';
    for (let i = 0; i <= full.length; i++) checkNeverThrows(full.slice(0, i));
  });
});
