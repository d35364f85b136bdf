import type { AABB } from '../math/aabb';
// Types only: broad-phase.ts imports every kind, and every kind extends ProxyMap, so a value
// import from there would make ProxyMap's definition wait on the kinds that extend it.
import type { BroadPhase, BroadPhaseKind } from './broad-phase';
import { IdTable } from './id-table';

/** Coordinates saturate here so that perimeters, sums and cell arithmetic stay finite. */
export const MAX_COORDINATE = 1e300;

export const MAX_PROXY_ID = 0x7fffffff;

/** Throws a RangeError for an id the typed-array stores cannot hold. */
function checkProxyId(id: number): void {
  if (!(id >= 0 && id <= MAX_PROXY_ID && Math.floor(id) === id)) {
    throw new RangeError(`broad phase: proxy id ${id} is not an integer in [0, ${MAX_PROXY_ID}]`);
  }
}

/**
 * Copies `box` into `out[offset .. offset + 3]` as (minX, minY, maxX, maxY), saturated to
 * ±MAX_COORDINATE. Returns false (and writes nothing) for an empty box: a NaN or min > max.
 */
function storeBox(box: AABB, out: Float64Array, offset: number): boolean {
  let minX = box.minX;
  let minY = box.minY;
  let maxX = box.maxX;
  let maxY = box.maxY;
  // Written so that NaN fails the test: NaN compares false with everything.
  if (!(minX <= maxX && minY <= maxY)) return false;
  if (minX < -MAX_COORDINATE) minX = -MAX_COORDINATE;
  else if (minX > MAX_COORDINATE) minX = MAX_COORDINATE;
  if (minY < -MAX_COORDINATE) minY = -MAX_COORDINATE;
  else if (minY > MAX_COORDINATE) minY = MAX_COORDINATE;
  if (maxX < -MAX_COORDINATE) maxX = -MAX_COORDINATE;
  else if (maxX > MAX_COORDINATE) maxX = MAX_COORDINATE;
  if (maxY < -MAX_COORDINATE) maxY = -MAX_COORDINATE;
  else if (maxY > MAX_COORDINATE) maxY = MAX_COORDINATE;
  out[offset] = minX;
  out[offset + 1] = minY;
  out[offset + 2] = maxX;
  out[offset + 3] = maxY;
  return true;
}

/** Reads a box laid out as storeBox writes it (minX, minY, maxX, maxY from `offset`) into `out`. */
export function loadBox(packed: Float64Array, offset: number, out: AABB): void {
  out.minX = packed[offset]!;
  out.minY = packed[offset + 1]!;
  out.maxX = packed[offset + 2]!;
  out.maxY = packed[offset + 3]!;
}

/**
 * The bookkeeping every broad phase shares, so that each one's file holds only its algorithm:
 * the id → slot map and the BroadPhase contract's rules for it (ids checked, boxes copied and
 * saturated by storeBox, an id with an empty box stays registered with slot -1, insert is move,
 * a box turning empty leaves the structure but keeps the id). A slot is whatever handle the
 * subclass gives a proxy: a dense index, a sweep slot, a grid slot, a tree leaf.
 *
 * The queries' preamble is here too: query() rejects an empty query box and pairs() needs none,
 * and both bring deferred work up to date (`flush`) before the subclass's own loop, which is one
 * call away, so the inner loops have no added call or indirection.
 */
export abstract class ProxyMap implements BroadPhase {
  abstract readonly kind: BroadPhaseKind;
  /** id → the subclass's slot for it, or -1 for an id whose box is empty. */
  protected readonly slots = new IdTable();
  /** The box of the update in progress, as storeBox wrote it: (minX, minY, maxX, maxY). */
  protected readonly box = new Float64Array(4);

  get size(): number {
    return this.slots.size;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  boxOf(id: number, out: AABB): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined || slot < 0) return false;
    this.boxInto(slot, out);
    return true;
  }

  insert(id: number, box: AABB): void {
    this.move(id, box);
  }

  move(id: number, box: AABB): boolean {
    checkProxyId(id);
    const slot = this.slots.get(id);
    const b = this.box;
    const valid = storeBox(box, b, 0);
    if (slot === undefined || slot < 0) {
      if (!valid) {
        this.slots.set(id, -1);
        return false;
      }
      this.slots.set(id, this.add(id, b));
      return true;
    }
    if (!valid) {
      this.drop(slot);
      this.slots.set(id, -1);
      return true;
    }
    return this.update(slot, b);
  }

  remove(id: number): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    if (slot >= 0) this.drop(slot);
    this.slots.delete(id);
    return true;
  }

  clear(): void {
    this.slots.clear();
    this.reset();
  }

  reserve(count: number): void {
    if (!(count > 0)) return;
    const n = Math.min(Math.floor(count), MAX_PROXY_ID);
    this.slots.reserve(n);
    this.reserveSlots(n);
  }

  /** Sizes the subclass's per-proxy stores for `count` proxies (default: nothing to do). */
  protected reserveSlots(count: number): void {
    void count;
  }

  query(box: AABB, visit: (id: number) => boolean | void): void {
    const minX = box.minX;
    const minY = box.minY;
    const maxX = box.maxX;
    const maxY = box.maxY;
    // An empty box (NaN or min > max) overlaps nothing: written so that NaN fails the test.
    if (!(minX <= maxX && minY <= maxY)) return;
    this.flush();
    this.queryBox(minX, minY, maxX, maxY, visit);
  }

  pairs(visit: (a: number, b: number) => void): void {
    this.flush();
    this.visitPairs(visit);
  }

  /** Brings work the subclass defers (staged leaves, a pending layout or sort) up to date. */
  protected flush(): void {}

  /** query() for a non-empty box, after flush(). */
  protected abstract queryBox(minX: number, minY: number, maxX: number, maxY: number, visit: (id: number) => boolean | void): void;
  /** pairs(), after flush(). */
  protected abstract visitPairs(visit: (a: number, b: number) => void): void;

  /** Stores a new proxy with a non-empty box; returns its slot (>= 0). */
  protected abstract add(id: number, box: Float64Array): number;
  /**
   * Gives the proxy in `slot` a new non-empty box; true when the structure had to change (the
   * BroadPhase.move result).
   */
  protected abstract update(slot: number, box: Float64Array): boolean;
  /** Takes the proxy in `slot` out of the structure; a subclass that relocates another proxy's slot updates `slots` for it. */
  protected abstract drop(slot: number): void;
  /** Writes the box of the proxy in `slot` into `out`. */
  protected abstract boxInto(slot: number, out: AABB): void;
  /** Empties the structure (the id map is already clear). */
  protected abstract reset(): void;
}
