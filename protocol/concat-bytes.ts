/** `parts` joined into one array (`parts[0]` itself when it is the only one; empty for none). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length <= 1) return parts[0] ?? new Uint8Array(0);
  let total = 0;
  for (const p of parts) total += p.byteLength;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
