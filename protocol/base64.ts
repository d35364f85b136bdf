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

/**
 * Each byte's value as a base64 character: -1 outside the alphabet (padding included). A text
 * is read as its UTF-8 bytes (TextEncoder, native), where a character past ASCII is only bytes
 * of 128 and above, all outside the alphabet.
 */
const VALUES = new Int32Array(256).fill(-1);
for (let k = 0; k < CODES.length; k++) VALUES[CODES[k]!] = k;

/**
 * The bytes of a whole base64 text (the reverse of base64Ascii), or null when it is not one: a
 * length not a multiple of 4, a character outside the alphabet, or padding anywhere but in the
 * last one or two places. Stricter than Node's decoder, which skips what it cannot read.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const ascii = new TextEncoder().encode(text);
  const n = ascii.length;
  if (n !== text.length || n % 4 !== 0) return null;
  const pad = n === 0 ? 0 : ascii[n - 1] !== PAD ? 0 : ascii[n - 2] !== PAD ? 1 : 2;
  const out = new Uint8Array((n / 4) * 3 - pad);
  const whole = pad === 0 ? n : n - 4;
  let o = 0;
  for (let i = 0; i < whole; i += 4) {
    // A value of -1 anywhere makes the whole word negative.
    const v = (VALUES[ascii[i]!]! << 18) | (VALUES[ascii[i + 1]!]! << 12) | (VALUES[ascii[i + 2]!]! << 6) | VALUES[ascii[i + 3]!]!;
    if (v < 0) return null;
    out[o] = v >>> 16;
    out[o + 1] = v >>> 8;
    out[o + 2] = v;
    o += 3;
  }
  if (pad > 0) {
    const c = pad === 1 ? VALUES[ascii[n - 2]!]! : 0;
    const v = (VALUES[ascii[n - 4]!]! << 18) | (VALUES[ascii[n - 3]!]! << 12) | (c << 6);
    if (v < 0) return null;
    out[o] = v >>> 16;
    if (pad === 1) out[o + 1] = v >>> 8;
  }
  return out;
}
