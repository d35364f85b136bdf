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

  describe('the fast path writes what the definition writes, for every double', () => {
    // The definition formatNumber had before its fast path, kept as the oracle: round with
    // toPrecision, read back, write fixed in [1e-4, 1e6) and exponent notation outside.
    const oracle = (n: number): string => {
      if (!Number.isFinite(n)) return String(n);
      if (n === 0) return '0';
      const r = Number(n.toPrecision(SIGNIFICANT_DIGITS));
      const a = Math.abs(r);
      if (a >= 1e-4 && a < 1e6) return String(r);
      return r.toExponential();
    };
    const same = (x: number) => assert.equal(formatNumber(x), oracle(x), `formatNumber(${x})`);
    // A fixed linear congruential sequence (Knuth's MMIX constants), so that a failure repeats.
    const sequence = (seed: number) => {
      let s = BigInt(seed);
      return (): number => {
        s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
        return Number(s >> 11n) / 2 ** 53;
      };
    };

    it('edge cases: ±0, powers of ten and their neighbors, 1e21 and up, subnormals, 2^53', () => {
      const values = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, Number.MAX_VALUE, -Number.MAX_VALUE, 1e21, -1e21, 1e22, 1e23, 9.999995e21];
      values.push(2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 52 + 0.5, 999999.5, 999999.49999999994, 99999.95, 0.00009999995, 0.0001, 1e-4 * (1 - 2 ** -52));
      for (let e = -324; e <= 308; e++) {
        for (const d of [1, 1.000005, 9.999995, 9.99999499999, 9.99999500001, 5.000005, 1.234565]) {
          const v = d * 10 ** e;
          values.push(v, -v, v * (1 + 2 ** -52), v * (1 - 2 ** -53));
        }
      }
      for (const v of values) same(v);
    });

    it('integers up to 2^53 and decimals that round to a .5 tie at the 6th digit', () => {
      const next = sequence(7);
      for (let i = 0; i < 100_000; i++) {
        same(i);
        same(-Math.floor(next() * 2 ** 53));
        // k.5 units of the 6th digit, written in decimal as an author would: the double lies a
        // hair to either side of the tie, and toPrecision rounds its exact value.
        const k = 100_000 + Math.floor(next() * 900_000);
        const scale = Math.floor(next() * 30) - 15;
        same(Number(`${k}5e${scale}`));
        same(-Number(`${k}5e${scale}`));
        same(((k + 0.5) / 10) * 10 ** scale);
      }
    });

    it('random bit patterns and random magnitudes', () => {
      const next = sequence(11);
      const bits = new DataView(new ArrayBuffer(8));
      for (let i = 0; i < 200_000; i++) {
        bits.setUint32(0, Math.floor(next() * 2 ** 32));
        bits.setUint32(4, Math.floor(next() * 2 ** 32));
        same(bits.getFloat64(0));
        same((next() - 0.5) * 10 ** Math.floor(next() * 44 - 22));
      }
      fc.assert(
        fc.property(fc.double(), (x) => {
          same(x);
          return true;
        }),
        { numRuns: 5000 },
      );
    });
  });
});
