// Incremental analysis, run control: the analyzer's front (`analyze`, `analyzeAsync`), its
// stages and their pauses, cancellation, and the pair tests sliced into timed chunks. The state
// it runs on is layered below: incremental-slots.ts, incremental-order.ts, incremental-assembly.ts.
import { clock as now, nextTurn } from '../common/steps';
import { growInt32 } from '../../../core';
import type { Scene, SceneBody } from '../semantics/scene';
import { analyzePair, DEFAULT_BROAD_PHASE, type AnalysisOptions } from './analyze';
import { OutputAssembler } from './incremental-assembly';
import * as slots from './incremental-slots';
import { completeAnalysis, failedAnalysis, type DocumentAnalysis } from './pipeline';
import { IncrementalFrontEnd } from './statement-window';
import { findGhostBumps, findSeams, withGhostBumps, type SeamSet } from './ghost-bump';
import type { GhostBumpFinding } from './findings';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { detach, PENDING, TESTED } = slots;

/**
 * Incremental analysis of one document. Each new text is parsed and evaluated
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
 *   edits elsewhere. A cached finding whose bodies changed index is relabeled, and a cached
 *   diagnostic whose bodies' names moved in the text takes their new ranges (its message is
 *   kept: formatting thousands of messages would be most of an edit's time). A cached pair whose two
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
 * phase and between chunks of pair tests, and gives up with `{ state: 'canceled' }` when
 * `isCanceled()` says so or when a newer run on the same analyzer has started. Every pause point
 * leaves the state consistent (pending slots stay pending), so the next run simply carries on.
 *
 * Memory: per slot a few typed-array entries and one hash-table entry; per finding one cache
 * entry; no per-body closure. The scene itself is shared with the returned analysis.
 */

/** The stage that has just finished when a run pauses. */
export type IncrementalStage = 'syntax' | 'semantics' | 'broad-phase' | 'narrow-phase';

export type AnalysisRun =
  | { readonly state: 'done'; readonly analysis: DocumentAnalysis }
  | { readonly state: 'canceled' };

export interface RunControl {
  /** Polled at every pause: true abandons the run (a newer document version has arrived). */
  readonly isCanceled?: () => boolean;
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

const defaultYield = nextTurn;

/** Candidate scratch kept after a run that needed more (entries). */
const CANDIDATES_KEPT = 256;

export class IncrementalAnalyzer extends OutputAssembler {
  /** Set while a run's TESTED marks may be in `pending` (cleared when that run ends). */
  protected testedMarks = false;

  /** Syntax and semantics, re-done only around each edit (statement-window.ts). */
  protected readonly frontEnd = new IncrementalFrontEnd();

  /**
   * Where the last output's syntax and semantic diagnostics went among its findings'
   * (completeAnalysis), or null; and the scratch list completeAnalysis writes this run's into.
   */
  protected lastMerged: Int32Array | null = null;

  protected readonly places: number[] = [];

  /** The seams of the last run's scene (ghost-bump.ts), reused while its static pieces stay equal. */
  protected seams: SeamSet | null = null;

  /** Incremented by every run; a paused run whose number is no longer current is abandoned. */
  protected runNumber = 0;

  protected lastStats: RunStats | null = null;
  // Scratch, reused across runs: no allocation per query or per pair.
  private candidates = new Int32Array(256);
  protected candidateCount = 0;

  protected readonly collectCandidate = (id: number): void => {
    if (this.candidateCount === this.candidates.length) this.candidates = growInt32(this.candidates, this.candidateCount + 1);
    this.candidates[this.candidateCount++] = id;
  };

  protected readonly collectPendingPair = (s: number, t: number): void => {
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
   * The same as `analyze`, pausing at each stage; resolves to `canceled` as soon as a pause finds
   * `control.isCanceled()` true or a newer run started on this analyzer. Never rejects for bad
   * input (a failure inside the analysis is an `analysis-internal-error` diagnostic).
   */
  async analyzeAsync(text: string, control: RunControl = {}, options: AnalysisOptions = {}): Promise<AnalysisRun> {
    const pause = control.yieldControl ?? defaultYield;
    const isCanceled = control.isCanceled;
    if (isCanceled?.()) return { state: 'canceled' };
    const run = this.stages(text, options, control.chunkMilliseconds ?? CHUNK_MILLISECONDS);
    // The first step runs synchronously and claims this run's number, superseding older runs.
    let step = run.next();
    const mine = this.runNumber;
    while (!step.done) {
      await pause();
      if (this.runNumber !== mine || isCanceled?.()) {
        run.return(undefined as never);
        return { state: 'canceled' };
      }
      step = run.next();
    }
    return { state: 'done', analysis: step.value };
  }

  /** Forgets everything; the next run is a full one. */
  reset(): void {
    this.runNumber++;
    this.clearState();
  }

  protected override clearState(): void {
    super.clearState();
    this.testedMarks = false;
    this.candidates = new Int32Array(256);
    this.candidateCount = 0;
    this.lastMerged = null;
    this.seams = null;
    this.ghostOf.clear();
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
  protected *stages(text: string, options: AnalysisOptions, chunk = Infinity): Generator<IncrementalStage, DocumentAnalysis, void> {
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
      // Ghost bumps depend on a third body (the piece beyond the seam), so they are not pair
      // results: kept per moving body's slot and merged into copies of the assembled lists.
      // Found in the same step as the update, while its pending marks say what changed.
      const ghosts = this.ghostBumps(scene);
      yield 'broad-phase';
      for (const _ of this.testPending(scene, chunk)) yield 'narrow-phase';
      const track = since !== null && diff.mode === 'incremental' && this.lastUpdateShifted && this.lastOutputIndexed && this.lastOutput !== null;
      const inPlace = track && diff.added === 0 && diff.removed === 0 && diff.reordered === 0 ? this.assembleInPlace(scene, since!, syntax.lines) : undefined;
      const assembled = inPlace ?? this.assemble(scene, track ? since : null, syntax.lines);
      const { findings, diagnostics, notCarried } = ghosts.length === 0 ? assembled : withGhostBumps(scene, assembled.findings, assembled.diagnostics, ghosts);
      this.lastStats = { ...diff, bodies: scene.bodies.length, testedPairs: this.lastTestCount, findings: findings.length, inPlace: inPlace !== undefined };
      // The same last step as analyzeDocument's, so that both give identical results.
      const places = this.places;
      places.length = 0;
      const complete = completeAnalysis(syntax, semantics, findings, diagnostics, places);
      const others = syntax.diagnostics.length + semantics.diagnostics.length;
      // Where the syntax and semantic diagnostics went among the findings' (none: merged one by
      // one, there being many, and then no record).
      // An output with ghost bumps has diagnostics the assembler does not know of: the next run
      // cannot say what it carried over from it.
      const merged = ghosts.length === 0 && (others === 0 || places.length === others) ? Int32Array.from(places) : null;
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

  protected lastTestCount = 0;

  /**
   * This run's ghost bumps. The seams are made again only when a static body came, went or
   * changed (update's staticsTouched); else the last ones stand, their bodies read again through
   * their slots (an edit above them renumbers them). A scene without seams costs nothing more;
   * one with seams has its moving bodies checked again on every run.
   */
  protected ghostBumps(scene: Scene): GhostBumpFinding[] {
    let all = this.indicesMoved;
    if (this.staticsTouched || this.seams === null) {
      this.seams = findSeams(scene, this.seams);
      const slots = new Int32Array(this.seams.bodies.length);
      for (let k = 0; k < slots.length; k++) slots[k] = this.slotOfIndex[this.seams.bodies[k]!.index]!;
      this.seamSlots = slots;
      all = true;
    } else if (this.seams.bodies.some((b) => b !== scene.bodies[b.index])) {
      this.seams = this.seams.withBodies(Array.from(this.seamSlots, (slot) => this.bodyOf(slot)));
    }
    const ghostOf = this.ghostOf;
    if (this.seams.count === 0) {
      ghostOf.clear();
      return [];
    }
    if (all) {
      // Bodies renumbered, or other seams: every moving body again (the findings hold indices).
      ghostOf.clear();
      for (const g of findGhostBumps(scene, this.seams)) {
        const slot = this.slotOfIndex[g.moving]!;
        (ghostOf.get(slot) ?? ghostOf.set(slot, []).get(slot)!).push(g);
      }
    } else {
      // Only the bodies that changed or came (pending); those gone leave their slot unseen.
      for (const slot of [...ghostOf.keys()]) if (this.seen[slot] === 0 || this.pending[slot] === PENDING) ghostOf.delete(slot);
      const movers: SceneBody[] = [];
      for (let slot = 0; slot < this.slotCount; slot++) {
        if (this.pending[slot] === PENDING && this.seen[slot] !== 0) movers.push(this.bodyOf(slot));
      }
      for (const g of findGhostBumps(scene, this.seams, movers)) {
        const slot = this.slotOfIndex[g.moving]!;
        (ghostOf.get(slot) ?? ghostOf.set(slot, []).get(slot)!).push(g);
      }
    }
    const out: GhostBumpFinding[] = [];
    for (const list of ghostOf.values()) for (const g of list) out.push(g);
    return out;
  }

  /** The ghost bumps found last, by the slot of their moving body. */
  protected readonly ghostOf = new Map<number, GhostBumpFinding[]>();

  /** The slot of each of `seams.bodies`. */
  protected seamSlots = new Int32Array(0);

  /**
   * Tests every pair that has a pending slot, storing findings in the cache; pauses between
   * chunks. A slot stops being pending once all its pairs are in. The drivers never resume a run
   * that a newer one has superseded, so the scratch lists stay this run's own while it lives.
   */
  protected *testPending(scene: Scene, chunk: number): Generator<void, void, void> {
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
      // A whole scene's candidate pairs are let go: edits need a handful.
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

  protected testPair(scene: Scene, s: number, t: number, continuous: boolean): void {
    const bs = this.bodyOf(s);
    const bt = this.bodyOf(t);
    const sFirst = bs.index < bt.index;
    const f = sFirst ? analyzePair(scene, bs, bt, continuous) : analyzePair(scene, bt, bs, continuous);
    if (!f) return;
    // The cache outlives this text: keep no substring of it (see `detach`). Names shorter than
    // a substring view are copies already, and the finding is then stored as it is.
    const a = detach(f.a);
    const b = detach(f.b);
    this.cache.set(sFirst ? s : t, sFirst ? t : s, a === f.a && b === f.b ? f : f.relabeled(a, b, f.ia, f.ib));
  }
}
