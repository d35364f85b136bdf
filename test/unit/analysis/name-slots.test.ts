import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { NameSlots } from '../../../server/src/analysis/name-slots';

type Op = { readonly op: 'add' | 'delete' | 'reserve' | 'cut'; readonly name: number } | { readonly op: 'clear' };

describe('analysis/name-slots', () => {
  it('equals a Map from name to slot after random additions, deletions and clears (growth, shrinking and shifted runs included)', () => {
    // Up to 300 names over tables of 16 to 1024 entries: long probe runs, wrap-around at the
    // table's end, and deletions from the middle of a run all occur. The sequences are drawn at
    // their full length (size 'max': by default fast-check draws some ten operations, and the
    // table then never left its first sizes), and a cut deletes the names from one number on (a
    // document cut to its first lines), the mass removal after which the table shrinks.
    const name = fc.integer({ min: 0, max: 299 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 12, arbitrary: fc.record({ op: fc.constant('add' as const), name }) },
      { weight: 8, arbitrary: fc.record({ op: fc.constant('delete' as const), name }) },
      { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('reserve' as const), name }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('cut' as const), name }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600, size: 'max' }), fc.integer({ min: 0, max: 3 }), (ops, spelling) => {
        // The slot's name lives outside the table, as a body's does; names differ in their last
        // characters only (as generated ones do) or in their first.
        const spell = (n: number) => (spelling === 0 ? `b${n}` : spelling === 1 ? `${n}x` : spelling === 2 ? `body_${'q'.repeat(n % 7)}${n}` : String.fromCharCode(0x3b1 + (n % 20)) + n);
        const names: string[] = [];
        const table = new NameSlots((slot) => names[slot]!);
        const model = new Map<string, number>();
        for (const o of ops) {
          if (o.op === 'clear') {
            table.clear();
            model.clear();
          } else if (o.op === 'cut') {
            for (let n = o.name; n < 300; n++) assert.equal(table.delete(spell(n)), model.delete(spell(n)));
          } else if (o.op === 'reserve') {
            table.reserve(o.name); // any count, smaller or larger than the names held
          } else if (o.op === 'add') {
            const key = spell(o.name);
            if (model.has(key)) continue;
            const slot = names.length;
            names.push(key);
            table.add(slot);
            model.set(key, slot);
          } else {
            const key = spell(o.name);
            assert.equal(table.delete(key), model.delete(key));
          }
          assert.equal(table.size, model.size);
        }
        for (let n = 0; n < 300; n++) assert.equal(table.get(spell(n)), model.get(spell(n)) ?? -1, spell(n));
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing in an empty or cleared table, and the empty name like any other', () => {
    const names = ['', 'a', 'b'];
    const table = new NameSlots((slot) => names[slot]!);
    assert.equal(table.get(''), -1);
    table.add(0);
    table.add(2);
    assert.equal(table.get(''), 0);
    assert.equal(table.get('b'), 2);
    assert.equal(table.get('a'), -1);
    assert.equal(table.delete('a'), false);
    table.clear();
    assert.equal(table.size, 0);
    assert.equal(table.get(''), -1);
  });

  it('sizes a first run to twice its names, any number of entries, every hash homed inside the table', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `b${i}`);
    const table = new NameSlots((slot) => names[slot]!);
    const internals = table as unknown as { table: Int32Array; scale: number; home(hash: number): number };
    table.reserve(names.length);
    assert.equal(internals.table.length, 200_002);
    for (let slot = 0; slot < names.length; slot++) table.add(slot);
    assert.equal(internals.table.length, 200_002);
    for (let slot = 0; slot < names.length; slot += 997) assert.equal(table.get(names[slot]!), slot);
    assert.equal(table.get('b100000'), -1);
    // The extreme hashes at capacities where the product is exact and where it rounds.
    for (const capacity of [16, 200_002, 2 ** 21 + 1, 2 ** 30 + 3, 2 ** 31 - 1]) {
      internals.scale = capacity / 2 ** 32;
      assert.equal(internals.home(0), 0);
      assert.equal(internals.home(2 ** 32 - 1), capacity - 1, `capacity ${capacity}`);
    }
  });
});
