import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../../common/diagnostic';
import type { LineIndex } from '../../syntax/positions';
import { FindingDiagnostic } from '../../analysis/finding-diagnostic';
import { ImpactFinding, OverlapFinding } from '../../analysis/findings';
import type { AnalyzedDocument } from '../../features/document';
import { toLspDiagnostic } from '../diagnostics';
import { utf8Length } from '../encode/diagnostics-json';
import { COMMA, objectList } from '../encode/encoded-json-list';
import type { ChunkBytes, ChunkStore } from '../encode/chunk-store';

const UTF8 = new TextEncoder();

/**
 * One chunk of a publication: its bytes, and per diagnostic in it what it was written for (the
 * plain diagnostic, whose identity says "unchanged") and its code, message and one related
 * location's message (undefined: none, or several), which the object holds too: read here, a
 * diagnostic matched by content (its bodies moved in the text, so it is another object) costs no
 * visit to the previous one. Never modified once made: later snapshots share it, so an unchanged
 * chunk costs a publication no pointer stores at all (each of which is a write barrier).
 */
export class Chunk {
  constructor(
    /** Its JSON, raw or compressed (read through the store: ChunkStore.bytes). */
    readonly data: ChunkBytes,
    readonly objects: readonly Diagnostic[],
    /**
     * Per diagnostic its code, or null when every diagnostic of the chunk is a finding's (most
     * chunks: a finding's key implies its code, and matches() reads the code of no other): two
     * arrays of a pointer per diagnostic fewer.
     */
    readonly codes: readonly (string | undefined)[] | null,
    /** Per diagnostic its message, or what stands for it (messageKeyOf: a finding diagnostic's finding). */
    readonly messages: readonly unknown[],
    /** Per diagnostic its one related location's message (undefined: none, several, or implied by a finding's key); null as `codes`. */
    readonly relatedMessages: readonly (string | undefined)[] | null,
  ) {}
}

/** Per published diagnostic: its index in the analysis's list, the old one it is copied from (-1: converted), its JSON's length. */
export interface Columns {
  readonly source: Int32Array;
  readonly from: Int32Array;
  readonly sizes: Int32Array;
}

/** What Snapshot.writeChunk and keepChunk build a publication from. */
export interface ChunkBuild {
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
export class Snapshot {
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
   * others copied from the old chunks, a run of old neighbors at a time.
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
      // A run of neighbors in one old chunk is one copy, commas included.
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
      // A relabeled finding (same numbers, another object): kept from now on, so that the next
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
 * What a publication keeps to recognize a diagnostic's words: for a finding's diagnostic its key
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
 * as the finding diagnostic `d`: its finding, or a relabeled one (bodies renumbered by an
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

export const EMPTY = new Snapshot('', undefined, 0);
EMPTY.chunkFirsts.push(0);

/**
 * The size a new chunk is filled to, and the least size of a chunk that is not the list's last:
 * a chunk is shared only if it is that large, and a new one is ended before a shared one only if
 * it is (else the shared one is copied into it), so edits never leave a trail of small chunks.
 */
export const CHUNK_BYTES = 32 * 1024;
export const MIN_CHUNK_BYTES = CHUNK_BYTES / 4;

/** Whether from[k … k + count - 1] are consecutive numbers. */
export function consecutive(from: Int32Array, k: number, count: number): boolean {
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
