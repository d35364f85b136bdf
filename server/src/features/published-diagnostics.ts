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
    const objects = next.objects;
    const oldObjects = old.objects;
    // Per published diagnostic: the previous one whose bytes and columns it reuses, or -1 and its new JSON text.
    const from = new Int32Array(diagnostics.length);
    const texts: string[] = [];
    let size = 2;
    let n = 0;
    let j = 0;
    for (let q = 0; q < diagnostics.length; q++) {
      const d = diagnostics[q]!;
      let reused = -1;
      // The same object, published under the same settings: written as before if still at the
      // same line and character (its offsets are the ones kept). Its columns are copied with its
      // run's below, so this path writes two slots.
      if (sameSettings && j < oldCount && oldObjects[j] === d && old.stillAt(j, lines)) reused = j++;
      else {
        const severity = effectiveSeverity(doc, d);
        if (severity === null) continue;
        const stop = Math.min(oldCount, j + LOOK_AHEAD);
        for (let i = j; i < stop; i++) {
          if (oldObjects[i]!.message === d.message && old.matches(i, lines, d, severity)) {
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
      objects[n] = d;
      size += old.ends[reused]! - old.starts[reused]!;
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
      // A run of diagnostics that were neighbours before too is one copy, commas included, and
      // so are their columns.
      let m = k;
      while (m + 1 < n && from[m + 1] === from[m]! + 1) m++;
      const base = old.starts[i]!;
      const end = old.ends[from[m]!]!;
      json.set(old.json.subarray(base, end), at);
      for (let q = k; q <= m; q++) {
        starts[q] = at + old.starts[from[q]!]! - base;
        ends[q] = at + old.ends[from[q]!]! - base;
      }
      next.copyRun(k, old, i, m - k + 1);
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
 * from: the plain diagnostic itself (immutable, so its code, message, tags and related messages
 * are read from it), the effective severity, and the positions as lines and characters.
 * Column-wise in typed arrays rather than one record per diagnostic: checking thousands of
 * diagnostics after every edit then walks a few arrays in order, and the columns of a run of
 * unchanged neighbours are block copies.
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
  /** The plain diagnostic each was written for. */
  readonly objects: Diagnostic[];
  /** Its effective severity (an index into SEVERITIES). */
  readonly severities: Uint8Array;
  /** How many related locations it has: 0, 1, or MANY (2 or more: never reused, always converted). */
  readonly relatedCounts: Uint8Array;
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
    this.offsets = new Int32Array(4 * capacity);
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
    this.objects[k] = d;
    this.severities[k] = SEVERITIES.indexOf(severity);
    const o = this.offsets;
    o[4 * k] = d.range.start;
    o[4 * k + 1] = d.range.end;
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
      o[4 * k + 2] = related[0]!.range.start;
      o[4 * k + 3] = related[0]!.range.end;
      this.relatedCounts[k] = 1;
    } else this.relatedCounts[k] = related === undefined || related.length === 0 ? 0 : MANY;
  }

  /** Records diagnostics k … k + count - 1 as written the same as `old`'s i … i + count - 1 (their objects are set already). */
  copyRun(k: number, old: Snapshot, i: number, count: number): void {
    this.severities.set(old.severities.subarray(i, i + count), k);
    this.relatedCounts.set(old.relatedCounts.subarray(i, i + count), k);
    this.positions.set(old.positions.subarray(8 * i, 8 * (i + count)), 8 * k);
    this.offsets.set(old.offsets.subarray(4 * i, 4 * (i + count)), 4 * k);
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
    const was = this.objects[i]!;
    if (was.code !== d.code || SEVERITIES[this.severities[i]!] !== severity || !sameTags(was.tags, d.tags)) return false;
    const p = this.positions;
    if (!at(lines, d.range.start, p[8 * i]!, p[8 * i + 1]!) || !at(lines, d.range.end, p[8 * i + 2]!, p[8 * i + 3]!)) return false;
    const related = d.related;
    const count = this.relatedCounts[i]!;
    if (count === 0) return related === undefined || related.length === 0;
    if (count === MANY || related?.length !== 1) return false;
    const r = related[0]!;
    return r.message === was.related![0]!.message && at(lines, r.range.start, p[8 * i + 4]!, p[8 * i + 5]!) && at(lines, r.range.end, p[8 * i + 6]!, p[8 * i + 7]!);
  }
}

/** The severities in the order Snapshot.severities numbers them. */
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];
/** A relatedCounts value: two or more related locations. */
const MANY = 2;

const EMPTY_LIST = new Uint8Array([0x5b, 0x5d]);
const EMPTY = new Snapshot('', undefined, 0);

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
