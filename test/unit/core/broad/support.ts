import fc from 'fast-check';
import type { AABB } from '../../../../core/math/aabb';
import type { BroadPhase } from '../../../../core/broad/broad-phase';

/** Boxes on a coarse integer lattice, so touching edges, shared corners and duplicates are common. */
export const latticeBox: fc.Arbitrary<AABB> = fc
  .tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));

/** Boxes with arbitrary doubles in a moderate range, of very different sizes. */
export const floatBox: fc.Arbitrary<AABB> = fc
  .tuple(
    fc.double({ min: -100, max: 100, noNaN: true }),
    fc.double({ min: -100, max: 100, noNaN: true }),
    fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 0, max: 150, noNaN: true })),
    fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 0, max: 150, noNaN: true })),
  )
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));

export const anyBox: fc.Arbitrary<AABB> = fc.oneof(latticeBox, floatBox);

export type Op =
  | { readonly op: 'insert' | 'move'; readonly id: number; readonly box: AABB }
  | { readonly op: 'remove'; readonly id: number }
  | { readonly op: 'check'; readonly box: AABB };

export function opArb(box: fc.Arbitrary<AABB>, maxId: number): fc.Arbitrary<Op> {
  const id = fc.integer({ min: 0, max: maxId });
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), id, box }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('move' as const), id, box }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), id }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('check' as const), box }) },
  );
}

export function overlaps(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

function valid(b: AABB): boolean {
  return b.minX <= b.maxX && b.minY <= b.maxY;
}

/** The model: what the broad phase should contain, and the answers computed from it directly. */
export class Model {
  readonly boxes = new Map<number, AABB>();
  apply(op: Op): void {
    if (op.op === 'remove') this.boxes.delete(op.id);
    else if (op.op !== 'check') this.boxes.set(op.id, { ...op.box });
  }
  pairs(): string[] {
    const entries = [...this.boxes].filter(([, b]) => valid(b));
    const out: string[] = [];
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [ia, a] = entries[i]!;
        const [ib, b] = entries[j]!;
        if (overlaps(a, b)) out.push(ia < ib ? `${ia},${ib}` : `${ib},${ia}`);
      }
    }
    return out.sort();
  }
  query(q: AABB): number[] {
    if (!valid(q)) return [];
    return [...this.boxes].filter(([, b]) => valid(b) && overlaps(b, q)).map(([id]) => id).sort((x, y) => x - y);
  }
}

export function apply(bp: BroadPhase, op: Op): void {
  if (op.op === 'insert') bp.insert(op.id, op.box);
  else if (op.op === 'move') bp.move(op.id, op.box);
  else if (op.op === 'remove') bp.remove(op.id);
}

/** All pairs as sorted "a,b" strings; fails on a pair reported twice or out of order. */
export function pairsOf(bp: BroadPhase): string[] {
  const out: string[] = [];
  bp.pairs((a, b) => {
    if (!(a < b)) throw new Error(`pair (${a}, ${b}) is not ordered a < b`);
    out.push(`${a},${b}`);
  });
  out.sort();
  for (let i = 1; i < out.length; i++) if (out[i] === out[i - 1]) throw new Error(`pair ${out[i]} reported twice`);
  return out;
}

export function queryOf(bp: BroadPhase, q: AABB): number[] {
  const out: number[] = [];
  bp.query(q, (id) => {
    out.push(id);
  });
  out.sort((x, y) => x - y);
  for (let i = 1; i < out.length; i++) if (out[i] === out[i - 1]) throw new Error(`id ${out[i]} visited twice`);
  return out;
}
