import { SLAB_BYTES } from './chunk-store';

/**
 * A JSON array kept as the UTF-8 bytes of its elements, in chunks, standing where an outgoing
 * message has the array: a publication's diagnostics (publish/published-diagnostics.ts) or a request's
 * result (the outline and the code lenses of a large document, response-lists.ts). diagnostics-json.ts writes such a
 * message as its envelope's bytes around the chunks, and node/gather-writer.ts hands the
 * pieces to the stream as they are. No Node API here, so that a browser transport can use it too.
 */
const utf8 = new TextEncoder();

/**
 * An array as the UTF-8 bytes of its JSON: chunk k holds the JSON of a run of elements with commas
 * between them, and the array is `[`, the chunks joined by commas, `]`. Writers that know it
 * (diagnostics-json.ts's encodeMessageParts) send the chunks as they are; any other serializer
 * (the Node IPC channel, the library's message tracing) calls `toJSON` and gets the same elements
 * as plain objects, so every transport stays correct and only that writer is fast. The chunks are
 * never modified once made: lists may share them (later publications of a document do), and a
 * writer may hold them as long as its write takes.
 */
export class EncodedJsonList {
  /** The length of the array's JSON in bytes. */
  readonly byteLength: number;

  constructor(
    /** Each a non-empty run `e_i,…,e_j` of the array's JSON, UTF-8. */
    readonly chunks: readonly Uint8Array[],
    /** How many elements the array holds. */
    readonly length: number,
  ) {
    let bytes = 2 + Math.max(0, chunks.length - 1);
    for (const c of chunks) bytes += c.length;
    this.byteLength = bytes;
  }

  /** The array's JSON in one array of bytes (a copy: for one-buffer transports, tests and logs). */
  get json(): Uint8Array {
    const out = new Uint8Array(this.byteLength);
    out[0] = OPEN;
    let at = 1;
    for (let c = 0; c < this.chunks.length; c++) {
      if (c > 0) out[at++] = COMMA;
      out.set(this.chunks[c]!, at);
      at += this.chunks[c]!.length;
    }
    out[at] = CLOSE;
    return out;
  }

  /** The elements as objects (JSON.parse of the bytes): what JSON.stringify writes for this. */
  toJSON(): unknown[] {
    return JSON.parse(new TextDecoder().decode(this.json)) as unknown[];
  }
}

const OPEN = 0x5b; // '['
export const COMMA = 0x2c; // ','
const CLOSE = 0x5d; // ']'

/**
 * An empty array whose elements kind is already V8's for objects (PACKED_ELEMENTS), as a
 * non-empty array of chunks is. An empty literal `[]` starts as small integers (PACKED_SMI) and
 * moves to objects at its first push, so an empty list of chunks and a filled one would have two
 * maps, and code optimized for one would be deoptimized whenever a publication met the other.
 * The kind never goes back (v8.dev/blog/elements-kinds), so popping the one placeholder leaves
 * an empty array of the object kind.
 */
export function objectList<T extends object>(): T[] {
  const list = [null] as unknown as T[];
  list.pop();
  return list;
}

/**
 * Text of a chunk, in UTF-16 units, before it is encoded: ~32 KB of mostly ASCII JSON. Small
 * enough that the texts and the chunk being joined die young (a scavenge, never a promotion), and
 * large enough that a large outline is a few hundred pieces for one writev.
 */
export const CHUNK_UNITS = 32 * 1024;

/** The first slab of a writer, and the most a later one grows to (doubling each time). */
const FIRST_SLAB_BYTES = 64 * 1024;
const MAX_SLAB_BYTES = 2 * 1024 * 1024;

/**
 * Bytes a list has written after which its next slab is a large one (SLAB_BYTES, chunk-store.ts):
 * only the outline and code lenses of large documents get there.
 */
const LARGE_LIST_BYTES = 2 * MAX_SLAB_BYTES;

/**
 * Builds an EncodedJsonList one element at a time, so that a handler never holds the whole
 * response as objects: each element is serialized by JSON.stringify as it is added (the engine's
 * own escaping and number formatting, so the bytes are those of JSON.stringify of the whole
 * array), its text kept until about CHUNK_UNITS have gathered, then encoded as one chunk. The
 * element object can be dropped as soon as `add` returns.
 *
 * Chunks are views of a few large slabs (doubling up to 2 MB) rather than one allocation each:
 * hundreds of small backing stores leave the C heap fragmented once freed (malloc keeps such
 * blocks instead of returning them to the system). Each chunk is written once, into bytes of its
 * slab that no earlier chunk covers, and never again.
 *
 * Past LARGE_LIST_BYTES, a list's next slab is SLAB_BYTES, which malloc maps on its own and
 * unmaps when the response has been written and collected (chunk-store.ts says why that size):
 * once glibc has raised its mmap threshold, 2 MB slabs are C-heap blocks too.
 */
export class JsonListWriter {
  private readonly chunks: Uint8Array[] = objectList();
  private texts: string[] = [];
  private units = 0;
  private count = 0;
  private done = false;
  private slab = new Uint8Array(0);
  private used = 0;
  /** Bytes written into slabs before the current one. */
  private written = 0;

  /** Adds an element as JSON.stringify writes it inside an array (a value it leaves out is `null`). */
  add(value: unknown): void {
    if (this.done) throw new Error('JsonListWriter: add after finish');
    const text = JSON.stringify(value) ?? 'null';
    this.texts.push(text);
    this.count++;
    this.units += text.length + 1;
    if (this.units >= CHUNK_UNITS) this.flush();
  }

  /** The list of every element added; the writer takes no more. */
  finish(): EncodedJsonList {
    if (!this.done) {
      this.flush();
      this.done = true;
      this.slab = new Uint8Array(0);
    }
    return new EncodedJsonList(this.chunks, this.count);
  }

  private flush(): void {
    if (this.texts.length === 0) return;
    const text = this.texts.join(',');
    this.texts = [];
    this.units = 0;
    let written = this.encodeAt(text);
    if (written < 0) {
      // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
      this.written += this.used;
      this.slab = new Uint8Array(nextSlabBytes(this.written, this.slab.length, 3 * text.length));
      this.used = 0;
      written = this.encodeAt(text);
    }
    this.chunks.push(this.slab.subarray(this.used, this.used + written));
    this.used += written;
  }

  /** Encodes `text` into the slab's free bytes; its length in bytes, or -1 if it does not fit. */
  private encodeAt(text: string): number {
    const free = this.slab.subarray(this.used);
    if (free.length < text.length) return -1;
    const { read, written } = utf8.encodeInto(text, free);
    return read === text.length ? written : -1;
  }
}

/**
 * The size of a list's next slab, for at least `need` bytes, after `written` bytes in its earlier
 * slabs, the current one being `current` bytes: doubling from FIRST_SLAB_BYTES up to
 * MAX_SLAB_BYTES, then SLAB_BYTES once the list is large.
 */
export function nextSlabBytes(written: number, current: number, need: number): number {
  const next = written >= LARGE_LIST_BYTES ? SLAB_BYTES : Math.min(MAX_SLAB_BYTES, Math.max(FIRST_SLAB_BYTES, 2 * current));
  return Math.max(next, need);
}
