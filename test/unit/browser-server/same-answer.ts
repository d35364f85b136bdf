/**
 * Two servers' answers compared as JSON values: equal in every string, key, count and integer,
 * and in every other number up to a relative 1e-9. Node's V8 and Chromium's compute some
 * transcendental functions (Math.sin, cos, atan2, exp, ...) differently in the last bit, so a
 * rotated shape's coordinates may differ there; anything the author reads (messages, counts,
 * ranges, the numbers hover prints) must still be the same. A preview scene sent as bytes is
 * compared decoded (its floats are in its bytes), inflated first when it came deflated (the two
 * servers' compressors need not make the same stream of the same bytes), and not by its size (a
 * turned body writes its cosine and sine or not as the engine's Math.cos and Math.sin made its
 * bounds: preview-scene-bytes.ts); one sent in parts (lsp-session.ts, sceneInParts) as the scene
 * its parts make.
 */
import { inflateRawSync } from 'node:zlib';
import { decodeSceneBytes, decodeSceneParts } from '../../../protocol/preview-scene-bytes';

const RELATIVE = 1e-9;

/** Where `a` and `b` differ first (a path into them), or undefined when they are the same answer. */
export function difference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b || (Number.isInteger(a) === Number.isInteger(b) && !Number.isInteger(a) && Math.abs(a - b) <= RELATIVE * Math.max(1, Math.abs(a), Math.abs(b)))) return undefined;
    return `${path}: ${a} ≠ ${b}`;
  }
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return a === b ? undefined : `${path}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array and object`;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${path}: keys ${ka.slice(0, 20).join(',')} ≠ ${kb.slice(0, 20).join(',')}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

/** An answer's JSON text as the value to compare: a scene's base64 bytes decoded. */
export function comparable(json: string): unknown {
  if (!json.startsWith('{') && !json.startsWith('[')) return json;
  const value = JSON.parse(json) as unknown;
  const bytes = sceneBytes(value);
  if (bytes) {
    const sized = typeof (value as { deflated?: unknown }).deflated === 'number' ? { deflated: 'some bytes' } : {};
    return { ...(value as object), ...sized, bytes: decodeSceneBytes(bytes) ?? 'undecodable' };
  }
  const parts = (value as { parts?: unknown } | null)?.parts;
  if (Array.isArray(parts) && value !== null && typeof value === 'object' && 'answer' in value) {
    const all = parts.map(sceneBytes);
    const scene = all.every((b) => b !== undefined) ? decodeSceneParts(all as Uint8Array[]) : null;
    return { ...(value as object), parts: parts.length, scene: scene ?? 'undecodable' };
  }
  return value;
}

/** The bytes of a value with base64 texts `bytes` (PreviewSceneBytes, PreviewScenePart), inflated when `deflated`. */
function sceneBytes(value: unknown): Uint8Array | undefined {
  const bytes = (value as { bytes?: unknown } | null)?.bytes;
  if (!Array.isArray(bytes) || !bytes.every((t) => typeof t === 'string')) return undefined;
  const raw = Buffer.concat(bytes.map((t: string) => Buffer.from(t, 'base64')));
  const deflated = (value as { deflated?: unknown }).deflated;
  return new Uint8Array(typeof deflated === 'number' ? inflateRawSync(raw) : raw);
}
