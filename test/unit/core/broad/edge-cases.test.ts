import { strict as assert } from 'node:assert';
import { BROAD_PHASE_KINDS, createBroadPhase, MAX_COORDINATE } from '../../../../core/broad/broad-phase';
import { LooseGrid } from '../../../../core/broad/loose-grid';
import { SortAndSweep } from '../../../../core/broad/sort-and-sweep';
import type { AABB } from '../../../../core/math/aabb';
import { pairsOf, queryOf } from './support';

const box = (minX: number, minY: number, maxX: number, maxY: number): AABB => ({ minX, minY, maxX, maxY });
const point = (x: number, y: number): AABB => box(x, y, x, y);

/** Pairs of a fixed scene through every kind, each built at once and checked against `expected`. */
function expectPairs(boxes: readonly AABB[], expected: readonly string[]): void {
  for (const kind of BROAD_PHASE_KINDS) {
    const bp = createBroadPhase(kind);
    boxes.forEach((b, i) => bp.insert(i, b));
    assert.deepEqual(pairsOf(bp), [...expected].sort(), kind);
  }
}

describe('core/broad edge cases (every kind)', () => {
  it('touching counts as overlapping: shared edge, shared corner, a point on an edge', () => {
    expectPairs([box(0, 0, 1, 1), box(1, 0, 2, 1), box(2, 1, 3, 2), point(0.5, 0), box(5, 5, 6, 6)], ['0,1', '0,3', '1,2']);
  });

  it('zero-size boxes: coincident points overlap, distinct points do not, a segment box crosses', () => {
    expectPairs([point(0, 0), point(0, 0), point(1e-12, 0), box(-1, 0, 1, 0)], ['0,1', '0,3', '1,3', '2,3']);
  });

  it('duplicates: forty identical boxes give every one of their 780 pairs', () => {
    const boxes = Array.from({ length: 40 }, () => box(3, 3, 4, 5));
    const expected: string[] = [];
    for (let i = 0; i < 40; i++) for (let j = i + 1; j < 40; j++) expected.push(`${i},${j}`);
    expectPairs(boxes, expected);
  });

  it('huge coordinates: a unit-box scene far from the origin, and boxes reaching infinity', () => {
    const far = 1e15;
    const boxes = [box(far, far, far + 1, far + 1), box(far + 1, far, far + 2, far + 1), box(far + 4, far, far + 5, far + 1)];
    expectPairs(boxes, ['0,1']);
    const inf = [box(-Infinity, -1, Infinity, 1), box(0, 0, 1, 1), box(0, 5, 1, 6), box(-1e300, 5, -1e299, 6)];
    expectPairs(inf, ['0,1']);
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      inf.forEach((b, i) => bp.insert(i, b));
      assert.deepEqual(queryOf(bp, box(-Infinity, -Infinity, Infinity, Infinity)), [0, 1, 2, 3], kind);
      assert.deepEqual(queryOf(bp, box(MAX_COORDINATE, 0, Infinity, 0)), [0], kind);
    }
  });

  it('boxOf gives a box as stored: saturated, and none for an empty box or an absent id', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      bp.insert(0, box(-Infinity, -1, 1e301, 1));
      bp.insert(1, box(NaN, 0, 1, 1));
      bp.insert(2, box(0, 0, 1, 1));
      bp.move(2, box(2, 3, 4, 5));
      // Enough proxies that every kind has built its structure (tree, sweep order, grid) by the query.
      for (let i = 3; i < 40; i++) bp.insert(i, box(i, i, i + 1, i + 1));
      queryOf(bp, box(0, 0, 1, 1));
      const out = box(NaN, NaN, NaN, NaN);
      assert.ok(bp.boxOf(0, out), kind);
      assert.deepEqual(out, box(-MAX_COORDINATE, -1, MAX_COORDINATE, 1), kind);
      assert.ok(bp.boxOf(2, out), kind);
      assert.deepEqual(out, box(2, 3, 4, 5), kind);
      assert.ok(bp.boxOf(39, out), kind);
      assert.deepEqual(out, box(39, 39, 40, 40), kind);
      const untouched = box(7, 7, 7, 7);
      assert.equal(bp.boxOf(1, untouched), false, kind);
      assert.equal(bp.boxOf(99, untouched), false, kind);
      bp.remove(2);
      assert.equal(bp.boxOf(2, untouched), false, kind);
      assert.deepEqual(untouched, box(7, 7, 7, 7), kind);
    }
  });

  it('bad boxes (NaN, min > max) are registered but never overlap, and can become valid', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      bp.insert(0, box(0, 0, 1, 1));
      bp.insert(1, box(NaN, 0, 1, 1));
      bp.insert(2, box(1, 1, 0, 0));
      assert.equal(bp.size, 3, kind);
      assert.ok(bp.has(1) && bp.has(2), kind);
      assert.deepEqual(pairsOf(bp), [], kind);
      assert.deepEqual(queryOf(bp, box(-10, -10, 10, 10)), [0], kind);
      assert.deepEqual(queryOf(bp, box(NaN, NaN, NaN, NaN)), [], kind);
      bp.move(1, box(0.5, 0.5, 2, 2));
      assert.deepEqual(pairsOf(bp), ['0,1'], kind);
      bp.move(0, box(0, NaN, 0, 0));
      assert.deepEqual(pairsOf(bp), [], kind);
      assert.equal(bp.remove(2), true, kind);
      assert.equal(bp.remove(2), false, kind);
      assert.equal(bp.size, 2, kind);
    }
  });

  it('ids outside [0, 2^31 - 1] or not integers are a RangeError; the structure is unchanged', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      for (const id of [-1, 0.5, 2 ** 31, NaN]) assert.throws(() => bp.insert(id, box(0, 0, 1, 1)), RangeError, kind);
      assert.equal(bp.size, 0, kind);
      bp.insert(2 ** 31 - 1, box(0, 0, 1, 1));
      bp.insert(0, box(0, 0, 1, 1));
      assert.deepEqual(pairsOf(bp), [`0,${2 ** 31 - 1}`], kind);
    }
  });

  it('insert of a present id replaces its box; clear empties; a query stops when told', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      for (let i = 0; i < 30; i++) bp.insert(i, box(0, 0, 1, 1));
      bp.insert(5, box(10, 10, 11, 11));
      assert.equal(bp.size, 30, kind);
      assert.deepEqual(queryOf(bp, point(10.5, 10.5)), [5], kind);
      let seen = 0;
      bp.query(box(0, 0, 1, 1), () => ++seen < 3 || false);
      assert.equal(seen, 3, kind);
      bp.clear();
      assert.equal(bp.size, 0, kind);
      assert.deepEqual(pairsOf(bp), [], kind);
      bp.insert(7, box(0, 0, 1, 1));
      bp.insert(8, box(1, 1, 2, 2));
      assert.deepEqual(pairsOf(bp), ['7,8'], kind);
    }
  });

  it('reserve is only a hint: before, between and after insertions, any count, the answers stay those of brute force', () => {
    const boxes: AABB[] = [];
    for (let i = 0; i < 300; i++) boxes.push(box((i * 7.3) % 40, (i * 3.1) % 40, ((i * 7.3) % 40) + 1.5, ((i * 3.1) % 40) + 1.5));
    const ref = createBroadPhase('brute-force');
    boxes.forEach((b, i) => ref.insert(i, b));
    for (const kind of BROAD_PHASE_KINDS) {
      for (const counts of [[300], [0, NaN, -5], [10, 1000], [150, 299, 2.5]]) {
        const bp = createBroadPhase(kind);
        bp.reserve(counts[0]!);
        boxes.forEach((b, i) => {
          if (i === 100) bp.reserve(counts[1] ?? 0);
          bp.insert(i, b);
        });
        assert.deepEqual(pairsOf(bp), pairsOf(ref), `${kind} ${counts.join(',')}`);
        bp.reserve(counts[2] ?? 0);
        bp.insert(300, box(0, 0, 50, 50));
        bp.remove(300);
        assert.deepEqual(pairsOf(bp), pairsOf(ref), `${kind} ${counts.join(',')} after`);
        assert.deepEqual(queryOf(bp, box(10, 10, 20, 20)), queryOf(ref, box(10, 10, 20, 20)));
      }
    }
  });

  it('a callback may run nested queries on the same broad phase', () => {
    for (const kind of BROAD_PHASE_KINDS) {
      const bp = createBroadPhase(kind);
      const boxes = Array.from({ length: 200 }, (_, i) => box(i % 20, Math.floor(i / 20), (i % 20) + 1.5, Math.floor(i / 20) + 1.5));
      // Two long bars, wider than any grid cell: the grid keeps them apart from its cells.
      boxes.push(box(-0.5, 2.2, 30, 2.4), box(3.1, -0.5, 3.3, 30));
      boxes.forEach((b, i) => bp.insert(i, b));
      const viaNested = new Set<string>();
      bp.query(box(-1, -1, 100, 100), (id) => {
        bp.query(boxes[id]!, (other) => {
          if (other > id) viaNested.add(`${id},${other}`);
        });
      });
      const inPairs: string[] = [];
      bp.pairs((a, b) => {
        inPairs.push(`${a},${b}`);
        assert.equal(queryOf(bp, box(-1, -1, 100, 100)).length, boxes.length, `${kind}: nested query inside pair ${a},${b}`);
      });
      assert.deepEqual([...viaNested].sort(), inPairs.sort(), kind);
    }
  });
});

describe('core/broad/loose-grid', () => {
  it('sizes cells to the common boxes, not to a few huge ones, and still finds the huge ones', () => {
    const grid = new LooseGrid();
    const ref = createBroadPhase('brute-force');
    let id = 0;
    for (let x = 0; x < 40; x++) {
      for (let y = 0; y < 40; y++) {
        const b = box(x * 1.5, y * 1.5, x * 1.5 + 1, y * 1.5 + 1);
        grid.insert(id, b);
        ref.insert(id++, b);
      }
    }
    for (const b of [box(-5, -5, 1e4, 2), box(20, 20, 20.5, 5e3), box(-1e6, -1e6, 1e6, 1e6)]) {
      grid.insert(id, b);
      ref.insert(id++, b);
    }
    assert.ok(grid.cellSize < 2, `cell size ${grid.cellSize}`);
    assert.deepEqual(pairsOf(grid), pairsOf(ref));
  });

  it('pairs its oversized boxes among themselves as brute force does: equal, nested and touching x ranges', () => {
    const grid = new LooseGrid();
    const ref = createBroadPhase('brute-force');
    let seed = 11;
    const random = (k: number) => (seed = (Math.imul(seed, 48271) >>> 0) % 0x7fffffff) % k;
    // Small boxes, which set the cell, and 150 tall ones on integer x (ties and shared edges):
    // fewer than 1 in 20, so that they stay oversized.
    let id = 0;
    for (let i = 0; i < 4000; i++) {
      const x = random(400) / 10;
      const y = random(400) / 10;
      const b = box(x, y, x + 0.5, y + 0.5);
      grid.insert(id, b);
      ref.insert(id++, b);
    }
    for (let i = 0; i < 150; i++) {
      const x = random(30);
      const y = random(30);
      const b = box(x, y, x + random(4), y + 5 + random(10));
      grid.insert(id, b);
      ref.insert(id++, b);
    }
    assert.deepEqual(pairsOf(grid), pairsOf(ref));
    assert.equal((grid as unknown as { overCount: number }).overCount, 150);
  });

  it('keeps agreeing with brute force while proxies wander over thousands of cells (the cell table refiled, emptied cells dropped)', () => {
    const grid = new LooseGrid();
    const ref = createBroadPhase('brute-force');
    // A walk that makes a new cell at almost every step: the table, sized to the occupied cells,
    // is rebuilt many times over, and each rebuild must carry every proxy to its cell's new entry.
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 48271) >>> 0) % 0x7fffffff) / 0x7fffffff);
    const at = new Array<[number, number]>(30);
    for (let i = 0; i < 30; i++) {
      at[i] = [random() * 20, random() * 20];
      const b = box(at[i]![0], at[i]![1], at[i]![0] + 1, at[i]![1] + 1);
      grid.insert(i, b);
      ref.insert(i, b);
    }
    assert.deepEqual(pairsOf(grid), pairsOf(ref));
    // The cell table (loose-grid.ts), watched so that the walk is known to do what the title says.
    const internals = grid as unknown as { table: Int32Array; cellCount: number };
    let table = internals.table;
    let refiled = 0;
    let cellsMade = 0;
    let mostEntries = 0;
    for (let step = 0; step < 3000; step++) {
      const i = step % 30;
      const [x, y] = at[i]!;
      // Mostly outward, now and then back among the others, and every 16th step out of the grid
      // (oversized) and back.
      const nx = step % 7 === 0 ? random() * 20 : x + (random() - 0.3) * 6;
      const ny = step % 7 === 0 ? random() * 20 : y + (random() - 0.3) * 6;
      at[i] = [nx, ny];
      const b = step % 16 === 0 ? box(nx, ny, nx + 50, ny + 1) : box(nx, ny, nx + 1, ny + 1);
      const cellsBefore = internals.cellCount;
      grid.move(i, b);
      ref.move(i, b);
      if (internals.table !== table) {
        refiled++;
        table = internals.table;
      } else cellsMade += internals.cellCount - cellsBefore;
      mostEntries = Math.max(mostEntries, internals.table.length);
      assert.deepEqual(queryOf(grid, b), queryOf(ref, b));
      if (step % 100 === 99) assert.deepEqual(pairsOf(grid), pairsOf(ref));
    }
    // Refiled many times over, and never past four entries per live cell (30 proxies and the cell
    // being made, 4 · 31, rounded up to a power of two): the emptied cells were dropped, not carried.
    assert.ok(refiled >= 20 && cellsMade >= 1000, `${refiled} refilings, ${cellsMade} cells made`);
    assert.ok(mostEntries <= 128, `${mostEntries} table entries`);
    assert.deepEqual(pairsOf(grid), pairsOf(ref));
    for (let i = 0; i < 30; i += 2) {
      grid.remove(i);
      ref.remove(i);
    }
    assert.deepEqual(pairsOf(grid), pairsOf(ref));
    assert.deepEqual(queryOf(grid, box(-1e9, -1e9, 1e9, 1e9)), queryOf(ref, box(-1e9, -1e9, 1e9, 1e9)));
  });
});

describe('core/broad/sort-and-sweep', () => {
  it('sweeps along the axis of greater spread, and switches when the scene turns', () => {
    const sap = new SortAndSweep();
    for (let i = 0; i < 100; i++) sap.insert(i, box(0, i * 3, 1, i * 3 + 1));
    assert.equal(sap.axis, 1);
    for (let i = 0; i < 100; i++) sap.move(i, box(i * 3, 0, i * 3 + 1, 1));
    sap.pairs(() => {});
    assert.equal(sap.axis, 0);
    assert.deepEqual(pairsOf(sap), []);
  });
});
