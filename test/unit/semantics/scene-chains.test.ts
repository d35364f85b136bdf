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
