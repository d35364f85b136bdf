import type { AABB } from '../math/aabb';
import { BruteForce } from './brute-force';
import { DynamicTree } from './dynamic-tree';
import { LooseGrid } from './loose-grid';
import { SortAndSweep } from './sort-and-sweep';

// The id and box rules of the contract live with ProxyMap, which enforces them for every kind.
export { MAX_COORDINATE, MAX_PROXY_ID } from './proxy-map';

/**
 * The broad phase: which of many axis-aligned boxes overlap, without testing every pair
 * (Ericson, "Real-Time Collision Detection", ch. 7; Catto, Box2D's b2DynamicTree / b2BroadPhase).
 *
 * Contract shared by every implementation:
 * - A proxy is a caller-chosen id (an integer in [0, 2^31 - 1], e.g. a body or part index) with
 *   one box. Ids are unique: `insert` with an id already present replaces its box (as `move`).
 * - Boxes are closed: touching boxes (a shared edge or corner, or a zero-size box on another's
 *   boundary) overlap. This matches `aabbOverlaps` and the scene language, where touching is
 *   contact that the narrow phase then classifies.
 * - Answers are exact for the boxes given: implementations that keep enlarged ("fat") boxes
 *   internally, like the dynamic tree, still report only pairs whose given boxes overlap, so
 *   every kind returns the same set and the caller never re-tests boxes.
 * - Bad geometry never throws: a box with a NaN coordinate or min > max is empty (it overlaps
 *   nothing, not even itself) but its id stays registered; coordinates beyond ±MAX_COORDINATE,
 *   infinities included, saturate there. An id outside the range is a programming error and
 *   throws a RangeError.
 * - The box passed in is copied; the caller may reuse its object.
 * - Callbacks must not insert, move or remove proxies of the broad phase they are called from.
 *   Nested `query` calls from inside a callback are allowed.
 */
export interface BroadPhase {
  readonly kind: BroadPhaseKind;
  /** Number of registered ids (empty boxes included). */
  readonly size: number;
  /** Adds `id` with `box`, or replaces the box of an existing `id`. */
  insert(id: number, box: AABB): void;
  /** Removes `id`; false when it was not present. */
  remove(id: number): boolean;
  /**
   * Gives `id` a new box (inserting it if absent). Returns true when the internal structure had
   * to change (tree re-insertion, reordering of the sweep list, a different grid cell) and false
   * when only the stored box was updated, as Box2D's MoveProxy does; callers may ignore it.
   */
  move(id: number, box: AABB): boolean;
  has(id: number): boolean;
  /**
   * Writes the box of `id` as stored (saturated to ±MAX_COORDINATE) into `out`; false, and
   * nothing written, when `id` is absent or its box is empty. Querying with it finds the same
   * ids as `pairs` pairs `id` with, so a caller need not keep its own copy of the boxes.
   */
  boxOf(id: number, out: AABB): boolean;
  /** Visits each id whose box overlaps `box`, once, in no particular order; `false` stops. */
  query(box: AABB, visit: (id: number) => boolean | void): void;
  /** Visits each unordered overlapping pair once, with `a < b`, in no particular order. */
  pairs(visit: (a: number, b: number) => void): void;
  clear(): void;
  /**
   * Makes room for `count` proxies with ids below `count` before they are inserted, so that the
   * stores are sized once rather than grown by doubling (a hint: inserting more is fine).
   */
  reserve(count: number): void;
}

export type BroadPhaseKind = 'dynamic-tree' | 'sort-and-sweep' | 'grid' | 'brute-force';

export const BROAD_PHASE_KINDS: readonly BroadPhaseKind[] = ['dynamic-tree', 'sort-and-sweep', 'grid', 'brute-force'];

export function isBroadPhaseKind(value: unknown): value is BroadPhaseKind {
  return typeof value === 'string' && (BROAD_PHASE_KINDS as readonly string[]).includes(value);
}

export function createBroadPhase(kind: BroadPhaseKind): BroadPhase {
  switch (kind) {
    case 'dynamic-tree':
      return new DynamicTree();
    case 'sort-and-sweep':
      return new SortAndSweep();
    case 'grid':
      return new LooseGrid();
    case 'brute-force':
      return new BruteForce();
  }
}
