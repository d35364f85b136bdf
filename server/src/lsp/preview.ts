import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { isString, objectOf, stringOf } from '../../../protocol/validate';
import {
  PREVIEW_PAIR_METHOD,
  PREVIEW_SCENE_METHOD,
  type PreviewPairResult,
  type PreviewSceneResult,
} from '../../../protocol/preview-lsp';
import type { PreviewScene } from '../../../protocol/preview-model';
import type { DocumentAnalysis } from '../analysis/pipeline';
import { buildPairDetail } from '../preview/pair-detail';
import { buildPreviewScene, type PreviewSource } from '../preview/scene-model';

/** The newest analyzed version of an open document, as the server's document manager holds it. */
export interface VersionedAnalysis {
  readonly version: number;
  readonly analysis: DocumentAnalysis;
}

/**
 * How the preview handlers get an analysis: the newest finished one for `uri` (awaiting one in
 * progress is fine), or undefined when the document is not open on the server.
 */
export type GetAnalysis = (uri: string) => VersionedAnalysis | undefined | Promise<VersionedAnalysis | undefined>;

const isSceneParams = objectOf({ uri: stringOf(8192) });
const isPairParams = objectOf({ uri: stringOf(8192), a: isString, b: isString });

/**
 * Registers the preview's custom requests (protocol/preview-lsp.ts). Parameters are validated;
 * a failure is logged and answered with an error response, never allowed to take the server
 * down. The scene model is built once per analysis (the client asks again after each throttled
 * edit, and the same analysis may be asked for by several panels).
 */
export function registerPreviewHandlers(connection: Connection, getAnalysis: GetAnalysis): void {
  const models = new WeakMap<DocumentAnalysis, PreviewScene>();
  const sourceOf = (a: DocumentAnalysis): PreviewSource => ({ scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });

  connection.onRequest(PREVIEW_SCENE_METHOD, async (params: unknown): Promise<PreviewSceneResult> => {
    if (!isSceneParams(params)) return null;
    try {
      const doc = await getAnalysis(params.uri);
      if (!doc) return null;
      let model = models.get(doc.analysis);
      if (!model || model.uri !== params.uri) {
        model = buildPreviewScene(params.uri, doc.version, sourceOf(doc.analysis));
        models.set(doc.analysis, model);
      }
      return model;
    } catch (e) {
      connection.console.error(`collide/previewScene failed for ${params.uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `collide/previewScene failed for ${params.uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  connection.onRequest(PREVIEW_PAIR_METHOD, async (params: unknown): Promise<PreviewPairResult> => {
    if (!isPairParams(params)) return null;
    try {
      const doc = await getAnalysis(params.uri);
      if (!doc) return null;
      return buildPairDetail(params.uri, doc.version, sourceOf(doc.analysis), params.a, params.b);
    } catch (e) {
      connection.console.error(`collide/previewPair failed for ${params.uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `collide/previewPair failed for ${params.uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
