import { strict as assert } from 'node:assert';
import { check, errors } from './helpers';

function value(expr: string, prelude = ''): unknown {
  const r = check(`${prelude}\nlet result = ${expr}\nbody b circle(result * 0 + 1)`);
  return r.constants.get('result');
}

describe('semantics/evaluate', () => {
  it('evaluates arithmetic with the usual precedence and associativity', () => {
    assert.equal(value('1 + 2 * 3'), 7);
    assert.equal(value('(1 + 2) * 3'), 9);
    assert.equal(value('8 / 4 / 2'), 1);
    assert.equal(value('10 - 4 - 3'), 3);
    assert.equal(value('-2 * -3'), 6);
    assert.equal(value('- - 2'), 2);
    assert.equal(value('.5 + 1e-3 + 2.5E+1'), 25.501);
  });

  it('knows pi, degrees and radians', () => {
    assert.equal(value('pi'), Math.PI);
    assert.equal(value('180deg'), Math.PI);
    assert.equal(value('0.5rad'), 0.5);
    assert.equal(value('90deg / 2'), Math.PI / 4);
  });

  it('resolves constants defined before or after their use', () => {
    assert.equal(value('a + b', 'let a = 2\nlet b = c * 2\nlet c = 5'), 12);
  });

  it('evaluates vectors and their arithmetic', () => {
    assert.deepEqual(value('(1, 2) + (3, 4)'), { x: 4, y: 6 });
    assert.deepEqual(value('2 * (1, -2) / 4'), { x: 0.5, y: -1 });
    assert.deepEqual(value('-(1, 2)'), { x: -1, y: -2 });
  });

  it('evaluates the built-in functions', () => {
    assert.equal(value('sqrt(16)'), 4);
    assert.equal(value('max(1, 5, 3) - min(2, 4)'), 3);
    assert.equal(value('atan2(1, 1)'), Math.PI / 4);
    assert.equal(value('cos(0) + abs(-2) + hypot(3, 4)'), 8);
  });

  const failures: [string, string, string][] = [
    ['1 / 0', 'division-by-zero', '1 / 0'],
    ['2 * (3 / (1 - 1))', 'division-by-zero', '3 / (1 - 1)'],
    ['1e308 * 10', 'number-overflow', '1e308 * 10'],
    ['1 + 1e400', 'number-overflow', '1e400'],
    ['sqrt(-1)', 'not-a-number', 'sqrt(-1)'],
    ['(1, 2) * (3, 4)', 'type-mismatch', '(1, 2) * (3, 4)'],
    ['1 + (1, 2)', 'type-mismatch', '1 + (1, 2)'],
    ['4 / (1, 2)', 'type-mismatch', '4 / (1, 2)'],
    ['sqrt(1, 2)', 'argument-count', 'sqrt(1, 2)'],
    ['sqroot(2)', 'unknown-function', 'sqroot'],
    ['1 + nope', 'unknown-name', 'nope'],
  ];
  for (const [expr, code, where] of failures) {
    it(`reports ${code} on exactly "${where}" in "${expr}", once`, () => {
      const r = check(`let result = ${expr}\nbody b circle(result)`);
      assert.deepEqual(errors(r), [[code, where]]);
      assert.equal(r.constants.has('result'), false);
    });
  }

  it('suggests a close name for an unknown one', () => {
    const r = check('let radius = 1\nbody b circle(radus)');
    assert.match(r.diagnostics.find((d) => d.code === 'unknown-name')!.message, /Did you mean 'radius'\?/);
  });

  it('reports a shape used as a number, and a constant used as a shape', () => {
    const r = check('shape s = circle(1)\nlet k = 2\nlet x = s + 1\nbody b k\nbody c s');
    assert.deepEqual(errors(r), [
      ['wrong-kind', 's'],
      ['wrong-kind', 'k'],
    ]);
  });

  it('warns about an angle unit on a length, but not inside a function such as cos(45deg)', () => {
    assert.deepEqual(errors(check('body b circle(1) at (2 * cos(45deg), 1)')), []);
    assert.deepEqual(errors(check('body b circle(1) at (45deg, 1)')), [['unit-not-angle', '(45deg, 1)']]);
    assert.deepEqual(errors(check('let a = 45deg\nbody b circle(1) at (a, 1) angle a spin 90deg')), []);
  });

  it('records each evaluated slot but a bare number, and each angle literal, with its range (for inlay hints and hovers)', () => {
    // A bare number (`1`, `2.5`) is not recorded: it says its value already, and hovers, hints
    // and the outline show none. A vector of literals is: hovers show it.
    const r = check('let a = 30deg\nlet k = 2\nbody b circle(1) at (1, k) angle a + 15deg');
    const rec = r.values.map((v) => [r.text.slice(v.range.start, v.range.end), v.role]);
    assert.deepEqual(rec, [
      ['30deg', 'angle'],
      ['30deg', 'constant'],
      ['(1, k)', 'position'],
      ['a + 15deg', 'angle'],
      ['15deg', 'angle'],
    ]);
    const sum = r.values.find((v) => r.text.slice(v.range.start, v.range.end) === 'a + 15deg')!;
    assert.ok(Math.abs((sum.value as number) - Math.PI / 4) < 1e-15);
  });
});
