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
        t.compact();
        assert.deepEqual(t.toArray(), want);
      }),
      { numRuns: 25 },
    );
  });

  it('splices: the values before the edit, the fresh ones, and the rest shifted; the table spliced stays as it was', () => {
    fc.assert(
      fc.property(
        valuesArb(9000, 40000),
        valuesArb(300, 400),
        fc.integer({ min: 0, max: 40000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -300, max: 300 }),
        fc.boolean(),
        (values, freshValues, from, removed, shift, compact) => {
          const to = from + removed;
          const delta = Math.max(shift, -from); // shifted ranges stay at or after `from`
          const old = tableOf(values);
          old.sort();
          if (compact) old.compact();
          const before = old.toArray();
          // The fresh values lie in the edited window's new text, [from, to + delta).
          const window = Math.max(1, removed + delta);
          const freshModel = sortedModel(freshValues.map((v) => ({ ...v, range: { start: from + (v.range.start % window), end: from + (v.range.start % window) + 3 } })));
          const fresh = tableOf(freshModel);
          const out = old.spliced(from, to, fresh, delta);
          const shiftedRest = before.filter((v) => v.range.start >= to).map((v) => ({ ...v, range: { start: v.range.start + delta, end: v.range.end + delta } }));
          const want = [...before.filter((v) => v.range.start < from), ...freshModel, ...shiftedRest];
          assert.equal(out.count, want.length);
          assert.deepEqual(out.toArray(), want);
          assert.deepEqual(old.toArray(), before);
          // A table spliced from a spliced one (an edit after an edit).
          const again = out.spliced(from, from, new ValueTable(0), 0);
          assert.deepEqual(again.toArray(), want);
          // The chunks the three tables share are never written: whatever is done to one of them
          // afterwards (values added, sorted, trimmed), the others keep their values.
          for (const [t, others] of [
            [old, [out, again]],
            [out, [old, again]],
          ] as const) {
            const kept = others.map((o) => o.toArray());
            for (let k = 0; k < 5000; k++) t.push({ start: k % 7, end: 9 }, k, 'length');
            t.sort();
            t.compact();
            others.forEach((o, k) => assert.deepEqual(o.toArray(), kept[k]));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('an empty table answers as one', () => {
    for (const t of [new ValueTable(0), new ValueTable()]) {
      t.sort();
      t.compact();
      assert.equal(t.count, 0);
      assert.equal(t.lowerBound(5), 0);
      assert.deepEqual(t.toArray(), []);
      assert.deepEqual(t.spliced(0, 10, new ValueTable(0), 3).toArray(), []);
    }
  });
});
