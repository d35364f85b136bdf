import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { DiagnosticBuckets, LINES_PER_BLOCK, type BucketSink } from '../../../client/src/diagnostic-buckets';

interface D {
  line: number;
  message: string;
}

/** Sinks that hold what was last set per uri, and count the sets. */
function sinks(n: number): { sinks: BucketSink<D>[]; held: Map<string, readonly D[]>[]; sets: number[] } {
  const held = Array.from({ length: n }, () => new Map<string, readonly D[]>());
  const sets = new Array<number>(n).fill(0);
  return {
    held,
    sets,
    sinks: held.map((h, k) => ({
      set: (uri: string, ds: readonly D[]) => {
        h.set(uri, [...ds]);
        sets[k]!++;
      },
    })),
  };
}

const make = (n: number) => {
  const s = sinks(n);
  const buckets = new DiagnosticBuckets<D>(s.sinks, (d) => d.line, (a, b) => a.line === b.line && a.message === b.message);
  /** The union of the sinks for `uri`, in line order then message (the published order). */
  const union = (uri: string): D[] => s.held.flatMap((h) => h.get(uri) ?? []);
  return { ...s, buckets, union };
};

const byPlace = (a: D, b: D) => a.line - b.line || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);

describe('client/diagnostic-buckets: a document\'s diagnostics over several collections', () => {
  it('holds exactly the last list published, whatever came before', () => {
    const list = fc.array(fc.record({ line: fc.nat(2000), message: fc.constantFrom('a', 'b', 'c') }), { maxLength: 60 });
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 9 }), (lists, n) => {
        const t = make(n);
        for (const l of lists) {
          const sorted = [...l].sort(byPlace);
          t.buckets.publish('file:///a', sorted);
          // By value: a bucket whose diagnostics are the same keeps the objects it holds.
          const plain = (ds: readonly D[]) => ds.map((d) => ({ line: d.line, message: d.message }));
          assert.deepEqual(plain([...t.union('file:///a')].sort(byPlace)), plain(sorted));
        }
      }),
    );
  });

  it('sets again only the bucket of a changed line', () => {
    const t = make(8);
    const list: D[] = Array.from({ length: 1000 }, (_, i) => ({ line: 3 * i, message: `m${i}` }));
    assert.equal(t.buckets.publish('file:///a', list), 8, 'every bucket at first');
    const edited = list.map((d, i) => (i === 500 ? { ...d, message: 'changed' } : d));
    assert.equal(t.buckets.publish('file:///a', edited), 1);
    const k = Math.floor(1500 / LINES_PER_BLOCK) % 8;
    assert.equal(t.sets[k], 2);
    assert.ok(t.sets.filter((_, j) => j !== k).every((c) => c === 1));
    assert.equal(t.buckets.publish('file:///a', edited), 0, 'the same list again sets nothing');
  });

  it('clears every bucket that held something when the list empties, and keeps documents apart', () => {
    const t = make(4);
    t.buckets.publish('file:///a', [{ line: 0, message: 'x' }, { line: 40, message: 'y' }]);
    t.buckets.publish('file:///b', [{ line: 0, message: 'z' }]);
    assert.equal(t.buckets.publish('file:///a', []), 2);
    assert.deepEqual(t.union('file:///a'), []);
    assert.deepEqual(t.union('file:///b'), [{ line: 0, message: 'z' }]);
    t.buckets.reset();
    assert.equal(t.buckets.publish('file:///b', [{ line: 0, message: 'z' }]), 1, 'after a reset every non-empty bucket is set again');
  });
});
