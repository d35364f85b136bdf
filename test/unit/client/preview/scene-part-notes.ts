/**
 * A whole scene as the server sends it in parts (protocol/preview-lsp.ts): its
 * `collide/previewScenePart` notifications and the answer that follows them.
 */
import { constants, deflateRawSync } from 'node:zlib';
import type { PreviewSceneParts, PreviewScenePart } from '../../../../protocol/preview-lsp';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { encodeScenePart, sceneSlices } from '../../../../protocol/preview-scene-bytes';

/** The notifications of `scene` in parts of `size` items (2 by default: 4 parts for sampleScene), deflated unless `plain`. */
export function partNotes(scene: PreviewScene, stream: number, options: { size?: number; plain?: boolean } = {}): PreviewScenePart[] {
  const slices = sceneSlices(scene.bodies.length, scene.findings.length, options.size ?? 2);
  return slices.map((slice, index) => {
    const bytes = encodeScenePart(scene, slice);
    const base = { stream, uri: scene.uri, version: scene.version, index, count: slices.length };
    if (options.plain) return { ...base, bytes: [Buffer.from(bytes).toString('base64')] };
    const deflated = deflateRawSync(bytes, { level: constants.Z_BEST_SPEED });
    return { ...base, bytes: [deflated.toString('base64')], deflated: bytes.length };
  });
}

/** The answer that follows the notifications of `scene` in `count` parts. */
export function partsAnswer(scene: PreviewScene, count: number): PreviewSceneParts {
  return { uri: scene.uri, version: scene.version, parts: count };
}
