import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { chainContact, IDENTITY, loopPoints, makeCircle, makeTransform, outlineChains, retileRows, tileCellAt, tileCellTouched, tileGridFromRows, tileOutline, type TileGrid, type TileOutline } from '../../../../core/index';

/**
 * The tile union's outline against brute force: every sample point (exact rationals, never on a
 * cell side or diagonal) has winding number 1 inside a solid cell's part and 0 elsewhere; loops
 * share no edge, have no collinear consecutive edges, and their signed areas add up to the solid
 * area; the incremental outline equals the one from scratch.
 */

const KINDS = '#./\\F7';

function gridArb(maxW = 7, maxH = 7): fc.Arbitrary<TileGrid> {
  return fc
    .record({
      w: fc.integer({ min: 1, max: maxW }),
      h: fc.integer({ min: 1, max: maxH }),
      cw: fc.integer({ min: 1, max: 3 }),
      ch: fc.integer({ min: 1, max: 3 }),
      x: fc.integer({ min: -5, max: 5 }),
      y: fc.integer({ min: -5, max: 5 }),
      seed: fc.array(fc.nat(KINDS.length * 3 - 1), { minLength: maxW * maxH, maxLength: maxW * maxH }),
    })
    .map(({ w, h, cw, ch, x, y, seed }) => {
      const rows: string[] = [];
      for (let r = 0; r < h; r++) {
        let s = '';
        // Solid and empty drawn more often than triangles.
        for (let c = 0; c < w; c++) s += '##..../\\F7##'[seed[r * maxW + c]! % 12]!;
        rows.push(s);
      }
      return tileGridFromRows(rows, cw, ch, x, y);
    });
}

/** Corners of a loop in grid units (X, Y up), from its world points. */
function gridCorners(grid: TileGrid, outline: TileOutline, i: number): [number, number][] {
  const p = loopPoints(grid, outline.loops[i]!);
  const out: [number, number][] = [];
  for (let k = 0; k < p.length; k += 2) out.push([Math.round((p[k]! - grid.x) / grid.cellWidth), Math.round((p[k + 1]! - grid.y) / grid.cellHeight)]);
  return out;
}

function inside(kind: string, fx: number, fy: number): boolean {
  switch (kind) {
    case '#':
      return true;
    case '/':
      return fy < fx;
    case '\\':
      return fx + fy < 1;
    case 'F':
      return fy > fx;
    case '7':
      return fx + fy > 1;
    default:
      return false;
  }
}

/** Winding number of the loops about (px, py) / 20 in grid units, exact on integers. */
function winding(loops: [number, number][][], px: number, py: number): number {
  let wn = 0;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i++) {
      const [ax, ay] = loop[i]!.map((v) => 20 * v) as [number, number];
      const [bx, by] = loop[(i + 1) % loop.length]!.map((v) => 20 * v) as [number, number];
      const left = (bx - ax) * (py - ay) - (px - ax) * (by - ay);
      if (ay <= py && by > py && left > 0) wn++;
      else if (by <= py && ay > py && left < 0) wn--;
    }
  }
  return wn;
}

function rowsOf(grid: TileGrid): string[] {
  const rows: string[] = [];
  for (let r = 0; r < grid.height; r++) {
    let s = '';
    for (let c = 0; c < grid.width; c++) s += ['.', '#', '/', '\\', 'F', '7'][grid.cells[r * grid.width + c]!]!;
    rows.push(s);
  }
  return rows;
}

describe('core/tiles: outline of a tile union', () => {
  it('outlines the spec example: one counter-clockwise outer loop, one clockwise hole with the ramps', () => {
    const g = tileGridFromRows(['##########', '#........#', '#../##\\..#', '##########'], 1, 1, 0, 10);
    const o = tileOutline(g);
    assert.deepEqual(
      o.loops.map((l) => Array.from(loopPoints(g, l))),
      [
        [0, 10, 0, 6, 10, 6, 10, 10],
        [1, 9, 9, 9, 9, 7, 7, 7, 6, 8, 4, 8, 3, 7, 1, 7],
      ],
    );
  });

  it('joins ramps that continue one another into one edge, with non-square cells', () => {
    const g = tileGridFromRows(['../', './#', '/##'], 2, 1, 0, 0);
    const o = tileOutline(g);
    assert.deepEqual(
      o.loops.map((l) => Array.from(loopPoints(g, l))),
      [[6, 0, 0, -3, 6, -3]],
    );
  });

  it('keeps cells touching at a corner in the loop of the empty region around them', () => {
    const g = tileGridFromRows(['#.', '.#'], 1, 1, 0, 0);
    const o = tileOutline(g);
    assert.equal(o.loops.length, 1);
    assert.deepEqual(Array.from(loopPoints(g, o.loops[0]!)), [0, 0, 0, -1, 1, -1, 1, -2, 2, -2, 2, -1, 1, -1, 1, 0]);
  });

  it('makes chains solid from the empty side: a ball on the floor is pushed up, one in a hole out of its wall', () => {
    const g = tileGridFromRows(['##########', '#........#', '#../##\\..#', '##########'], 1, 1, 0, 10);
    const chains = outlineChains(g, tileOutline(g));
    const ball = makeCircle({ x: 0, y: 0 }, 0.25);
    const at = (x: number, y: number) => {
      let best: { normal: { x: number; y: number }; separation: number; cell: [number, number] | null } | null = null;
      for (const chain of chains) {
        const c = chainContact({ chain, transformA: IDENTITY, shapeB: ball, transformB: makeTransform(x, y, 0) });
        // The cell touched: just behind the contact point, against the normal.
        const p = c?.points[0];
        if (c && p && (best === null || c.separation < best.separation)) best = { normal: c.normal, separation: c.separation, cell: tileCellTouched(g, p.x, p.y, c.normal.x, c.normal.y) };
      }
      return best;
    };
    // On the hole's floor (row 3's top, y = 7), inside the hole: pushed up, touching cell (1, 3).
    const floor = at(1.5, 7.2);
    assert.ok(floor !== null);
    assert.deepEqual([floor.normal.x + 0, floor.normal.y], [0, 1]);
    assert.deepEqual(floor.cell, [1, 3]);
    // Against the hole's left wall (x = 1), from inside the hole: pushed right, cell (0, 1).
    const wall = at(1.2, 8.5);
    assert.ok(wall !== null);
    assert.deepEqual([wall.normal.x, wall.normal.y + 0], [1, 0]);
    assert.deepEqual(wall.cell, [0, 1]);
    // On the ramp `/` at column 3 (rising to the right): pushed up and to the left.
    const ramp = at(3.5 - 0.1, 7.5 + 0.1);
    assert.ok(ramp !== null);
    assert.ok(Math.abs(ramp.normal.x + Math.SQRT1_2) < 1e-12 && Math.abs(ramp.normal.y - Math.SQRT1_2) < 1e-12);
    // Outside the grid, against its outer left side (x = 0): pushed left, cell (0, 2).
    const outside = at(-0.2, 7.5);
    assert.ok(outside !== null);
    assert.deepEqual([outside.normal.x, outside.normal.y + 0], [-1, 0]);
    assert.deepEqual(outside.cell, [0, 2]);
    assert.equal(tileCellAt(g, -0.2, 7.5), null);
    // Inside the solid border, overlapping its outer side from the matter's side: nothing.
    assert.equal(at(0.2, 9.5), null);
  });

  it('gives an empty grid no loops', () => {
    assert.deepEqual(tileOutline(tileGridFromRows(['...', '   '], 1, 1, 0, 0)).loops, []);
  });

  it('encloses exactly the solid cells (winding numbers at exact sample points)', () => {
    let solidSamples = 0;
    fc.assert(
      fc.property(gridArb(), (grid) => {
        const o = tileOutline(grid);
        const loops = o.loops.map((_, i) => gridCorners(grid, o, i));
        for (let r = 0; r < grid.height; r++) {
          for (let c = 0; c < grid.width; c++) {
            const kind = rowsOf(grid)[r]![c]!;
            for (let i = 0; i < 10; i += 3) {
              for (let j = 1; j < 10; j += 2) {
                // (2i + 1) / 20 across, 2j / 20 up from the cell's bottom: never on a side or diagonal.
                const expected = inside(kind, (2 * i + 1) / 20, (2 * j) / 20);
                const wn = winding(loops, 20 * c + 2 * i + 1, -20 * (r + 1) + 2 * j);
                assert.equal(wn, expected ? 1 : 0, `cell (${c}, ${r}) '${kind}' sample (${i}, ${j})`);
                if (expected) solidSamples++;
              }
            }
          }
        }
        // Points outside the grid are outside the outline.
        assert.equal(winding(loops, -7, 3), 0);
        assert.equal(winding(loops, 20 * grid.width + 7, -20 * grid.height - 3), 0);
      }),
      { numRuns: 150 },
    );
    assert.ok(solidSamples > 0);
  });

  it('shares no edge between loops, merges collinear edges, and sums the solid area', () => {
    let checked = 0;
    fc.assert(
      fc.property(gridArb(), (grid) => {
        const o = tileOutline(grid);
        const steps = new Set<string>();
        let twiceArea = 0;
        for (let i = 0; i < o.loops.length; i++) {
          const loop = gridCorners(grid, o, i);
          assert.ok(loop.length >= 3);
          for (let k = 0; k < loop.length; k++) {
            const a = loop[k]!;
            const b = loop[(k + 1) % loop.length]!;
            const c = loop[(k + 2) % loop.length]!;
            twiceArea += a[0] * b[1] - b[0] * a[1];
            // Consecutive edges are not collinear.
            assert.notEqual((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]), 0, `loop ${i} corner ${k + 1}`);
            const dx = Math.sign(b[0] - a[0]);
            const dy = Math.sign(b[1] - a[1]);
            const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
            for (let s = 0; s < n; s++) {
              const key = `${a[0] + s * dx},${a[1] + s * dy},${dx},${dy}`;
              const reverse = `${a[0] + (s + 1) * dx},${a[1] + (s + 1) * dy},${-dx},${-dy}`;
              assert.ok(!steps.has(key) && !steps.has(reverse), `edge shared at ${key}`);
              steps.add(key);
            }
          }
        }
        let expected = 0;
        for (const k of grid.cells) expected += k === 1 ? 2 : k > 1 ? 1 : 0;
        assert.equal(twiceArea, expected);
        checked += o.loops.length;
      }),
      { numRuns: 200 },
    );
    assert.ok(checked > 0);
  });

  it('retiles changed rows to the outline made from scratch, retracing only loops that reach them', () => {
    let compared = 0;
    let kept = 0;
    fc.assert(
      fc.property(
        gridArb(9, 9),
        fc.array(fc.tuple(fc.nat(8), fc.nat(2), fc.array(fc.nat(11), { minLength: 9, maxLength: 9 })), { minLength: 1, maxLength: 4 }),
        (grid, edits) => {
          const o = tileOutline(grid);
          const cells = grid.cells;
          for (const [row, extra, kinds] of edits) {
            const first = row % grid.height;
            const last = Math.min(grid.height - 1, first + extra);
            for (let r = first; r <= last; r++) for (let c = 0; c < grid.width; c++) cells[r * grid.width + c] = [1, 1, 0, 0, 0, 0, 2, 3, 4, 5, 1, 1][kinds[c]!]!;
            const before = o.loops.length;
            const report = retileRows(o, grid, first, last);
            kept += before - report.removedLoops;
            const fresh = tileOutline(grid);
            assert.deepEqual(
              o.loops.map((l) => Array.from(l.corners)),
              fresh.loops.map((l) => Array.from(l.corners)),
            );
            assert.deepEqual(o.steps, fresh.steps);
            assert.deepEqual(o.keys, fresh.keys);
            compared++;
          }
        },
      ),
      { numRuns: 200 },
    );
    assert.ok(compared > 0);
    assert.ok(kept > 0, 'some loops were kept, not retraced');
  });
});
