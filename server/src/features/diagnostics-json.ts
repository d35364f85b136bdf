/**
 * The UTF-8 JSON of an outgoing JSON-RPC message, byte for byte what encoding
 * `JSON.stringify(message)` gives, but with each diagnostic of a `textDocument/publishDiagnostics`
 * notification serialised once and its text kept for as long as the object lives. With
 * published-diagnostics.ts handing back the same object for every diagnostic an edit left alone,
 * publishing the ~6k diagnostics of a 10k-body scene after a one-body edit copies cached texts
 * into one buffer instead of serialising 2.6 MB of objects again. The texts are written straight
 * into the message's buffer (TextEncoder.encodeInto): joining them into one string first and
 * encoding that costs four times as much, in copies of the whole message.
 *
 * The cache is keyed by object identity, which holds because published diagnostics are never
 * modified once made (PublishedDiagnostics and toLspDiagnostic build new objects for any change).
 * Every other message is serialised by JSON.stringify. No Node API here, so that a browser
 * transport can use it too.
 */
interface Fragment {
  readonly text: string;
  /** Length of `text` in UTF-8. */
  readonly bytes: number;
}

const fragments = new WeakMap<object, Fragment>();
const utf8 = new TextEncoder();

export const PUBLISH_DIAGNOSTICS_METHOD = 'textDocument/publishDiagnostics';

/**
 * Stands for the diagnostics array while the rest of a publication is written by
 * JSON.stringify, which never writes a raw control character (it escapes them), so the one
 * occurrence in its output is this one.
 */
const HOLE = '\u0000';

export function encodeMessage(message: unknown): Uint8Array {
  if (!isPublication(message)) return utf8.encode(JSON.stringify(message));
  const m = message as Record<string, unknown> & { params: Record<string, unknown> & { diagnostics: readonly unknown[] } };
  const envelope = objectJson(m, (key, value) => (key === 'params' ? objectJson(value as Record<string, unknown>, (k) => (k === 'diagnostics' ? HOLE : undefined)) : undefined));
  const hole = envelope.indexOf(HOLE);
  const head = utf8.encode(`${envelope.slice(0, hole)}[`);
  const tail = utf8.encode(`]${envelope.slice(hole + 1)}`);
  const list = m.params.diagnostics;
  const parts = new Array<Fragment>(list.length);
  let size = head.length + tail.length + Math.max(0, list.length - 1);
  for (let k = 0; k < list.length; k++) {
    const part = fragmentOf(list[k]);
    parts[k] = part;
    size += part.bytes;
  }
  const out = new Uint8Array(size);
  out.set(head, 0);
  let at = head.length;
  for (let k = 0; k < parts.length; k++) {
    if (k > 0) out[at++] = 0x2c; // ','
    const part = parts[k]!;
    utf8.encodeInto(part.text, out.subarray(at, at + part.bytes));
    at += part.bytes;
  }
  out.set(tail, at);
  return out;
}

/** The message's JSON text (encodeMessage's bytes as a string), for tests and logs. */
export function messageJson(message: unknown): string {
  return new TextDecoder().decode(encodeMessage(message));
}

function isPublication(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const m = message as { method?: unknown; params?: unknown; toJSON?: unknown };
  if (m.method !== PUBLISH_DIAGNOSTICS_METHOD || m.toJSON !== undefined) return false;
  const p = m.params as { diagnostics?: unknown; toJSON?: unknown } | null | undefined;
  return typeof p === 'object' && p !== null && !Array.isArray(p) && p.toJSON === undefined && Array.isArray(p.diagnostics);
}

function fragmentOf(d: unknown): Fragment {
  if (typeof d !== 'object' || d === null) {
    // Not a diagnostic object: as JSON.stringify writes it in an array (null for undefined).
    const text = JSON.stringify(d) ?? 'null';
    return { text, bytes: utf8Length(text) };
  }
  let f = fragments.get(d);
  if (f === undefined) {
    const text = JSON.stringify(d) ?? 'null';
    f = { text, bytes: utf8Length(text) };
    fragments.set(d, f);
  }
  return f;
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
 * Bytes of `text` in UTF-8. JSON.stringify escapes lone surrogates (well-formed JSON.stringify,
 * ES2019), so every surrogate here is half of a pair: four bytes for the pair.
 */
function utf8Length(text: string): number {
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
      } else n += 2; // a lone surrogate: U+FFFD, 3 bytes (not written by JSON.stringify)
    } else n += 2;
  }
  return n;
}
