/**
 * The UTF-8 JSON of an outgoing JSON-RPC message, byte for byte what encoding
 * `JSON.stringify(message)` gives. A `textDocument/publishDiagnostics` notification whose
 * diagnostics are an `EncodedDiagnostics` (what published-diagnostics.ts makes) is written as the
 * envelope's bytes around that list's own chunks: the publisher has kept the bytes of every
 * diagnostic an edit left alone, so publishing the ~6k diagnostics of a 10k-body scene after a
 * one-body edit is a chunk or two instead of serialising 2.6 MB of objects again (what
 * vscode-jsonrpc's own writer does for every message: JSON.stringify, then encode).
 * encodeMessageParts gives the pieces, for a writer that sends them as they are
 * (transport/gather-writer.ts); encodeMessage joins them, for one that needs one array.
 *
 * Every other message is serialised by JSON.stringify. No Node API here, so that a browser
 * transport can use it too.
 */
const utf8 = new TextEncoder();

export const PUBLISH_DIAGNOSTICS_METHOD = 'textDocument/publishDiagnostics';

/**
 * A publication's diagnostics as the UTF-8 bytes of their JSON array, in chunks: chunk k holds
 * the JSON of a run of diagnostics with commas between them, and the list is `[`, the chunks
 * joined by commas, `]`. It stands where the notification's `diagnostics` array goes. Writers that
 * know it (encodeMessageParts) send the chunks as they are; any other serialiser (the Node IPC
 * channel, the library's message tracing) calls `toJSON` and gets the same diagnostics as plain
 * objects, so every transport stays correct and only this writer is fast. The chunks are never
 * modified once made: later publications of the document share the ones that did not change
 * (published-diagnostics.ts), and a writer may hold them as long as it likes.
 */
export class EncodedDiagnostics {
  /** The length of the list's JSON in bytes. */
  readonly byteLength: number;

  constructor(
    /** Each a non-empty run `d_i,…,d_j` of the list's JSON, UTF-8. */
    readonly chunks: readonly Uint8Array[],
    /** How many diagnostics the list holds. */
    readonly length: number,
  ) {
    let bytes = 2 + Math.max(0, chunks.length - 1);
    for (const c of chunks) bytes += c.length;
    this.byteLength = bytes;
  }

  /** The list of a whole JSON array's UTF-8 bytes, `[…]`, as one chunk. */
  static ofList(json: Uint8Array, length: number): EncodedDiagnostics {
    return new EncodedDiagnostics(length === 0 ? [] : [json.subarray(1, json.length - 1)], length);
  }

  /** The list's JSON in one array (a copy: for one-buffer transports, tests and logs). */
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

  /** The diagnostics as objects (JSON.parse of the bytes): what JSON.stringify writes for this. */
  toJSON(): unknown[] {
    return JSON.parse(new TextDecoder().decode(this.json)) as unknown[];
  }
}

const OPEN = 0x5b; // '['
const COMMA = 0x2c; // ','
const CLOSE = 0x5d; // ']'
const COMMA_BYTES = new Uint8Array([COMMA]);

/**
 * Stands for the diagnostics while the rest of a publication is written by JSON.stringify, which
 * never writes a raw control character (it escapes them), so the one occurrence in its output is
 * this one.
 */
const HOLE = '\u0000';

/**
 * A message's UTF-8 JSON in pieces whose concatenation is encodeMessage's bytes: for a
 * publication of encoded diagnostics, the envelope before the list with its `[`, the list's
 * chunks (not copied) with commas between them, and `]` with the envelope after it; for any other
 * message, one piece. A writer that sends the pieces one after the other (a gather write) never
 * makes the copy of the list that one contiguous message needs.
 */
export interface MessageParts {
  readonly pieces: readonly Uint8Array[];
  /** The encoded diagnostics among the pieces, if the message is such a publication. */
  readonly list: EncodedDiagnostics | undefined;
  /** The total length in bytes: the message's Content-Length. */
  readonly byteLength: number;
}

export function encodeMessageParts(message: unknown): MessageParts {
  const list = encodedList(message);
  if (list === undefined) {
    const whole = utf8.encode(JSON.stringify(message));
    return { pieces: [whole], list, byteLength: whole.length };
  }
  const m = message as Record<string, unknown> & { params: Record<string, unknown> };
  const envelope = objectJson(m, (key, value) => (key === 'params' ? objectJson(value as Record<string, unknown>, (k) => (k === 'diagnostics' ? HOLE : undefined)) : undefined));
  const hole = envelope.indexOf(HOLE);
  const head = utf8.encode(`${envelope.slice(0, hole)}[`);
  const tail = utf8.encode(`]${envelope.slice(hole + 1)}`);
  const pieces: Uint8Array[] = [head];
  for (let c = 0; c < list.chunks.length; c++) {
    if (c > 0) pieces.push(COMMA_BYTES);
    pieces.push(list.chunks[c]!);
  }
  pieces.push(tail);
  return { pieces, list, byteLength: head.length + list.byteLength - 2 + tail.length };
}

/** The message's bytes in one array (encodeMessageParts's pieces joined), for one-buffer transports. */
export function encodeMessage(message: unknown): Uint8Array {
  const { pieces, byteLength } = encodeMessageParts(message);
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(byteLength);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The message's JSON text (encodeMessage's bytes as a string), for tests and logs. */
export function messageJson(message: unknown): string {
  return new TextDecoder().decode(encodeMessage(message));
}

/** The encoded diagnostics of a publication written without any other toJSON in the way. */
function encodedList(message: unknown): EncodedDiagnostics | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { method?: unknown; params?: unknown; toJSON?: unknown };
  if (m.method !== PUBLISH_DIAGNOSTICS_METHOD || m.toJSON !== undefined) return undefined;
  const p = m.params as { diagnostics?: unknown; toJSON?: unknown } | null | undefined;
  if (typeof p !== 'object' || p === null || Array.isArray(p) || p.toJSON !== undefined) return undefined;
  return p.diagnostics instanceof EncodedDiagnostics ? p.diagnostics : undefined;
}

/**
 * `JSON.stringify(object)` for a plain object, except that `special` may give the text of a
 * member's value (undefined: as JSON.stringify writes it). Members whose value JSON.stringify
 * leaves out (undefined, functions, symbols) are left out alike.
 */
function objectJson(object: Record<string, unknown>, special: (key: string, value: unknown) => string | undefined): string {
  let out = '{';
  let first = true;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const text = special(key, value) ?? JSON.stringify(value);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * Bytes of `text` in UTF-8, as TextEncoder writes it: a lone surrogate becomes U+FFFD (3 bytes).
 * JSON.stringify escapes lone surrogates (well-formed JSON.stringify, ES2019), so in its output
 * every surrogate is half of a pair: four bytes for the pair.
 */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 2; // 2 code units, 4 bytes
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}
