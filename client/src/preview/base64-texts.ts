import { decodeBase64 } from '../../../protocol/base64';
import { concatBytes } from '../../../protocol/concat-bytes';

/**
 * The base64 texts the server sends a scene's bytes in (protocol/preview-lsp.ts: a whole scene's
 * and each part's), decoded: SceneSync and SceneParts both read them.
 */

/** The decoder of one whole base64 text: protocol/base64.ts's, or the host's native one. */
let decodeText: (text: string) => Uint8Array | null = decodeBase64;

/**
 * Makes fromBase64 decode with `decode`, which must answer as decodeBase64 does (a fresh array,
 * or null for what is not whole base64): the Node entry installs Buffer's (node/base64.ts).
 */
export function useBase64Decoder(decode: (text: string) => Uint8Array | null): void {
  decodeText = decode;
}

/**
 * The bytes of a PreviewSceneBytes's base64 texts (protocol/preview-lsp.ts), or null when one is
 * not whole base64 (protocol/base64.ts: a length not a multiple of 4, a character outside the
 * alphabet, padding but at the end) or a text but the last has padding.
 */
export function fromBase64(texts: readonly string[]): Uint8Array | null {
  if (texts.length === 1) return decodeText(texts[0]!);
  const parts: Uint8Array[] = [];
  for (let k = 0; k < texts.length; k++) {
    const t = texts[k]!;
    if (k < texts.length - 1 && t.endsWith('=')) return null;
    const b = decodeText(t);
    if (!b) return null;
    parts.push(b);
  }
  return concatBytes(parts);
}
