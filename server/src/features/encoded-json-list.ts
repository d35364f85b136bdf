/**
 * A JSON array kept as the UTF-8 bytes of its elements, in chunks, standing where an outgoing
 * message has the array: a publication's diagnostics (published-diagnostics.ts) or a request's
 * result (the outline and the code lenses of a large document). diagnostics-json.ts writes such a
 * message as its envelope's bytes around the chunks, and transport/gather-writer.ts hands the
 * pieces to the stream as they are. No Node API here, so that a browser transport can use it too.
 */
const utf8 = new TextEncoder();

/**
 * An array as the UTF-8 bytes of its JSON: chunk k holds the JSON of a run of elements with commas
 * between them, and the array is `[`, the chunks joined by commas, `]`. Writers that know it
 * (diagnostics-json.ts's encodeMessageParts) send the chunks as they are; any other serialiser
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

export const OPEN = 0x5b; // '['
export const COMMA = 0x2c; // ','
export const CLOSE = 0x5d; // ']'

/**
 * Text of a chunk, in UTF-16 units, before it is encoded: ~32 KB of mostly ASCII JSON. Small
 * enough that the texts and the chunk being joined die young (a scavenge, never a promotion), and
 * large enough that a 20 MB outline is ~700 pieces for one writev.
 */
export const CHUNK_UNITS = 32 * 1024;

/**
 * Builds an EncodedJsonList one element at a time, so that a handler never holds the whole
 * response as objects: each element is serialised by JSON.stringify as it is added (the engine's
 * own escaping and number formatting, so the bytes are those of JSON.stringify of the whole
 * array), its text kept until about CHUNK_UNITS have gathered, then encoded as one chunk. The
 * element object can be dropped as soon as `add` returns.
 */
export class JsonListWriter {
  private readonly chunks: Uint8Array[] = [];
  private texts: string[] = [];
  private units = 0;
  private count = 0;
  private done = false;

  /** Adds an element as JSON.stringify writes it inside an array (a value it leaves out is `null`). */
  add(value: unknown): void {
    this.addJson(JSON.stringify(value) ?? 'null');
  }

  /** Adds an element given as its JSON text (which must be what JSON.stringify writes for it). */
  addJson(text: string): void {
    if (this.done) throw new Error('JsonListWriter: add after finish');
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
    }
    return new EncodedJsonList(this.chunks, this.count);
  }

  private flush(): void {
    if (this.texts.length === 0) return;
    this.chunks.push(utf8.encode(this.texts.join(',')));
    this.texts = [];
    this.units = 0;
  }
}
