/**
 * The JSON text of an outgoing JSON-RPC message, byte for byte what `JSON.stringify(message)`
 * gives, but with each diagnostic of a `textDocument/publishDiagnostics` notification serialised
 * once and its text kept for as long as the object lives. With published-diagnostics.ts handing
 * back the same object for every diagnostic an edit left alone, publishing the ~6k diagnostics of
 * a 10k-body scene after a one-body edit joins cached strings instead of serialising 2.7 MB of
 * objects again (most of the server's share of an edit's latency).
 *
 * The cache is keyed by object identity, which holds because published diagnostics are never
 * modified once made (PublishedDiagnostics and toLspDiagnostic build new objects for any change).
 * Every other message, and a publication whose shape is not the expected one, is serialised as
 * JSON.stringify does. No Node API here: main.ts turns the text into bytes for its transport.
 */
const fragments = new WeakMap<object, string>();

export const PUBLISH_DIAGNOSTICS_METHOD = 'textDocument/publishDiagnostics';

export function messageJson(message: unknown): string {
  if (!isPublication(message)) return JSON.stringify(message);
  return objectJson(message as Record<string, unknown>, (key, value) =>
    key === 'params' ? objectJson(value as Record<string, unknown>, (k, v) => (k === 'diagnostics' ? diagnosticsJson(v as readonly object[]) : undefined)) : undefined,
  );
}

function isPublication(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { method?: unknown; params?: unknown; toJSON?: unknown };
  if (m.method !== PUBLISH_DIAGNOSTICS_METHOD || m.toJSON !== undefined || Array.isArray(m)) return false;
  const p = m.params as { diagnostics?: unknown; toJSON?: unknown } | null | undefined;
  return typeof p === 'object' && p !== null && !Array.isArray(p) && p.toJSON === undefined && Array.isArray(p.diagnostics);
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

function diagnosticsJson(diagnostics: readonly object[]): string {
  const parts = new Array<string>(diagnostics.length);
  for (let k = 0; k < diagnostics.length; k++) {
    const d = diagnostics[k];
    if (typeof d !== 'object' || d === null) {
      // Not a diagnostic object: as JSON.stringify writes it in an array (null for undefined).
      parts[k] = JSON.stringify(d) ?? 'null';
      continue;
    }
    let text = fragments.get(d);
    if (text === undefined) {
      text = JSON.stringify(d);
      fragments.set(d, text);
    }
    parts[k] = text;
  }
  return `[${parts.join(',')}]`;
}
