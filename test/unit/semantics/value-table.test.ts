import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { EvaluatedValue, ValueRole } from '../../../server/src/semantics/evaluate';
import { ValueTable } from '../../../server/src/semantics/value-table';

const ROLES: readonly ValueRole[] = ['angle', 'spin', 'length', 'position', 'velocity', 'time', 'count', 'constant', 'argument'];

/** The reference: a plain array in the table's order (by start, longest first, then as recorded). */
function sortedModel(values: readonly EvaluatedValue[]): EvaluatedValue[] {
  return values
    .map((v, i) => [v, i] as const)
    .sort(([a, i], [b, j]) => a.range.start - b.range.start || b.range.end - a.range.end || i - j)
    .map(([v]) => v);
}

function tableOf(values: readonly EvaluatedValue[], capacity?: number): ValueTable {
  const t = new ValueTable(capacity);
  for (const v of values) t.push(v.range, v.value, v.role);
  return t;
}

/** Values whose starts lie in [0, span): a few thousand of them fill more than one chunk. */
function valuesArb(maxLength: number, span: number): fc.Arbitrary<EvaluatedValue[]> {
  const value = fc.record({
    start: fc.integer({ min: 0, max: span - 1 }),
    length: fc.integer({ min: 0, max: 40 }),
    x: fc.double({ noNaN: false }),
    y: fc.option(fc.double(), { freq: 3 }),
    role: fc.constantFrom(...ROLES),
  });
  // size 'max': lengths spread over the whole range, not fast-check's small default.
  return fc.array(value, { maxLength, size: 'max' }).map((vs) =>
    vs.map((v) => ({ range: { start: v.start, end: v.start + v.length }, value: v.y === null ? v.x : { x: v.x, y: v.y }, role: v.role })),
  );
}

describe('semantics/value-table', () => {
  it('holds any number of values in order, across chunk boundaries, whatever capacity it starts with', () => {
    fc.assert(
      fc.property(valuesArb(10000, 50000), fc.constantFrom(0, 1, 16, 256, 5000, 20000), fc.integer({ min: -10, max: 50010 }), (values, capacity, probe) => {
        const t = tableOf(values, capacity);
        t.sort();
        const want = sortedModel(values);
        assert.equal(t.count, want.length);
        assert.deepEqual(t.toArray(), want);
        const bound = want.findIndex((v) => v.range.start >= probe);
        assert.equal(t.lowerBound(probe), bound < 0 ? want.length : bound);
      }),
      { numRuns: 25 },
    );
  });

  it('an empty table answers as one', () => {
    for (const t of [new ValueTable(0), new ValueTable()]) {
      t.sort();
      assert.equal(t.count, 0);
      assert.equal(t.lowerBound(5), 0);
      assert.deepEqual(t.toArray(), []);
    }
  });
});
