import { CHUNK_UNITS, EncodedJsonList, nextSlabBytes, objectList } from './encoded-json-list';
import { shapeWriter, type JsonShape, type ShapeWriter } from './json-shape';

const utf8 = new TextEncoder();

const COMMA = 0x2c; // ','
const QUOTE = 0x22; // '"'
const BACKSLASH = 0x5c; // '\'
const ZERO = 0x30; // '0'

/** Bytes of a chunk: about CHUNK_UNITS, as the text of JsonListWriter's chunks (mostly ASCII). */
const CHUNK_BYTES = CHUNK_UNITS;

/**
 * An EncodedJsonList written as UTF-8 bytes straight into its slabs, element by element, by the
 * writer of the elements' shape (json-shape.ts), with no text in between: the chunks are the same
 * runs of whole elements in the same slabs as JsonListWriter's (encoded-json-list.ts says why
 * slabs), cut after the element that takes a chunk past CHUNK_BYTES.
 *
 * The chunk being written is the slab's bytes from `chunkStart` to `at`; when a write does not fit
 * in the slab, those bytes move to the start of the next one, so each chunk stays in one slab and
 * no two chunks share a byte.
 */
export class JsonBytes {
  private readonly chunks: Uint8Array[] = objectList();
  private bytes = new Uint8Array(0);
  private at = 0;
  private chunkStart = 0;
  private count = 0;
  /** Bytes of the chunks already cut. */
  private written = 0;
  private done = false;

  /** `chunkBytes`: the size past which a chunk is cut (tests use small ones). */
  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Adds `value` as an element, written by `write`. */
  add<T>(write: ShapeWriter<T>, value: T): void {
    if (this.done) throw new Error('JsonBytes: add after finish');
    if (this.at > this.chunkStart) this.byte(COMMA);
    write(this, value);
    this.count++;
    if (this.at - this.chunkStart >= this.chunkBytes) this.cut();
  }

  /**
   * Adds `count` elements as a chunk made earlier (`bytes`: their JSON with commas between, as
   * the chunks of a list are), after cutting the chunk being written: the list shares those
   * bytes, which nobody may change (encoded-json-list.ts).
   */
  addChunk(bytes: Uint8Array, count: number): void {
    if (this.done) throw new Error('JsonBytes: add after finish');
    this.cut();
    // Not counted in `written`, which sizes the slabs of the bytes written here.
    this.chunks.push(bytes);
    this.count += count;
  }

  /** The chunks cut so far (the one being written is not among them). */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** Chunk `k` of those cut so far. */
  chunk(k: number): Uint8Array {
    return this.chunks[k]!;
  }

  /** The list of every element added; it takes no more. */
  finish(): EncodedJsonList {
    if (!this.done) {
      this.cut();
      this.done = true;
      this.bytes = new Uint8Array(0);
    }
    return new EncodedJsonList(this.chunks, this.count);
  }

  byte(b: number): void {
    if (this.at >= this.bytes.length) this.grow(1);
    this.bytes[this.at++] = b;
  }

  /** Bytes as they are (a key prefix). */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.at + n > this.bytes.length) this.grow(n);
    const b = this.bytes;
    let at = this.at;
    for (let i = 0; i < n; i++) b[at++] = bytes[i]!;
    this.at = at;
  }

  /**
   * A number as JSON.stringify writes it: ToString of a finite number (digits alone for an
   * integer below 2^31, -0 included, which ToString writes `0`), `null` otherwise.
   */
  number(n: number): void {
    if (n >= 0 && n <= 0x7fffffff && (n | 0) === n) {
      let digits = 1;
      for (let p = 10; p <= n; p *= 10) digits++;
      if (this.at + digits > this.bytes.length) this.grow(digits);
      const b = this.bytes;
      const end = this.at + digits;
      let v = n | 0;
      for (let i = end - 1; i >= this.at; i--) {
        b[i] = ZERO + (v % 10);
        v = (v / 10) | 0;
      }
      this.at = end;
      return;
    }
    this.ascii(Number.isFinite(n) ? String(n) : 'null');
  }

  /**
   * A string as JSON.stringify writes it (QuoteJSONString, ECMA-262 25.5.2.3): as it is between
   * quotes while it is ASCII with nothing to escape, which a name or a URI is; otherwise
   * JSON.stringify's own text of it, encoded.
   */
  string(s: string): void {
    const n = s.length;
    if (this.at + n + 2 > this.bytes.length) this.grow(n + 2);
    const b = this.bytes;
    let at = this.at;
    b[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === QUOTE || c === BACKSLASH || c >= 0x80) {
        this.text(JSON.stringify(s));
        return;
      }
      b[at++] = c;
    }
    b[at++] = QUOTE;
    this.at = at;
  }

  /** The slab being written and the offset of its next byte: where the next value's bytes start. */
  get slab(): Uint8Array {
    return this.bytes;
  }

  get position(): number {
    return this.at;
  }

  /** Bytes written earlier, `from` up to `to` of `slab` (a slab's written bytes never change). */
  copy(slab: Uint8Array, from: number, to: number): void {
    const n = to - from;
    if (this.at + n > this.bytes.length) this.grow(n);
    const b = this.bytes;
    if (slab === b) {
      b.copyWithin(this.at, from, to);
      this.at += n;
      return;
    }
    let at = this.at;
    for (let i = from; i < to; i++) b[at++] = slab[i]!;
    this.at = at;
  }

  /** ASCII text (ToString of a number). */
  private ascii(text: string): void {
    const n = text.length;
    if (this.at + n > this.bytes.length) this.grow(n);
    const b = this.bytes;
    let at = this.at;
    for (let i = 0; i < n; i++) b[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Any text, as UTF-8 (a UTF-16 unit is at most 3 bytes; a surrogate pair, 2 units, is 4). */
  private text(text: string): void {
    const need = 3 * text.length;
    if (this.at + need > this.bytes.length) this.grow(need);
    this.at += utf8.encodeInto(text, this.bytes.subarray(this.at)).written;
  }

  /** Ends the chunk being written, if it holds any element. */
  private cut(): void {
    if (this.at === this.chunkStart) return;
    this.chunks.push(this.bytes.subarray(this.chunkStart, this.at));
    this.written += this.at - this.chunkStart;
    this.chunkStart = this.at;
  }

  /** A slab with room for `n` more bytes after the chunk being written, which moves there. */
  private grow(n: number): void {
    const pending = this.at - this.chunkStart;
    const slab = new Uint8Array(nextSlabBytes(this.written, this.bytes.length, pending + n));
    slab.set(this.bytes.subarray(this.chunkStart, this.at));
    this.bytes = slab;
    this.chunkStart = 0;
    this.at = pending;
  }
}

/**
 * The array of every element `forEach` emits, each of `shape` and written as it is emitted, so
 * that the bytes are those of JSON.stringify of the whole array while no more than one element is
 * alive at once. The one encoder of the large request results (response-lists.ts).
 * Values of a `shared` shape must not change once emitted (json-shape.ts).
 */
export function encodeJsonList<T>(shape: JsonShape<T>, forEach: (emit: (element: T) => void) => void): EncodedJsonList {
  const out = new JsonBytes();
  const write = shapeWriter(shape);
  forEach((element) => out.add(write, element));
  return out.finish();
}
