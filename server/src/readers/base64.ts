// Base64 (RFC 4648 §4) to bytes, for the levels' encoded tile data: Godot's PackedByteArray
// text and Tiled's base64 layer data. Padding is optional; anything else outside the alphabet
// makes a malformed text: undefined.

const BASE64 = (() => {
  const table = new Int16Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/** The bytes of `text`, read four characters at a time, or undefined when malformed. */
export function decodeBase64(text: string): Uint8Array | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61) end--;
  if (text.length - end > 2 || end % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const a = digit(text, i);
    const b = digit(text, i + 1);
    const c = digit(text, i + 2);
    const d = digit(text, i + 3);
    if ((a | b | c | d) < 0) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  const rest = end - i;
  if (rest >= 2) {
    const a = digit(text, i);
    const b = digit(text, i + 1);
    const c = rest === 3 ? digit(text, i + 2) : 0;
    if ((a | b | c) < 0) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o++] = n >>> 16;
    if (rest === 3) out[o++] = (n >>> 8) & 0xff;
  }
  return out;
}

/** The same, skipping whitespace (Tiled indents its layer data and may wrap it). */
export function decodeBase64Text(text: string): Uint8Array | undefined {
  return decodeBase64(WHITESPACE.test(text) ? text.replace(WHITESPACES, '') : text);
}

const WHITESPACE = /[ \t\n\r]/;
const WHITESPACES = /[ \t\n\r]+/g;

function digit(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < 128 ? BASE64[code]! : -1;
}
