import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/**
 * Gives memory back once the server has gone quiet: the young generation's, and the garbage of
 * the whole heap once it has grown.
 *
 * V8 grows its nursery (the semi-spaces where new objects are allocated) while a large document
 * is analyzed, and both semi-spaces stay committed and resident afterwards. V8 shrinks the
 * nursery after a young-generation collection that finds the allocation rate low
 * (Heap::ReduceNewSpaceSize), but an idle server allocates nothing, so no collection comes, and
 * the memory reducer that should start one cannot be relied on. So when the server has neither
 * read nor written a message for IDLE_DELAY_MS, this asks for one young-generation collection (a
 * scavenge of a nursery that is mostly garbage by then), and checks that the nursery shrank: the
 * first may still see the rate of the burst before the pause, in which case a second follows
 * after another delay, and at most MAX_ATTEMPTS in all. Any message re-arms the wait, and nothing
 * is collected while the server is busy.
 *
 * The collection is V8's own `gc` function with its `type: 'minor'` option. Node exposes it only
 * under --expose-gc, which a `collide lsp` started by any editor cannot be assumed to have, so
 * the flag is set for the moment a new context is made to take the function from, and set back
 * at once (V8 installs `gc` only in contexts made while the flag is on, so no other context of
 * the process gets one). Where that fails (another engine, a V8 that rejects the option),
 * nothing is collected and nothing else changes.
 *
 * Then, if the heap has grown by FULL_GROWTH_BYTES since the last time, the whole heap is
 * collected once. Large objects (the text of a document, its JSON message, big arrays) are
 * collected only by a full collection, and whether V8 runs one after a large document's opening
 * is down to timing. It is done once per growth, not per quiet period, since a message arriving
 * meanwhile waits for it.
 *
 * Before collecting, the quiet server does its idle work (`work`: main.ts compresses the kept
 * publications, lsp/encode/chunk-store.ts) in slices of at most SLICE_MS, each a separate turn of
 * the event loop (`defer`), so that a message arriving meanwhile waits for one slice at most.
 * Each slice starts only if the server is still quiet: a message read or written stops the work
 * where it is, and the next quiet period takes it up again (compressed chunks stay compressed).
 * The collection comes after the work, so that it also takes the work's garbage.
 */
export class IdleMemory {
  private lastActivity = 0;
  private timer: Timer | undefined;
  private attempts = MAX_ATTEMPTS;
  private collector: Collector | null | undefined;
  private disposed = false;

  constructor(
    private readonly options: {
      /** What collects (default: V8's collections, `v8Collector`). */
      readonly collector?: () => Collector | null;
      readonly delayMs?: number;
      /** The clock, in ms (default: performance.now). */
      readonly now?: () => number;
      /** Runs `fn` after `ms` (default: an unref'd setTimeout, never what keeps the process alive). */
      readonly schedule?: (fn: () => void, ms: number) => Timer;
      /** What the quiet server does before collecting. */
      readonly work?: IdleWork;
      /** Runs `fn` in a later turn of the event loop, after pending I/O (default: setImmediate). */
      readonly defer?: (fn: () => void) => Timer;
    } = {},
  ) {}

  /** Whether the work is done for this quiet period. */
  private worked = false;

  /**
   * The heap's used bytes after the last full collection asked for here, or less where a quiet
   * period since found the heap smaller (collectAllIfGrown).
   */
  private usedAfterFull = 0;

  /** A message was read or written: the quiet period starts again. Cheap: one clock read, and a timer only when none is set. */
  touch(): void {
    if (this.disposed) return;
    this.lastActivity = this.now();
    this.attempts = MAX_ATTEMPTS;
    this.worked = false;
    if (this.timer === undefined) this.arm(this.delay());
  }

  /** Stops waiting (the server is going away). */
  dispose(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.disposed = true;
  }

  private delay(): number {
    return this.options.delayMs ?? IDLE_DELAY_MS;
  }

  private now(): number {
    return this.options.now !== undefined ? this.options.now() : performance.now();
  }

  private arm(ms: number): void {
    this.timer = (this.options.schedule ?? unrefTimeout)(() => this.fire(), ms);
  }

  private fire(): void {
    this.timer = undefined;
    const quiet = this.now() - this.lastActivity;
    if (quiet < this.delay()) {
      this.arm(this.delay() - quiet);
      return;
    }
    if (this.collector === undefined) this.collector = (this.options.collector ?? v8Collector)();
    const work = this.options.work;
    if (work !== undefined && !this.worked) {
      const start = this.now();
      const state = work.step(() => this.now() - start >= SLICE_MS);
      if (state === 'more') {
        // The slice's garbage collected before the next slice makes more: node:zlib's output
        // buffers are C-heap blocks freed only with their young wrappers, and many at once grow
        // a heap that keeps them.
        this.collector?.collect();
        // The next slice in a later turn, after whatever I/O came meanwhile (whose touch() makes
        // this quiet check fail and the wait start over).
        this.timer = (this.options.defer ?? nextTurn)(() => this.fire());
        return;
      }
      if (state === 'wait') {
        // Cannot go on now (a write still in progress): again after another delay.
        this.lastActivity = this.now();
        this.arm(this.delay());
        return;
      }
      this.worked = true;
    }
    if (this.collector === null) {
      // Nothing to collect with, now or later: stop listening, unless there is work to do in
      // the next quiet period.
      if (work === undefined) this.disposed = true;
      return;
    }
    this.attempts--;
    if (!this.collector.collect() && this.attempts > 0) {
      // Not shrunk yet: the rate V8 saw still included the burst. Once more after another delay,
      // counted from now (no message came, or touch() would have reset the count).
      this.lastActivity = this.now();
      this.arm(this.delay());
      return;
    }
    this.collectAllIfGrown(this.collector);
  }

  /**
   * The whole heap collected, once the nursery is done, when it has grown by FULL_GROWTH_BYTES
   * since the last time (see the class comment): after a large document is opened, or many
   * edits later, not in every quiet period. A heap found smaller than that baseline (V8 collected
   * the whole heap itself, after a large document was closed) becomes the baseline: counted from
   * the larger one, the next large document's garbage could stay uncollected.
   */
  private collectAllIfGrown(collector: Collector): void {
    if (collector.collectAll === undefined || collector.usedBytes === undefined) return;
    const used = collector.usedBytes();
    if (used - this.usedAfterFull < FULL_GROWTH_BYTES) {
      this.usedAfterFull = Math.min(this.usedAfterFull, used);
      return;
    }
    collector.collectAll();
    this.usedAfterFull = collector.usedBytes();
  }
}

/** A scheduled call, which may be canceled. */
export interface Timer {
  cancel(): void;
}

/**
 * Idle work, done a slice at a time: `step` works while `shouldYield` is false and says how it
 * stands: 'done', 'more' (call again in the next slice), or 'wait' (nothing can be done now:
 * try after another quiet delay).
 */
export interface IdleWork {
  step(shouldYield: () => boolean): 'done' | 'more' | 'wait';
}

/**
 * setImmediate, referenced: with only unreferenced immediates pending, libuv's poll waits for
 * I/O with no timeout (Node's immediate idle handle is started for referenced ones only), and
 * the next slice would wait for the next message. A pending slice keeps the process alive for
 * one turn at most.
 */
function nextTurn(fn: () => void): Timer {
  const t = setImmediate(fn);
  return { cancel: () => clearImmediate(t) };
}

function unrefTimeout(fn: () => void, ms: number): Timer {
  const t = setTimeout(fn, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
}

/** What IdleMemory calls when the server is quiet. */
export interface Collector {
  /** Collects the young generation; true when nothing more is to be gained by collecting again. */
  collect(): boolean;
  /** Collects the whole heap (absent: never). */
  collectAll?(): void;
  /** The heap's used bytes: live objects, and garbage not yet collected (absent: never full). */
  usedBytes?(): number;
}

/** How long without a message before the nursery is collected (V8 judges the allocation rate over 5 s). */
export const IDLE_DELAY_MS = 6000;

/**
 * The longest slice of idle work, in ms: what a message arriving during it may wait. Small
 * against an edit's own time, and long enough that a large compression is tens of slices, not
 * hundreds of turns.
 */
export const SLICE_MS = 5;

/** Collections per quiet period at most. */
const MAX_ATTEMPTS = 3;

/** Nursery capacity (both semi-spaces) at or below which it counts as shrunk: V8's initial size is 1 MB a semi-space. */
const SHRUNK_BYTES = 4 * 1024 * 1024;

/**
 * Growth of the heap's used bytes since the last full collection asked for here that makes the
 * next quiet period collect the whole heap: the opening of a large document leaves that much
 * large garbage; a small document never gets here.
 */
export const FULL_GROWTH_BYTES = 32 * 1024 * 1024;

/**
 * V8's collections, or null where they cannot be had: `collect` is a young-generation collection
 * and reports whether the nursery is down to its small size afterwards; `collectAll` is a full
 * one (the `gc` function without options: its `type: 'major'` option is not a full collection in
 * Node 20's V8).
 */
export function v8Collector(): Collector | null {
  let gc: unknown;
  try {
    v8.setFlagsFromString('--expose-gc');
    try {
      gc = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  } catch {
    return null;
  }
  if (typeof gc !== 'function') return null;
  const collect = gc as (options: { type: 'minor' }) => void;
  return {
    collect() {
      try {
        collect({ type: 'minor' });
      } catch {
        return true;
      }
      return nurseryBytes() <= SHRUNK_BYTES;
    },
    collectAll() {
      try {
        (gc as () => void)();
      } catch {
        // nothing collected, nothing else changed
      }
    },
    usedBytes: () => v8.getHeapStatistics().used_heap_size,
  };
}

/** The committed size of V8's new space (both semi-spaces), in bytes. */
function nurseryBytes(): number {
  for (const s of v8.getHeapSpaceStatistics()) if (s.space_name === 'new_space') return s.space_size;
  return 0;
}
