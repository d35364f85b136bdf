import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BROAD_PHASE_KINDS, createBroadPhase, type BroadPhaseKind } from '../../../../core/broad/broad-phase';
import { DynamicTree } from '../../../../core/broad/dynamic-tree';
import { sortIndicesByKey } from '../../../../core/broad/index-sort';
import { anyBox, apply, floatBox, latticeBox, Model, opArb, pairsOf, queryOf } from './support';

const KINDS: readonly BroadPhaseKind[] = BROAD_PHASE_KINDS.filter((k) => k !== 'brute-force');
/** The largest id the random sequences use: every id up to it is probed with boxOf. */
const MAX_ID = 24;

/** Applies `op` to the broad phase and the model; at a 'check', their pairs and query answers must agree. */
function step(bp: ReturnType<typeof createBroadPhase>, model: Model, op: Parameters<typeof apply>[1]): void {
  apply(bp, op);
  model.apply(op);
  if (op.op === 'check') {
    assert.deepEqual(pairsOf(bp), model.pairs());
    assert.deepEqual(queryOf(bp, op.box), model.query(op.box));
  }
}

describe('core/broad: every broad phase agrees with brute force', () => {
  for (const kind of BROAD_PHASE_KINDS) {
    it(`${kind}: random insert/move/remove sequences give the model's pairs and query answers`, () => {
      fc.assert(
        fc.property(fc.array(opArb(anyBox, MAX_ID), { maxLength: 80 }), fc.array(anyBox, { minLength: 1, maxLength: 4 }), (ops, queries) => {
          const bp = createBroadPhase(kind);
          const model = new Model();
          for (const op of ops) step(bp, model, op);
          assert.equal(bp.size, model.boxes.size);
          assert.deepEqual(pairsOf(bp), model.pairs());
          for (const q of queries) assert.deepEqual(queryOf(bp, q), model.query(q));
          // Every id's stored box is the one it was last given (these are finite and valid).
          const out = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN };
          for (let id = 0; id <= MAX_ID; id++) {
            const want = model.boxes.get(id);
            assert.equal(bp.boxOf(id, out), want !== undefined, `boxOf(${id})`);
            if (want !== undefined) assert.deepEqual(out, want, `boxOf(${id})`);
          }
          if (bp instanceof DynamicTree) assert.equal(bp.validate(), null);
        }),
        { numRuns: 250 },
      );
    });
  }

  for (const kind of KINDS) {
    it(`${kind}: small dense ids with now and then a far one (the grid's slots stop being ids), clears included`, () => {
      // The loose grid gives a small id the slot of that number, and numbers slots itself from
      // the first id far past its columns on: both, and the switch mid-sequence, against the model.
      const FAR = [5_000, 70_000, 0x7fffffff];
      const id = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 40 }) }, { weight: 1, arbitrary: fc.constantFrom(...FAR) });
      const op = fc.oneof(
        { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), id, box: anyBox }) },
        { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), id, box: anyBox }) },
        { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), id }) },
        { weight: 1, arbitrary: fc.record({ op: fc.constant('check' as const), box: anyBox }) },
        { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
      );
      fc.assert(
        fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
          const bp = createBroadPhase(kind);
          let model = new Model();
          for (const o of ops) {
            if (o.op === 'clear') {
              bp.clear();
              model = new Model();
              continue;
            }
            step(bp, model, o);
          }
          assert.equal(bp.size, model.boxes.size);
          assert.deepEqual(pairsOf(bp), model.pairs());
          const out = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN };
          for (const i of [...Array(41).keys(), ...FAR]) {
            const want = model.boxes.get(i);
            assert.equal(bp.boxOf(i, out), want !== undefined, `boxOf(${i})`);
            if (want !== undefined) assert.deepEqual(out, want, `boxOf(${i})`);
          }
          if (bp instanceof DynamicTree) assert.equal(bp.validate(), null);
        }),
        { numRuns: 150 },
      );
    });

    it(`${kind}: a scene built at once, then moved a little at a time, matches brute force`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.oneof(latticeBox, floatBox), { minLength: 1, maxLength: 150 }),
          fc.array(fc.tuple(fc.nat(), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })), { maxLength: 40 }),
          (boxes, moves) => {
            const bp = createBroadPhase(kind);
            const ref = createBroadPhase('brute-force');
            boxes.forEach((b, i) => {
              bp.insert(i, b);
              ref.insert(i, b);
            });
            assert.deepEqual(pairsOf(bp), pairsOf(ref));
            const current = boxes.map((b) => ({ ...b }));
            for (const [k, dx, dy] of moves) {
              const i = k % current.length;
              const b = current[i]!;
              current[i] = { minX: b.minX + dx, minY: b.minY + dy, maxX: b.maxX + dx, maxY: b.maxY + dy };
              bp.move(i, current[i]!);
              ref.move(i, current[i]!);
              assert.deepEqual(queryOf(bp, current[i]!), queryOf(ref, current[i]!));
            }
            assert.deepEqual(pairsOf(bp), pairsOf(ref));
            if (bp instanceof DynamicTree) assert.equal(bp.validate(), null);
          },
        ),
        { numRuns: 120 },
      );
    });
  }

  it('index sort orders any keys, duplicates included', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true })), { maxLength: 300 }), (values) => {
        const keys = Float64Array.from(values);
        const index = Int32Array.from(values.map((_, i) => i));
        sortIndicesByKey(index, 0, index.length, keys);
        // The sort is not stable and −0 equals 0 as a key: the two may come in either order.
        const key = (v: number) => (v === 0 ? 0 : v);
        const sorted = [...index].map((i) => key(keys[i]!));
        assert.deepEqual(sorted, [...keys].sort((a, b) => a - b).map(key));
        assert.deepEqual([...index].sort((a, b) => a - b), values.map((_, i) => i));
      }),
      { numRuns: 300 },
    );
  });
});
