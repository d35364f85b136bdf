import type { AABB } from '../../../core/math/aabb';
import { resized } from '../../../core/math/typed-array';
import { createBroadPhase, growFloat64, growInt32, type BroadPhase, type BroadPhaseKind } from '../../../core/broad/broad-phase';
import type { Diagnostic } from '../common/diagnostic';
import type { FindingDiagnostic } from './finding-diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import { analyzePair, DEFAULT_BROAD_PHASE, type AnalysisOptions } from './analyze';
import { bodyBounds } from './body-bounds';
import { sameBodyContent, sameSceneSettings } from './body-content';
import type { Finding } from './findings';
import { NameSlots } from './name-slots';
import { MAX_SLOTS, PairCache, SLOT_SPAN } from './pair-cache';
import { completeAnalysis, failedAnalysis, findingDiagnostic, onName, ownerPlaces, positionOrder, type DiagnosticsChange, type DocumentAnalysis } from './pipeline';
import { lowerBound, lowerBoundBy, type LineIndex } from '../syntax/positions';
import { IncrementalFrontEnd, type TextEdit } from './statement-window';

/**
 * Incremental analysis of one document (issue 5, item 2). Each new text is parsed and evaluated
 * again (cheap next to the pair tests), then compared with the previous scene body by body:
 *
 * - A body's identity is its name (the k-th body of a repeated name is its own identity), its
 *   content everything a pair result depends on (body-content.ts). Each identity owns a *slot*:
 *   its proxy id in a broad phase kept between runs, and its index in the pair cache.
 * - An added, removed or changed body is inserted, removed or moved in the broad phase and its
 *   slot is marked pending; only pairs with a pending slot are tested again, every other pair's
 *   cached result is reused (pair-cache.ts). Most edits touch one body, so an edit costs one
 *   broad-phase query and a handful of pair tests instead of a whole analysis.
 * - A change to dt, frames, slop, the layer table or the options changes every pair: the state is
 *   dropped and the run is a full one (all slots pending, candidate pairs from one traversal of the
 *   broad phase).
 * - Results name bodies by declaration index and carry source ranges, both of which shift with
 *   edits elsewhere. A cached finding whose bodies changed index is relabelled, and a cached
 *   diagnostic whose bodies' names moved in the text takes their new ranges (its message is
 *   kept: formatting thousands of messages was most of an edit's time). A cached pair whose two
 *   bodies swapped places in the file is tested again, since `a` is by definition the one
 *   declared first.
 * - The output is kept between runs too (`assemble`): the findings in order and their
 *   diagnostics. Each slot carries flags saying what happened to its body since the last
 *   completed run (another object, perhaps another label, another index); a pair whose slots
 *   carry none hands back its finding and diagnostic without either being read. The new
 *   findings of a run (a handful after a one-body edit) are sorted and merged into the last
 *   run's order, and the diagnostics are put in position order by a counting sort on typed
 *   arrays, so an edit's output costs a few typed-array passes and pointer copies, not a visit
 *   to thousands of scattered objects (which is what its time went to: sorting, look-ups and
 *   label checks of every finding, every edit). While no body changes index, the last order is
 *   spliced (fresh entries placed by binary search on the keys it was built with) rather than
 *   merged key by key. An edit that changed a few bodies where they were (same indices, the
 *   text's length kept) and no pair's overlap skips even that pass: the last lists are copied
 *   and the pairs tested again written in at the places noted for them (assembleInPlace).
 * - Each output after a windowed edit says which diagnostics it did not carry over from the
 *   last one (pipeline.ts, DiagnosticsChange): those of pairs tested again, of bodies the front
 *   end evaluated again, of bodies named on a line the edit touched, and the syntax and
 *   semantic ones; from the flags above and each entry's index in the last output, never by
 *   comparing the lists. The publisher then rewrites only the chunks around them.
 *
 * The outcome equals `analyzeDocument` on the same text, always (test/unit/analysis checks it over
 * random edit sequences).
 *
 * Runs are cancellable between stages (architecture.md: a newer document version aborts the older
 * run): `analyzeAsync` yields to the event loop after parsing, after semantics, after the broad
 * phase and between chunks of pair tests, and gives up with `{ state: 'cancelled' }` when
 * `isCancelled()` says so or when a newer run on the same analyzer has started. Every pause point
 * leaves the state consistent (pending slots stay pending), so the next run simply carries on.
 *
 * Memory: per slot a few typed-array entries and one hash-table entry; per finding one cache
 * entry; no per-body closure. The scene itself is shared with the returned analysis.
 */

/** The stage that has just finished when a run pauses. */
export type IncrementalStage = 'syntax' | 'semantics' | 'broad-phase' | 'narrow-phase';

export type AnalysisRun =
  | { readonly state: 'done'; readonly analysis: DocumentAnalysis }
  | { readonly state: 'cancelled' };

export interface RunControl {
  /** Polled at every pause: true abandons the run (a newer document version has arrived). */
  readonly isCancelled?: () => boolean;
  /**
   * How to give the event loop a turn at each pause. Default: `setImmediate` where it exists
   * (Node: pending I/O such as a newer didChange is read first), else a zero-delay timer.
   */
  readonly yieldControl?: () => Promise<void>;
  /** Longest stretch of pair tests between two pauses, in milliseconds (default 8). */
  readonly chunkMilliseconds?: number;
}

/** What the last completed run did (for logs and the benchmark). */
export interface RunStats {
  readonly mode: 'full' | 'incremental';
  readonly bodies: number;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** Slots re-tested because one of their cached pairs now has its two bodies in the other order. */
  readonly reordered: number;
  /** Pair tests run (narrow phase and, when on, continuous). */
  readonly testedPairs: number;
  readonly findings: number;
  /** Whether the output was the last one with the pairs tested again written in (assembleInPlace). */
  readonly inPlace: boolean;
}

/** Default longest stretch of pair tests between two pauses of an asynchronous run, in milliseconds. */
const CHUNK_MILLISECONDS = 8;
/** The clock is read once per this many pair tests. */
const CLOCK_EVERY = 16;
/**
 * Above this share of pending slots, candidate pairs come from one all-pairs traversal of the
 * broad phase (a simultaneous tree descent costs far less than one query per body) rather than one
 * query per pending slot.
 */
const SWEEP_SHARE = 0.125;
/** The most `outputCountOf` counts (a Uint16Array's largest value): see there. */
const COUNT_SATURATED = 0xffff;

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

function defaultYield(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === 'function') {
    const setImmediate = g.setImmediate;
    return new Promise<void>((resolve) => void setImmediate(resolve));
  }
  return new Promise<void>((resolve) => void setTimeout(resolve, 0));
}

export class IncrementalAnalyzer {
  private broad: BroadPhase | null = null;
  private kind: BroadPhaseKind = DEFAULT_BROAD_PHASE;
  private continuous = true;
  /** The scene whose settings the state was built under (null: nothing built). */
  private settings: Scene | null = null;

  /**
   * Identity → slot. A name's first occurrence is filed under the name, read back from the slot's
   * body (name-slots.ts); the k-th repetition of a name (an error, so rare) under `name\0k` in
   * a Map, with the key of each such slot for its removal.
   */
  private readonly slotByName = new NameSlots((slot) => this.bodyOf(slot).name);
  private readonly slotByRepeat = new Map<string, number>();
  private readonly repeatKeyOf = new Map<number, string>();
  private freeSlots: number[] = [];
  private slotCount = 0;
  /**
   * Per slot: the diff stamp of the last update that saw it, and its PENDING / TESTED state. Its
   * box is the broad phase's (boxOf): a copy here was 4 MB more at 100k bodies. A byte each: every
   * live slot carries the stamp of the last completed update (an update that throws resets all),
   * so stamps need only differ from one update to the next. 0 (never a stamp) marks a free slot.
   */
  private seen = new Uint8Array(64);
  private pending = new Uint8Array(64);
  /** Set while a run's TESTED marks may be in `pending` (cleared when that run ends). */
  private testedMarks = false;
  private readonly cache = new PairCache();
  /** Syntax and semantics, re-done only around each edit (statement-window.ts). */
  private readonly frontEnd = new IncrementalFrontEnd();
  /** Per slot: the current declaration index of its body, and what changed since the last output (SLOT_* flags). */
  private slotIndex = new Int32Array(64);
  private slotFlags = new Uint8Array(64);
  /** The last output's cache entries in findings order, valid while the cache's generation is `orderGeneration`. */
  private order = new Int32Array(0);
  private spareOrder = new Int32Array(0);
  private orderCount = 0;
  private orderGeneration = -1;
  /**
   * Per entry: the stamp of the output pass that last took it (repeats in the recent log). A
   * byte, as `outputMark`: see nextStamp.
   */
  private entryMark = new Uint8Array(0);
  private markStamp = 0;
  /**
   * Scratch of `assemble`, kept between runs: each diagnostic's owner (its body's index), which
   * ownerPlaces overwrites with its place in position order, and the counting sort's count per
   * body. Fresh ones were two off-heap arrays of the findings' and the bodies' number per edit.
   */
  private owners = new Int32Array(0);
  private bodyCounts = new Int32Array(0);
  /**
   * For the change record (DiagnosticsChange): per cache entry, the index of its diagnostic
   * among the last output's finding diagnostics; that output's list and the scene it was made
   * for, and whether each of its finding diagnostics sat on one of its pair's names (then
   * positionOrder placed them by owner, and an entry's index says where its diagnostic was).
   * Scratch: the findings not carried over, and the old indices of the diagnostics dropped.
   */
  private positionOf = new Int32Array(0);
  private lastOutput: readonly Diagnostic[] | null = null;
  private lastOutputScene: Scene | null = null;
  private lastOutputIndexed = false;
  private notCarried: number[] = [];
  private removedPositions: number[] = [];
  /**
   * Where the last output's syntax and semantic diagnostics went among its findings'
   * (completeAnalysis), or null; and the scratch list completeAnalysis writes this run's into.
   */
  private lastMerged: Int32Array | null = null;
  private readonly places: number[] = [];
  /**
   * Whether a body's declaration index changed since `order` was last sorted (orderEntries):
   * until one does, the order's keys stand and fresh entries are placed by binary search.
   */
  private indicesMoved = true;
  /** The key of each entry of `order` when it was built (a's index × SLOT_SPAN + b's), and a spare. */
  private orderKeys = new Float64Array(0);
  private spareOrderKeys = new Float64Array(0);
  /** orderEntries' scratch: the fresh entries' keys and their places in the last order. */
  private freshKeys = new Float64Array(0);
  private freshPlaces = new Int32Array(0);
  /** The last output's lists (findings, and their diagnostics in position order), for assembleInPlace. */
  private lastFindings: Finding[] | null = null;
  private lastOrdered: Diagnostic[] | null = null;
  /**
   * Per entry, the stamp of the last output that held it; per slot, how many of its entries that
   * output held, up to COUNT_SATURATED (which means "that many or more": assembleInPlace then
   * declines). Two bytes a slot where four were 0.2 MB more at 100k bodies; a body in 65,535
   * findings is far past anything an edit in place is worth.
   */
  private outputMark = new Uint8Array(0);
  private outputStamp = 0;
  private outputCountOf = new Uint16Array(0);
  private readonly changedScratch: number[] = [];
  private readonly freshScratch: number[] = [];
  private readonly countScratch = new Map<number, number>();
  /** Whether the last update took the front end's shifted copies as they were (its `fast` path). */
  private lastUpdateShifted = false;

  /** Incremented by every run; a paused run whose number is no longer current is abandoned. */
  private runNumber = 0;
  private diffStamp = 0;
  private lastStats: RunStats | null = null;

  // Scratch, reused across runs: no allocation per query or per pair.
  private readonly box: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private candidates = new Int32Array(256);
  private candidateCount = 0;
  private readonly collectCandidate = (id: number): void => {
    if (this.candidateCount === this.candidates.length) this.candidates = growInt32(this.candidates, this.candidateCount + 1);
    this.candidates[this.candidateCount++] = id;
  };
  private readonly collectPendingPair = (s: number, t: number): void => {
    if (this.pending[s] === 0 && this.pending[t] === 0) return;
    if (this.candidateCount + 2 > this.candidates.length) this.candidates = growInt32(this.candidates, this.candidateCount + 2);
    this.candidates[this.candidateCount++] = s;
    this.candidates[this.candidateCount++] = t;
  };

  /** What the last completed run did, or null before the first. */
  get stats(): RunStats | null {
    return this.lastStats;
  }

  /** Analyses `text`, reusing what the previous run on this analyzer found. */
  analyze(text: string, options: AnalysisOptions = {}): DocumentAnalysis {
    const run = this.stages(text, options);
    for (;;) {
      const step = run.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same as `analyze`, pausing at each stage; resolves to `cancelled` as soon as a pause finds
   * `control.isCancelled()` true or a newer run started on this analyzer. Never rejects for bad
   * input (a failure inside the analysis is an `analysis-internal-error` diagnostic).
   */
  async analyzeAsync(text: string, control: RunControl = {}, options: AnalysisOptions = {}): Promise<AnalysisRun> {
    const pause = control.yieldControl ?? defaultYield;
    const isCancelled = control.isCancelled;
    if (isCancelled?.()) return { state: 'cancelled' };
    const run = this.stages(text, options, control.chunkMilliseconds ?? CHUNK_MILLISECONDS);
    // The first step runs synchronously and claims this run's number, superseding older runs.
    let step = run.next();
    const mine = this.runNumber;
    while (!step.done) {
      await pause();
      if (this.runNumber !== mine || isCancelled?.()) {
        run.return(undefined as never);
        return { state: 'cancelled' };
      }
      step = run.next();
    }
    return { state: 'done', analysis: step.value };
  }

  /** Forgets everything; the next run is a full one. */
  reset(): void {
    this.runNumber++;
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
    this.testedMarks = false;
    this.candidates = new Int32Array(256);
    this.candidateCount = 0;
    this.cache.clear();
    this.slotIndex = new Int32Array(64);
    this.slotFlags = new Uint8Array(64);
    this.order = new Int32Array(0);
    this.spareOrder = new Int32Array(0);
    this.orderCount = 0;
    this.orderGeneration = -1;
    this.entryMark = new Uint8Array(0);
    this.indicesMoved = true;
    this.orderKeys = new Float64Array(0);
    this.spareOrderKeys = new Float64Array(0);
    this.freshKeys = new Float64Array(0);
    this.freshPlaces = new Int32Array(0);
    this.owners = new Int32Array(0);
    this.bodyCounts = new Int32Array(0);
    this.positionOf = new Int32Array(0);
    this.lastOutput = null;
    this.lastMerged = null;
    this.lastOutputScene = null;
    this.lastOutputIndexed = false;
    this.lastUpdateShifted = false;
    this.lastFindings = null;
    this.lastOrdered = null;
    this.outputMark = new Uint8Array(0);
    this.outputCountOf = new Uint16Array(0);
    this.lastScene = null;
    this.nextScene = null;
    this.slotOfIndex = new Int32Array(0);
    this.spareSlotOfIndex = new Int32Array(0);
  }

  /** Releases the state (the document was closed); the analyzer stays usable. */
  dispose(): void {
    this.reset();
    this.frontEnd.reset();
    this.lastStats = null;
  }

  /**
   * The run as a generator that pauses after each stage and between chunks of pair tests. Every
   * pause leaves the state consistent; a paused run is dropped (never resumed) once a newer run
   * has started, which `analyzeAsync` checks through `runNumber`.
   */
  private *stages(text: string, options: AnalysisOptions, chunk = Infinity): Generator<IncrementalStage, DocumentAnalysis, void> {
    ++this.runNumber;
    // One step: the front end's state always describes the last text it was given, so a run
    // abandoned after it leaves nothing half-done.
    const front = this.frontEnd.update(text);
    const { syntax, semantics } = front;
    yield 'syntax';
    yield 'semantics';
    const scene = semantics.scene;
    try {
      // The output before this run, whose text the front end's edit starts from: only then can
      // the run say what changed since (a run abandoned after the front end moves its text on).
      const since = front.edit !== undefined && front.previousScene === this.lastOutputScene ? front.edit : null;
      const diff = this.update(scene, options.continuous ?? true, options.broadPhase ?? DEFAULT_BROAD_PHASE, front.reused, front.previousScene);
      yield 'broad-phase';
      for (const _ of this.testPending(scene, chunk)) yield 'narrow-phase';
      const track = since !== null && diff.mode === 'incremental' && this.lastUpdateShifted && this.lastOutputIndexed && this.lastOutput !== null;
      const inPlace = track && diff.added === 0 && diff.removed === 0 && diff.reordered === 0 ? this.assembleInPlace(scene, since!, syntax.lines) : undefined;
      const { findings, diagnostics, notCarried } = inPlace ?? this.assemble(scene, track ? since : null, syntax.lines);
      this.lastStats = { ...diff, bodies: scene.bodies.length, testedPairs: this.lastTestCount, findings: findings.length, inPlace: inPlace !== undefined };
      // The same last step as analyzeDocument's, so that both give identical results.
      const places = this.places;
      places.length = 0;
      const complete = completeAnalysis(syntax, semantics, findings, diagnostics, places);
      const others = syntax.diagnostics.length + semantics.diagnostics.length;
      // Where the syntax and semantic diagnostics went among the findings' (none: merged one by
      // one, there being many, and then no record).
      const merged = others === 0 || places.length === others ? Int32Array.from(places) : null;
      const change = notCarried !== undefined && merged !== null && this.lastMerged !== null ? this.record(since!, notCarried, merged, this.lastMerged, complete.diagnostics) : undefined;
      const analysis = change === undefined ? complete : { ...complete, change };
      this.lastMerged = merged;
      this.lastOutput = analysis.diagnostics;
      this.lastOutputScene = scene;
      return analysis;
    } catch (e) {
      // The state may be half-updated: drop it, so that the next run is a full one.
      this.reset();
      return failedAnalysis(syntax, semantics, e);
    }
  }

  private lastTestCount = 0;
  /** The scene of the last update, and the slot of each of its bodies (by index). */
  private lastScene: Scene | null = null;
  /** The scene `update` is bringing in (after it, the same as lastScene): see bodyOf. */
  private nextScene: Scene | null = null;
  private slotOfIndex = new Int32Array(0);
  /**
   * The table before `slotOfIndex`, which the next update writes into: a fresh one per edit was
   * 40 KB of off-heap garbage per keystroke at 10k bodies.
   */
  private spareSlotOfIndex = new Int32Array(0);

  /**
   * Brings the broad phase and the slots up to date with `scene` and marks what must be tested
   * again. Synchronous: the state is consistent before and after, never in between.
   */
  private update(
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
      const number = this.runNumber;
      this.reset();
      this.runNumber = number; // the reset must not abandon the run that asked for it
      this.broad = createBroadPhase(kind);
      // Sized to the scene, with room for a few added bodies: doubling from 64 left up to half
      // of every per-slot column unused (and a 100k-body scene 31k slots' worth of it), and the
      // copies made on the way stayed in the server's resident size.
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
          this.place(broad, scene, slot, body);
          added++;
        } else if (!sameBodyContent(this.bodyOf(slot), body)) {
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
   * Tests every pair that has a pending slot, storing findings in the cache; pauses between
   * chunks. A slot stops being pending once all its pairs are in. The drivers never resume a run
   * that a newer one has superseded, so the scratch lists stay this run's own while it lives.
   */
  private *testPending(scene: Scene, chunk: number): Generator<void, void, void> {
    const broad = this.broad!;
    const continuous = this.continuous;
    let pendingCount = 0;
    let live = 0;
    // TESTED marks left by an abandoned run mean nothing now.
    const stale = this.testedMarks;
    this.testedMarks = false;
    for (let slot = 0; slot < this.slotCount; slot++) {
      if (stale && this.pending[slot] === TESTED) this.pending[slot] = 0;
      if (this.seen[slot] === 0) continue;
      live++;
      if (this.pending[slot] === PENDING) pendingCount++;
    }
    let tests = 0;
    // A synchronous run (chunk = Infinity) never pauses and never reads the clock.
    const timed = chunk !== Infinity;
    let chunkStart = timed ? now() : 0;
    this.lastTestCount = 0;
    if (pendingCount === 0) return;

    if (pendingCount > SWEEP_SHARE * live) {
      this.candidateCount = 0;
      broad.pairs(this.collectPendingPair);
      const list = this.candidates;
      const count = this.candidateCount;
      for (let i = 0; i < count; i += 2) {
        this.testPair(scene, list[i]!, list[i + 1]!, continuous);
        tests++;
        if (timed && tests % CLOCK_EVERY === 0 && now() - chunkStart >= chunk) {
          yield;
          chunkStart = now();
        }
      }
      for (let slot = 0; slot < this.slotCount; slot++) this.pending[slot] = 0;
      this.lastTestCount = tests;
      // A whole scene's candidate pairs (1 MB at 100k bodies): edits need a handful.
      if (this.candidates.length > CANDIDATES_KEPT) this.candidates = new Int32Array(CANDIDATES_KEPT);
      return;
    }

    const order: number[] = [];
    for (let slot = 0; slot < this.slotCount; slot++) if (this.pending[slot] === PENDING && this.seen[slot] !== 0) order.push(slot);
    const box = this.box;
    this.testedMarks = true;
    for (const s of order) {
      this.candidateCount = 0;
      // An empty box (a NaN bound) meets nothing: no candidates.
      if (broad.boxOf(s, box)) broad.query(box, this.collectCandidate);
      for (let i = 0; i < this.candidateCount; i++) {
        const o = this.candidates[i]!;
        // A pair with a slot done earlier in this run was tested then.
        if (o === s || this.pending[o] === TESTED) continue;
        this.testPair(scene, s, o, continuous);
        tests++;
      }
      this.pending[s] = TESTED;
      if (timed && now() - chunkStart >= chunk) {
        yield;
        chunkStart = now();
      }
    }
    for (const s of order) if (this.pending[s] === TESTED) this.pending[s] = 0;
    this.testedMarks = false;
    this.lastTestCount = tests;
  }

  private testPair(scene: Scene, s: number, t: number, continuous: boolean): void {
    const bs = this.bodyOf(s);
    const bt = this.bodyOf(t);
    const sFirst = bs.index < bt.index;
    const f = sFirst ? analyzePair(scene, bs, bt, continuous) : analyzePair(scene, bt, bs, continuous);
    if (!f) return;
    // The cache outlives this text: keep no substring of it (see `detach`). Names shorter than
    // a substring view are copies already, and the finding is then stored as it is.
    const a = detach(f.a);
    const b = detach(f.b);
    this.cache.set(sFirst ? s : t, sFirst ? t : s, a === f.a && b === f.b ? f : f.relabelled(a, b, f.ia, f.ib));
  }

  /**
   * The run's findings in order (compareFindings: by a's index, then b's) and their diagnostics in
   * position order, from the cache and the last output. A pair whose slots carry no flag costs
   * two typed-array reads and two pointer copies. Clears the flags: they now describe this output.
   */
  private assemble(
    scene: Scene,
    edit: TextEdit | null,
    lines: LineIndex,
  ): { findings: Finding[]; diagnostics: Diagnostic[]; notCarried: { removed: Int32Array; added: Int32Array } | undefined } {
    const cache = this.cache;
    // The change record is kept only while the entries keep their numbers (see orderEntries).
    const track = edit !== null && this.orderGeneration === cache.generation;
    const removed = this.removedPositions;
    const notCarried = this.notCarried;
    removed.length = 0;
    notCarried.length = 0;
    const count = this.orderEntries(track);
    const order = this.order;
    const positionOf = this.positionOf;
    const mark = this.markStamp;
    const entryMark = this.entryMark;
    if (track) this.flagTouched(scene, edit, lines);
    const bodies = scene.bodies;
    const slotIndex = this.slotIndex;
    const flags = this.slotFlags;
    const findings = new Array<Finding>(count);
    // The diagnostics in findings order are the cache's, entry by entry (each noted there below):
    // ownerPlaces sorts by owner without a list of them, which a kept scratch list held for as
    // long as the document was open (0.5 MB at 100k bodies).
    if (this.owners.length < count) this.owners = new Int32Array(slack(count));
    const owners = this.owners;
    let placed = true;
    for (let k = 0; k < count; k++) {
      const e = order[k]!;
      const sa = cache.slotAOf(e);
      const sb = cache.slotBOf(e);
      const changed = flags[sa]! | flags[sb]!;
      // The diagnostic noted before any relabelling below (the cache keeps it in place of the
      // finding, which it holds): one read of the entry for most of them.
      let d = cache.diagnosticOf(e);
      let f = d !== undefined ? d.finding : cache.findingOf(e);
      let relabelled = false;
      if (changed & SLOT_REINDEXED) {
        const ia = slotIndex[sa]!;
        const ib = slotIndex[sb]!;
        if (f.ia !== ia || f.ib !== ib) {
          // Relabelled once, kept relabelled: the next run finds the same object (in the
          // diagnostic noted below, which holds it).
          f = f.relabelled(detach(bodies[ia]!.name), detach(bodies[ib]!.name), ia, ib);
          relabelled = true;
        }
      }
      findings[k] = f;
      let placement = cache.placementOf(e);
      let remade = false;
      if (d === undefined || placement === UNPLACED || (changed & SLOT_RELABELLED) !== 0) {
        d = findingDiagnostic(scene, f);
        placement = placementOf(d, bodies[f.ia]!, bodies[f.ib]!);
        cache.note(e, d, placement);
        remade = true;
      } else if (changed & SLOT_MOVED) {
        // A relabelled finding keeps its words (the same numbers, the same names): the
        // diagnostic only takes the new finding, and the names' offsets. The bodies by their
        // slots' indices, which are the finding's (relabelled above when they changed): after a
        // length-changing edit this runs for most findings, and reading each finding's indices
        // was a cache miss apiece (findings lie far apart in the old generation).
        const moved = movedDiagnostic(d.of(f), placement, bodies[slotIndex[sa]!]!, bodies[slotIndex[sb]!]!);
        if (moved !== d) cache.note(e, (d = moved), placement);
      }
      // Reindexed implies moved (assign, place): a relabelled finding's diagnostic is noted
      // above. Should that ever not hold, the cache must still give the relabelled finding, and
      // a diagnostic for the lists below.
      if (relabelled && d.finding !== f) cache.note(e, (d = d.of(f)), placement);
      // Not carried over (DiagnosticsChange): made again (perhaps other words), tested again, of
      // a body evaluated again in the front end's window (no shifted copy: its name may have
      // moved otherwise than by the edit), or of a body named on a line the edit touched (a
      // place there is at another character). Neither reads the diagnostic: an unflagged entry's
      // is never visited. The old diagnostic of an entry tested again is counted by orderEntries.
      if (track && (remade || entryMark[e] === mark || (changed & (SLOT_WINDOW | SLOT_TOUCHED)) !== 0)) {
        notCarried.push(k);
        if (entryMark[e] !== mark) removed.push(positionOf[e]!);
      }
      if (placement === UNPLACED) placed = false;
      else owners[k] = slotIndex[placement & ON_B ? sb : sa]!;
    }
    flags.fill(0, 0, this.slotCount);
    if (this.bodyCounts.length < bodies.length + 1) this.bodyCounts = new Int32Array(bodies.length + 1 + (bodies.length >> 3));
    if (!placed) {
      this.lastOutputIndexed = false;
      const diagnostics = new Array<Diagnostic>(count);
      for (let k = 0; k < count; k++) diagnostics[k] = cache.notedOf(order[k]!);
      return { findings, diagnostics: positionOrder(diagnostics, null, bodies.length), notCarried: undefined };
    }
    // Each finding's place in the new list, over its owner (a column of the findings' number
    // less to keep: 0.28 MB at 100k bodies).
    const at = ownerPlaces(owners, count, bodies.length, this.bodyCounts, owners);
    const ordered = new Array<Diagnostic>(count);
    for (let k = 0; k < count; k++) ordered[at[k]!] = cache.notedOf(order[k]!);
    // Each entry's index in this output, for the next run's record.
    if (this.positionOf.length < cache.entryCount) this.positionOf = resized(this.positionOf, slack(cache.entryCount));
    const positions = this.positionOf;
    for (let k = 0; k < count; k++) positions[order[k]!] = at[k]!;
    this.lastOutputIndexed = true;
    this.noteOutput(findings, ordered, count);
    if (!track) return { findings, diagnostics: ordered, notCarried: undefined };
    const added = new Int32Array(notCarried.length);
    for (let r = 0; r < notCarried.length; r++) added[r] = at[notCarried[r]!]!;
    return { findings, diagnostics: ordered, notCarried: { removed: Int32Array.from(removed).sort(), added: added.sort() } };
  }

  /**
   * Notes what assembleInPlace needs of this output: the lists, which entries are in it, and
   * per slot how many of its entries.
   */
  private noteOutput(findings: Finding[], ordered: Diagnostic[], count: number): void {
    const cache = this.cache;
    this.lastFindings = findings;
    this.lastOrdered = ordered;
    if (this.outputMark.length < cache.entryCount) this.outputMark = resized(this.outputMark, slack(cache.entryCount));
    const stamp = (this.outputStamp = nextStamp(this.outputMark, this.outputStamp));
    if (this.outputCountOf.length < this.slotCount) this.outputCountOf = new Uint16Array(slack(this.slotCount));
    const counts = this.outputCountOf;
    counts.fill(0, 0, this.slotCount); // slots past slotCount were never counted (the array is new after a reset)
    const order = this.order;
    for (let k = 0; k < count; k++) {
      const e = order[k]!;
      this.outputMark[e] = stamp;
      const a = cache.slotAOf(e);
      const b = cache.slotBOf(e);
      if (counts[a] !== COUNT_SATURATED) counts[a]!++;
      if (counts[b] !== COUNT_SATURATED) counts[b]!++;
    }
  }

  /**
   * The output of an edit that changed a few bodies in place (same indices, same names, no body
   * added, removed or evaluated again around them, the text's length kept) and did not change
   * which pairs overlap: every pair of a changed body tested again is one the last output had,
   * and every one it had was found again. The order is then the last one, and so is every
   * place: the last lists are copied and only the pairs tested again are written into them, at
   * the places noted for them (findings order by binary search on the order's keys, position
   * order from positionOf), with no pass over the other findings. Undefined when the edit is not
   * such an edit (assemble then does the general pass); nothing it did is then lost or wrong.
   */
  private assembleInPlace(scene: Scene, edit: TextEdit, lines: LineIndex): { findings: Finding[]; diagnostics: Diagnostic[]; notCarried: { removed: Int32Array; added: Int32Array } } | undefined {
    const cache = this.cache;
    const lastFindings = this.lastFindings;
    const lastOrdered = this.lastOrdered;
    if (this.indicesMoved || lastFindings === null || lastOrdered === null || this.orderGeneration !== cache.generation || !this.lastOutputIndexed) return undefined;
    // The flagged slots (those named on a touched line included): each must be a changed body
    // (placed: not one evaluated again unchanged, nor one whose name's line the edit touched).
    this.flagTouched(scene, edit, lines);
    const flags = this.slotFlags;
    const changedSlots = this.changedScratch;
    changedSlots.length = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      const f = flags[slot]!;
      if (f === 0) continue;
      if ((f & SLOT_WINDOW) !== 0 || (f & SLOT_RELABELLED) === 0) return undefined;
      changedSlots.push(slot);
    }
    if (changedSlots.length === 0) return undefined;
    // The pairs tested again: each valid and in the last output, and as many per changed body
    // as the last output had (then every one it had was found again, and none went stale).
    const recent = cache.peekRecent();
    const mark = this.nextEntryMark();
    const entryMark = this.entryMark;
    const counts = this.countScratch;
    const fresh = this.freshScratch;
    fresh.length = 0;
    for (const s of changedSlots) counts.set(s, 0);
    for (let r = 0; r < recent.count; r++) {
      const e = recent.entries[r]!;
      if (entryMark[e] === mark) continue;
      entryMark[e] = mark;
      if (!cache.isValid(e) || this.outputMark[e] !== this.outputStamp) return this.notInPlace(counts);
      const a = cache.slotAOf(e);
      const b = cache.slotBOf(e);
      const ca = counts.get(a);
      const cb = counts.get(b);
      if (ca === undefined && cb === undefined) return this.notInPlace(counts);
      if (ca !== undefined) counts.set(a, ca + 1);
      if (cb !== undefined) counts.set(b, cb + 1);
      fresh.push(e);
    }
    for (const s of changedSlots) {
      const was = this.outputCountOf[s];
      if (was === COUNT_SATURATED || counts.get(s) !== was) return this.notInPlace(counts);
    }
    counts.clear();
    // Each one's diagnostic, on the same body's name as before (else its place moves).
    const bodies = scene.bodies;
    const diagnostics: FindingDiagnostic[] = [];
    for (const e of fresh) {
      const was = cache.placementOf(e);
      const f = cache.findingOf(e);
      const d = findingDiagnostic(scene, f);
      const placement = placementOf(d, bodies[f.ia]!, bodies[f.ib]!);
      cache.note(e, d, placement);
      if (placement === UNPLACED || was === UNPLACED || (placement & ON_B) !== (was & ON_B)) return undefined;
      diagnostics.push(d);
    }
    const findings = lastFindings.slice();
    const ordered = lastOrdered.slice();
    const keys = this.orderKeys.subarray(0, this.orderCount);
    const places = new Int32Array(fresh.length);
    for (let r = 0; r < fresh.length; r++) {
      const e = fresh[r]!;
      const lo = lowerBound(keys, this.orderKey(e));
      if (this.order[lo] !== e) return undefined; // not expected: the order holds every entry of the last output
      findings[lo] = cache.findingOf(e);
      const p = this.positionOf[e]!;
      ordered[p] = diagnostics[r]!;
      places[r] = p;
    }
    cache.takeRecent();
    flags.fill(0, 0, this.slotCount);
    this.lastFindings = findings;
    this.lastOrdered = ordered;
    places.sort();
    return { findings, diagnostics: ordered, notCarried: { removed: places, added: places } };
  }

  /** assembleInPlace gives up: its scratch is cleared, and assemble does the general pass. */
  private notInPlace(counts: Map<number, number>): undefined {
    counts.clear();
    return undefined;
  }

  /**
   * The change record in the merged lists' indices: `notCarried` gives the finding diagnostics'
   * (indices among the findings' diagnostics, old and new), and the syntax and semantic
   * diagnostics, placed among them at `merged` (before the finding diagnostic of that index;
   * `lastMerged` for the previous list), are never carried over: they are few, and their
   * places are not followed from edit to edit.
   */
  private record(
    edit: TextEdit,
    notCarried: { readonly removed: Int32Array; readonly added: Int32Array },
    merged: Int32Array,
    lastMerged: Int32Array,
    diagnostics: readonly Diagnostic[],
  ): DiagnosticsChange | undefined {
    const previous = this.lastOutput!;
    const removed = inMergedList(notCarried.removed, lastMerged);
    const added = inMergedList(notCarried.added, merged);
    // As many carried over on either side (else a defect: no record, the full comparison).
    if (previous.length - removed.length !== diagnostics.length - added.length) return undefined;
    return { previous: new WeakRef(previous), edit, removed, added };
  }

  /**
   * Flags the slots of the bodies named on a line the edit touched (new text): a diagnostic's
   * places are its pair's names (placementOf), so these are the entries with a place there.
   * Bodies are in text order, so they are one run of indices, found by binary search.
   */
  private flagTouched(scene: Scene, edit: TextEdit, lines: LineIndex): void {
    const bodies = scene.bodies;
    const from = lines.lineStart(lines.lineAt(edit.start));
    const last = lines.lineAt(edit.newEnd);
    const to = last + 1 < lines.lineCount ? lines.lineStart(last + 1) : Infinity;
    for (let k = lowerBoundBy(bodies, from, (b) => b.nameEnd); k < bodies.length && bodies[k]!.nameStart < to; k++) this.slotFlags[this.slotOfIndex[k]!]! |= SLOT_TOUCHED;
  }

  /**
   * Fills `order` with the valid cache entries in findings order and gives their number: the
   * last output's order with stale entries left out (dropped from the cache) and the entries set
   * since merged in. Bodies that kept their relative order keep their findings' relative order,
   * which is checked (an unchanged body moved past another breaks it), and a full sort by the
   * typed keys is the fallback, as it is after the cache renumbered its entries.
   */
  private orderEntries(track: boolean): number {
    const cache = this.cache;
    const recent = cache.takeRecent();
    const mark = this.nextEntryMark();
    const entryMark = this.entryMark;
    const fresh: number[] = [];
    const stale: number[] = [];
    let previous = this.orderCount;
    if (this.orderGeneration !== cache.generation) {
      // Entry numbers from before mean nothing now: every valid entry is fresh.
      previous = 0;
      cache.forEachValid((_a, _b, e) => void fresh.push(e));
    } else {
      for (let r = 0; r < recent.count; r++) {
        const e = recent.entries[r]!;
        if (entryMark[e] === mark) continue;
        if (!cache.isValid(e)) {
          // Dropped after the passes below: a hole has no key, and the last order may hold it.
          stale.push(e);
          continue;
        }
        entryMark[e] = mark;
        fresh.push(e);
      }
    }
    const keyOf = (e: number): number => this.orderKey(e);
    fresh.sort((x, y) => keyOf(x) - keyOf(y));
    const capacity = previous + fresh.length;
    let out = this.spareOrder.length >= capacity ? this.spareOrder : new Int32Array(slack(capacity));
    // Keys for at most `capacity` entries (eight bytes each: a 100k-body level has ~63k findings).
    if (this.spareOrderKeys.length < capacity) this.spareOrderKeys = new Float64Array(capacity + (capacity >> 3));
    const old = this.order;
    let n = 0;
    let f = 0;
    let last = -1;
    let sorted = true;
    // The last output's diagnostics of the entries left out below are not carried over.
    const removed = this.removedPositions;
    const positionOf = this.positionOf;
    if (!this.indicesMoved && previous > 0) {
      // No body changed index since the last output: its order's keys are as they were, so it
      // is still sorted, and each fresh entry's place in it is found by binary search. The pass
      // then only leaves out the entries gone stale, reading no key.
      // The keys as the order was built (an entry dropped since, a hole, has none now).
      const oldKeys = this.orderKeys;
      const outKeys = this.spareOrderKeys;
      // Typed scratch, not `fresh.map(keyOf)`: a key is a small integer for the first bodies'
      // pairs and a double past 2^31 for the others, so the mapped arrays came out in either
      // elements kind (PACKED_SMI or PACKED_DOUBLE) by edit, and TurboFan's code for this
      // function, specialised to one array map, was thrown away ("wrong map") when an edit
      // brought the other one, then recompiled (V8's elements kinds: v8.dev/blog/elements-kinds).
      const freshKeys = (this.freshKeys = growFloat64(this.freshKeys, fresh.length));
      const places = (this.freshPlaces = growInt32(this.freshPlaces, fresh.length));
      const built = oldKeys.subarray(0, previous);
      for (let i = 0; i < fresh.length; i++) {
        freshKeys[i] = keyOf(fresh[i]!);
        places[i] = lowerBound(built, freshKeys[i]!);
      }
      for (let k = 0; k < previous; k++) {
        while (f < fresh.length && places[f] === k) {
          outKeys[n] = freshKeys[f]!;
          out[n++] = fresh[f++]!;
        }
        const e = old[k]!;
        if (entryMark[e] === mark || !cache.isValid(e)) {
          if (entryMark[e] !== mark) cache.drop(e);
          if (track) removed.push(positionOf[e]!);
          continue;
        }
        outKeys[n] = oldKeys[k]!;
        out[n++] = e;
      }
      while (f < fresh.length) {
        outKeys[n] = freshKeys[f]!;
        out[n++] = fresh[f++]!;
      }
      this.spareOrderKeys = oldKeys;
      this.orderKeys = outKeys;
      for (const e of stale) cache.drop(e);
      this.spareOrder = old;
      this.order = out;
      this.orderCount = n;
      this.orderGeneration = cache.generation;
      return n;
    }
    for (let k = 0; k < previous; k++) {
      const e = old[k]!;
      if (entryMark[e] === mark) {
        // Set again this run: it is among the fresh ones.
        if (track) removed.push(positionOf[e]!);
        continue;
      }
      if (!cache.isValid(e)) {
        cache.drop(e);
        if (track) removed.push(positionOf[e]!);
        continue;
      }
      const key = keyOf(e);
      if (key < last) sorted = false;
      last = key;
      while (f < fresh.length && keyOf(fresh[f]!) < key) out[n++] = fresh[f++]!;
      out[n++] = e;
    }
    while (f < fresh.length) out[n++] = fresh[f++]!;
    if (!sorted) {
      const all = Array.from(out.subarray(0, n)).sort((x, y) => keyOf(x) - keyOf(y));
      out.set(all);
    }
    for (const e of stale) cache.drop(e);
    // Sorted by the current indices, which are its keys: the fast pass above may take it next time.
    const keys = this.spareOrderKeys;
    for (let k = 0; k < n; k++) keys[k] = keyOf(out[k]!);
    this.spareOrderKeys = this.orderKeys;
    this.orderKeys = keys;
    this.indicesMoved = false;
    this.spareOrder = old;
    this.order = out;
    this.orderCount = n;
    this.orderGeneration = cache.generation;
    return n;
  }

  /**
   * A stamp for `entryMark` that no entry carries yet, the column sized to the cache's entries:
   * a pass marks the entries it meets with it (orderEntries, assembleInPlace).
   */
  private nextEntryMark(): number {
    const used = this.cache.entryCount;
    if (this.entryMark.length < used) this.entryMark = resized(this.entryMark, slack(used));
    return (this.markStamp = nextStamp(this.entryMark, this.markStamp));
  }

  /**
   * An entry's key in findings order (compareFindings: a's index, then b's), by its slots'
   * current indices: the one orderEntries sorts by and keeps in `orderKeys`, and assembleInPlace
   * looks up there.
   */
  private orderKey(e: number): number {
    return this.slotIndex[this.cache.slotAOf(e)]! * SLOT_SPAN + this.slotIndex[this.cache.slotBOf(e)]!;
  }

  /**
   * The body in a live slot: the one at the slot's index in the scene of the update that last saw
   * it. No per-slot list of bodies (a third 100k-pointer array beside scene.bodies and the
   * definitions, which share one): between updates every live slot carries the last stamp and
   * its index in that scene; during one (`update`), a slot it has seen already has its index in
   * the scene coming in, the others theirs in the previous one.
   */
  private bodyOf(slot: number): SceneBody {
    return (this.seen[slot] === this.diffStamp ? this.nextScene : this.lastScene)!.bodies[this.slotIndex[slot]!]!;
  }

  /**
   * Notes what changed for a slot that was already in the broad phase and is given the body of
   * this run at `index` (the update then files the index, and with it the body: bodyOf).
   */
  private assign(slot: number, body: SceneBody, index: number, labelKept: boolean): void {
    const old = this.bodyOf(slot);
    if (old === body) return;
    let changed = SLOT_MOVED;
    if (!labelKept && !sameLabel(old, body)) changed |= SLOT_RELABELLED;
    if (this.slotIndex[slot] !== index) changed |= SLOT_REINDEXED;
    this.slotFlags[slot]! |= changed;
  }

  /**
   * A free slot for the body at `index` of the scene coming in, seen by this update (`stamp`),
   * filed under its name, or under `repeatKey` for a repeated name.
   */
  private allocate(index: number, repeatKey: string | null, stamp: number): number {
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
  private place(broad: BroadPhase, scene: Scene, slot: number, body: SceneBody): void {
    this.slotFlags[slot] = SLOT_MOVED | SLOT_RELABELLED | SLOT_REINDEXED;
    broad.move(slot, bodyBounds(scene, body, this.box));
    this.markPending(slot);
  }

  private markPending(slot: number): void {
    this.cache.invalidate(slot);
    this.pending[slot] = PENDING;
  }

  /** Room for `needed` slots: exactly that many when `exact`, else by doubling. */
  private growSlots(needed: number, exact = false): void {
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
function detach(s: string): string {
  // Shorter substrings are copies already.
  return s.length < 13 ? s : (s + '\u0000').slice(0, -1);
}

/** Slot states (`pending`): pairs to test again; all pairs tested by the run in progress. */
const PENDING = 1;
const TESTED = 2;
/** Candidate scratch kept after a run that needed more (entries). */
const CANDIDATES_KEPT = 256;

/** Slot flags: what happened to a slot's body since the last output (`assemble`). */
/** Another object: its name's range may have moved. */
const SLOT_MOVED = 1;
/** Perhaps another label (name, motion, bullet, parts): its findings' messages are made again. */
const SLOT_RELABELLED = 2;
/** Perhaps another declaration index: its findings are relabelled. */
const SLOT_REINDEXED = 4;
/** Evaluated again in the front end's window (not a shifted copy): its findings are not carried over. */
const SLOT_WINDOW = 8;
/** Named on a line the edit touched: its findings' places there are at other characters. */
const SLOT_TOUCHED = 16;

/**
 * The length of a per-entry, per-finding or per-slot column of the analyzer that must hold
 * `n`: an eighth more. The per-entry columns were doubled, and at 100k bodies (~63k findings)
 * each of the four then held twice the findings (0.5 MB apiece) for as long as the document
 * stayed open; growth by a constant factor still copies each element O(1) times in amortized
 * terms (Cormen et al., "Introduction to Algorithms" §17.4), and edits add entries a few at a
 * time.
 */
function slack(n: number): number {
  return Math.max(64, n + (n >> 3));
}

/**
 * The stamp after `stamp` for a column of per-entry byte stamps (entryMark, outputMark), 1 to
 * 255: at the wrap the column is cleared, so that no entry keeps a stamp from 255 passes ago
 * that would read as taken by this one. A byte where 32-bit stamps took four (0.2 MB apiece at
 * 100k bodies), for one pass over the column in 255.
 */
function nextStamp(marks: Uint8Array, stamp: number): number {
  if (stamp < 255) return stamp + 1;
  marks.fill(0);
  return 1;
}

/**
 * Indices among the finding diagnostics (ascending) as indices in the merged list, with the
 * merged-in diagnostics' own indices added: `merged[i]` is the finding index the i-th merged-in
 * diagnostic went before (ties go to it), so finding p lands at p plus the number of them
 * placed at or before p, and the i-th at merged[i] + i.
 */
function inMergedList(findings: Int32Array, merged: Int32Array): Int32Array {
  if (merged.length === 0) return findings;
  const out = new Int32Array(findings.length + merged.length);
  let i = 0;
  let o = 0;
  for (let k = 0; k < findings.length; k++) {
    const p = findings[k]!;
    while (i < merged.length && merged[i]! <= p) {
      out[o++] = merged[i]! + i;
      i++;
    }
    out[o++] = p + i;
  }
  for (; i < merged.length; i++) out[o++] = merged[i]! + i;
  return out;
}

/** Where a noted diagnostic sits: on a's name or b's, its related location on a's, b's or none. */
const ON_A = 0;
const ON_B = 1;
const RELATED_NONE = 0;
const RELATED_A = 2;
const RELATED_B = 4;
/** Not on either name, or its related location elsewhere: made again every run. */
const UNPLACED = 255;

/** Where `d` sits among the pair's names, compared by offsets (see pipeline.ts, onName). */
function placementOf(d: FindingDiagnostic, a: SceneBody, b: SceneBody): number {
  const on = onName(d, a) ? ON_A : onName(d, b) ? ON_B : -1;
  const s = d.relatedStart;
  const e = d.relatedEnd;
  const relatedOn = s < 0 ? RELATED_NONE : s === a.nameStart && e === a.nameEnd ? RELATED_A : s === b.nameStart && e === b.nameEnd ? RELATED_B : -1;
  return on >= 0 && relatedOn >= 0 ? on | relatedOn : UNPLACED;
}

/**
 * `d`, a diagnostic of a pair whose labels did not change, at its bodies' current names: `d`
 * itself when they did not move, else a copy at the new offsets (a diagnostic is a function of
 * the finding, dt and its bodies' labels and name ranges: overlap.ts, continuous.ts).
 */
function movedDiagnostic(d: FindingDiagnostic, placement: number, a: SceneBody, b: SceneBody): FindingDiagnostic {
  const on = placement & ON_B ? b : a;
  const related = placement & RELATED_A ? a : placement & RELATED_B ? b : null;
  return related === null ? d.at(on.nameStart, on.nameEnd, -1, -1) : d.at(on.nameStart, on.nameEnd, related.nameStart, related.nameEnd);
}

/** Whether two versions of a body give its findings the same message (all but the place). */
function sameLabel(x: SceneBody, y: SceneBody): boolean {
  if (x.name !== y.name || !Object.is(x.vx, y.vx) || !Object.is(x.vy, y.vy) || x.spin !== y.spin || x.isBullet !== y.isBullet) return false;
  if (x.partCount !== y.partCount) return false;
  for (let k = 0; k < x.partCount; k++) if (x.partShape(k) !== y.partShape(k)) return false;
  return true;
}
