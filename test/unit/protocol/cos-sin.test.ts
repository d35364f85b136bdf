/**
 * The cosine and sine of protocol/cos-sin.ts: within an ulp of Math's and mostly equal to them,
 * and the same doubles in Chromium as in Node (the webview makes a body's bounds with them where
 * the scene's bytes leave them out).
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { cosSin } from '../../../protocol/cos-sin';
import { base64, doublesInPage, inChromium } from '../../browser/page-doubles';

const root = join(__dirname, '..', '..', '..');

/** Angles of every kind: near zero and the quadrant boundaries, both signs, small to large, and a sweep. */
function angles(): Float64Array {
  const out: number[] = [0, -0, 1e-300, -1e-300, 1e-9, 0.5, 1, 2, 3, 1e3, -1e3, 1e5, 2 ** 20];
  for (let q = -8; q <= 8; q++) for (const d of [0, 1e-12, -1e-12, 1e-6, -1e-6]) out.push((q * Math.PI) / 4 + d);
  // A fixed linear congruential sweep over [-50, 50) (the angles a scene writes are mostly there):
  // Numerical Recipes' 32-bit generator, exact in 32-bit integer arithmetic.
  let seed = 12345;
  for (let i = 0; i < 20_000; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    out.push((seed / 2 ** 32) * 100 - 50);
  }
  return Float64Array.from(out);
}

/** cosSin of each angle, two doubles each (the same code runs in the page). */
function table(xs: Float64Array, f: typeof cosSin): Float64Array {
  const out = new Float64Array(2 * xs.length);
  const cs: [number, number] = [0, 0];
  for (let i = 0; i < xs.length; i++) {
    f(xs[i]!, cs);
    out[2 * i] = cs[0];
    out[2 * i + 1] = cs[1];
  }
  return out;
}

/** One unit in the last place of x. */
function ulp(x: number): number {
  const b = new Float64Array([Math.abs(x)]);
  const u = new BigUint64Array(b.buffer);
  u[0]! += 1n;
  return b[0]! - Math.abs(x);
}

describe('protocol/cos-sin', () => {
  it("is within an ulp of Math's cosine and sine, and equal to them for most angles", () => {
    const xs = angles().filter((x) => Math.abs(x) < 1e4);
    assert.ok(xs.length > 20_000);
    const out = table(xs, cosSin);
    let equal = 0;
    for (let i = 0; i < xs.length; i++) {
      const [c, s] = [Math.cos(xs[i]!), Math.sin(xs[i]!)];
      assert.ok(Math.abs(out[2 * i]! - c) <= ulp(c), `cos ${xs[i]}: ${out[2 * i]} vs ${c}`);
      assert.ok(Math.abs(out[2 * i + 1]! - s) <= Math.max(ulp(s), Number.MIN_VALUE), `sin ${xs[i]}: ${out[2 * i + 1]} vs ${s}`);
      if (out[2 * i] === c && out[2 * i + 1] === s) equal++;
    }
    assert.ok(equal > 0.9 * xs.length, `${equal} of ${xs.length} equal`);
  });

  it('gives exactly 1 and 0 for 0', () => {
    const cs: [number, number] = [NaN, NaN];
    cosSin(0, cs);
    assert.ok(Object.is(cs[0], 1) && Object.is(cs[1], 0), cs.join(', '));
  });

  inChromium(join(root, 'protocol/cos-sin.ts'), '__cosSin', (page) => {
    it('makes the same doubles as Node', async () => {
      const xs = angles();
      const there = await doublesInPage(page(), xs, table.toString(), '__cosSin', 'cosSin');
      const here = table(xs, cosSin);
      assert.ok(here.length > 40_000);
      assert.equal(there, base64(here));
    });
  });
});
