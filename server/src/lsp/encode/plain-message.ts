/**
 * An outgoing message as plain data for a transport that copies objects rather than writing
 * JSON: `postMessage` between a worker and its page uses the structured clone, which ignores
 * `toJSON`, so an EncodedJsonList standing in for an array (encoded-json-list.ts: a
 * publication's diagnostics, the outline, the lenses, the preview scene's bodies and findings)
 * would arrive as its chunks instead of its elements. Every value with a `toJSON` method is
 * replaced by what that method returns, as JSON.stringify does (called with its key), at any
 * depth. The message is copied only along the paths that hold such a value: everything else is
 * shared with the original, which is never modified.
 */
export function plainMessage<T>(message: T): T {
  return plain(message, '') as T;
}

function plain(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  // toJSON's result is plain data by its contract here; it is walked too, as JSON.stringify does.
  if (typeof toJSON === 'function') return plain(toJSON.call(value, key), key);
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'object' || v === null) continue;
      const p = plain(v, String(i));
      if (p !== v) (copy ??= value.slice())[i] = p;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    const v = record[k];
    if (typeof v !== 'object' || v === null) continue;
    const p = plain(v, k);
    if (p !== v) (copy ??= { ...record })[k] = p;
  }
  return copy ?? value;
}
