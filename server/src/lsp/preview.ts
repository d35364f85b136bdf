import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { isBoolean, isString, objectOf, optional, stringOf, type Check } from '../../../protocol/validate';
import { base64Ascii } from '../../../protocol/base64';
import {
  PREVIEW_PAIR_METHOD,
  PREVIEW_SCENE_METHOD,
  type PreviewPairResult,
  type PreviewSceneBytes,
  type PreviewSceneResult,
} from '../../../protocol/preview-lsp';
import { SceneBytesWriter } from '../../../protocol/preview-scene-bytes';
import type { PreviewScene } from '../../../protocol/preview-model';
import type { DocumentAnalysis } from '../analysis/pipeline';
import { EncodedJsonList } from './encode/encoded-json-list';
import { buildPairDetail } from '../preview/pair-detail';
import { buildSceneDelta, sentScene, type SentScene } from '../preview/scene-delta';
import { previewSceneSteps, type BuiltScene, type PreviewSource } from '../preview/scene-model';

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

const isSceneParams = objectOf({ uri: stringOf(8192), base: optional(Number.isInteger as Check<number>), bytes: optional(isBoolean) });
const isPairParams = objectOf({ uri: stringOf(8192), a: isString, b: isString });

/** Versions of a document whose models were sent that a delta can start from. */
const KEPT_VERSIONS = 2;
/** Longest stretch of a whole model's building between two turns of the event loop, in ms. */
const SLICE_MS = 8;
/** Builds started again for a newer version before one is finished whatever comes. */
const MAX_LAPS = 3;
/** Bodies or findings a chunk of a whole scene's encoded lists holds. */
const RUN = 128;
/** Bytes of a whole scene's bytes one base64 text holds (a multiple of 3: no padding inside). */
const BASE64_RUN = 3 * 128 * 1024;
const QUOTE = 0x22; // '"'

const utf8 = new TextEncoder();

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

/** A turn of the event loop: setImmediate where there is one (Node), else a timer (a browser worker). */
function pause(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === 'function') {
    const setImmediate = g.setImmediate;
    return new Promise<void>((resolve) => void setImmediate(resolve));
  }
  return new Promise<void>((resolve) => void setTimeout(resolve, 0));
}

/**
 * `items` as an EncodedJsonList (its JSON.stringify in chunks of RUN elements), made in slices
 * of SLICE_MS with a turn of the event loop between them: node/gather-writer.ts then writes the
 * chunks as they are, so a whole scene (9 MB of JSON at 10k bodies) is never stringified in one
 * piece on the event loop.
 */
async function encodeSliced(items: readonly unknown[]): Promise<EncodedJsonList> {
  const chunks: Uint8Array[] = [];
  let sliceStart = now();
  for (let k = 0; k < items.length; k += RUN) {
    const text = JSON.stringify(items.slice(k, k + RUN));
    chunks.push(utf8.encode(text.slice(1, -1)));
    if (now() - sliceStart > SLICE_MS) {
      await pause();
      sliceStart = now();
    }
  }
  return new EncodedJsonList(chunks, items.length);
}

/** The whole scene with its bodies and findings as encoded lists (JSON.stringify gives the scene's JSON). */
async function encodedScene(scene: PreviewScene): Promise<PreviewScene> {
  const bodies = await encodeSliced(scene.bodies);
  const findings = await encodeSliced(scene.findings);
  return { ...scene, bodies: bodies as unknown as PreviewScene['bodies'], findings: findings as unknown as PreviewScene['findings'] };
}

/**
 * The whole scene as PreviewSceneBytes, its numbers written and its base64 texts made (an
 * EncodedJsonList of JSON strings: base64 needs no escaping) in slices of SLICE_MS.
 */
async function encodedSceneBytes(scene: PreviewScene): Promise<PreviewSceneBytes> {
  const writer = new SceneBytesWriter(scene);
  let sliceStart = now();
  while (!writer.step(RUN)) {
    if (now() - sliceStart > SLICE_MS) {
      await pause();
      sliceStart = now();
    }
  }
  const bytes = writer.bytes();
  const chunks: Uint8Array[] = [];
  for (let k = 0; k < bytes.length; k += BASE64_RUN) {
    const text = base64Ascii(bytes.subarray(k, k + BASE64_RUN), 1, 1);
    text[0] = QUOTE;
    text[text.length - 1] = QUOTE;
    chunks.push(text);
    if (now() - sliceStart > SLICE_MS) {
      await pause();
      sliceStart = now();
    }
  }
  const list = new EncodedJsonList(chunks, chunks.length);
  return { uri: scene.uri, version: scene.version, bytes: list as unknown as string[] };
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
 * base forgotten) is built in slices of SLICE_MS with a turn of the event loop between them, so
 * that edits and their diagnostics get through meanwhile, and started again for the newer
 * version when one has come (`documentVersion`); its JSON is made in such slices too
 * (`encodeSliced`), or its bytes when the client asks for them (`encodedSceneBytes`).
 */
export function registerPreviewHandlers(connection: Connection, getAnalysis: GetAnalysis, documentVersion?: DocumentVersion): PreviewHandlers {
  const sent = new Map<string, SentScene[]>();
  const sourceOf = (a: DocumentAnalysis): PreviewSource => ({ scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
  const remember = (uri: string, s: SentScene): void => {
    if (documentVersion && documentVersion(uri) === undefined) return; // closed meanwhile
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
      let sliceStart = now();
      const steps = previewSceneSteps(uri, doc.version, sourceOf(doc.analysis), () => now() - sliceStart > SLICE_MS);
      let r = steps.next();
      let superseded = false;
      while (!r.done) {
        await pause();
        const current = documentVersion ? documentVersion(uri) : doc.version;
        if (current === undefined) return undefined;
        if (current !== doc.version && lap < MAX_LAPS) {
          superseded = true;
          break;
        }
        sliceStart = now();
        r = steps.next();
      }
      if (!superseded && r.done) return { doc, built: r.value };
    }
  };

  connection.onRequest<PreviewSceneResult, unknown>(PREVIEW_SCENE_METHOD, async (params: unknown): Promise<PreviewSceneResult> => {
    if (!isSceneParams(params)) return null;
    const uri = params.uri;
    try {
      if (params.base !== undefined) {
        const base = sent.get(uri)?.find((k) => k.version === params.base);
        if (base) {
          const doc = await getAnalysis(uri);
          if (!doc) return null;
          // An analysis older than the base cannot be told against it: the whole scene, below.
          if (doc.version >= base.version) {
            const { delta, sent: next } = buildSceneDelta(uri, base, doc.version, sourceOf(doc.analysis));
            remember(uri, next);
            return delta;
          }
        }
      }
      const whole = await buildWhole(uri);
      if (!whole) return null;
      remember(uri, sentScene(whole.doc.version, sourceOf(whole.doc.analysis), whole.built));
      return params.bytes === true ? await encodedSceneBytes(whole.built.scene) : await encodedScene(whole.built.scene);
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
      return buildPairDetail(params.uri, doc.version, sourceOf(doc.analysis), params.a, params.b);
    } catch (e) {
      connection.console.error(`collide/previewPair failed for ${params.uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `collide/previewPair failed for ${params.uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  return { forget: (uri) => void sent.delete(uri) };
}
