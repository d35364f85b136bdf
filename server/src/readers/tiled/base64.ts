// Base64 (RFC 4648 §4) to bytes, for Tiled's encoded layer data. Whitespace is skipped (Tiled
// indents the text); padding is optional. Anything else is a malformed text: undefined.

const VALUES = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

export function decodeBase64(text: string): Uint8Array | undefined {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let n = 0;
  let buffer = 0;
  let bits = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (c === 61 /* = */) {
      padding++;
      continue;
    }
    const v = c < 128 ? VALUES[c]! : -1;
    if (v < 0 || padding > 0) return undefined;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (buffer >> bits) & 0xff;
    }
  }
  // A leftover of 6 bits is a truncated quantum; 2 or 4 bits are the padding's zeros.
  if (bits >= 6 || padding > 2) return undefined;
  return out.subarray(0, n);
}
