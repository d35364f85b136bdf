import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatNumber, formatVector, SIGNIFICANT_DIGITS } from '../../../protocol/format';
import { formatValue } from '../../../server/src/semantics/evaluate';
import { fmt } from '../../../server/src/features/describe';

describe('protocol/format: the one number formatter', () => {
  it('a time of impact reads the same in a diagnostic and an inlay hint (0.000161658 s, not 0.0001617 s)', () => {
    const t = 0.00016165794;
    assert.equal(formatNumber(t), '0.000161658');
    assert.equal(fmt(t), formatNumber(t));
    assert.equal(formatValue(t), formatNumber(t));
  });

  it('writes 6 significant digits without trailing zeros', () => {
    assert.equal(SIGNIFICANT_DIGITS, 6);
    assert.equal(formatNumber(9.80665), '9.80665');
    assert.equal(formatNumber(1 / 60), '0.0166667');
    assert.equal(formatNumber(2.5), '2.5');
    assert.equal(formatNumber(-123456.7), '-123457');
    assert.equal(formatNumber(100), '100');
    assert.equal(formatNumber(Math.PI), '3.14159');
  });

  it('switches to exponent notation below 1e-4 and from 1e6, on the rounded value as %g does', () => {
    assert.equal(formatNumber(1e-4), '0.0001');
    assert.equal(formatNumber(9.99999e-5), '9.99999e-5');
    assert.equal(formatNumber(9.999999e-5), '0.0001');
    assert.equal(formatNumber(1.5e-7), '1.5e-7');
    assert.equal(formatNumber(999999.4), '999999');
    assert.equal(formatNumber(999999.7), '1e+6');
    assert.equal(formatNumber(1e9), '1e+9');
    assert.equal(formatNumber(-2.5e-12), '-2.5e-12');
    assert.equal(formatNumber(1.23456789e-9), '1.23457e-9');
  });

  it('writes zero, negative zero, infinities and NaN plainly', () => {
    assert.equal(formatNumber(0), '0');
    assert.equal(formatNumber(-0), '0');
    assert.equal(formatNumber(Infinity), 'Infinity');
    assert.equal(formatNumber(-Infinity), '-Infinity');
    assert.equal(formatNumber(NaN), 'NaN');
    assert.equal(formatVector(-0, 1.25), '(0, 1.25)');
  });

  it('reads back within half a unit of the 6th significant digit, in at most 6 digits', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = formatNumber(x);
        const back = Number(s);
        if (x === 0) return s === '0';
        const mantissa = s.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '');
        assert.ok(mantissa.length <= SIGNIFICANT_DIGITS, `${x} → ${s}`);
        assert.ok(Math.abs(back - x) <= Math.abs(x) * 5e-6 * (1 + 1e-12), `${x} → ${s}`);
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
