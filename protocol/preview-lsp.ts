/**
 * Custom LSP requests for the preview (server/src/lsp/preview.ts answers them; the client's
 * preview manager sends them). Method names and parameter/result shapes only: no dependency on
 * the LSP libraries, so the webview can share the model types.
 */
import type { PreviewSceneDelta } from './preview-delta';
import type { PairDetail, PreviewScene } from './preview-model';

/**
 * `collide/previewScene`: the analyzed scene of an open document. Answers for the newest
 * analyzed version (the result carries it, and the client drops an answer older than one it
 * already showed); null when the document is not open on the server.
 *
 * With `base`, the version of the scene the client holds, the server may answer with a delta
 * against it (preview-delta.ts: the bodies and findings that changed, and the header), which the
 * client applies with `applySceneDelta`; it answers with the whole scene when it no longer
 * knows `base` (it keeps the last two it sent per document), and with an empty delta when
 * `base` is the version it would send. A delta is told from a scene by its `base` field.
 */
export const PREVIEW_SCENE_METHOD = 'collide/previewScene';
export interface PreviewSceneParams {
  uri: string;
  base?: number;
}
export type PreviewSceneResult = PreviewScene | PreviewSceneDelta | null;

/** Whether an answer of `collide/previewScene` is a delta (it has `base`; a scene has none). */
export function isDeltaAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'base' in result;
}

/**
 * `collide/previewPair`: the pair inspector's data for bodies `a` and `b` (names), computed on
 * demand; null when either body does not exist in the newest version.
 */
export const PREVIEW_PAIR_METHOD = 'collide/previewPair';
export interface PreviewPairParams {
  uri: string;
  a: string;
  b: string;
}
export type PreviewPairResult = PairDetail | null;
