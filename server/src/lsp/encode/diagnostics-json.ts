/**
 * The UTF-8 JSON of an outgoing JSON-RPC message, byte for byte what encoding
 * `JSON.stringify(message)` gives. Two kinds of message carry an EncodedJsonList
 * (encoded-json-list.ts) where the JSON has an array, and are written as the envelope's bytes
 * around that list's own chunks:
 * - a `textDocument/publishDiagnostics` notification whose diagnostics are an EncodedDiagnostics
 *   (what publish/published-diagnostics.ts makes): the publisher has kept the bytes of every
 *   diagnostic an edit left alone, so a one-body edit publishes a chunk or two of new bytes;
 * - a response whose `result` is an EncodedJsonList (response-lists.ts): a large document's
 *   outline and code lenses are built as chunks an element at a time, never as all the objects,
 *   one string and its UTF-8 at once (what vscode-jsonrpc's own writer makes of every message),
 *   which would outlive the request as old-generation garbage;
 * - a response whose `result` is an object with EncodedJsonList members (the preview's whole
 *   scene, encoded in slices between turns of the event loop by lsp/preview.ts), and a
 *   notification whose `params` are such an object (a part of that scene's bytes,
 *   lsp/scene-bytes-answer.ts).
 * encodeMessageParts gives the pieces, for a writer that sends them as they are
 * (node/gather-writer.ts); encodeMessage joins them, for one that needs one array.
 *
 * Every other message is serialized by JSON.stringify. No Node API here, so that a browser
 * transport can use it too.
 */
import { COMMA, EncodedJsonList } from './encoded-json-list';
import { concatBytes } from '../../../../protocol/concat-bytes';

const utf8 = new TextEncoder();

export const PUBLISH_DIAGNOSTICS_METHOD = 'textDocument/publishDiagnostics';

/**
 * A publication's diagnostics as the UTF-8 bytes of their JSON array, in chunks (an
 * EncodedJsonList whose chunks publish/published-diagnostics.ts keeps and shares between publications).
 */
export class EncodedDiagnostics extends EncodedJsonList {}

const COMMA_BYTES = new Uint8Array([COMMA]);

/**
 * Stands for the encoded list while the rest of the message is written by JSON.stringify, which
 * never writes a raw control character (it escapes them), so the one occurrence in its output is
 * this one.
 */
const HOLE = '\u0000';

/**
 * A message's UTF-8 JSON in pieces whose concatenation is encodeMessage's bytes: for a
 * publication of encoded diagnostics or a response with an encoded result, the envelope before
 * the list with its `[`, the list's
 * chunks (not copied) with commas between them, and `]` with the envelope after it; for any other
 * message, one piece. A writer that sends the pieces one after the other (a gather write) never
 * makes the copy of the list that one contiguous message needs.
 */
export interface MessageParts {
  readonly pieces: readonly Uint8Array[];
  /** The encoded list among the pieces, if the message is such a publication or response. */
  readonly list: EncodedJsonList | undefined;
  /** The total length in bytes: the message's Content-Length. */
  readonly byteLength: number;
}

export function encodeMessageParts(message: unknown): MessageParts {
  const found = encodedList(message);
  if (found === undefined) {
    const members = encodedMembers(message);
    if (members !== undefined) return members;
    const whole = utf8.encode(JSON.stringify(message));
    return { pieces: [whole], list: undefined, byteLength: whole.length };
  }
  const { list } = found;
  const m = message as Record<string, unknown>;
  const envelope =
    found.at === 'result'
      ? objectJson(m, (key) => (key === 'result' ? HOLE : undefined))
      : objectJson(m, (key, value) => (key === 'params' ? objectJson(value as Record<string, unknown>, (k) => (k === 'diagnostics' ? HOLE : undefined)) : undefined));
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
  return concatBytes(encodeMessageParts(message).pieces);
}

/** The message's JSON text (encodeMessage's bytes as a string), for tests and logs. */
export function messageJson(message: unknown): string {
  return new TextDecoder().decode(encodeMessage(message));
}

/**
 * The encoded list of a publication (its `params.diagnostics`) or of a response (its `result`),
 * written without any other toJSON in the way (one on the message or its parameters decides what
 * JSON.stringify writes, so such a message is left to it).
 */
function encodedList(message: unknown): { list: EncodedJsonList; at: 'diagnostics' | 'result' } | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { method?: unknown; params?: unknown; result?: unknown; toJSON?: unknown };
  if (m.toJSON !== undefined) return undefined;
  if (m.result instanceof EncodedJsonList && m.method === undefined && Object.hasOwn(m, 'result')) return { list: m.result, at: 'result' };
  if (m.method !== PUBLISH_DIAGNOSTICS_METHOD) return undefined;
  const p = m.params as { diagnostics?: unknown; toJSON?: unknown } | null | undefined;
  if (typeof p !== 'object' || p === null || Array.isArray(p) || p.toJSON !== undefined) return undefined;
  return p.diagnostics instanceof EncodedJsonList ? { list: p.diagnostics, at: 'diagnostics' } : undefined;
}

/**
 * A response whose `result`, or a message naming a method (a notification) whose `params`, is a
 * plain object with EncodedJsonList members (the preview's whole scene, lsp/preview.ts: its bodies
 * and findings; a part of its bytes, lsp/scene-bytes-answer.ts: its base64 texts), as the
 * envelope's bytes around each list's chunks; undefined for any other message.
 */
function encodedMembers(message: unknown): MessageParts | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { method?: unknown; result?: unknown; toJSON?: unknown };
  if (m.toJSON !== undefined) return undefined;
  const at = m.method === undefined ? 'result' : 'params';
  if (!Object.hasOwn(m, at)) return undefined;
  const r = (m as Record<string, unknown>)[at] as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null || Array.isArray(r) || r.toJSON !== undefined) return undefined;
  if (!Object.values(r).some((v) => v instanceof EncodedJsonList)) return undefined;
  const lists: EncodedJsonList[] = [];
  const envelope = objectJson(m as Record<string, unknown>, (key) =>
    key === at
      ? objectJson(r, (_, v) => {
          if (!(v instanceof EncodedJsonList)) return undefined;
          lists.push(v);
          return HOLE;
        })
      : undefined,
  );
  const texts = envelope.split(HOLE);
  const pieces: Uint8Array[] = [];
  let byteLength = 0;
  for (let i = 0; i < texts.length; i++) {
    const text = utf8.encode(`${i > 0 ? ']' : ''}${texts[i]}${i < lists.length ? '[' : ''}`);
    pieces.push(text);
    byteLength += text.length;
    if (i === lists.length) break;
    const list = lists[i]!;
    for (let c = 0; c < list.chunks.length; c++) {
      if (c > 0) pieces.push(COMMA_BYTES);
      pieces.push(list.chunks[c]!);
    }
    byteLength += list.byteLength - 2;
  }
  return { pieces, list: undefined, byteLength };
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
