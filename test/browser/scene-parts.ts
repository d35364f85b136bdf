/**
 * A whole scene as the server sends it in parts (protocol/preview-lsp.ts): its
 * `collide/previewScenePart` notifications and the answer that follows them, and the messages
 * the host posts of them to the webview.
 */
import { constants, deflateRawSync } from 'node:zlib';
import type { PreviewSceneParts, PreviewScenePart } from '../../protocol/preview-lsp';
import type { HostToWebview } from '../../protocol/preview-messages';
import { sceneHeader, type PreviewScene } from '../../protocol/preview-model';
import { encodeScenePart, sceneSlices } from '../../protocol/preview-scene-bytes';

/** How `scene` is cut: parts of `size` items (2 by default: 4 parts for sampleScene), deflated unless `plain`. */
export interface PartOptions {
  readonly size?: number;
  readonly plain?: boolean;
}

/** Each part's bytes, deflated with their inflated size (`deflated`) unless `plain`. */
function partBytes(scene: PreviewScene, options: PartOptions): { bytes: Uint8Array; deflated?: number }[] {
  return sceneSlices(scene.bodies.length, scene.findings.length, options.size ?? 2).map((slice) => {
    const bytes = encodeScenePart(scene, slice);
    return options.plain ? { bytes } : { bytes: new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED })), deflated: bytes.length };
  });
}

/** The notifications of `scene` in parts of stream `stream`. */
export function partNotes(scene: PreviewScene, stream: number, options: PartOptions = {}): PreviewScenePart[] {
  const parts = partBytes(scene, options);
  return parts.map(({ bytes, deflated }, index) => {
    const note = { stream, uri: scene.uri, version: scene.version, index, count: parts.length, bytes: [Buffer.from(bytes).toString('base64')] };
    return deflated === undefined ? note : { ...note, deflated };
  });
}

/** The messages that post `scene` in parts to the webview (`sceneBytes` with `part`). */
export function partMessages(scene: PreviewScene, options: PartOptions = {}): HostToWebview[] {
  const parts = partBytes(scene, options);
  return parts.map(({ bytes, deflated }, index) => {
    const part = { index, count: parts.length };
    return deflated === undefined ? { type: 'sceneBytes', bytes, part } : { type: 'sceneBytes', bytes, deflated, part };
  });
}

/** The answer that follows the notifications of `scene` in `count` parts. */
export function partsAnswer(scene: PreviewScene, count: number): PreviewSceneParts {
  return { ...sceneHeader(scene), parts: count };
}
