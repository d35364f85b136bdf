// Incremental analysis, third layer: the output. A run's findings in order and their
// diagnostics in position order, assembled from the pair cache and the last output (a pair whose
// slots carry no flag is passed on unread), the in-place shortcut for edits that keep every
// place, and the record of which diagnostics were not carried over (DiagnosticsChange).
import { resized } from '../../../core';
import type { Diagnostic } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import { lowerBound, lowerBoundBy, type LineIndex } from '../syntax/positions';
import type { FindingDiagnostic } from './finding-diagnostic';
import type { Finding } from './findings';
import { FindingOrder, nextStamp } from './incremental-order';
import * as slots from './incremental-slots';
import { findingDiagnostic, onName, ownerPlaces, positionOrder, type DiagnosticsChange } from './pipeline';
import type { TextEdit } from './statement-window';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { detach, slack, SLOT_MOVED, SLOT_REINDEXED, SLOT_RELABELED, SLOT_TOUCHED, SLOT_WINDOW } = slots;

/** The most `outputCountOf` counts (a Uint16Array's largest value): see there. */
const COUNT_SATURATED = 0xffff;

export abstract class OutputAssembler extends FindingOrder {
  /**
   * Scratch of `assemble`, kept between runs: each diagnostic's owner (its body's index), which
   * ownerPlaces overwrites with its place in position order, and the counting sort's count per
   * body: no off-heap arrays made per edit.
   */
  protected owners = new Int32Array(0);

  protected bodyCounts = new Int32Array(0);

  /** The last output's lists (findings, and their diagnostics in position order), for assembleInPlace. */
  protected lastFindings: Finding[] | null = null;

  protected lastOrdered: Diagnostic[] | null = null;

  /**
   * Per entry, the stamp of the last output that held it; per slot, how many of its entries that
   * output held, up to COUNT_SATURATED (which means "that many or more": assembleInPlace then
   * declines). Two bytes a slot suffice: a body in 65,535
   * findings is far past anything an edit in place is worth.
   */
  protected outputMark = new Uint8Array(0);

  protected outputStamp = 0;

  protected outputCountOf = new Uint16Array(0);

  protected readonly changedScratch: number[] = [];

  protected readonly freshScratch: number[] = [];

  protected readonly countScratch = new Map<number, number>();

  protected override clearState(): void {
    super.clearState();
    this.owners = new Int32Array(0);
    this.bodyCounts = new Int32Array(0);
    this.lastFindings = null;
    this.lastOrdered = null;
    this.outputMark = new Uint8Array(0);
    this.outputCountOf = new Uint16Array(0);
  }

  /**
   * The run's findings in order (compareFindings: by a's index, then b's) and their diagnostics in
   * position order, from the cache and the last output. A pair whose slots carry no flag costs
   * two typed-array reads and two pointer copies. Clears the flags: they now describe this output.
   */
  protected assemble(
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
    // ownerPlaces sorts by owner without a list of them, which a kept scratch list would hold for
    // as long as the document is open.
    if (this.owners.length < count) this.owners = new Int32Array(slack(count));
    const owners = this.owners;
    let placed = true;
    for (let k = 0; k < count; k++) {
      const e = order[k]!;
      const sa = cache.slotAOf(e);
      const sb = cache.slotBOf(e);
      const changed = flags[sa]! | flags[sb]!;
      // The diagnostic noted before any relabeling below (the cache keeps it in place of the
      // finding, which it holds): one read of the entry for most of them.
      let d = cache.diagnosticOf(e);
      let f = d !== undefined ? d.finding : cache.findingOf(e);
      let relabeled = false;
      if (changed & SLOT_REINDEXED) {
        const ia = slotIndex[sa]!;
        const ib = slotIndex[sb]!;
        if (f.ia !== ia || f.ib !== ib) {
          // Relabeled once, kept relabeled: the next run finds the same object (in the
          // diagnostic noted below, which holds it).
          f = f.relabeled(detach(bodies[ia]!.name), detach(bodies[ib]!.name), ia, ib);
          relabeled = true;
        }
      }
      findings[k] = f;
      let placement = cache.placementOf(e);
      let remade = false;
      if (d === undefined || placement === UNPLACED || (changed & SLOT_RELABELED) !== 0) {
        d = findingDiagnostic(scene, f);
        placement = placementOf(d, bodies[f.ia]!, bodies[f.ib]!);
        cache.note(e, d, placement);
        remade = true;
      } else if (changed & SLOT_MOVED) {
        // A relabeled finding keeps its words (the same numbers, the same names): the
        // diagnostic only takes the new finding, and the names' offsets. The bodies by their
        // slots' indices, which are the finding's (relabeled above when they changed): after a
        // length-changing edit this runs for most findings, and reading each finding's indices
        // would be a cache miss apiece (findings lie far apart in the old generation).
        const moved = movedDiagnostic(d.of(f), placement, bodies[slotIndex[sa]!]!, bodies[slotIndex[sb]!]!);
        if (moved !== d) cache.note(e, (d = moved), placement);
      }
      // Reindexed implies moved (assign, place): a relabeled finding's diagnostic is noted
      // above. Should that ever not hold, the cache must still give the relabeled finding, and
      // a diagnostic for the lists below.
      if (relabeled && d.finding !== f) cache.note(e, (d = d.of(f)), placement);
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
    // Each finding's place in the new list, written over its owner: one column of the findings'
    // number less to keep.
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
  protected noteOutput(findings: Finding[], ordered: Diagnostic[], count: number): void {
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
  protected assembleInPlace(scene: Scene, edit: TextEdit, lines: LineIndex): { findings: Finding[]; diagnostics: Diagnostic[]; notCarried: { removed: Int32Array; added: Int32Array } } | undefined {
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
      if ((f & SLOT_WINDOW) !== 0 || (f & SLOT_RELABELED) === 0) return undefined;
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
  protected notInPlace(counts: Map<number, number>): undefined {
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
  protected record(
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
  protected flagTouched(scene: Scene, edit: TextEdit, lines: LineIndex): void {
    const bodies = scene.bodies;
    const from = lines.lineStart(lines.lineAt(edit.start));
    const last = lines.lineAt(edit.newEnd);
    const to = last + 1 < lines.lineCount ? lines.lineStart(last + 1) : Infinity;
    for (let k = lowerBoundBy(bodies, from, (b) => b.nameEnd); k < bodies.length && bodies[k]!.nameStart < to; k++) this.slotFlags[this.slotOfIndex[k]!]! |= SLOT_TOUCHED;
  }
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
