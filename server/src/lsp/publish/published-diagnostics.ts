import type { Diagnostic } from '../../common/diagnostic';
import { FindingDiagnostic } from '../../analysis/finding-diagnostic';
import { effectiveSeverity } from '../diagnostics';
import { EncodedDiagnostics } from '../encode/diagnostics-json';
import type { DiagnosticsChange } from '../../analysis/pipeline';
import { objectList } from '../encode/encoded-json-list';
import { ChunkBytes, ChunkStore, COMPACT_MIN_BYTES, LostChunkError, SLAB_BYTES, type ChunkCodec } from '../encode/chunk-store';
import type { AnalyzedDocument } from '../../features/document';
import { CHUNK_BYTES, consecutive, EMPTY, MIN_CHUNK_BYTES, Snapshot, type ChunkBuild, type Columns } from './snapshot';

/**
 * The diagnostics of successive versions of one document as published, kept as the UTF-8 bytes
 * of their JSON list (an EncodedDiagnostics, which diagnostics-json.ts writes into the message as
 * it is). An edit of one body in a large scene changes a handful of its thousands of diagnostics: the
 * rest keep the previous publication's bytes (its chunks, shared, or runs of neighbors copied),
 * and only the new ones are converted (toLspDiagnostic) and serialized. No LSP object is made or
 * kept for a diagnostic that did not change, and the cache is the chunks plus a few typed columns
 * per diagnostic rather than an object graph and a string each.
 *
 * A diagnostic's bytes are reused only when everything toLspDiagnostic reads is equal, so the
 * result is byte for byte JSON.stringify(publishedDiagnostics(doc)) (tests check it): the code,
 * the effective severity, the message, the start and end positions (line and character,
 * recomputed from the current text: a line inserted above moves a diagnostic whose offsets did
 * not change, and the reverse), each related location's positions and message, the tags and the
 * document's URI. One that sends data (`sentData`) is reused only as the same object.
 *
 * Candidates are found by walking the previous publication alongside the new one (both are in
 * position order): the next previous entry, else one a little further on (diagnostics removed
 * before this one). The analysis hands back the very diagnostic object of a pair whose bodies did
 * not move (analysis/incremental.ts), and the same object under the same settings needs only
 * its line and character checked, from numbers the snapshot keeps: most of a one-body edit's
 * diagnostics are never read. A pair whose bodies only moved in the text gets a copy at the new
 * offsets with the same finding: under the same settings that is the same words and severity,
 * so again only the places are checked. Others are compared by message first: a diagnostic
 * whose bodies only moved keeps its message string, or for a finding's diagnostic its finding,
 * or a relabeled one with the same numbers that stand for its words (finding-diagnostic.ts,
 * `messageKey`; its message is then never made), so that is mostly one pointer test. A
 * diagnostic found neither way (new, changed, or moved far in the list) is converted afresh.
 *
 * That walk still visits every diagnostic. When the analysis says what the edit changed (its
 * DiagnosticsChange: the diagnostics it did not carry over, found from the pairs it tested and
 * the bodies it evaluated again, pipeline.ts) and the edit kept the line count, every other
 * diagnostic is written as before, so the publication goes chunk by chunk instead
 * (publishChange): an old chunk none of whose diagnostics changed is shared without reading
 * one of them, and only the chunks holding a change are written again. An edit that adds or
 * removes lines, other settings, another URI or a list this cache did not publish takes the
 * walk.
 *
 * The bytes are kept in chunks of about CHUNK_BYTES, each the JSON of a run of neighboring
 * diagnostics, never modified once made (EncodedDiagnostics): a publication shares every chunk of
 * the previous one whose diagnostics are all unchanged and still neighbors, and writes new
 * chunks only around what changed. A one-body edit then makes one or two chunks instead of
 * copying the whole list, whose memory traffic would be most of the publication's time; and
 * editing keeps one list's worth of bytes alive
 * (the shared chunks), not the previous list and a spare one. The writer sends the chunks as they
 * are (node/gather-writer.ts). Every chunk but the last is at least MIN_CHUNK_BYTES, and a
 * new one ends where an old one ended, so that edits do not split the list into ever smaller pieces.
 */
export class PublishedDiagnostics {
  private previous: Snapshot = EMPTY;
  /**
   * The snapshot before `previous`, whose columns the next publication writes into: a
   * publication's record lives until the next one, so a fresh set per edit would be promoted to
   * the old generation every time and collected there.
   */
  private spare: Snapshot | null = null;
  private counts = { reused: 0, converted: 0 };
  private path: 'change' | 'all' = 'all';
  /**
   * Scratch columns of publishAll and publishChange (Columns, `scratch`), kept: three fresh
   * arrays of the list's length per edit would be off-heap allocations, and garbage, on every
   * keystroke.
   */
  private columns: Columns = { source: new Int32Array(0), from: new Int32Array(0), sizes: new Int32Array(0) };

  /** Whether the last publication was made from the analysis's change record (publishChange) or by comparing every diagnostic. */
  get lastPath(): 'change' | 'all' {
    return this.path;
  }

  /** How many diagnostics the last publication copied from the one before, and how many it converted. */
  get stats(): { readonly reused: number; readonly converted: number } {
    return this.counts;
  }

  /** Where the chunks' bytes are kept, and compressed while the server is idle (encode/chunk-store.ts). */
  private readonly store: ChunkStore;

  private readonly limits: CompactLimits;

  /** `codec`: how to compress the kept bytes while idle (compact); none, they are never compressed. */
  constructor(codec: ChunkCodec | null = null, limits: Partial<CompactLimits> = {}) {
    this.limits = { minDiagnostics: limits.minDiagnostics ?? COMPACT_MIN_DIAGNOSTICS, minBytes: limits.minBytes ?? COMPACT_MIN_BYTES, slabBytes: limits.slabBytes ?? SLAB_BYTES };
    this.store = new ChunkStore(codec, this.limits.slabBytes);
  }

  /**
   * The document's diagnostics as publishedDiagnostics(doc) gives them, as JSON bytes; or those
   * of `list`, diagnostics of the document in position order (the part of them under the
   * diagnostics limit, diagnostic-limit.ts), as toLspDiagnostic converts them.
   */
  publish(doc: AnalyzedDocument, list: readonly Diagnostic[] = doc.analysis.diagnostics): EncodedDiagnostics {
    try {
      return this.publishFrom(doc, list);
    } catch (e) {
      if (!(e instanceof LostChunkError)) throw e;
      // A compressed chunk that could not be expanded (the codec failed: out of memory): the
      // previous publication is forgotten and this one converted from scratch, so what is
      // published stays right, only slower.
      this.clear();
      this.path = 'all';
      return this.publishAll(doc, list);
    }
  }

  private publishFrom(doc: AnalyzedDocument, list: readonly Diagnostic[]): EncodedDiagnostics {
    // Compressed while idle: all of it back at once (the publication writes every chunk).
    const kept = this.previous.chunks;
    for (let c = 0; c < kept.length; c++) {
      if (kept[c]!.data.raw === null) {
        this.store.expand(this.keptBytes());
        break;
      }
    }
    const change = doc.analysis.change;
    const old = this.previous;
    // The analysis says what changed since the list published last (same document, same
    // settings, nothing left out, and no line added or removed): a walk over its chunks. Only for
    // the analysis's own list: the record says nothing of a part of it.
    if (list === doc.analysis.diagnostics && change !== undefined && change.edit.lineDelta === 0 && old.listed !== null && old.listed === change.previous.deref() && old.count === old.listed.length && old.sameUri(doc.uri) && old.settings === doc.settings) {
      this.path = 'change';
      return this.publishChange(doc, change);
    }
    this.path = 'all';
    return this.publishAll(doc, list);
  }

  /** Every diagnostic of `diagnostics` checked against the previous publication (see the class comment). */
  private publishAll(doc: AnalyzedDocument, diagnostics: readonly Diagnostic[]): EncodedDiagnostics {
    const old = this.previous;
    const oldCount = old.sameUri(doc.uri) ? old.count : 0;
    const lines = doc.lines;
    const next = this.nextSnapshot(doc, diagnostics);
    const sameSettings = old.settings === doc.settings;
    // Per published diagnostic: its index in `diagnostics`, the previous one whose bytes and
    // columns it reuses (or -1 and its new JSON text, in order in `texts`), and the length of its
    // JSON. Numbers only: nothing here stores a pointer per diagnostic. Scratch kept between
    // publications (every entry below n is written before it is read).
    const { source, from, sizes } = this.scratch(diagnostics.length);
    const texts: string[] = [];
    let converted = 0;
    // The chunks: an old chunk whose diagnostics all come next, in order, keeps its bytes (and is
    // shared whole when they are the same objects); the rest gather into new chunks.
    // A list converted from scratch is written into the store's slabs when it is large enough to
    // be compressed while idle (encode/chunk-store.ts): the first publication of a large document, or
    // one after a list too small for that (the diagnostics limit lifted, diagnostic-limit.ts, or
    // a large paste), most of which is converted afresh too. In arrays of their own, its bytes
    // compressed and dropped while idle stayed resident (the C heap keeps freed blocks).
    const bulk = (oldCount === 0 || oldCount < this.limits.minDiagnostics) && diagnostics.length >= this.limits.minDiagnostics && this.store.compresses;
    const build: ChunkBuild = { old, from, source, diagnostics, texts, text: 0, store: this.store, bulk };
    let pending = 0; // first diagnostic not yet in a chunk
    let pendingBytes = 0;
    const flush = (to: number): void => {
      if (pending < to) next.writeChunk(build, pending, to, pendingBytes + (to - pending - 1));
      pending = to;
      pendingBytes = 0;
    };
    // While every diagnostic so far is converted (a first publication, or a list nothing of which
    // is recognized), chunks are written as they fill, as the loop below would cut them, and
    // their texts dropped: else a large document's first publication would hold every text
    // across the pass, long enough to be promoted to the old generation as garbage.
    let streamed = 0;
    const oldChunkOf = old.chunkOf;
    const oldFirsts = old.chunkFirsts;
    // The old chunk holding diagnostic j, followed as j advances.
    let chunkStart = 0;
    let chunkEnd = 0;
    let chunkObjects: readonly Diagnostic[] = [];
    let chunkMessages: readonly unknown[] = [];
    let n = 0;
    let j = 0;
    for (let q = 0; q < diagnostics.length; q++) {
      const d = diagnostics[q]!;
      let reused = -1;
      if (j < oldCount && (j >= chunkEnd || j < chunkStart)) {
        const c = oldChunkOf[j]!;
        chunkStart = oldFirsts[c]!;
        chunkEnd = oldFirsts[c + 1]!;
        chunkObjects = old.chunks[c]!.objects;
        chunkMessages = old.chunks[c]!.messages;
      }
      // The same object, published under the same settings: written as before if still at the
      // same line and character (its offsets are the ones kept). Else a finding's diagnostic of
      // the very finding published there, under the same settings: the same words, code and
      // severity (finding-diagnostic.ts, messageKey), so only its places are checked. That is
      // every diagnostic of a pair whose bodies only moved in the text (after a length-changing
      // edit, most of them: analysis/incremental.ts gives each a copy at its new offsets), and
      // the test reads neither the finding nor the old object, which are far apart in memory
      // (a cache miss or two per diagnostic otherwise).
      if (sameSettings && j < oldCount && (chunkObjects[j - chunkStart] === d ? old.stillAt(j, lines) : d instanceof FindingDiagnostic && chunkMessages[j - chunkStart] === d.finding && old.findingStillAt(j, lines, d))) reused = j++;
      else {
        const severity = effectiveSeverity(doc, d);
        if (severity === null) continue;
        const stop = Math.min(oldCount, j + LOOK_AHEAD);
        for (let i = j; i < stop; i++) {
          if (old.matches(i, lines, d, severity)) {
            reused = i;
            j = i + 1;
            break;
          }
        }
        if (reused < 0) {
          sizes[n] = next.convert(n, doc, d, severity, texts);
          converted++;
          source[n] = q;
          from[n++] = -1;
          if (streamed === n - 1) {
            streamed = n;
            pendingBytes += sizes[n - 1]!;
            if (pendingBytes >= CHUNK_BYTES) {
              flush(n);
              texts.length = 0;
              build.text = 0;
            }
          }
          continue;
        }
      }
      sizes[n] = old.ends[reused]! - old.starts[reused]!;
      source[n] = q;
      from[n++] = reused;
    }

    for (let k = streamed; k < n; ) {
      const i = from[k]!;
      if (i >= 0) {
        const c = oldChunkOf[i]!;
        const count = oldFirsts[c + 1]! - oldFirsts[c]!;
        if (i === oldFirsts[c] && old.chunks[c]!.data.size >= MIN_CHUNK_BYTES && (pending === k || pendingBytes >= MIN_CHUNK_BYTES) && k + count <= n && from[k + count - 1] === i + count - 1 && consecutive(from, k, count)) {
          flush(k);
          next.keepChunk(build, c, k);
          k += count;
          pending = k;
          continue;
        }
      }
      pendingBytes += sizes[k]!;
      k++;
      // A new chunk ends where an old one ended (the next may be kept), or where it is full.
      const full = pendingBytes >= (i < 0 ? CHUNK_BYTES : 2 * CHUNK_BYTES);
      if (full || (i >= 0 && pendingBytes >= MIN_CHUNK_BYTES && i + 1 === oldFirsts[oldChunkOf[i]! + 1])) flush(k);
    }
    flush(n);
    return this.finish(next, n - converted, converted);
  }

  /**
   * The publication from the analysis's change record (DiagnosticsChange): the previous list
   * with its `removed` diagnostics left out and the new list's `added` ones put in, every other
   * diagnostic carried over and so written as before. An old chunk with none of either in its
   * run is shared as it is, its columns block copies, without a look at one of its diagnostics;
   * the diagnostics of the chunks around a change are written into new chunks, the carried-over
   * ones copied from the old bytes and the added ones converted. A kept chunk's objects are the
   * ones it was written for, perhaps not the current ones (a copy moved by the edit): its
   * columns are theirs, so a later publication that compares by identity checks them against
   * their own offsets, and one that does not finds the current ones by content.
   */
  private publishChange(doc: AnalyzedDocument, change: DiagnosticsChange): EncodedDiagnostics {
    const old = this.previous;
    const diagnostics = doc.analysis.diagnostics;
    const next = this.nextSnapshot(doc, diagnostics);
    const { source, from, sizes } = this.scratch(diagnostics.length);
    const { removed, added } = change;
    const lines = doc.lines;
    const texts: string[] = [];
    const build: ChunkBuild = { old, from, source, diagnostics, texts, text: 0, store: this.store, bulk: false };
    const oldFirsts = old.chunkFirsts;
    const oldChunks = old.chunks;
    const lastChunk = oldChunks.length - 1;
    let converted = 0;
    let r = 0; // next of `removed`
    let a = 0; // next of `added`
    let q = 0; // next new diagnostic (index into `diagnostics`)
    let n = 0; // published so far
    let pending = 0; // first published diagnostic not yet in a chunk
    let pendingBytes = 0;
    // The shared chunks whose columns are still to be copied: old runOld … on as new runNew … on.
    let runOld = 0;
    let runNew = 0;
    let runCount = 0;
    const flush = (): void => {
      if (pending < n) next.writeChunk(build, pending, n, pendingBytes + (n - pending - 1));
      pending = n;
      pendingBytes = 0;
    };
    // The added diagnostics from new index q on, up to the next carried-over one, converted.
    const addHere = (): void => {
      while (a < added.length && added[a] === q) {
        a++;
        const d = diagnostics[q++]!;
        const severity = effectiveSeverity(doc, d);
        if (severity === null) continue;
        // Most added ones were written before as they are now (a body evaluated again in the
        // window, a name on a touched line before the edit): looked for among the removed ones
        // about here, as publishAll looks a little ahead.
        let was = -1;
        for (let t = Math.max(0, r - LOOK_AHEAD), stop = Math.min(removed.length, r + LOOK_AHEAD); t < stop; t++) {
          if (old.matches(removed[t]!, lines, d, severity)) {
            was = removed[t]!;
            break;
          }
        }
        source[n] = q - 1;
        if (was >= 0) {
          sizes[n] = old.ends[was]! - old.starts[was]!;
          from[n] = was;
        } else {
          sizes[n] = next.convert(n, doc, d, severity, texts);
          converted++;
          from[n] = -1;
        }
        pendingBytes += sizes[n++]!;
        if (pendingBytes >= CHUNK_BYTES) flush();
      }
    };
    for (let c = 0; c <= lastChunk; c++) {
      const first = oldFirsts[c]!;
      const end = oldFirsts[c + 1]!;
      const count = end - first;
      // Old diagnostic `first` is the next carried over (the ones removed before it are passed):
      // it comes after the added ones before new index q + (their number).
      while (r < removed.length && removed[r]! < first) r++;
      addHere();
      const clean = (r === removed.length || removed[r]! >= end) && (a === added.length || added[a]! >= q + count);
      // Kept whole: no change in its run, nothing new being gathered that would end up smaller
      // than a chunk may be, and (the old last chunk, which may be small) nothing after it.
      const chunk = oldChunks[c]!;
      if (clean && (pending === n || pendingBytes >= MIN_CHUNK_BYTES) && (chunk.data.size >= MIN_CHUNK_BYTES || (c === lastChunk && a === added.length))) {
        flush();
        next.shareChunk(old, c, n);
        // Neighboring shared chunks' columns are one block copy (a few per edit, not one per chunk).
        if (runCount > 0 && runOld + runCount === first && runNew + runCount === n) runCount += count;
        else {
          if (runCount > 0) next.copyColumns(old, runOld, runNew, runCount);
          runOld = first;
          runNew = n;
          runCount = count;
        }
        n += count;
        q += count;
        pending = n;
        continue;
      }
      // Written anew: its carried-over diagnostics copied, the added ones converted, in order.
      for (let i = first; i < end; i++) {
        if (r < removed.length && removed[r] === i) {
          r++;
          continue;
        }
        addHere();
        sizes[n] = old.ends[i]! - old.starts[i]!;
        pendingBytes += sizes[n]!;
        source[n] = q++;
        from[n++] = i;
        if (pendingBytes >= 2 * CHUNK_BYTES) flush();
      }
      // A new chunk ends where an old one ended, as in publishAll.
      if (pendingBytes >= MIN_CHUNK_BYTES) flush();
    }
    addHere();
    flush();
    if (runCount > 0) next.copyColumns(old, runOld, runNew, runCount);
    return this.finish(next, n - converted, converted);
  }

  /** The snapshot a publication of `list` writes: the spare one when it is large enough. */
  private nextSnapshot(doc: AnalyzedDocument, list: readonly Diagnostic[]): Snapshot {
    const spare = this.spare;
    const length = list.length;
    const next = spare !== null && spare.capacity >= length ? spare.reuse(doc.uri, doc.settings) : new Snapshot(doc.uri, doc.settings, length);
    next.listed = list;
    next.chunks.length = 0;
    next.chunkFirsts.length = 0;
    return next;
  }

  /** The scratch columns, at least `length` long. */
  private scratch(length: number): Columns {
    if (this.columns.source.length < length) {
      const capacity = Math.max(64, length + (length >> 3));
      this.columns = { source: new Int32Array(capacity), from: new Int32Array(capacity), sizes: new Int32Array(capacity) };
    }
    return this.columns;
  }

  /** Ends publication `next` of n diagnostics: its chunk column, and it becomes the previous one. */
  private finish(next: Snapshot, reused: number, converted: number): EncodedDiagnostics {
    const n = reused + converted;
    const chunks = next.chunks;
    const firsts = next.chunkFirsts;
    next.count = n;
    firsts.push(n);
    for (let c = 0; c < chunks.length; c++) next.chunkOf.fill(c, firsts[c]!, firsts[c + 1]!);
    const old = this.previous;
    if (old !== EMPTY) {
      // Its chunks are read no more (it is only written into next time): a chunk this
      // publication replaced is let go now, and every chunk still referenced is one of `next`'s
      // (what release() counts on).
      old.chunks.length = 0;
      old.listed = null;
    }
    this.spare = old === EMPTY ? null : old;
    this.previous = next;
    this.counts = { reused, converted };
    // One elements kind for every publication's list, an empty one's included (objectList).
    const bytes = objectList<Uint8Array>();
    const store = this.store;
    // Every chunk is raw by now: new ones are written raw, and publishFrom expanded the kept
    // ones (all at once, one slab) before any was read.
    for (let c = 0; c < chunks.length; c++) bytes.push(store.bytes(chunks[c]!.data));
    return new EncodedDiagnostics(bytes, n);
  }

  /**
   * Compresses the chunks of the last publication that are not yet, while `shouldYield` lets it
   * (the caller's time slice): true when every one is (or the publication is too small to be
   * worth it, COMPACT_MIN_BYTES, or there is no codec). Nothing changes for a reader: the raw
   * bytes stay until release(). Safe between any two calls of publish, which carries on with
   * whatever is compressed and what is not.
   */
  compact(shouldYield: () => boolean): boolean {
    if (!this.worthCompacting()) return true;
    return this.store.compact(this.keptBytes(), shouldYield);
  }

  /**
   * Drops the raw bytes of every compressed chunk, which are expanded again when next read, and
   * gives the store's slabs back to the system when nothing is left in them; the bytes freed.
   * A publication too small to be compressed (shrunk since the list written into slabs) moves
   * its chunks out of the slabs instead, and frees them. Every list this published before must
   * be written already and never read again (a pending write included): their chunks may be
   * emptied.
   */
  release(): number {
    if (!this.store.compresses) return 0;
    if (!this.worthCompacting()) return this.store.unslab(this.keptBytes());
    return this.store.release(this.keptBytes());
  }

  /** The bytes of the last publication: raw (as arrays hold them, compressed ones' included) and compressed. */
  get memory(): { readonly raw: number; readonly packed: number; readonly slabs: number } {
    let raw = 0;
    let packed = 0;
    for (const c of this.previous.chunks) {
      if (c.data.raw !== null) raw += c.data.size;
      if (c.data.packed !== null) packed += c.data.packed.length;
    }
    return { raw, packed, slabs: this.store.slabBytes };
  }

  /** The size in bytes of each chunk of the last publication. */
  get chunkSizes(): number[] {
    return this.previous.chunks.map((c) => c.data.size);
  }

  private worthCompacting(): boolean {
    if (!this.store.compresses) return false;
    let size = 0;
    for (const c of this.previous.chunks) size += c.data.size;
    return size >= this.limits.minBytes;
  }

  private keptBytes(): ChunkBytes[] {
    const chunks = this.previous.chunks;
    const out = new Array<ChunkBytes>(chunks.length);
    for (let c = 0; c < chunks.length; c++) out[c] = chunks[c]!.data;
    return out;
  }

  /** Forgets the previous publication (document closed, or its diagnostics cleared). */
  clear(): void {
    this.previous = EMPTY;
    this.spare = null;
    this.columns = { source: new Int32Array(0), from: new Int32Array(0), sizes: new Int32Array(0) };
    this.counts = { reused: 0, converted: 0 };
  }
}

/**
 * The least number of diagnostics of a list converted from scratch that is written into the
 * store's slabs (encode/chunk-store.ts), to be compressed while idle. A diagnostic's JSON is a few
 * hundred bytes, so this is a list of about COMPACT_MIN_BYTES or more; smaller lists keep arrays
 * of their own and are never compressed.
 */
const COMPACT_MIN_DIAGNOSTICS = 16384;

/** When a publication is compressed while idle (the defaults: COMPACT_MIN_DIAGNOSTICS, COMPACT_MIN_BYTES, SLAB_BYTES; tests use small ones). */
export interface CompactLimits {
  /** The least number of diagnostics of a list written from scratch into slabs. */
  readonly minDiagnostics: number;
  /** The least size in bytes of a publication that is compressed. */
  readonly minBytes: number;
  /** The size of a slab. */
  readonly slabBytes: number;
}

/** How far past the expected place a diagnostic of the previous publication is looked for. */
const LOOK_AHEAD = 32;
