import type { AABB } from '../math/aabb';
import { growFloat64, growInt32 } from '../math/typed-array';
import type { BroadPhaseKind } from './broad-phase';
import { loadBox, ProxyMap } from './proxy-map';

/**
 * The reference broad phase: every pair tested, O(n²) (Ericson §7.1's starting point). Tests
 * compare the other broad phases with it, and for a few dozen boxes it is also the fastest.
 *
 * Proxies live densely in typed arrays (removal swaps the last one into the hole), so a query
 * is one linear pass over contiguous numbers; the id map is ProxyMap's.
 */
export class BruteForce extends ProxyMap {
  readonly kind: BroadPhaseKind = 'brute-force';
  private ids = new Int32Array(16);
  /** (minX, minY, maxX, maxY) per dense slot. */
  private boxes = new Float64Array(64);
  private count = 0;

  protected add(id: number, box: Float64Array): number {
    const slot = this.count++;
    this.boxes = growFloat64(this.boxes, 4 * (slot + 1));
    this.boxes.set(box, 4 * slot);
    this.ids = growInt32(this.ids, slot + 1);
    this.ids[slot] = id;
    return slot;
  }

  protected boxInto(slot: number, out: AABB): void {
    loadBox(this.boxes, 4 * slot, out);
  }

  protected update(slot: number, box: Float64Array): boolean {
    this.boxes.set(box, 4 * slot);
    return false;
  }

  /** The last proxy fills the hole, so the slots stay dense. */
  protected drop(slot: number): void {
    const last = --this.count;
    if (slot !== last) {
      const movedId = this.ids[last]!;
      this.ids[slot] = movedId;
      this.boxes.copyWithin(4 * slot, 4 * last, 4 * last + 4);
      this.slots.set(movedId, slot);
    }
  }

  protected reset(): void {
    this.count = 0;
  }

  protected queryBox(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (id: number) => boolean | void): void {
    const b = this.boxes;
    const ids = this.ids;
    for (let i = 0, n = this.count; i < n; i++) {
      const o = 4 * i;
      if (b[o]! <= qMaxX && qMinX <= b[o + 2]! && b[o + 1]! <= qMaxY && qMinY <= b[o + 3]!) {
        if (visit(ids[i]!) === false) return;
      }
    }
  }

  protected visitPairs(visit: (a: number, b: number) => void): void {
    const b = this.boxes;
    const ids = this.ids;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const o = 4 * i;
      const minX = b[o]!;
      const minY = b[o + 1]!;
      const maxX = b[o + 2]!;
      const maxY = b[o + 3]!;
      const idI = ids[i]!;
      for (let j = i + 1; j < n; j++) {
        const p = 4 * j;
        if (b[p]! <= maxX && minX <= b[p + 2]! && b[p + 1]! <= maxY && minY <= b[p + 3]!) {
          const idJ = ids[j]!;
          if (idI < idJ) visit(idI, idJ);
          else visit(idJ, idI);
        }
      }
    }
  }
}
