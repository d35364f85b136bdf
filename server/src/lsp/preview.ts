import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { isBoolean, isString, objectOf, optional, stringOf, type Check } from '../../../protocol/validate';
import {
  isPreviewBodyChange,
  isStreamId,
  PREVIEW_EDIT_METHOD,
  PREVIEW_LEVEL_MOVE_METHOD,
  PREVIEW_PAIR_METHOD,
  PREVIEW_SCENE_METHOD,
  type PreviewEditResult,
  type PreviewLevelMoveResult,
  type PreviewPairResult,
  type PreviewSceneParts,
  type PreviewSceneResult,
} from '../../../protocol/preview-lsp';
import type { PreviewScene } from '../../../protocol/preview-model';
import type { DocumentAnalysis } from '../analysis/pipeline';
import type { LevelAnalysis } from '../analysis/level-analysis';
import { isPoint } from '../../../protocol/validate';
import { levelPairDetail, levelPreviewSource, relabelPreviewScene } from '../preview/level-preview';
import { EncodedJsonList } from './encode/encoded-json-list';
import { inSlices } from './answer-slices';
import { sceneBytesAnswer, ScenePartSender, sendSceneParts, sliced, slicedWhile, type SceneDeflate } from './scene-bytes-answer';
import { buildPairDetail } from '../preview/pair-detail';
import { buildSceneDelta, sentScene, type SentScene } from '../preview/scene-delta';
import { previewSceneSteps, type BuiltScene, type PreviewSource } from '../preview/scene-model';
import { previewScenePartsSteps } from '../preview/scene-parts';
import { previewBodyEdits } from '../features/preview-edit';

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

/** The version of an open document as the server's text holds it (undefined when it is not open). */
export type DocumentVersion = (uri: string) => number | undefined;

const isSceneParams = objectOf({
  uri: stringOf(8192),
  base: optional(Number.isInteger as Check<number>),
  bytes: optional(isBoolean),
  deflate: optional(isBoolean),
  parts: optional(isStreamId),
});

const isPairParams = objectOf({ uri: stringOf(8192), a: isString, b: isString });
const isEditParams = objectOf({ uri: stringOf(8192), version: Number.isInteger as Check<number>, body: isString, change: isPreviewBodyChange });
const isLevelMoveParams = objectOf({ uri: stringOf(8192), version: Number.isInteger as Check<number>, body: isString, at: isPoint });

/** Versions of a document whose models were sent that a delta can start from. */
const KEPT_VERSIONS = 2;
/** Builds started again for a newer version before one is finished whatever comes. */
const MAX_LAPS = 3;
/** Bodies or findings a chunk of a whole scene's encoded lists holds. */
const RUN = 128;

const utf8 = new TextEncoder();

/**
 * `items` as an EncodedJsonList (its JSON.stringify in chunks of RUN elements), a chunk a step:
 * node/gather-writer.ts then writes the chunks as they are, so a whole scene (9 MB of JSON at 10k
 * bodies) is never stringified in one piece on the event loop.
 */
function* encodeSteps(items: readonly unknown[]): Generator<void, EncodedJsonList, void> {
  const chunks: Uint8Array[] = [];
  for (let k = 0; k < items.length; k += RUN) {
    const text = JSON.stringify(items.slice(k, k + RUN));
    chunks.push(utf8.encode(text.slice(1, -1)));
    yield;
  }
  return new EncodedJsonList(chunks, items.length);
}

/** The whole scene with its bodies and findings as encoded lists (JSON.stringify gives the scene's JSON). */
function* encodedSceneSteps(scene: PreviewScene): Generator<void, PreviewScene, void> {
  const bodies = yield* encodeSteps(scene.bodies);
  const findings = yield* encodeSteps(scene.findings);
  return { ...scene, bodies: bodies as unknown as PreviewScene['bodies'], findings: findings as unknown as PreviewScene['findings'] };
}

export interface PreviewHandlers {
  /** Drop what is kept of a document's sent models (it was closed). */
  forget(uri: string): void;
}

/**
 * Registers the preview's custom requests (protocol/preview-lsp.ts). Parameters are validated;
 * a failure is logged and answered with an error response, never allowed to take the server
 * down.
 *
 * A scene request with a `base` the server still knows is answered with a delta
 * (preview/scene-delta.ts), a few milliseconds of work; a whole model (the preview opening, or a
 * base forgotten) is built in slices (answer-slices.ts, inSlices) with a turn of the event loop between them, so
 * that edits and their diagnostics get through meanwhile, and started again for the newer
 * version when one has come (`documentVersion`); its JSON is made in such slices too
 * (`encodedSceneSteps`), or its bytes when the client asks for them (scene-bytes-answer.ts),
 * deflated off the loop (`deflate`) when it asks for that too and the platform gives a deflate,
 * and sent in parts, each a notification before the answer, when it gives a stream (`parts`).
 */
export function registerPreviewHandlers(
  connection: Connection,
  getAnalysis: GetAnalysis,
  documentVersion?: DocumentVersion,
  /** The level an analysis is of (lsp/level-documents.ts): its model is labeled in level terms, and always sent whole. */
  levelOf: (doc: VersionedAnalysis) => LevelAnalysis | undefined = () => undefined,
  /** How a whole scene's bytes are deflated for a client that asks (`deflate`); absent, they are sent as they are. */
  deflate?: SceneDeflate,
  /** Items a part of a whole scene sent in parts holds at most (default PART_ITEMS; tests use fewer). */
  partItems?: number,
): PreviewHandlers {
  const sent = new Map<string, SentScene[]>();
  const sceneSource = (a: DocumentAnalysis): PreviewSource => ({ scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
  const sourceOf = (doc: VersionedAnalysis): PreviewSource => {
    const level = levelOf(doc);
    return level ? levelPreviewSource(level) : sceneSource(doc.analysis);
  };
  /** Whether the document is still open (the client can still want its scene). */
  const isOpen = (uri: string): boolean => documentVersion === undefined || documentVersion(uri) !== undefined;
  const remember = (uri: string, s: SentScene): void => {
    if (!isOpen(uri)) return; // closed meanwhile
    const list = (sent.get(uri) ?? []).filter((k) => k.version !== s.version);
    list.push(s);
    if (list.length > KEPT_VERSIONS) list.splice(0, list.length - KEPT_VERSIONS);
    sent.set(uri, list);
  };

  /** The whole model of the newest version, built in slices; undefined when the document closed. */
  const buildWhole = async (uri: string): Promise<{ doc: VersionedAnalysis; built: BuiltScene } | undefined> => {
    for (let lap = 0; ; lap++) {
      const doc = await getAnalysis(uri);
      if (!doc) return undefined;
      const r = await inSlices(previewSceneSteps(uri, doc.version, sourceOf(doc)), () => {
        const current = documentVersion ? documentVersion(uri) : doc.version;
        if (current === undefined) return 'canceled';
        return current !== doc.version && lap < MAX_LAPS ? 'stale' : undefined;
      });
      if (r === 'canceled') return undefined;
      if (r !== 'stale') return { doc, built: r.value };
    }
  };

  /**
   * The whole model of `doc` built and sent in parts, each as soon as it is made
   * (preview/scene-parts.ts), then the answer after them; null when the document closed. Once a
   * part is out the build is not started again for a newer version: the client asks for the
   * delta to it next.
   */
  const streamParts = async (uri: string, doc: VersionedAnalysis, stream: number, sceneDeflate: SceneDeflate | undefined): Promise<PreviewSceneParts | null> => {
    const wanted = (): boolean => isOpen(uri);
    const sender = new ScenePartSender(connection, uri, doc.version, { stream, deflate: sceneDeflate, wanted });
    const source = sourceOf(doc);
    const steps = previewScenePartsSteps(uri, doc.version, source, (index, count, bytes) => sender.add(index, count, bytes), partItems);
    const built = await slicedWhile(steps, wanted);
    if (!built) return null;
    remember(uri, sentScene(doc.version, source, built));
    return sender.end(built.scene);
  };

  connection.onRequest<PreviewSceneResult, unknown>(PREVIEW_SCENE_METHOD, async (params: unknown): Promise<PreviewSceneResult> => {
    if (!isSceneParams(params)) return null;
    const uri = params.uri;
    const sceneDeflate = params.deflate === true ? deflate : undefined;
    try {
      if (params.base !== undefined) {
        const base = sent.get(uri)?.find((k) => k.version === params.base);
        if (base) {
          const doc = await getAnalysis(uri);
          if (!doc) return null;
          // An analysis older than the base cannot be told against it: the whole scene, below.
          if (doc.version >= base.version) {
            const { delta, sent: next } = buildSceneDelta(uri, base, doc.version, sourceOf(doc));
            remember(uri, next);
            return delta;
          }
        }
      }
      if (params.bytes === true && params.parts !== undefined) {
        const doc = await getAnalysis(uri);
        if (!doc) return null;
        if (!levelOf(doc)) return await streamParts(uri, doc, params.parts, sceneDeflate);
      }
      const whole = await buildWhole(uri);
      if (!whole) return null;
      // A level's model is relabeled after it is built, so it is not a base for a delta.
      const level = levelOf(whole.doc);
      const scene = level ? relabelPreviewScene(whole.built.scene, level) : whole.built.scene;
      if (!level) remember(uri, sentScene(whole.doc.version, sourceOf(whole.doc), whole.built));
      if (params.bytes === true) {
        if (params.parts === undefined) return await sceneBytesAnswer(scene, sceneDeflate);
        return await sendSceneParts(connection, scene, { stream: params.parts, deflate: sceneDeflate, partItems, wanted: () => isOpen(uri) });
      }
      return await sliced(encodedSceneSteps(scene));
    } catch (e) {
      connection.console.error(`collide/previewScene failed for ${uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `collide/previewScene failed for ${uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  connection.onRequest(PREVIEW_PAIR_METHOD, async (params: unknown): Promise<PreviewPairResult> => {
    if (!isPairParams(params)) return null;
    try {
      const doc = await getAnalysis(params.uri);
      if (!doc) return null;
      const level = levelOf(doc);
      if (level) return levelPairDetail(params.uri, doc.version, level, params.a, params.b);
      return buildPairDetail(params.uri, doc.version, sourceOf(doc), params.a, params.b);
    } catch (e) {
      connection.console.error(`collide/previewPair failed for ${params.uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `collide/previewPair failed for ${params.uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  connection.onRequest(PREVIEW_LEVEL_MOVE_METHOD, async (params: unknown): Promise<PreviewLevelMoveResult> => {
    if (!isLevelMoveParams(params)) return null;
    const doc = await getAnalysis(params.uri);
    const level = doc && doc.version === params.version ? levelOf(doc) : undefined;
    const body = level?.lowered.bodies.find((b) => b.name === params.body);
    const move = body === undefined ? undefined : level?.level.bodies[body.levelIndex]?.move;
    if (!move) return null;
    const texts = move.edit(params.at[0], params.at[1]);
    if (texts.length !== move.ranges.length) return null;
    return { edits: move.ranges.map((r, k) => ({ start: r.start, end: r.end, text: texts[k]! })) };
  });

  connection.onRequest<PreviewEditResult, unknown>(PREVIEW_EDIT_METHOD, async (params: unknown): Promise<PreviewEditResult> => {
    if (!isEditParams(params)) return null;
    const doc = await getAnalysis(params.uri);
    if (!doc) return null;
    if (doc.version !== params.version) return { refused: 'the text changed meanwhile' };
    if (levelOf(doc)) return { refused: "a level's shapes and motion are edited in the level file" };
    return previewBodyEdits({ text: doc.analysis.parse.text, analysis: doc.analysis }, params.body, params.change);
  });

  return { forget: (uri) => void sent.delete(uri) };
}
