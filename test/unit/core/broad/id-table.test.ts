import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IdTable } from '../../../../core/broad/id-table';

type Op<S> = { op: 'set'; id: number; slot: S } | { op: 'delete'; id: number } | { op: 'reserve'; count: number } | { op: 'clear' };

/**
 * Runs `ops` on a table and on the Map it stands for (a set writes `slotOf(op)` into both),
 * checking their sizes and what delete returns at every step; returns both for the final checks.
 */
function replay<S>(ops: readonly Op<S>[], slotOf: (o: { id: number; slot: S }) => number): { table: IdTable; map: Map<number, number> } {
  const table = new IdTable();
  const map = new Map<number, number>();
  for (const o of ops) {
    if (o.op === 'set') {
      const slot = slotOf(o);
      table.set(o.id, slot);
      map.set(o.id, slot);
    } else if (o.op === 'delete') assert.equal(table.delete(o.id), map.delete(o.id));
    else if (o.op === 'reserve') table.reserve(o.count);
    else {
      table.clear();
      map.clear();
    }
    assert.equal(table.size, map.size);
  }
  return { table, map };
}

/** The broad phases' id → slot table behaves as the Map it replaces, small ids and large alike. */
describe('core/broad/id-table', () => {
  it('equals a Map after random set / delete / clear / reserve sequences, ids dense, sparse and near 2^31', () => {
    const id = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: (1 << 22) - 3, max: (1 << 22) + 3 }), fc.integer({ min: 0, max: 0x7fffffff }));
    const op = fc.oneof(
      fc.record({ op: fc.constant('set' as const), id, slot: fc.integer({ min: -1, max: 1000 }) }),
      fc.record({ op: fc.constant('delete' as const), id }),
      fc.record({ op: fc.constant('clear' as const) }),
      fc.record({ op: fc.constant('reserve' as const), count: fc.integer({ min: 0, max: 400 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.array(id, { minLength: 1, maxLength: 20 }), (ops, probes) => {
        const { table, map } = replay(ops, (o) => o.slot);
        for (const p of [...probes, ...map.keys()]) {
          assert.equal(table.get(p), map.get(p), `id ${p}`);
          assert.equal(table.has(p), map.has(p), `id ${p}`);
        }
        assert.deepEqual([...table.values()].sort((a, b) => a - b), [...map.values()].sort((a, b) => a - b));
      }),
      // 100 runs of up to 200 operations each (full length: fast-check-seed.ts): four times the
      // operations of the 500 ten-operation runs this drew before that setting.
      { numRuns: 100 },
    );
  });

  it('equals a Map when slots are mostly the ids themselves (the loose grid), through the switch to a slot column', () => {
    // Slot = id or -1 keeps the table in bytes; any other slot (now and then) turns it into the
    // column, which must carry every entry over.
    const id = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 300 }) }, { weight: 1, arbitrary: fc.integer({ min: (1 << 22) - 2, max: (1 << 22) + 2 }) });
    const slot = fc.oneof({ weight: 12, arbitrary: fc.constant('self' as const) }, { weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 1000 }) });
    const op = fc.oneof(
      { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), id, slot }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), id }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('reserve' as const), count: fc.integer({ min: 0, max: 400 }) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const { table, map } = replay(ops, (o) => (o.slot === 'self' ? o.id : o.slot));
        for (let p = 0; p <= 300; p++) assert.equal(table.get(p), map.get(p), `id ${p}`);
        for (const p of map.keys()) assert.equal(table.get(p), map.get(p), `id ${p}`);
        assert.deepEqual([...table.values()].sort((a, b) => a - b), [...map.values()].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a byte per id, not a slot column, while every slot is its id or -1', () => {
    const table = new IdTable();
    table.reserve(1000);
    for (let i = 0; i < 1000; i++) table.set(i, i % 7 === 0 ? -1 : i);
    const internals = table as unknown as { states: Uint8Array | null; dense: Int32Array };
    assert.equal(internals.states?.length, 1000);
    assert.equal(internals.dense.length, 0);
    table.set(5, 9);
    assert.equal(internals.states, null);
    assert.deepEqual([table.get(5), table.get(7), table.get(8), table.get(1000)], [9, -1, 8, undefined]);
  });
});
