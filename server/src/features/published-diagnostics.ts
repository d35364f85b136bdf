import type { Diagnostic as LspDiagnostic, Position } from 'vscode-languageserver';
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
 * The list's memory is reused too: a publication is written into the memory of the one before
 * the previous (the previous one is read while writing), once the writer that sent it has let go
 * of it (EncodedDiagnostics.released: transport/gather-writer.ts writes the bytes themselves and
 * says when the stream is done with them). Two ~2.7 MB arrays then serve every edit of a
 * 10k-body scene instead of a new one per edit, whose allocation, zero fill and collection
 * showed in the edit-to-diagnostics latency. A list a writer never released (another transport,
 * which may read it later through toJSON, or a write still in progress) is never overwritten.
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
    // Per published diagnostic: the previous one whose bytes it reuses, or -1 and its new JSON text.
    const from = new Int32Array(diagnostics.length);
    const texts: string[] = [];
    let size = 2;
    let n = 0;
    let j = 0;
    for (const d of diagnostics) {
      let reused = -1;
      // The same object, published under the same settings: written as before if still at the
      // same line and character (its offsets are the ones kept).
      if (sameSettings && j < oldCount && old.objects[j] === d && old.stillAt(j, lines)) reused = j++;
      else {
        const severity = effectiveSeverity(doc, d);
        if (severity === null) continue;
        const stop = Math.min(oldCount, j + LOOK_AHEAD);
        for (let i = j; i < stop; i++) {
          if (old.messages[i] === d.message && old.matches(i, lines, d, severity)) {
            reused = i;
            j = i + 1;
            break;
          }
        }
        if (reused < 0) {
          if (n > 0) size++; // the comma before it
          const lsp = toLspDiagnostic(doc, d, severity);
          const text = JSON.stringify(lsp);
          next.set(n, d, severity, lsp);
          texts.push(text);
          size += utf8Length(text);
          from[n++] = -1;
          continue;
        }
      }
      if (n > 0) size++; // the comma before it
      {
        next.copy(n, old, reused, d);
        size += old.ends[reused]! - old.starts[reused]!;
      }
      from[n++] = reused;
    }
    next.count = n;

    const json = (next.json = next.listMemory(size));
    const starts = next.starts;
    const ends = next.ends;
    json[0] = 0x5b; // '['
    let at = 1;
    let t = 0;
    for (let k = 0; k < n; ) {
      if (k > 0) json[at++] = 0x2c; // ','
      const i = from[k]!;
      if (i < 0) {
        starts[k] = at;
        at += UTF8.encodeInto(texts[t++]!, json.subarray(at)).written;
        ends[k] = at;
        k++;
        continue;
      }
      // A run of diagnostics that were neighbours before too is one copy, commas included.
      let m = k;
      while (m + 1 < n && from[m + 1] === from[m]! + 1) m++;
      const base = old.starts[i]!;
      const end = old.ends[from[m]!]!;
      json.set(old.json.subarray(base, end), at);
      for (let q = k; q <= m; q++) {
        starts[q] = at + old.starts[from[q]!]! - base;
        ends[q] = at + old.ends[from[q]!]! - base;
      }
      at += end - base;
      k = m + 1;
    }
    json[at++] = 0x5d; // ']'
    this.spare = old === EMPTY ? null : old;
    this.previous = next;
    this.counts = { reused: n - texts.length, converted: texts.length };
    return (next.encoded = new EncodedDiagnostics(json, n));
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
 * from, positions as lines and characters. Column-wise in flat arrays rather than one record per
 * diagnostic: checking thousands of diagnostics after every edit then walks a few arrays in order
 * instead of chasing a few scattered objects each, which is what that check's time went to.
 */
class Snapshot {
  count = 0;
  readonly capacity: number;
  json: Uint8Array = EMPTY_LIST;
  /** The publication made from this snapshot, and the memory its list was written into (`json` is its start). */
  encoded: EncodedDiagnostics | null = null;
  private memory: Uint8Array = EMPTY_LIST;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly codes: string[];
  readonly severities: Severity[];
  readonly messages: string[];
  readonly tags: Diagnostic['tags'][];
  /** Per diagnostic, 8 numbers: start line and character, end line and character; the same for its one related location. */
  readonly positions: Int32Array;
  /** The message of its one related location (undefined: none, or several). */
  readonly relatedMessages: (string | undefined)[];
  /** All its related locations when it has more than one (rare: nothing in the pipeline makes them today). */
  readonly relatedLists: (readonly RelatedEntry[] | undefined)[];
  /** The plain diagnostic it was last written for, and that one's offsets: start, end, and its one related location's. */
  readonly objects: (Diagnostic | undefined)[];
  readonly offsets: Int32Array;

  constructor(
    public uri: string,
    /** The settings it was published under (their severities). */
    public settings: unknown,
    capacity: number,
  ) {
    this.capacity = capacity;
    this.objects = new Array<Diagnostic | undefined>(capacity);
    this.offsets = new Int32Array(4 * capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.positions = new Int32Array(8 * capacity);
    this.codes = new Array<string>(capacity);
    this.severities = new Array<Severity>(capacity);
    this.messages = new Array<string>(capacity);
    this.tags = new Array<Diagnostic['tags']>(capacity);
    this.relatedMessages = new Array<string | undefined>(capacity);
    this.relatedLists = new Array<readonly RelatedEntry[] | undefined>(capacity);
  }

  /**
   * This snapshot, emptied for a new publication. Entries past the new count keep what they held
   * (the previous publication's strings and diagnostics) until overwritten; nothing reads them.
   */
  reuse(uri: string, settings: unknown): this {
    this.uri = uri;
    this.settings = settings;
    this.count = 0;
    this.json = EMPTY_LIST;
    return this;
  }

  /**
   * `size` bytes for this publication's list: the memory of this snapshot's last publication if
   * its writer has let go of it and it is large enough, else new memory, with an eighth more room
   * when lists are being released (the next edit may add a few diagnostics and can still reuse it).
   */
  listMemory(size: number): Uint8Array {
    const last = this.encoded;
    this.encoded = null;
    if (last !== null && last.released && this.memory.length >= size) return this.memory.subarray(0, size);
    this.memory = new Uint8Array(last !== null && last.released ? size + (size >> 3) : size);
    return this.memory.subarray(0, size);
  }

  sameUri(uri: string): boolean {
    return this.uri === uri;
  }

  /** Records diagnostic k as converted: `lsp` is toLspDiagnostic(doc, d, severity). */
  set(k: number, d: Diagnostic, severity: Severity, lsp: LspDiagnostic): void {
    this.codes[k] = d.code;
    this.severities[k] = severity;
    this.messages[k] = d.message;
    this.tags[k] = d.tags;
    this.noteOffsets(k, d);
    const p = this.positions;
    const { start, end } = lsp.range;
    p[8 * k] = start.line;
    p[8 * k + 1] = start.character;
    p[8 * k + 2] = end.line;
    p[8 * k + 3] = end.character;
    const related = lsp.relatedInformation;
    if (related?.length === 1) {
      const r = related[0]!.location.range;
      p[8 * k + 4] = r.start.line;
      p[8 * k + 5] = r.start.character;
      p[8 * k + 6] = r.end.line;
      p[8 * k + 7] = r.end.character;
      this.relatedMessages[k] = related[0]!.message;
      this.relatedLists[k] = undefined;
    } else {
      this.relatedMessages[k] = undefined;
      this.relatedLists[k] = related?.map((r) => ({ message: r.message, start: r.location.range.start, end: r.location.range.end }));
    }
  }

  /** Records diagnostic k, `d`, as written the same as diagnostic i of `old`. */
  copy(k: number, old: Snapshot, i: number, d: Diagnostic): void {
    this.codes[k] = old.codes[i]!;
    this.severities[k] = old.severities[i]!;
    this.messages[k] = old.messages[i]!;
    this.tags[k] = old.tags[i];
    const to = this.positions;
    const from = old.positions;
    for (let q = 0; q < 8; q++) to[8 * k + q] = from[8 * i + q]!;
    this.relatedMessages[k] = old.relatedMessages[i];
    this.relatedLists[k] = old.relatedLists[i];
    if (old.objects[i] === d) {
      this.objects[k] = d;
      for (let q = 0; q < 4; q++) this.offsets[4 * k + q] = old.offsets[4 * i + q]!;
    } else this.noteOffsets(k, d);
  }

  /** Keeps `d` and its offsets for stillAt (one related location at most; else the object is not kept). */
  private noteOffsets(k: number, d: Diagnostic): void {
    const related = d.related;
    if (related !== undefined && related.length > 1) {
      this.objects[k] = undefined;
      return;
    }
    this.objects[k] = d;
    const o = this.offsets;
    o[4 * k] = d.range.start;
    o[4 * k + 1] = d.range.end;
    o[4 * k + 2] = related?.length === 1 ? related[0]!.range.start : 0;
    o[4 * k + 3] = related?.length === 1 ? related[0]!.range.end : 0;
  }

  /**
   * Whether diagnostic i, its kept object unchanged, is still at the same lines and characters
   * in the current text: all from numbers kept here, the object is not read.
   */
  stillAt(i: number, lines: LineIndex): boolean {
    const p = this.positions;
    const o = this.offsets;
    if (!at(lines, o[4 * i]!, p[8 * i]!, p[8 * i + 1]!) || !at(lines, o[4 * i + 1]!, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    return this.relatedMessages[i] === undefined || (at(lines, o[4 * i + 2]!, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, o[4 * i + 3]!, p[8 * i + 6]!, p[8 * i + 7]!));
  }

  /** Whether `d`, published with `severity`, would be written exactly as diagnostic i was (its message already compared). */
  matches(i: number, lines: LineIndex, d: Diagnostic, severity: Severity): boolean {
    if (this.codes[i] !== d.code || this.severities[i] !== severity || !sameTags(this.tags[i], d.tags)) return false;
    const p = this.positions;
    if (!at(lines, d.range.start, p[8 * i]!, p[8 * i + 1]!) || !at(lines, d.range.end, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    const related = d.related?.length ? d.related : undefined;
    const message = this.relatedMessages[i];
    if (message !== undefined) {
      if (related?.length !== 1) return false;
      const r = related[0]!;
      return r.message === message && at(lines, r.range.start, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, r.range.end, p[8 * i + 6]!, p[8 * i + 7]!);
    }
    const was = this.relatedLists[i];
    if (related === undefined || was === undefined) return related === was;
    if (related.length !== was.length) return false;
    for (let k = 0; k < related.length; k++) {
      const r = related[k]!;
      const w = was[k]!;
      if (r.message !== w.message || !at(lines, r.range.start, w.start.line, w.start.character) || !at(lines, r.range.end, w.end.line, w.end.character)) return false;
    }
    return true;
  }
}

const EMPTY_LIST = new Uint8Array([0x5b, 0x5d]);
const EMPTY = new Snapshot('', undefined, 0);

interface RelatedEntry {
  readonly message: string;
  readonly start: Position;
  readonly end: Position;
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
