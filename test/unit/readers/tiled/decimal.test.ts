import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { plainDecimal } from '../../../../server/src/readers/tiled/decimal';

describe('Tiled decimals read in place', () => {
  it('equals Number() on every plain decimal it takes, and declines the rest', () => {
    const decimal = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,18}$/), fc.option(fc.stringMatching(/^[0-9]{0,24}$/))).map(([minus, whole, fraction]) => `${minus ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, fc.double({ noNaN: true }).map(String), (d, other) => {
        for (const text of [d, other]) {
          const fast = plainDecimal(`x${text}y`, 1, text.length + 1);
          if (fast !== undefined) assert.ok(Object.is(fast, Number(text)), `${text}: ${fast} ≠ ${Number(text)}`);
        }
      }),
      { numRuns: 5000 },
    );
    assert.equal(plainDecimal('0.9375', 0, 6), 0.9375);
    assert.ok(Object.is(plainDecimal('-0', 0, 2), -0));
    for (const text of ['', '-', '.5', '5.', '1e3', '+1', ' 1', '0x10', '1234567890123456', '1.2.3']) assert.equal(plainDecimal(text, 0, text.length), undefined, text);
  });
});
