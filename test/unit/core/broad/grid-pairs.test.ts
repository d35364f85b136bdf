import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { emptyPairKeys, gridPairs } from '../../../../core/broad/grid-pairs';
import { LooseGrid } from '../../../../core/broad/loose-grid';
import type { AABB } from '../../../../core/math/aabb';
import { anyBox, floatBox, latticeBox } from './support';

/** The boxes as gridPairs takes them: (minX, minY, maxX, maxY) per id. */
function flat(boxes: readonly AABB[]): Float64Array {
  const out = new Float64Array(4 * boxes.length);
  boxes.forEach((b, i) => out.set([b.minX, b.minY, b.maxX, b.maxY], 4 * i));
  return out;
}

/** Brute force over the contract of broad-phase.ts: closed boxes, NaN or inverted ones empty. */
function bruteForce(boxes: readonly AABB[]): string[] {
  const sat = (v: number) => Math.max(-1e300, Math.min(1e300, v));
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const valid = (x: AABB) => x.minX <= x.maxX && x.minY <= x.maxY;
      if (!valid(a) || !valid(b)) continue;
      if (sat(a.minX) <= sat(b.maxX) && sat(b.minX) <= sat(a.maxX) && sat(a.minY) <= sat(b.maxY) && sat(b.minY) <= sat(a.maxY)) out.push(`${i},${j}`);
    }
  }
  return out;
}

/** gridPairs' answer as sorted "i,j" strings, or null when it declined. */
function gridAnswer(boxes: readonly AABB[]): string[] | null {
  const out = emptyPairKeys(4);
  const n = boxes.length;
  if (!gridPairs(flat(boxes), n, out)) {
    assert.equal(out.count, 0);
    return null;
  }
  const keys = Array.from(out.keys.subarray(0, out.count)).sort((x, y) => x - y);
  return keys.map((k) => `${Math.floor(k / n)},${k % n}`);
}

const sorted = (xs: string[]) => [...xs].sort((x, y) => {
  const [a, b] = x.split(',').map(Number);
  const [c, d] = y.split(',').map(Number);
  return a! - c! || b! - d!;
});

/** Boxes the contract treats specially: empty (NaN, inverted), unbounded, points, far out. */
const oddBox: fc.Arbitrary<AABB> = fc.oneof(
  fc.constant({ minX: NaN, minY: 0, maxX: 1, maxY: 1 }),
  fc.constant({ minX: 2, minY: 0, maxX: 1, maxY: 1 }),
  fc.constant({ minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity }),
  fc.constant({ minX: -1e301, minY: 0, maxX: -1e300, maxY: 1 }),
  fc.tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 })).map(([x, y]) => ({ minX: x, minY: y, maxX: x, maxY: y })),
  fc.constant({ minX: 1e15, minY: 1e15, maxX: 1e15 + 1, maxY: 1e15 + 1 }),
);

describe('core/broad/grid-pairs: all pairs of a fixed set of boxes at once', () => {
  it('gives exactly the brute-force pairs, each once, on random boxes (touching, duplicates, odd boxes)', () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 6, arbitrary: anyBox }, { weight: 1, arbitrary: oddBox }), { maxLength: 120 }), (boxes) => {
        const got = gridAnswer(boxes);
        if (got === null) return;
        answered++;
        assert.deepEqual(got, sorted(bruteForce(boxes)));
      }),
      { numRuns: 400 },
    );
    // Declining is for sparse layouts only: most random sets must be answered.
    assert.ok(answered > 300, `answered only ${answered} of 400`);
  });

  it('answers lattice boxes (shared edges and corners) and many points', () => {
    fc.assert(
      fc.property(fc.array(latticeBox, { minLength: 1, maxLength: 200 }), (boxes) => {
        assert.deepEqual(gridAnswer(boxes), sorted(bruteForce(boxes)));
      }),
      { numRuns: 150 },
    );
  });

  it('a level-like scene: agrees with the incremental loose grid, oversized floors included', () => {
    const boxes: AABB[] = [];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 3000; i++) {
      const x = rnd() * 150;
      const y = rnd() * 150;
      const s = 0.2 + rnd() * 2.5;
      boxes.push({ minX: x, minY: y, maxX: x + s, maxY: y + s * rnd() });
    }
    // Floors and walls far wider than a cell, and one huge box over everything.
    boxes.push({ minX: -10, minY: -1, maxX: 160, maxY: 0.5 }, { minX: 70, minY: -5, maxX: 71, maxY: 155 }, { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 });
    const grid = new LooseGrid();
    boxes.forEach((b, i) => grid.insert(i, b));
    const expected: string[] = [];
    grid.pairs((a, b) => expected.push(`${a},${b}`));
    const got = gridAnswer(boxes);
    assert.ok(got !== null);
    assert.deepEqual(got, sorted(expected));
    assert.ok(got.length > 3000, `only ${got.length} pairs: the scene should be dense`);
  });

  it('pairs its oversized boxes among themselves as brute force does: equal, nested and touching x ranges', () => {
    // As the loose grid's test (edge-cases.test.ts): small boxes, which set the cell, and 150
    // tall ones on integer x (ties and shared edges), fewer than 1 in 20 so that they stay
    // oversized and meet each other in the sort and sweep of oversizedPairs. Fewer boxes than
    // there, for the brute force.
    let seed = 11;
    const random = (k: number) => (seed = (Math.imul(seed, 48271) >>> 0) % 0x7fffffff) % k;
    const boxes: AABB[] = [];
    for (let i = 0; i < 1500; i++) {
      const x = random(400) / 10;
      const y = random(400) / 10;
      boxes.push({ minX: x, minY: y, maxX: x + 0.5, maxY: y + 0.5 });
    }
    const tall: AABB[] = [];
    for (let i = 0; i < 70; i++) {
      const x = random(30);
      const y = random(30);
      tall.push({ minX: x, minY: y, maxX: x + random(4), maxY: y + 5 + random(10) });
    }
    const got = gridAnswer([...boxes, ...tall]);
    assert.ok(got !== null);
    assert.deepEqual(got, sorted(bruteForce([...boxes, ...tall])));
    // Pairs of tall boxes that only touch on x, which the sweep's stop (minX past maxX) must keep.
    const touching = bruteForce(tall).filter((key) => {
      const [i, j] = key.split(',').map(Number);
      return tall[i!]!.maxX === tall[j!]!.minX || tall[j!]!.maxX === tall[i!]!.minX;
    });
    assert.ok(touching.length > 10, `${touching.length} pairs touching on x`);
  });

  it('declines a layout too sparse for a dense grid (far clusters), and answers after it', () => {
    const clusters: AABB[] = [];
    // Boxes of side 2 in two clusters 5000 cells apart on both axes: 2.5e7 cells for 100 boxes.
    // (Boxes below 1e-3 of spread / √n get cells sized by the spread instead, and stay dense.)
    for (let i = 0; i < 50; i++) clusters.push({ minX: i, minY: 0, maxX: i + 2, maxY: 2 });
    for (let i = 0; i < 50; i++) clusters.push({ minX: 1e4 + i, minY: 1e4, maxX: 1e4 + i + 2, maxY: 1e4 + 2 });
    assert.equal(gridAnswer(clusters), null);
    // The scratch left by a declined call does not leak into the next one.
    // Sets of up to 40 boxes (size 'max': fast-check 4 draws about ten by default), of which one
    // may be too sparse in turn and declined.
    const small = fc.sample(fc.array(floatBox, { minLength: 5, maxLength: 40, size: 'max' }), { numRuns: 20, seed: 3 });
    let answered = 0;
    for (const boxes of small) {
      const got = gridAnswer(boxes);
      if (got === null) continue;
      answered++;
      assert.deepEqual(got, sorted(bruteForce(boxes)));
    }
    assert.ok(answered >= 15, `answered only ${answered} of 20`);
  });

  it('no boxes, or only empty ones: no pairs', () => {
    assert.deepEqual(gridAnswer([]), []);
    assert.deepEqual(gridAnswer([{ minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }, { minX: 1, minY: 1, maxX: 0, maxY: 0 }]), []);
  });
});
