import type { AABB } from '../math/aabb';
import { type BroadPhase, type BroadPhaseKind, checkProxyId, growFloat64, growInt32, storeBox } from './broad-phase';

/**
 * The reference broad phase: every pair tested, O(n²) (Ericson §7.1's starting point). Tests
 * compare the other broad phases with it, and for a few dozen boxes it is also the fastest.
 *
 * Proxies live densely in typed arrays (removal swaps the last one into the hole), so a query
 * is one linear pass over contiguous numbers.
 */
export class BruteForce implements BroadPhase {
  readonly kind: BroadPhaseKind = 'brute-force';
  /** id → dense slot, or -1 for an id whose box is empty. */
  private readonly slots = new Map<number, number>();
  private ids = new Int32Array(16);
  /** (minX, minY, maxX, maxY) per slot. */
  private boxes = new Float64Array(64);
  private count = 0;

  get size(): number {
    return this.slots.size;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  insert(id: number, box: AABB): void {
    this.move(id, box);
  }

  move(id: number, box: AABB): boolean {
    checkProxyId(id);
    let slot = this.slots.get(id);
    if (slot === undefined || slot < 0) {
      slot = this.count;
      this.boxes = growFloat64(this.boxes, 4 * (slot + 1));
      if (!storeBox(box, this.boxes, 4 * slot)) {
        this.slots.set(id, -1);
        return false;
      }
      this.ids = growInt32(this.ids, slot + 1);
      this.ids[slot] = id;
      this.count++;
      this.slots.set(id, slot);
      return true;
    }
    if (!storeBox(box, this.boxes, 4 * slot)) {
      this.removeSlot(slot);
      this.slots.set(id, -1);
      return true;
    }
    return false;
  }

  remove(id: number): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    if (slot >= 0) this.removeSlot(slot);
    this.slots.delete(id);
    return true;
  }

  private removeSlot(slot: number): void {
    const last = --this.count;
    if (slot !== last) {
      const movedId = this.ids[last]!;
      this.ids[slot] = movedId;
      this.boxes.copyWithin(4 * slot, 4 * last, 4 * last + 4);
      this.slots.set(movedId, slot);
    }
  }

  query(box: AABB, visit: (id: number) => boolean | void): void {
    const qMinX = box.minX;
    const qMinY = box.minY;
    const qMaxX = box.maxX;
    const qMaxY = box.maxY;
    if (!(qMinX <= qMaxX && qMinY <= qMaxY)) return;
    const b = this.boxes;
    const ids = this.ids;
    for (let i = 0, n = this.count; i < n; i++) {
      const o = 4 * i;
      if (b[o]! <= qMaxX && qMinX <= b[o + 2]! && b[o + 1]! <= qMaxY && qMinY <= b[o + 3]!) {
        if (visit(ids[i]!) === false) return;
      }
    }
  }

  pairs(visit: (a: number, b: number) => void): void {
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

  clear(): void {
    this.slots.clear();
    this.count = 0;
  }
}
