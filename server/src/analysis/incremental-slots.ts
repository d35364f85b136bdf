// Incremental analysis, first layer: the slots. Each body identity (its name) owns a slot: its
// proxy in the broad phase kept between runs and its index in the pair cache, with per-slot
// columns in typed arrays. `update` diffs a new scene against the slots and marks what must be
// tested again. The layers above: incremental-order.ts, incremental-assembly.ts, incremental.ts.
import { createBroadPhase, resized } from '../../../core';
import type { AABB, BroadPhase, BroadPhaseKind } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';
import { DEFAULT_BROAD_PHASE } from './analyze';
import { bodyBounds } from './body-bounds';
import { sameBodyContent, sameSceneSettings } from './body-content';
import type { RunStats } from './incremental';
import { NameSlots } from './name-slots';
import { MAX_SLOTS, PairCache } from './pair-cache';

export abstract class SlotTable {
  protected broad: BroadPhase | null = null;

  protected kind: BroadPhaseKind = DEFAULT_BROAD_PHASE;

  protected continuous = true;

  /** The scene whose settings the state was built under (null: nothing built). */
  protected settings: Scene | null = null;

  /**
   * Identity → slot. A name's first occurrence is filed under the name, read back from the slot's
   * body (name-slots.ts); the k-th repetition of a name (an error, so rare) under `name\0k` in
   * a Map, with the key of each such slot for its removal.
   */
  protected readonly slotByName = new NameSlots((slot) => this.bodyOf(slot).name);

  protected readonly slotByRepeat = new Map<string, number>();

  protected readonly repeatKeyOf = new Map<number, string>();

  protected freeSlots: number[] = [];

  protected slotCount = 0;

  /**
   * Per slot: the diff stamp of the last update that saw it, and its PENDING / TESTED state. Its
   * box is the broad phase's (boxOf), not copied here. A byte each: every
   * live slot carries the stamp of the last completed update (an update that throws resets all),
   * so stamps need only differ from one update to the next. 0 (never a stamp) marks a free slot.
   */
  protected seen = new Uint8Array(64);

  protected pending = new Uint8Array(64);

  protected readonly cache = new PairCache();

  /** Per slot: the current declaration index of its body, and what changed since the last output (SLOT_* flags). */
  protected slotIndex = new Int32Array(64);

  protected slotFlags = new Uint8Array(64);

  /**
   * Whether a body's declaration index changed since `order` was last sorted (orderEntries):
   * until one does, the order's keys stand and fresh entries are placed by binary search.
   */
  protected indicesMoved = true;

  /** Whether the last update took the front end's shifted copies as they were (its `fast` path). */
  protected lastUpdateShifted = false;

  /** Set by `update` when a static body was added, removed or changed, or on a full run. */
  protected staticsTouched = true;

  protected diffStamp = 0;
  /** Scratch for a body's box, reused: no allocation per query. */
  protected readonly box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  /** The scene of the last update, and the slot of each of its bodies (by index). */
  protected lastScene: Scene | null = null;

  /** The scene `update` is bringing in (after it, the same as lastScene): see bodyOf. */
  protected nextScene: Scene | null = null;

  protected slotOfIndex = new Int32Array(0);

  /**
   * The table before `slotOfIndex`, which the next update writes into, so that an edit
   * makes no off-heap garbage.
   */
  protected spareSlotOfIndex = new Int32Array(0);

  /** Forgets the slots and the broad phase (the run number stays: see IncrementalAnalyzer.reset). */
  protected clearState(): void {
    this.broad?.clear();
    this.broad = null;
    this.settings = null;
    this.slotByName.clear();
    this.slotByRepeat.clear();
    this.repeatKeyOf.clear();
    this.freeSlots = [];
    this.slotCount = 0;
    this.seen = new Uint8Array(64);
    this.pending = new Uint8Array(64);
    this.cache.clear();
    this.slotIndex = new Int32Array(64);
    this.slotFlags = new Uint8Array(64);
    this.indicesMoved = true;
    this.lastUpdateShifted = false;
    this.lastScene = null;
    this.nextScene = null;
    this.slotOfIndex = new Int32Array(0);
    this.spareSlotOfIndex = new Int32Array(0);
  }

  /**
   * Brings the broad phase and the slots up to date with `scene` and marks what must be tested
   * again. Synchronous: the state is consistent before and after, never in between.
   */
  protected update(
    scene: Scene,
    continuous: boolean,
    kind: BroadPhaseKind,
    reused?: Int32Array,
    previousScene?: Scene,
  ): Omit<RunStats, 'bodies' | 'testedPairs' | 'findings' | 'inPlace'> {
    const full =
      this.broad === null ||
      this.settings === null ||
      kind !== this.kind ||
      continuous !== this.continuous ||
      !sameSceneSettings(this.settings, scene);
    if (full) {
      // Not reset(): that would abandon the run that asked for it.
      this.clearState();
      this.broad = createBroadPhase(kind);
      // Sized to the scene, with room for a few added bodies: doubling from 64 would leave up
      // to half of every per-slot column unused, and the copies made on the way would stay in the
      // server's resident size.
      const n = scene.bodies.length;
      this.growSlots(n + (n >> 5), true);
      this.broad.reserve(n + (n >> 5));
      this.slotByName.reserve(n);
      this.cache.reserve(n + (n >> 5));
    }
    this.kind = kind;
    this.continuous = continuous;
    this.settings = scene;
    const broad = this.broad!;

    const stamp = (this.diffStamp = (this.diffStamp % 255) + 1);
    // From here a slot seen by this update finds its body in `scene`, the others theirs in the
    // previous one (bodyOf), until the removals below are done.
    this.nextScene = scene;
    let added = 0;
    let changed = 0;
    let removed = 0;
    let repeats: Map<string, number> | undefined;
    // Whether a static body came, went or changed (ghost-bump.ts: the seams are made again then).
    this.staticsTouched = full;
    // The front end says which bodies are shifted copies of the scene this state was last
    // updated with: those keep their slot and need no comparison (statement-window.ts).
    const fast = !full && reused !== undefined && previousScene !== undefined && previousScene === this.lastScene;
    this.lastUpdateShifted = fast;
    const previousSlots = this.slotOfIndex;
    let keptInWindow = false;
    // Written for every body below before it is read (reads stop at the bodies' count).
    const n = scene.bodies.length;
    const slotOfIndex = this.spareSlotOfIndex.length >= n ? this.spareSlotOfIndex : new Int32Array(n + (n >> 3));
    for (let k = 0; k < scene.bodies.length; k++) {
      const body = scene.bodies[k]!;
      const from = fast ? reused![k]! : -1;
      let slot: number;
      if (from >= 0) {
        slot = previousSlots[from]!;
        // A shifted copy (statement-window.ts: same name, motion and part shapes), so its
        // findings' messages still hold: only ranges and the index may have moved. After an
        // edit that kept the length, neither did if the index stayed, and the copy is the very
        // body the slot holds (shiftBody): assign notes nothing, and assemble passes its findings
        // and their diagnostics without reading them.
        this.assign(slot, body, k, true);
      } else {
        // In the fast path a body of the window, whose name is unique in the file (the front end
        // checked): it is never taken for a repetition below.
        let repeatKey: string | null = null;
        slot = this.slotByName.get(body.name);
        if (slot >= 0 && this.seen[slot] === stamp) {
          // A repeated name (already an error): its k-th repetition is the identity `name` + k,
          // counted per run so that a thousand copies of one line cost a thousand lookups.
          repeats ??= new Map();
          const k = (repeats.get(body.name) ?? 0) + 1;
          repeats.set(body.name, k);
          repeatKey = `${body.name}\u0000${k}`;
          slot = this.slotByRepeat.get(repeatKey) ?? -1;
        }
        if (slot < 0) {
          slot = this.allocate(k, repeatKey, stamp);
          if (body.isStatic) this.staticsTouched = true;
          this.place(broad, scene, slot, body);
          added++;
        } else if (!sameBodyContent(this.bodyOf(slot), body)) {
          if (body.isStatic || this.bodyOf(slot).isStatic) this.staticsTouched = true;
          this.place(broad, scene, slot, body);
          changed++;
        } else {
          this.assign(slot, body, k, false);
          if (fast) {
            // Unchanged but re-evaluated: it may have changed places with another window body.
            this.slotFlags[slot]! |= SLOT_WINDOW;
            keptInWindow = true;
          }
        }
      }
      if (this.slotIndex[slot] !== k) this.indicesMoved = true;
      this.slotIndex[slot] = k;
      this.seen[slot] = stamp;
      slotOfIndex[k] = slot;
    }
    this.spareSlotOfIndex = previousSlots;
    this.slotOfIndex = slotOfIndex;
    for (let slot = 0; slot < this.slotCount; slot++) {
      const seen = this.seen[slot];
      if (seen === 0 || seen === stamp) continue;
      // Not seen: bodyOf reads its body in the previous scene, which lastScene still is (and the
      // name table's deletion below reads through it too).
      const old = this.bodyOf(slot);
      if (old.isStatic) this.staticsTouched = true;
      broad.remove(slot);
      this.cache.invalidate(slot);
      const repeatKey = this.repeatKeyOf.size === 0 ? undefined : this.repeatKeyOf.get(slot);
      if (repeatKey === undefined) {
        this.slotByName.delete(old.name);
      } else {
        this.slotByRepeat.delete(repeatKey);
        this.repeatKeyOf.delete(slot);
      }
      this.seen[slot] = 0;
      this.pending[slot] = 0;
      this.freeSlots.push(slot);
      removed++;
    }
    this.lastScene = scene;
    // A cached result names as `a` the body declared first when it was tested; if two unchanged
    // bodies have since swapped places in the file, that pair is tested again.
    let reordered = 0;
    // In the fast path the copies keep their order: only an unchanged window body can have
    // changed places with another.
    if (!fast || keptInWindow) this.cache.forEachValid((slotA, slotB) => {
      if (this.slotIndex[slotA]! > this.slotIndex[slotB]!) {
        this.markPending(slotA);
        reordered++;
      }
    });
    return { mode: full ? 'full' : 'incremental', added, removed, changed, reordered };
  }

  /**
   * The body in a live slot: the one at the slot's index in the scene of the update that last saw
   * it. No per-slot list of bodies (a third 100k-pointer array beside scene.bodies and the
   * definitions, which share one): between updates every live slot carries the last stamp and
   * its index in that scene; during one (`update`), a slot it has seen already has its index in
   * the scene coming in, the others theirs in the previous one.
   */
  protected bodyOf(slot: number): SceneBody {
    return (this.seen[slot] === this.diffStamp ? this.nextScene : this.lastScene)!.bodies[this.slotIndex[slot]!]!;
  }

  /**
   * Notes what changed for a slot that was already in the broad phase and is given the body of
   * this run at `index` (the update then files the index, and with it the body: bodyOf).
   */
  protected assign(slot: number, body: SceneBody, index: number, labelKept: boolean): void {
    const old = this.bodyOf(slot);
    if (old === body) return;
    let changed = SLOT_MOVED;
    if (!labelKept && !sameLabel(old, body)) changed |= SLOT_RELABELED;
    if (this.slotIndex[slot] !== index) changed |= SLOT_REINDEXED;
    this.slotFlags[slot]! |= changed;
  }

  /**
   * A free slot for the body at `index` of the scene coming in, seen by this update (`stamp`),
   * filed under its name, or under `repeatKey` for a repeated name.
   */
  protected allocate(index: number, repeatKey: string | null, stamp: number): number {
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.slotCount++;
      if (slot >= MAX_SLOTS) throw new RangeError(`incremental analysis: more than ${MAX_SLOTS} bodies`);
      if (slot >= this.seen.length) this.growSlots(slot + 1);
    }
    // The name is read back through bodyOf below.
    if (this.slotIndex[slot] !== index) this.indicesMoved = true;
    this.slotIndex[slot] = index;
    this.seen[slot] = stamp;
    if (repeatKey === null) {
      this.slotByName.add(slot);
    } else {
      const own = detach(repeatKey);
      this.slotByRepeat.set(own, slot);
      this.repeatKeyOf.set(slot, own);
    }
    return slot;
  }

  /** Gives the slot its body's box (the update files the body: bodyOf), and marks it pending. */
  protected place(broad: BroadPhase, scene: Scene, slot: number, body: SceneBody): void {
    this.slotFlags[slot] = SLOT_MOVED | SLOT_RELABELED | SLOT_REINDEXED;
    broad.move(slot, bodyBounds(scene, body, this.box));
    this.markPending(slot);
  }

  protected markPending(slot: number): void {
    this.cache.invalidate(slot);
    this.pending[slot] = PENDING;
  }

  /** Room for `needed` slots: exactly that many when `exact`, else by doubling. */
  protected growSlots(needed: number, exact = false): void {
    // Doubling from at least 16, as core's growInt32: never stuck at an empty array.
    let n = Math.max(16, this.seen.length);
    if (exact) n = Math.max(16, needed);
    while (n < needed) n *= 2;
    if (n <= this.seen.length) return;
    this.seen = resized(this.seen, n);
    this.pending = resized(this.pending, n);
    this.slotIndex = resized(this.slotIndex, n);
    this.slotFlags = resized(this.slotFlags, n);
  }
}

/**
 * A copy of `s` that shares no memory with the string it came from. V8 represents a substring
 * of 13 or more characters as a view into its parent, so a body name kept in the cache would keep
 * that whole version of the document alive, one old text per edit. Concatenation then slicing
 * flattens into a fresh string first.
 */
export function detach(s: string): string {
  // Shorter substrings are copies already.
  return s.length < 13 ? s : (s + '\u0000').slice(0, -1);
}

/** Slot states (`pending`): pairs to test again; all pairs tested by the run in progress. */
export const PENDING = 1;
export const TESTED = 2;

/** Slot flags: what happened to a slot's body since the last output (`assemble`). */
/** Another object: its name's range may have moved. */
export const SLOT_MOVED = 1;
/** Perhaps another label (name, motion, bullet, parts): its findings' messages are made again. */
export const SLOT_RELABELED = 2;
/** Perhaps another declaration index: its findings are relabeled. */
export const SLOT_REINDEXED = 4;
/** Evaluated again in the front end's window (not a shifted copy): its findings are not carried over. */
export const SLOT_WINDOW = 8;
/** Named on a line the edit touched: its findings' places there are at other characters. */
export const SLOT_TOUCHED = 16;

/**
 * The length of a per-entry, per-finding or per-slot column of the analyzer that must hold
 * `n`: an eighth more, not double, since a column is kept for as long as the document stays
 * open; growth by a constant factor still copies each element O(1) times in amortized
 * terms (Cormen et al., "Introduction to Algorithms" §17.4), and edits add entries a few at a
 * time.
 */
export function slack(n: number): number {
  return Math.max(64, n + (n >> 3));
}

/** Whether two versions of a body give its findings the same message (all but the place). */
function sameLabel(x: SceneBody, y: SceneBody): boolean {
  if (x.name !== y.name || !Object.is(x.vx, y.vx) || !Object.is(x.vy, y.vy) || x.spin !== y.spin || x.isBullet !== y.isBullet) return false;
  if (x.partCount !== y.partCount) return false;
  for (let k = 0; k < x.partCount; k++) if (x.partShape(k) !== y.partShape(k)) return false;
  return true;
}
