import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IdTable } from '../../../../core/broad/id-table';

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
        const table = new IdTable();
        const map = new Map<number, number>();
        for (const o of ops) {
          if (o.op === 'set') {
            table.set(o.id, o.slot);
            map.set(o.id, o.slot);
          } else if (o.op === 'delete') assert.equal(table.delete(o.id), map.delete(o.id));
          else if (o.op === 'reserve') table.reserve(o.count);
          else {
            table.clear();
            map.clear();
          }
          assert.equal(table.size, map.size);
        }
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
});
