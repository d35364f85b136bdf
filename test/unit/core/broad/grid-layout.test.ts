/**
 * gridLayout: the loose grid gridPairs files its boxes in, as the preview draws it. Every box is
 * filed under the cell that holds its center, no regular box is wider or taller than a cell, and
 * every overlapping pair gridPairs reports is two boxes in the same or neighboring cells, or has
 * an oversized box (tested apart): the picture is the structure that found the pairs.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { emptyPairKeys, EMPTY_CELL, gridLayout, gridPairs, OVERSIZED_CELL } from '../../../../core';
import { latticeBox } from './support';

describe('core/broad/grid-pairs gridLayout', () => {
  it('files each box under the cell of its center; every pair found is in neighboring cells or oversized', () => {
    fc.assert(
      fc.property(fc.array(latticeBox, { minLength: 1, maxLength: 120 }), (list) => {
        const n = list.length;
        const boxes = new Float64Array(4 * n);
        list.forEach((b, i) => boxes.set([b.minX, b.minY, b.maxX, b.maxY], 4 * i));
        const g = gridLayout(boxes, n);
        const keys = emptyPairKeys();
        const declined = !gridPairs(boxes, n, keys);
        assert.equal(g === null, declined, 'declines exactly when gridPairs does');
        if (!g) return;
        for (let i = 0; i < n; i++) {
          const c: number = g.cellOf[i]!;
          const [x0, y0, x1, y1] = boxes.subarray(4 * i, 4 * i + 4);
          if (!(x0! <= x1! && y0! <= y1!)) {
            assert.equal(c, EMPTY_CELL);
            continue;
          }
          if (c === OVERSIZED_CELL) continue;
          assert.ok(c >= 0 && c < g.columns * g.rows, `cell ${c} of ${g.columns} × ${g.rows}`);
          const col = c % g.columns;
          const row = (c - col) / g.columns;
          const cx = (x0! + x1!) / 2;
          const cy = (y0! + y1!) / 2;
          // The center is in the cell (within rounding: gridPairs clamps a center on the far edge).
          const eps = g.cell * 1e-9;
          assert.ok(cx >= g.originX + col * g.cell - eps && cx <= g.originX + (col + 1) * g.cell + eps, `x ${cx} in column ${col}`);
          assert.ok(cy >= g.originY + row * g.cell - eps && cy <= g.originY + (row + 1) * g.cell + eps, `y ${cy} in row ${row}`);
          assert.ok(x1! - x0! <= g.cell && y1! - y0! <= g.cell, 'a regular box fits in a cell');
        }
        for (let k = 0; k < keys.count; k++) {
          const key = keys.keys[k]!;
          const i = Math.floor(key / n);
          const j = key - i * n;
          const a = g.cellOf[i]!;
          const b = g.cellOf[j]!;
          if (a === OVERSIZED_CELL || b === OVERSIZED_CELL) continue;
          assert.ok(Math.abs((a % g.columns) - (b % g.columns)) <= 1 && Math.abs(Math.floor(a / g.columns) - Math.floor(b / g.columns)) <= 1, `pair ${i}, ${j} in cells ${a} and ${b}`);
        }
      }),
    );
  });

  it('marks empty boxes and lays out no box at all as an empty grid', () => {
    const g = gridLayout(new Float64Array([NaN, 0, 1, 1, 2, 2, 1, 1]), 2)!;
    assert.deepEqual([...g.cellOf], [EMPTY_CELL, EMPTY_CELL]);
    assert.equal(g.columns * g.rows, 0);
  });
});
