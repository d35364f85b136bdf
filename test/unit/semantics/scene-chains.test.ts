import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { outlineChains, tileGridFromRows, tileOutline } from '../../../core';
import { SceneChains } from '../../../server/src/semantics/scene-chains';

const points = (g: SceneChains) => g.chains.map((c) => [c.loop, Array.from(c.xy)]);

describe('semantics/scene-chains: a grid edited row by row', () => {
  it('equals the grid built from scratch after each edit, and keeps the chains of loops away from it', () => {
    const tile = fc.constantFrom('#', '#', '.', '.', '.', '/', '\\', 'F', '7');
    const row = fc.array(tile, { minLength: 16, maxLength: 16 }).map((c) => c.join(''));
    let reused = 0;
    let edits = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 16, maxLength: 16 }), fc.array(fc.tuple(fc.nat(15), row), { minLength: 1, maxLength: 6 }), (rows, changes) => {
        let previous = SceneChains.ofGrid(tileGridFromRows(rows, 1, 0.5, 0, 0));
        for (const [r, text] of changes) {
          rows = rows.map((x, k) => (k === r ? text : x));
          const grid = tileGridFromRows(rows, 1, 0.5, 0, 0);
          const made = SceneChains.ofGrid(grid);
          const scratch = outlineChains(grid, tileOutline(grid));
          assert.deepEqual(points(made), scratch.map((c) => [c.loop, Array.from(c.xy)]));
          edits++;
          reused += made.chains.filter((c) => previous.chains.includes(c)).length;
          previous = made;
        }
      }),
      { numRuns: 100 },
    );
    assert.ok(edits > 100 && reused > 100, `${edits} edits, ${reused} chains kept`);
  });
});

describe('semantics/scene-chains: chainsNear', () => {
  it('lists exactly the chains whose boxes meet the query, in order, directly and through buckets', () => {
    const rowArb = fc.array(fc.constantFrom('#', '.', '.', '/'), { minLength: 30, maxLength: 30 }).map((c) => c.join(''));
    let listed = 0;
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 30 }), fc.array(fc.tuple(fc.integer({ min: -50, max: 350 }), fc.integer({ min: -50, max: 350 }), fc.nat(60), fc.nat(60)), { minLength: 1, maxLength: 10 }), (rows, queries) => {
        const g = SceneChains.ofGrid(tileGridFromRows(rows, 1, 1, 0, 0));
        const out: number[] = [];
        for (const [qx, qy, w, h] of queries) {
          const x0 = qx / 10;
          const y0 = -qy / 10;
          const x1 = x0 + w / 10;
          const y1 = y0 + h / 10;
          const b = g.chainBoxes;
          const expected = g.chains.map((_, k) => k).filter((k) => b[4 * k]! <= x1 && x0 <= b[4 * k + 2]! && b[4 * k + 1]! <= y1 && y0 <= b[4 * k + 3]!);
          assert.deepEqual(g.chainsNear(x0, y0, x1, y1, out), expected);
          listed += expected.length;
        }
      }),
      { numRuns: 200 },
    );
    assert.ok(listed > 200, `${listed} chains listed`);
  });

  it('lists a chain that a point query meets only at the far corner of the bounds', () => {
    // A 30-wide grid whose buckets divide its width: the query x = 30 lies on the last bucket's
    // far boundary, and its bucket index (the column count) is one past the last.
    const rows = ['##.#.####.#..##...###.#.#.####', '##.####...###/###.###.##.#.###', '#######.##/#..###.##./##.##/##', '##.####.###./##/#.#/.#....##/#', '#/.##/###/.#####..##.#.##.##/#', '#./###/##./.#####.#####/#.....', '##/#.####...###.###.##....####', '###./##...#.......###./#.#####', '#.#..../#.##.##.###//.#/.#.###', '######.####..##.###//#/##/..##', '####/#..##..##/.####/#/.#..###', '#####./##/####/#######/.##.###', '......##.####.######..##//#/##', '###.##.##//........./.####.#/#', '#/#.../##...###.####/#...#####', '##..####./#..####/#..#.#.#####', '#..#..#.//###..###/.#./####/##', '..###.#.#/####.######.##..####', '##/###/#...####..##//####.#//#', '##.##.#/##...###..#/.#///####.', '#./##.#.#########.##..######./'];
    const g = SceneChains.ofGrid(tileGridFromRows(rows, 1, 1, 0, 0));
    const b = g.chainBoxes;
    const at = (k: number) => b[4 * k]! <= 30 && 30 <= b[4 * k + 2]! && b[4 * k + 1]! <= 0 && 0 <= b[4 * k + 3]!;
    const expected = g.chains.map((_, k) => k).filter(at);
    assert.ok(expected.length > 0, 'a chain touches the corner');
    assert.deepEqual(g.chainsNear(30, 0, 30, 0, []), expected);
  });
});
