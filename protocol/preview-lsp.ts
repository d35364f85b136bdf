/**
 * Custom LSP requests for the preview (server/src/lsp/preview.ts answers them; the client's
 * preview manager sends them). Method names and parameter/result shapes only: no dependency on
 * the LSP libraries, so the webview can share the model types.
 */
import type { PairDetail, PreviewScene } from './preview-model';

/**
 * `collide/previewScene`: the analyzed scene of an open document. Answers for the newest
 * analyzed version (the result carries it, and the client drops an answer older than one it
 * already showed); null when the document is not open on the server.
 */
export const PREVIEW_SCENE_METHOD = 'collide/previewScene';
export interface PreviewSceneParams {
  uri: string;
}
export type PreviewSceneResult = PreviewScene | null;

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
