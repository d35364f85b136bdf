/**
 * Base64 (RFC 4648, section 4, with padding) of bytes as ASCII bytes, without Node's Buffer, so
 * that the language server can encode in a browser worker too.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 0x3d; // '='

/** The base64 text of `bytes` as ASCII bytes, with `prefix` bytes of room before it. */
export function base64Ascii(bytes: Uint8Array, prefix = 0, suffix = 0): Uint8Array {
  const n = bytes.length;
  const out = new Uint8Array(prefix + 4 * Math.ceil(n / 3) + suffix);
  let o = prefix;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[v >>> 18]!;
    out[o++] = CODES[(v >>> 12) & 63]!;
    out[o++] = CODES[(v >>> 6) & 63]!;
    out[o++] = CODES[v & 63]!;
  }
  if (i < n) {
    const v = (bytes[i]! << 16) | (i + 1 < n ? bytes[i + 1]! << 8 : 0);
    out[o++] = CODES[v >>> 18]!;
    out[o++] = CODES[(v >>> 12) & 63]!;
    out[o++] = i + 1 < n ? CODES[(v >>> 6) & 63]! : PAD;
    out[o++] = PAD;
  }
  return out;
}
