import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../../common/diagnostic';
import type { LineIndex } from '../../syntax/positions';
import { FindingDiagnostic } from '../../analysis/finding-diagnostic';
import { ImpactFinding, OverlapFinding } from '../../analysis/findings';
import { effectiveSeverity, toLspDiagnostic } from '../diagnostics';
import { EncodedDiagnostics, utf8Length } from '../encode/diagnostics-json';
import type { DiagnosticsChange } from '../../analysis/pipeline';
import { COMMA, objectList } from '../encode/encoded-json-list';
import { ChunkBytes, ChunkStore, COMPACT_MIN_BYTES, LostChunkError, SLAB_BYTES, type ChunkCodec } from '../encode/chunk-store';
import type { AnalyzedDocument } from '../../features/document';

/**
 * The diagnostics of successive versions of one document as published, kept as the UTF-8 bytes
 * of their JSON list (an EncodedDiagnostics, which diagnostics-json.ts writes into the message as
 * it is). An edit of one body in a 10k-body scene changes a handful of its ~6k diagnostics: the
 * rest keep the previous publication's bytes (its chunks, shared, or runs of neighbours copied),
 * and only the new ones are converted (toLspDiagnostic) and serialised. No LSP object is made or
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
 * or a relabelled one with the same numbers that stand for its words (finding-diagnostic.ts,
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
 * The bytes are kept in chunks of about CHUNK_BYTES, each the JSON of a run of neighbouring
 * diagnostics, never modified once made (EncodedDiagnostics): a publication shares every chunk of
 * the previous one whose diagnostics are all unchanged and still neighbours, and writes new
 * chunks only around what changed. A one-body edit of a 10k-body scene then makes one or two
 * chunks of a few tens of kilobytes instead of copying the whole ~2.7 MB list, whose memory
 * traffic was most of the publication's time; and editing keeps one list's worth of bytes alive
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
   * arrays of the list's length per edit were off-heap allocations, and garbage, on every
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

  /** Where the chunks' bytes are kept, and compressed while the server is idle (chunk-store.ts). */
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
    // be compressed while idle (chunk-store.ts): the first publication of a large document, or
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
    // is recognised), chunks are written as they fill, as the loop below would cut them, and
    // their texts dropped: else a 100k-body document's first publication held all 62 828 texts
    // (25 MB) across the pass, long enough to be promoted to the old generation, where they
    // stayed as garbage until V8's memory reducer ran, seconds later.
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
      // and were most of such an edit's publication (cache misses, one or two per diagnostic).
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
        // Neighbouring shared chunks' columns are one block copy (a few per edit, not one per chunk).
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
 * store's slabs (chunk-store.ts), to be compressed while idle. A diagnostic's JSON is 250–450
 * bytes (a range, severity, code, source and message, most with a related location: 441 on
 * average at 100k bodies), so this is a list of 4–7 MB, from about COMPACT_MIN_BYTES: a 10k-body
 * scene's ~6.3k diagnostics keep arrays of their own and are never compressed.
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

const UTF8 = new TextEncoder();

/**
 * One chunk of a publication: its bytes, and per diagnostic in it what it was written for (the
 * plain diagnostic, whose identity says "unchanged") and its code, message and one related
 * location's message (undefined: none, or several), which the object holds too: read here, a
 * diagnostic matched by content (its bodies moved in the text, so it is another object) costs no
 * visit to the previous one. Never modified once made: later snapshots share it, so an unchanged
 * chunk costs a publication no pointer stores at all (each of which is a write barrier, and
 * thousands of them were a visible share of an edit).
 */
class Chunk {
  constructor(
    /** Its JSON, raw or compressed (read through the store: ChunkStore.bytes). */
    readonly data: ChunkBytes,
    readonly objects: readonly Diagnostic[],
    /**
     * Per diagnostic its code, or null when every diagnostic of the chunk is a finding's (most
     * chunks: a finding's key implies its code, and matches() reads the code of no other): two
     * arrays of a pointer per diagnostic fewer, 1.1 MB at 100k bodies.
     */
    readonly codes: readonly (string | undefined)[] | null,
    /** Per diagnostic its message, or what stands for it (messageKeyOf: a finding diagnostic's finding). */
    readonly messages: readonly unknown[],
    /** Per diagnostic its one related location's message (undefined: none, several, or implied by a finding's key); null as `codes`. */
    readonly relatedMessages: readonly (string | undefined)[] | null,
  ) {}
}

/** Per published diagnostic: its index in the analysis's list, the old one it is copied from (-1: converted), its JSON's length. */
interface Columns {
  readonly source: Int32Array;
  readonly from: Int32Array;
  readonly sizes: Int32Array;
}

/** What Snapshot.writeChunk and keepChunk build a publication from. */
interface ChunkBuild {
  readonly old: Snapshot;
  readonly from: Int32Array;
  readonly source: Int32Array;
  readonly diagnostics: readonly Diagnostic[];
  readonly texts: readonly string[];
  /** Texts written so far. */
  text: number;
  readonly store: ChunkStore;
  /** Whether this is a large list written from scratch, whose new chunks go to the store's slabs. */
  readonly bulk: boolean;
}

/**
 * One publication: its chunks, and per diagnostic in typed columns its chunk, where its JSON lies
 * in it, its effective severity, and its positions as lines and characters with the offsets they
 * were computed from. Column-wise rather than one record per diagnostic: checking thousands of
 * diagnostics after every edit then walks a few arrays in order, and the columns of a kept chunk
 * are block copies.
 */
class Snapshot {
  count = 0;
  /** The analysis's list it was published from (what a change record names as its previous list). */
  listed: readonly Diagnostic[] | null = null;
  readonly capacity: number;
  readonly chunks: Chunk[] = objectList();
  /** Each chunk's first diagnostic, then `count`. */
  readonly chunkFirsts: number[] = [];
  /** Per diagnostic: its chunk, and where its JSON starts and ends in it. */
  readonly chunkOf: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Its effective severity (an index into SEVERITIES). */
  readonly severities: Uint8Array;
  /** How many related locations it has: 0, 1, or MANY (2 or more: never reused, always converted). */
  readonly relatedCounts: Uint8Array;
  /** 1 if it has tags (rare: only then is the kept object read to compare them). */
  readonly tagged: Uint8Array;
  /** Per diagnostic, 8 numbers: start line and character, end line and character; the same for its one related location. */
  readonly positions: Int32Array;
  /** Its offsets: start, end, and its one related location's (a copy of the object's, read without following it). */
  readonly offsets: Int32Array;

  constructor(
    public uri: string,
    /** The settings it was published under (their severities). */
    public settings: unknown,
    capacity: number,
  ) {
    this.capacity = capacity;
    this.chunkOf = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.severities = new Uint8Array(capacity);
    this.relatedCounts = new Uint8Array(capacity);
    this.tagged = new Uint8Array(capacity);
    this.positions = new Int32Array(8 * capacity);
    this.offsets = new Int32Array(4 * capacity);
  }

  /** This snapshot, emptied for a new publication. */
  reuse(uri: string, settings: unknown): this {
    this.listed = null;
    this.uri = uri;
    this.settings = settings;
    this.count = 0;
    return this;
  }

  sameUri(uri: string): boolean {
    return this.uri === uri;
  }

  /**
   * Diagnostic k converted afresh (the one place a publication makes JSON): its text appended
   * to `texts` (the chunk's writer takes them in order), its columns set; its length in bytes.
   */
  convert(k: number, doc: AnalyzedDocument, d: Diagnostic, severity: Severity, texts: string[]): number {
    const lsp = toLspDiagnostic(doc, d, severity);
    const text = JSON.stringify(lsp);
    this.set(k, d, severity, lsp);
    texts.push(text);
    return utf8Length(text);
  }

  /** Records the columns of diagnostic k, converted: `lsp` is toLspDiagnostic(doc, d, severity). */
  private set(k: number, d: Diagnostic, severity: Severity, lsp: LspDiagnostic): void {
    this.severities[k] = SEVERITIES.indexOf(severity);
    this.tagged[k] = d.tags === undefined ? 0 : 1;
    this.noteOffsets(k, d);
    const p = this.positions;
    const { start, end } = lsp.range;
    p[8 * k] = start.line;
    p[8 * k + 1] = start.character;
    p[8 * k + 2] = end.line;
    p[8 * k + 3] = end.character;
    const related = d.related;
    if (related?.length === 1) {
      const r = lsp.relatedInformation![0]!.location.range;
      p[8 * k + 4] = r.start.line;
      p[8 * k + 5] = r.start.character;
      p[8 * k + 6] = r.end.line;
      p[8 * k + 7] = r.end.character;
      this.relatedCounts[k] = 1;
    } else this.relatedCounts[k] = related === undefined || related.length === 0 ? 0 : MANY;
  }

  /** Keeps the offsets of `d`, written as diagnostic k: its range's, and its one related location's. */
  private noteOffsets(k: number, d: Diagnostic): void {
    const o = this.offsets;
    if (d instanceof FindingDiagnostic) {
      // Its offsets as they are held: the range and related objects are made on each read.
      o[4 * k] = d.start;
      o[4 * k + 1] = d.end;
      o[4 * k + 2] = d.relatedStart;
      o[4 * k + 3] = d.relatedEnd;
      return;
    }
    o[4 * k] = d.range.start;
    o[4 * k + 1] = d.range.end;
    const related = d.related;
    if (related?.length === 1) {
      o[4 * k + 2] = related[0]!.range.start;
      o[4 * k + 3] = related[0]!.range.end;
    }
  }

  /** Records diagnostics k … k + count - 1 as written the same as `old`'s i … i + count - 1 (their typed columns). */
  private copyRun(k: number, old: Snapshot, i: number, count: number): void {
    this.severities.set(old.severities.subarray(i, i + count), k);
    this.relatedCounts.set(old.relatedCounts.subarray(i, i + count), k);
    this.tagged.set(old.tagged.subarray(i, i + count), k);
    this.positions.set(old.positions.subarray(8 * i, 8 * (i + count)), 8 * k);
    this.offsets.set(old.offsets.subarray(4 * i, 4 * (i + count)), 4 * k);
  }

  /**
   * Makes diagnostics k … to - 1 one new chunk of `size` bytes: the converted ones' texts, the
   * others copied from the old chunks, a run of old neighbours at a time.
   */
  writeChunk(b: ChunkBuild, k: number, to: number, size: number): void {
    const { old, from, source, diagnostics, store } = b;
    const data = store.allocate(size, b.bulk);
    const bytes = data.raw!;
    const count = to - k;
    const objects = new Array<Diagnostic>(count);
    const messages = new Array<unknown>(count);
    let codes: (string | undefined)[] | null = null;
    let relatedMessages: (string | undefined)[] | null = null;
    for (let r = 0; r < count; r++) {
      // The current object, and what it is written with (equal to the old one's when reused).
      const d = diagnostics[source[k + r]!]!;
      objects[r] = d;
      messages[r] = messageKeyOf(d);
      if (!(d instanceof FindingDiagnostic)) {
        codes ??= new Array<string | undefined>(count).fill(undefined);
        relatedMessages ??= new Array<string | undefined>(count).fill(undefined);
        codes[r] = d.code;
        relatedMessages[r] = d.related?.length !== 1 ? undefined : d.related[0]!.message;
      }
    }
    let at = 0;
    for (let q = k; q < to; ) {
      if (q > k) bytes[at++] = COMMA;
      const i = from[q]!;
      if (i < 0) {
        this.starts[q] = at;
        at += UTF8.encodeInto(b.texts[b.text++]!, bytes.subarray(at)).written;
        this.ends[q] = at;
        q++;
        continue;
      }
      // A run of neighbours in one old chunk is one copy, commas included.
      const c = old.chunkOf[i]!;
      let m = q;
      while (m + 1 < to && from[m + 1] === from[m]! + 1 && old.chunkOf[from[m + 1]!] === c) m++;
      const base = old.starts[i]!;
      const end = old.ends[from[m]!]!;
      bytes.set(store.bytes(old.chunks[c]!.data).subarray(base, end), at);
      this.copyRun(q, old, i, m - q + 1);
      for (let r = q; r <= m; r++) {
        const was = from[r]!;
        this.starts[r] = at + old.starts[was]! - base;
        this.ends[r] = at + old.ends[was]! - base;
        // Matched by content rather than identity (its bodies moved in the text): the same
        // line and character from other offsets, which are the ones stillAt must check next time.
        if (objects[r - k] !== old.objectAt(was)) this.noteOffsets(r, objects[r - k]!);
      }
      at += end - base;
      q = m + 1;
    }
    this.chunkFirsts.push(k);
    this.chunks.push(new Chunk(data, objects, codes, messages, relatedMessages));
  }

  /**
   * Takes `old`'s chunk c for diagnostics k on (from[k] is its first diagnostic, and the rest
   * follow it): the chunk itself when they are its very objects, else its bytes and strings with
   * the current objects.
   */
  keepChunk(b: ChunkBuild, c: number, k: number): void {
    const { old, source, diagnostics } = b;
    const first = old.chunkFirsts[c]!;
    const count = old.chunkFirsts[c + 1]! - first;
    const chunk = old.chunks[c]!;
    this.copyColumns(old, first, k, count);
    let objects: Diagnostic[] | null = null;
    let messages: unknown[] | null = null;
    for (let r = 0; r < count; r++) {
      const d = diagnostics[source[k + r]!]!;
      if (d === chunk.objects[r]) continue;
      objects ??= chunk.objects.slice();
      objects[r] = d;
      this.noteOffsets(k + r, d);
      // A relabelled finding (same numbers, another object): kept from now on, so that the next
      // publication finds it by identity and the old finding is not kept alive here.
      if (d instanceof FindingDiagnostic && chunk.messages[r] !== d.finding) {
        messages ??= chunk.messages.slice();
        messages[r] = d.finding;
      }
    }
    this.chunkFirsts.push(k);
    this.chunks.push(objects === null ? chunk : new Chunk(chunk.data, objects, chunk.codes, messages ?? chunk.messages, chunk.relatedMessages));
  }

  /** Takes `old`'s chunk c as it is for diagnostics k on: its bytes, strings and objects (its columns: copyColumns). */
  shareChunk(old: Snapshot, c: number, k: number): void {
    this.chunkFirsts.push(k);
    this.chunks.push(old.chunks[c]!);
  }

  /** Records diagnostics k … k + count - 1 as `old`'s i … i + count - 1, where they lie in their chunks included. */
  copyColumns(old: Snapshot, i: number, k: number, count: number): void {
    this.copyRun(k, old, i, count);
    this.starts.set(old.starts.subarray(i, i + count), k);
    this.ends.set(old.ends.subarray(i, i + count), k);
  }

  /** The plain diagnostic i was written for. */
  objectAt(i: number): Diagnostic {
    const c = this.chunkOf[i]!;
    return this.chunks[c]!.objects[i - this.chunkFirsts[c]!]!;
  }

  /**
   * Whether diagnostic i, its kept object unchanged, is still at the same lines and characters
   * in the current text: all from numbers kept here, the object is not read. One with several
   * related locations never is (it is converted afresh: nothing in the pipeline makes them today).
   */
  stillAt(i: number, lines: LineIndex): boolean {
    const p = this.positions;
    const o = this.offsets;
    const related = this.relatedCounts[i]!;
    if (related === MANY || !at(lines, o[4 * i]!, p[8 * i]!, p[8 * i + 1]!) || !at(lines, o[4 * i + 1]!, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    return related === 0 || (at(lines, o[4 * i + 2]!, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, o[4 * i + 3]!, p[8 * i + 6]!, p[8 * i + 7]!));
  }

  /**
   * Whether the finding diagnostic `d`, of the very finding diagnostic i was written for (so the
   * same words and severity under the same settings), is at i's lines and characters: its
   * offsets, read from `d`, against the positions kept here.
   */
  findingStillAt(i: number, lines: LineIndex, d: FindingDiagnostic): boolean {
    const p = this.positions;
    if (!at(lines, d.start, p[8 * i]!, p[8 * i + 1]!) || !at(lines, d.end, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    if (d.relatedStart < 0) return this.relatedCounts[i] === 0;
    return this.relatedCounts[i] === 1 && at(lines, d.relatedStart, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, d.relatedEnd, p[8 * i + 6]!, p[8 * i + 7]!);
  }

  /** Whether `d`, published with `severity`, would be written exactly as diagnostic i was. */
  matches(i: number, lines: LineIndex, d: Diagnostic, severity: Severity): boolean {
    const c = this.chunkOf[i]!;
    const chunk = this.chunks[c]!;
    const local = i - this.chunkFirsts[c]!;
    const p = this.positions;
    const count = this.relatedCounts[i]!;
    if (d instanceof FindingDiagnostic) {
      // The key first: a diagnostic whose bodies only moved keeps its finding's numbers, which
      // stand for its message, related message and code; it has no tags.
      return sameWords(chunk.messages[local], d) && SEVERITIES[this.severities[i]!] === severity && this.tagged[i] !== 1 && this.findingStillAt(i, lines, d);
    }
    // The message first: a diagnostic whose place only moved keeps its message string, so this is
    // mostly one pointer test. (Equal, the kept one is no finding's: the chunk has codes.) One
    // that sends data is compared as itself (messageKeyOf), so never matched here.
    if (chunk.messages[local] !== messageKeyOf(d) || chunk.codes?.[local] !== d.code || SEVERITIES[this.severities[i]!] !== severity) return false;
    // Tags are rare: the previous object is read only when either diagnostic has some.
    if ((d.tags !== undefined || this.tagged[i] === 1) && !sameTags(chunk.objects[local]!.tags, d.tags)) return false;
    if (!at(lines, d.range.start, p[8 * i]!, p[8 * i + 1]!) || !at(lines, d.range.end, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    const related = d.related;
    if (count === 0) return related === undefined || related.length === 0;
    if (count === MANY || related?.length !== 1) return false;
    const r = related[0]!;
    return r.message === chunk.relatedMessages?.[local] && at(lines, r.range.start, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, r.range.end, p[8 * i + 6]!, p[8 * i + 7]!);
  }
}

/**
 * What a publication keeps to recognise a diagnostic's words: for a finding's diagnostic its key
 * (its finding's numbers, finding-diagnostic.ts), so that its message is never made to be
 * compared; for one that sends data (`sentData`: the diagnostics limit's note) the object
 * itself, since nothing here compares the data, so that its bytes serve only that very object;
 * for any other its message.
 */
function messageKeyOf(d: Diagnostic): unknown {
  if (d instanceof FindingDiagnostic) return d.finding;
  return d.sentData === undefined ? d.message : d;
}

/**
 * Whether `kept`, what messageKeyOf gave for a diagnostic published before, says the same words
 * as the finding diagnostic `d`: its finding, or a relabelled one (bodies renumbered by an
 * insertion above) with the same numbers, its messageKey (finding-diagnostic.ts). The finding is
 * kept rather than its numbers so that the usual case is one pointer test that reads neither
 * finding; the numbers are compared only when the findings differ.
 */
function sameWords(kept: unknown, d: FindingDiagnostic): boolean {
  const f = d.finding;
  return kept === f || (kept instanceof OverlapFinding || kept instanceof ImpactFinding ? kept.data === d.messageKey : false);
}

/** The severities in the order Snapshot.severities numbers them. */
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];
/** A relatedCounts value: two or more related locations. */
const MANY = 2;

const EMPTY = new Snapshot('', undefined, 0);
EMPTY.chunkFirsts.push(0);

/**
 * The size a new chunk is filled to, and the least size of a chunk that is not the list's last:
 * a chunk is shared only if it is that large, and a new one is ended before a shared one only if
 * it is (else the shared one is copied into it), so edits never leave a trail of small chunks.
 */
export const CHUNK_BYTES = 32 * 1024;
export const MIN_CHUNK_BYTES = CHUNK_BYTES / 4;

/** Whether from[k … k + count - 1] are consecutive numbers. */
function consecutive(from: Int32Array, k: number, count: number): boolean {
  for (let q = k + 1; q < k + count; q++) if (from[q] !== from[q - 1]! + 1) return false;
  return true;
}

/**
 * Whether LineIndex.positionAt(offset) is (line, character) in the current text, in constant
 * time: the line must start at offset - character and reach offset before its line break (then
 * it is the line of `offset`, and the character is not clamped). A position positionAt clamped
 * (an offset inside a CR LF) fails the test and is converted afresh, which is only slower.
 */
function at(lines: LineIndex, offset: number, line: number, character: number): boolean {
  const start = offset - character;
  if (!(line >= 0 && line < lines.lineCount) || lines.lineStart(line) !== start || start > offset) return false;
  // Two characters before the next line's start is before any line break (CR LF at most), so the
  // text need not be read: the common case, since diagnostics sit on names inside their line.
  return (line + 1 < lines.lineCount && offset + 2 <= lines.lineStart(line + 1)) || offset <= lines.lineEnd(line);
}

function sameTags(x: Diagnostic['tags'], y: Diagnostic['tags']): boolean {
  if (x === y) return true;
  const a = x ?? [];
  const b = y ?? [];
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
