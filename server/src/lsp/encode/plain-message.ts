import { EncodedJsonList } from './encoded-json-list';

/**
 * An outgoing message as plain data for a transport that copies objects rather than writing
 * JSON: `postMessage` between a worker and its page uses the structured clone, which ignores
 * `toJSON`, so an EncodedJsonList standing in for an array (encoded-json-list.ts: a
 * publication's diagnostics, the outline, the lenses, the preview scene's bodies and findings)
 * would arrive as its chunks instead of its elements. Every value with a `toJSON` method is
 * replaced by what that method returns, as JSON.stringify does (called with its key), at any
 * depth. The message is copied only along the paths that hold such a value: everything else is
 * shared with the original, which is never modified.
 *
 * An EncodedJsonList's elements are parsed a chunk at a time, and kept with the chunk: chunks
 * never change and are shared from one list to the next (a publication's unchanged runs of
 * diagnostics, the kept outline and lenses), so that a keystroke parses only the chunks it
 * changed rather than the whole list. The elements go out as shared objects; the structured
 * clone copies them, and nothing else reads them.
 */
export function plainMessage<T>(message: T): T {
  return plain(message, '') as T;
}

function plain(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof EncodedJsonList) return elementsOf(value);
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

/** The parsed elements of each chunk, for as long as the chunk lives. */
const parsed = new WeakMap<Uint8Array, readonly unknown[]>();
const decoder = new TextDecoder();

/** The list's elements (what its toJSON gives), from the chunks' kept elements where there are. */
function elementsOf(list: EncodedJsonList): unknown[] {
  const out: unknown[] = [];
  for (const chunk of list.chunks) {
    let elements = parsed.get(chunk);
    if (elements === undefined) {
      elements = JSON.parse(`[${decoder.decode(chunk)}]`) as unknown[];
      parsed.set(chunk, elements);
    }
    for (let i = 0; i < elements.length; i++) out.push(elements[i]);
  }
  return out;
}
