import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../common/diagnostic';
import type { LineIndex } from '../syntax/positions';
import { effectiveSeverity, toLspDiagnostic } from './diagnostics';
import { EncodedDiagnostics, utf8Length } from './diagnostics-json';
import type { AnalyzedDocument } from './document';

/**
 * The diagnostics of successive versions of one document as published, kept as the UTF-8 bytes
 * of their JSON list (an EncodedDiagnostics, which diagnostics-json.ts writes into the message as
 * it is). An edit of one body in a 10k-body scene changes a handful of its ~6k diagnostics: the
 * rest are copied from the previous publication's bytes, whole runs of neighbours at a time, and
 * only the new ones are converted (toLspDiagnostic) and serialised. No LSP object is made or kept
 * for a diagnostic that did not change, and the cache is one byte array plus one small record per
 * diagnostic rather than an object graph and a string each.
 *
 * A diagnostic's bytes are reused only when everything toLspDiagnostic reads is equal, so the
 * result is byte for byte JSON.stringify(publishedDiagnostics(doc)) (tests check it): the code,
 * the effective severity, the message, the start and end positions (line and character,
 * recomputed from the current text: a line inserted above moves a diagnostic whose offsets did
 * not change, and the reverse), each related location's positions and message, the tags and the
 * document's URI.
 *
 * Candidates are found by walking the previous publication alongside the new one (both are in
 * position order): the next previous entry, else one a little further on (diagnostics removed
 * before this one). The analysis hands back the very diagnostic object of a pair whose bodies did
 * not move (analysis/incremental.ts), and the same object under the same settings needs only
 * its line and character checked, from numbers the snapshot keeps: most of a one-body edit's
 * diagnostics are never read. Others are compared by message first: a diagnostic whose bodies
 * only moved in the text keeps its message string, so that is mostly one pointer test. A
 * diagnostic found neither way (new, changed, or moved far in the list) is converted afresh.
 *
 * The bytes are kept in chunks of about CHUNK_BYTES, each the JSON of a run of neighbouring
 * diagnostics, never modified once made (EncodedDiagnostics): a publication shares every chunk of
 * the previous one whose diagnostics are all unchanged and still neighbours, and writes new
 * chunks only around what changed. A one-body edit of a 10k-body scene then makes one or two
 * chunks of a few tens of kilobytes instead of copying the whole ~2.7 MB list, whose memory
 * traffic was most of the publication's time; and editing keeps one list's worth of bytes alive
 * (the shared chunks), not the previous list and a spare one. The writer sends the chunks as they
 * are (transport/gather-writer.ts). Every chunk but the last is at least MIN_CHUNK_BYTES, and a
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

  /** How many diagnostics the last publication copied from the one before, and how many it converted. */
  get stats(): { readonly reused: number; readonly converted: number } {
    return this.counts;
  }

  /** The document's diagnostics as publishedDiagnostics(doc) gives them, as JSON bytes. */
  publish(doc: AnalyzedDocument): EncodedDiagnostics {
    const old = this.previous;
    const oldCount = old.sameUri(doc.uri) ? old.count : 0;
    const lines = doc.lines;
    const diagnostics = doc.analysis.diagnostics;
    const spare = this.spare;
    const next = spare !== null && spare.capacity >= diagnostics.length ? spare.reuse(doc.uri, doc.settings) : new Snapshot(doc.uri, doc.settings, diagnostics.length);
    const sameSettings = old.settings === doc.settings;
    const objects = next.objects;
    const oldObjects = old.objects;
    const oldMessages = old.messages;
    // Per published diagnostic: the previous one whose bytes and columns it reuses (or -1 and its
    // new JSON text, in order in `texts`), and the length of its JSON.
    const from = new Int32Array(diagnostics.length);
    const sizes = new Int32Array(diagnostics.length);
    const texts: string[] = [];
    let n = 0;
    let j = 0;
    for (let q = 0; q < diagnostics.length; q++) {
      const d = diagnostics[q]!;
      let reused = -1;
      // The same object, published under the same settings: written as before if still at the
      // same line and character (its offsets are the ones kept). Its columns are copied with its
      // run's below, so this path writes three slots.
      if (sameSettings && j < oldCount && oldObjects[j] === d && old.stillAt(j, lines)) reused = j++;
      else {
        const severity = effectiveSeverity(doc, d);
        if (severity === null) continue;
        const stop = Math.min(oldCount, j + LOOK_AHEAD);
        for (let i = j; i < stop; i++) {
          if (oldMessages[i] === d.message && old.matches(i, lines, d, severity)) {
            reused = i;
            j = i + 1;
            break;
          }
        }
        if (reused < 0) {
          const lsp = toLspDiagnostic(doc, d, severity);
          const text = JSON.stringify(lsp);
          next.set(n, d, severity, lsp);
          texts.push(text);
          sizes[n] = utf8Length(text);
          from[n++] = -1;
          continue;
        }
      }
      objects[n] = d;
      sizes[n] = old.ends[reused]! - old.starts[reused]!;
      from[n++] = reused;
    }
    next.count = n;

    // The chunks: each old chunk whose diagnostics all come next, in order, is shared; the rest
    // gather into new chunks.
    const chunkOf = next.chunkOf;
    const firsts = next.chunkFirsts;
    const chunks = next.chunks;
    const oldChunkOf = old.chunkOf;
    const oldFirsts = old.chunkFirsts;
    firsts.length = 0;
    chunks.length = 0;
    let pending = 0; // first diagnostic not yet in a chunk
    let pendingBytes = 0;
    let text = 0; // texts written so far
    const flush = (to: number): void => {
      if (pending < to) text = next.writeChunk(old, pending, to, pendingBytes + (to - pending - 1), from, texts, text);
      pending = to;
      pendingBytes = 0;
    };
    for (let k = 0; k < n; ) {
      const i = from[k]!;
      if (i >= 0) {
        const c = oldChunkOf[i]!;
        const count = oldFirsts[c + 1]! - oldFirsts[c]!;
        if (i === oldFirsts[c] && old.chunks[c]!.length >= MIN_CHUNK_BYTES && (pending === k || pendingBytes >= MIN_CHUNK_BYTES) && k + count <= n && from[k + count - 1] === i + count - 1 && consecutive(from, k, count)) {
          flush(k);
          next.shareChunk(old, c, k, from);
          k += count;
          pending = k;
          continue;
        }
      }
      pendingBytes += sizes[k]!;
      k++;
      // A new chunk ends where an old one ended (the next may be shared), or where it is full.
      const full = pendingBytes >= (i < 0 ? CHUNK_BYTES : 2 * CHUNK_BYTES);
      if (full || (i >= 0 && pendingBytes >= MIN_CHUNK_BYTES && i + 1 === oldFirsts[oldChunkOf[i]! + 1])) flush(k);
    }
    flush(n);
    firsts.push(n);
    for (let c = 0; c < chunks.length; c++) chunkOf.fill(c, firsts[c]!, firsts[c + 1]!);
    this.spare = old === EMPTY ? null : old;
    this.previous = next;
    this.counts = { reused: n - texts.length, converted: texts.length };
    return new EncodedDiagnostics(chunks.slice(), n);
  }

  /** Forgets the previous publication (document closed, or its diagnostics cleared). */
  clear(): void {
    this.previous = EMPTY;
    this.spare = null;
    this.counts = { reused: 0, converted: 0 };
  }
}

/** How far past the expected place a diagnostic of the previous publication is looked for. */
const LOOK_AHEAD = 32;

const UTF8 = new TextEncoder();

/**
 * One publication: its bytes, where each diagnostic's JSON lies in them, and what each was made
 * from: the plain diagnostic itself (immutable, so its code, message, tags and related messages
 * are read from it), the effective severity, and the positions as lines and characters.
 * Column-wise in typed arrays rather than one record per diagnostic: checking thousands of
 * diagnostics after every edit then walks a few arrays in order, and the columns of a run of
 * unchanged neighbours are block copies.
 */
class Snapshot {
  count = 0;
  readonly capacity: number;
  /** The publication's chunks (never modified: later snapshots share them), and each one's first diagnostic, then `count`. */
  readonly chunks: Uint8Array[] = [];
  readonly chunkFirsts: number[] = [];
  /** Per diagnostic: its chunk, and where its JSON starts and ends in it. */
  readonly chunkOf: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** The plain diagnostic each was written for. */
  readonly objects: Diagnostic[];
  /** Its effective severity (an index into SEVERITIES). */
  readonly severities: Uint8Array;
  /** How many related locations it has: 0, 1, or MANY (2 or more: never reused, always converted). */
  readonly relatedCounts: Uint8Array;
  /** 1 if it has tags (rare: only then is the kept object read to compare them). */
  readonly tagged: Uint8Array;
  /**
   * Its code, message and one related location's message (undefined: none, or several), which
   * the object holds too: read here, a diagnostic matched by content (its bodies moved in the
   * text, so it is another object) costs no visit to the previous one.
   */
  readonly codes: string[];
  readonly messages: string[];
  readonly relatedMessages: (string | undefined)[];
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
    this.objects = new Array<Diagnostic>(capacity);
    this.severities = new Uint8Array(capacity);
    this.relatedCounts = new Uint8Array(capacity);
    this.tagged = new Uint8Array(capacity);
    this.codes = new Array<string>(capacity);
    this.messages = new Array<string>(capacity);
    this.relatedMessages = new Array<string | undefined>(capacity);
    this.offsets = new Int32Array(4 * capacity);
    this.chunkOf = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.positions = new Int32Array(8 * capacity);
  }

  /**
   * This snapshot, emptied for a new publication. Entries past the new count keep what they held
   * (the previous publication's diagnostics) until overwritten; nothing reads them.
   */
  reuse(uri: string, settings: unknown): this {
    this.uri = uri;
    this.settings = settings;
    this.count = 0;
    return this;
  }

  /**
   * Makes diagnostics k … to - 1 one new chunk of `size` bytes: the converted ones' texts (from
   * `texts[t]` on), the others copied from `old`'s chunks, a run of old neighbours at a time.
   * Gives the number of texts used up.
   */
  writeChunk(old: Snapshot, k: number, to: number, size: number, from: Int32Array, texts: readonly string[], t: number): number {
    const chunk = new Uint8Array(size);
    const objects = this.objects;
    let at = 0;
    for (let q = k; q < to; ) {
      if (q > k) chunk[at++] = 0x2c; // ','
      const i = from[q]!;
      if (i < 0) {
        this.starts[q] = at;
        at += UTF8.encodeInto(texts[t++]!, chunk.subarray(at)).written;
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
      chunk.set(old.chunks[c]!.subarray(base, end), at);
      this.copyRun(q, old, i, m - q + 1);
      for (let r = q; r <= m; r++) {
        const was = from[r]!;
        this.starts[r] = at + old.starts[was]! - base;
        this.ends[r] = at + old.ends[was]! - base;
        // Matched by content rather than identity (its bodies moved in the text): the same
        // line and character from other offsets, which are the ones stillAt must check next time.
        if (objects[r] !== old.objects[was]) this.noteOffsets(r, objects[r]!);
      }
      at += end - base;
      q = m + 1;
    }
    this.chunkFirsts.push(k);
    this.chunks.push(chunk);
    return t;
  }

  /** Takes `old`'s chunk c, unchanged, for diagnostics k on (from[k] is its first diagnostic). */
  shareChunk(old: Snapshot, c: number, k: number, from: Int32Array): void {
    const first = old.chunkFirsts[c]!;
    const count = old.chunkFirsts[c + 1]! - first;
    this.copyRun(k, old, first, count);
    this.starts.set(old.starts.subarray(first, first + count), k);
    this.ends.set(old.ends.subarray(first, first + count), k);
    const objects = this.objects;
    for (let r = k; r < k + count; r++) if (objects[r] !== old.objects[from[r]!]) this.noteOffsets(r, objects[r]!);
    this.chunkFirsts.push(k);
    this.chunks.push(old.chunks[c]!);
  }

  sameUri(uri: string): boolean {
    return this.uri === uri;
  }

  /** Records diagnostic k as converted: `lsp` is toLspDiagnostic(doc, d, severity). */
  set(k: number, d: Diagnostic, severity: Severity, lsp: LspDiagnostic): void {
    this.objects[k] = d;
    this.severities[k] = SEVERITIES.indexOf(severity);
    this.codes[k] = d.code;
    this.messages[k] = d.message;
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
      this.relatedMessages[k] = related[0]!.message;
    } else {
      this.relatedCounts[k] = related === undefined || related.length === 0 ? 0 : MANY;
      this.relatedMessages[k] = undefined;
    }
  }

  /** Keeps the offsets of `d`, written as diagnostic k: its range's, and its one related location's. */
  noteOffsets(k: number, d: Diagnostic): void {
    const o = this.offsets;
    o[4 * k] = d.range.start;
    o[4 * k + 1] = d.range.end;
    const related = d.related;
    if (related?.length === 1) {
      o[4 * k + 2] = related[0]!.range.start;
      o[4 * k + 3] = related[0]!.range.end;
    }
  }

  /** Records diagnostics k … k + count - 1 as written the same as `old`'s i … i + count - 1 (their objects are set already). */
  copyRun(k: number, old: Snapshot, i: number, count: number): void {
    this.severities.set(old.severities.subarray(i, i + count), k);
    this.relatedCounts.set(old.relatedCounts.subarray(i, i + count), k);
    this.tagged.set(old.tagged.subarray(i, i + count), k);
    this.positions.set(old.positions.subarray(8 * i, 8 * (i + count)), 8 * k);
    this.offsets.set(old.offsets.subarray(4 * i, 4 * (i + count)), 4 * k);
    for (let q = 0; q < count; q++) {
      this.codes[k + q] = old.codes[i + q]!;
      this.messages[k + q] = old.messages[i + q]!;
      this.relatedMessages[k + q] = old.relatedMessages[i + q];
    }
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

  /** Whether `d`, published with `severity`, would be written exactly as diagnostic i was (its message already compared). */
  matches(i: number, lines: LineIndex, d: Diagnostic, severity: Severity): boolean {
    if (this.codes[i] !== d.code || SEVERITIES[this.severities[i]!] !== severity) return false;
    // Tags are rare: the previous object is read only when either diagnostic has some.
    if ((d.tags !== undefined || this.tagged[i] === 1) && !sameTags(this.objects[i]!.tags, d.tags)) return false;
    const p = this.positions;
    if (!at(lines, d.range.start, p[8 * i]!, p[8 * i + 1]!) || !at(lines, d.range.end, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    const related = d.related;
    const count = this.relatedCounts[i]!;
    if (count === 0) return related === undefined || related.length === 0;
    if (count === MANY || related?.length !== 1) return false;
    const r = related[0]!;
    return r.message === this.relatedMessages[i] && at(lines, r.range.start, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, r.range.end, p[8 * i + 6]!, p[8 * i + 7]!);
  }
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
