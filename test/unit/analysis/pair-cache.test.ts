import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { OverlapFinding, type Finding } from '../../../server/src/analysis/findings';
import { PairCache } from '../../../server/src/analysis/pair-cache';
import { FindingDiagnostic } from '../../../server/src/analysis/finding-diagnostic';

/** A finding that names its pair, so that a lookup in the wrong cell shows. */
function findingOf(a: number, b: number, tag: number): Finding {
  return OverlapFinding.of(`s${a}`, `s${b}`, a, b, 0, 0, tag, { x: 0, y: 1 }, []);
}

type Op =
  | { readonly op: 'set'; readonly a: number; readonly b: number; readonly tag: number }
  | { readonly op: 'invalidate'; readonly slot: number }
  | { readonly op: 'pass'; readonly relabel: boolean }
  | { readonly op: 'clear' };

/**
 * The reference: a Map from the unordered pair to (a, b, versions, finding), as pair-cache.ts was
 * written before its table went into typed arrays.
 */
class Model {
  versions = new Map<number, number>();
  entries = new Map<string, { a: number; b: number; va: number; vb: number; finding: Finding }>();
  version(s: number): number {
    return this.versions.get(s) ?? 0;
  }
  valid(): Map<string, { a: number; b: number; finding: Finding }> {
    const out = new Map<string, { a: number; b: number; finding: Finding }>();
    for (const [k, e] of this.entries) if (this.version(e.a) === e.va && this.version(e.b) === e.vb) out.set(k, e);
    return out;
  }
}
const keyOf = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

describe('analysis/pair-cache', () => {
  it('equals a Map of version-stamped entries, order included, after random sets, invalidations, passes and clears', () => {
    // Few slots, so that pairs repeat, collide in the table and are replaced; some far apart.
    // Sequences of their full length (size 'max'): at fast-check's default of some ten
    // operations the table was only ever built empty, never rebuilt around holes.
    const slot = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1000, max: 1003 }));
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), a: slot, b: slot, tag: fc.integer() }).filter((o) => o.a !== o.b) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('invalidate' as const), slot }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('pass' as const), relabel: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300, size: 'max' }), (ops) => {
        const cache = new PairCache();
        const model = new Model();
        for (const o of ops) {
          if (o.op === 'set') {
            const f = findingOf(o.a, o.b, o.tag);
            cache.set(o.a, o.b, f);
            model.entries.set(keyOf(o.a, o.b), { a: o.a, b: o.b, va: model.version(o.a), vb: model.version(o.b), finding: f });
          } else if (o.op === 'invalidate') {
            cache.invalidate(o.slot);
            model.versions.set(o.slot, model.version(o.slot) + 1);
          } else if (o.op === 'clear') {
            cache.clear();
            model.entries.clear();
            model.versions.clear();
          } else {
            const expected = model.valid();
            const order: string[] = [];
            const seen = new Set<string>();
            cache.forEachValid((slotA, slotB, entry) => {
              const finding = cache.findingOf(entry);
              const k = keyOf(slotA, slotB);
              assert.ok(!seen.has(k), `pair ${k} visited twice`);
              seen.add(k);
              order.push(k);
              const m = expected.get(k);
              assert.ok(m, `pair ${k} is not valid in the model`);
              assert.deepEqual([slotA, slotB], [m.a, m.b]);
              assert.equal(finding, m.finding);
              if (o.relabel) {
                // As the analyzer relabels (incremental.ts, assemble): by noting the relabeled
                // finding's diagnostic, which the entry then gives its finding through.
                const relabeled = finding.relabeled(`${finding.a}'`, finding.b, finding.ia, finding.ib);
                cache.note(entry, FindingDiagnostic.make(relabeled, 0, 1, -1, -1, 0, undefined), 0);
                model.entries.get(k)!.finding = relabeled;
              }
            });
            assert.equal(seen.size, expected.size, 'every valid entry visited');
            // In insertion order, a replaced pair keeping its place: the order a Map keeps.
            assert.deepEqual(order, [...expected.keys()]);
            // The pass drops the stale entries.
            model.entries = new Map([...model.entries].filter(([k]) => expected.has(k)));
            assert.equal(cache.size, model.entries.size);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('holds thousands of pairs across table rebuilds, and drops stale ones on a pass', () => {
    const cache = new PairCache();
    for (let s = 0; s < 100; s++) for (let t = s + 1; t < 100; t += 3) cache.set(t, s, findingOf(t, s, s));
    assert.equal(cache.size, [...Array(100).keys()].reduce((n, s) => n + Math.ceil((99 - s) / 3), 0));
    for (let s = 0; s < 100; s += 2) cache.invalidate(s);
    let valid = 0;
    cache.forEachValid((slotA, slotB, entry) => {
      assert.ok(slotA % 2 === 1 && slotB % 2 === 1, `${slotA}, ${slotB}`);
      assert.equal(cache.findingOf(entry).ia, slotA);
      valid++;
    });
    assert.equal(cache.size, valid);
  });

  it('keeps working through long churn: stale entries dropped by passes never fill the table', () => {
    // Each round stores new pairs, makes them stale and drops them: the holes they leave must be
    // reclaimed, and lookups must step over them.
    const cache = new PairCache();
    for (let round = 0; round < 2000; round++) {
      const s = round;
      cache.set(s, s + 5000, findingOf(s, s + 5000, round));
      cache.set(s + 9000, s, findingOf(s + 9000, s, round));
      cache.invalidate(s);
      cache.forEachValid(() => assert.fail('every entry is stale'));
      assert.equal(cache.size, 0);
    }
    cache.set(1, 2, findingOf(1, 2, 0));
    let n = 0;
    cache.forEachValid((slotA, slotB) => {
      assert.deepEqual([slotA, slotB], [1, 2]);
      n++;
    });
    assert.equal(n, 1);
  });

  it("logs a first run's thousands of entries in order and lets the long log go once taken", () => {
    const cache = new PairCache();
    const internals = cache as unknown as { recent: Int32Array };
    const set: number[] = [];
    // Those set before the table's last rebuild are not in the log: the rebuild renumbers entries.
    for (let k = 0; k < 20_000; k++) cache.set(k, k + 1, findingOf(k, k + 1, k));
    const taken = cache.takeRecent();
    for (let r = 0; r < taken.count; r++) set.push(cache.slotAOf(taken.entries[r]!));
    assert.ok(taken.count > 3000, `${taken.count} logged`);
    assert.deepEqual(set, Array.from({ length: taken.count }, (_, r) => 20_000 - taken.count + r));
    assert.ok(internals.recent.length <= 16, `a log of ${internals.recent.length} kept`);
    // An edit's few entries: logged as before, and that short log kept for the next.
    cache.set(7, 9, findingOf(7, 9, 0));
    cache.set(3, 5, findingOf(3, 5, 0));
    const edit = cache.takeRecent();
    assert.deepEqual([edit.count, cache.slotAOf(edit.entries[0]!), cache.slotAOf(edit.entries[1]!)], [2, 7, 3]);
    assert.equal(internals.recent, edit.entries);
  });

  it('grows a full table to twice its live entries, not to the power of two past that', () => {
    const cache = new PairCache();
    const internals = cache as unknown as { slotA: Int32Array; buckets: Int32Array };
    for (let k = 0; k < 20_000; k++) cache.set(k, k + 1, findingOf(k, k + 1, k));
    // Full at 16, 32, ... 16,384 entries: each time twice that. Growing to the power of two past
    // twice the live entries went 16, 64, ... 16,384, 65,536: three times the entries held.
    assert.equal(internals.slotA.length, 32_768);
    assert.equal(internals.buckets.length, 32_768);
    // About half of them stale (each pair k, k + 1 with k % 4 = 0 or 3, but 19,999 and 20,000): a
    // pass leaves 9,999 holes, and the table is full again after 12,768 new pairs. The next one
    // compacts it, sized by the live entries alone (22,769: 45,538 entries, where the power of two
    // past twice that was 65,536).
    for (let k = 0; k < 20_000; k += 4) cache.invalidate(k);
    cache.forEachValid(() => {});
    assert.equal(cache.size, 10_001);
    for (let k = 0; k < 12_769; k++) cache.set(100_000 + k, 100_001 + k, findingOf(100_000 + k, 100_001 + k, k));
    assert.equal(cache.size, 22_770);
    assert.equal(internals.slotA.length, 45_538);
    let n = 0;
    cache.forEachValid(() => n++);
    assert.equal(n, cache.size);
  });

  it('keeps a noted diagnostic in place of its finding: the finding through it, until a set', () => {
    const cache = new PairCache();
    const f = findingOf(1, 2, 0.5);
    cache.set(1, 2, f);
    const e = cache.takeRecent().entries[0]!;
    assert.equal(cache.diagnosticOf(e), undefined);
    const d = FindingDiagnostic.make(f, 10, 12, 0, 2, 0, undefined);
    cache.note(e, d, 3);
    assert.equal(cache.diagnosticOf(e), d);
    assert.equal(cache.findingOf(e), f);
    assert.equal(cache.placementOf(e), 3);
    const seen: Finding[] = [];
    cache.forEachValid((_a, _b, entry) => seen.push(cache.findingOf(entry)));
    assert.deepEqual(seen, [f]);
    // A diagnostic noted for a relabeled finding makes that the entry's finding.
    const g = f.relabeled('t1', 't2', 4, 5);
    const moved = d.of(g);
    cache.note(e, moved, 3);
    assert.equal(cache.findingOf(e), g);
    // A new result of the pair forgets the diagnostic.
    const h = g.relabeled('u1', 'u2', 6, 7);
    cache.note(e, FindingDiagnostic.make(h, 10, 12, 0, 2, 0, undefined), 1);
    const k = findingOf(1, 2, 0.7);
    cache.set(1, 2, k);
    assert.equal(cache.findingOf(e), k);
    assert.equal(cache.diagnosticOf(e), undefined);
  });

  it('reserves versions for a whole scene at once, and still grows past them', () => {
    const cache = new PairCache();
    const internals = cache as unknown as { versions: Uint32Array };
    cache.reserve(1000);
    assert.equal(internals.versions.length, 1000);
    cache.set(998, 999, findingOf(998, 999, 0));
    cache.set(999, 1500, findingOf(999, 1500, 0));
    cache.invalidate(1500);
    assert.ok(internals.versions.length > 1500);
    const seen: number[][] = [];
    cache.forEachValid((a, b) => seen.push([a, b]));
    assert.deepEqual(seen, [[998, 999]]);
  });
});
