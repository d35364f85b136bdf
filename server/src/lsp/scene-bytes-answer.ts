import type { Connection } from 'vscode-languageserver';
import { base64Ascii } from '../../../protocol/base64';
import { PREVIEW_SCENE_PART_METHOD, type PreviewSceneBytes, type PreviewScenePart, type PreviewSceneParts } from '../../../protocol/preview-lsp';
import { sceneHeader, type PreviewScene } from '../../../protocol/preview-model';
import { PART_ITEMS, SceneBytesWriter, sceneSlices, type SceneSlice } from '../../../protocol/preview-scene-bytes';
import { inSlices } from './answer-slices';
import { EncodedJsonList } from './encode/encoded-json-list';

/**
 * A whole preview scene's bytes (protocol/preview-scene-bytes.ts) as lsp/preview.ts sends them:
 * in one answer (`sceneBytesAnswer`) or in parts, each a notification (`sendSceneParts`). Every
 * step runs in slices (answer-slices.ts) so that edits and their diagnostics get through
 * meanwhile, and the deflate runs off the message loop.
 */

/**
 * The raw DEFLATE stream (RFC 1951) of a scene's bytes, made off the message loop where the
 * platform can (node/scene-deflate.ts: zlib's thread pool; browser/main.ts: CompressionStream).
 */
export type SceneDeflate = (bytes: Uint8Array) => Promise<Uint8Array>;

/** Bodies or findings the writer writes a step. */
const RUN = 128;
/** Bytes of a scene's bytes one base64 text holds (a multiple of 3: no padding inside). */
const BASE64_RUN = 3 * 128 * 1024;
const QUOTE = 0x22; // '"'

/** `steps` run to their end in slices (answer-slices.ts): an encoding, which nothing makes stale. */
export async function sliced<R>(steps: Generator<void, R, void>): Promise<R> {
  const r = await inSlices(steps, () => undefined);
  if (typeof r !== 'object') throw new Error(`a sliced encoding stopped (${r})`);
  return r.value;
}

/** The scene's bytes, or a slice's part of them, its numbers written a run at a step. */
function* sceneBytesSteps(scene: PreviewScene, slice?: SceneSlice): Generator<void, Uint8Array, void> {
  const writer = new SceneBytesWriter(scene, slice);
  while (!writer.step(RUN)) yield;
  return writer.bytes();
}

/**
 * `bytes` as the base64 texts of PreviewSceneBytes (an EncodedJsonList of JSON strings: base64
 * needs no escaping, and node/gather-writer.ts writes the chunks as they are), a text a step.
 */
function* base64TextsSteps(bytes: Uint8Array): Generator<void, string[], void> {
  const chunks: Uint8Array[] = [];
  for (let k = 0; k < bytes.length; k += BASE64_RUN) {
    const text = base64Ascii(bytes.subarray(k, k + BASE64_RUN), 1, 1);
    text[0] = QUOTE;
    text[text.length - 1] = QUOTE;
    chunks.push(text);
    yield;
  }
  return new EncodedJsonList(chunks, chunks.length) as unknown as string[];
}

/** `bytes` deflated when `deflate` is given, with the inflated size; as they are otherwise. */
async function deflated(bytes: Uint8Array, deflate: SceneDeflate | undefined): Promise<{ bytes: Uint8Array; deflated?: number }> {
  return deflate ? { bytes: await deflate(bytes), deflated: bytes.length } : { bytes };
}

/**
 * The whole scene as PreviewSceneBytes, deflated when `deflate` is given: its bytes written in
 * slices, deflated while the message loop is free, then base64 in slices.
 */
export async function sceneBytesAnswer(scene: PreviewScene, deflate: SceneDeflate | undefined): Promise<PreviewSceneBytes> {
  const d = await deflated(await sliced(sceneBytesSteps(scene)), deflate);
  const answer: PreviewSceneBytes = { uri: scene.uri, version: scene.version, bytes: await sliced(base64TextsSteps(d.bytes)) };
  if (d.deflated !== undefined) answer.deflated = d.deflated;
  return answer;
}

export interface ScenePartsOptions {
  /** The stream id the client gave (PreviewSceneParams.parts). */
  readonly stream: number;
  readonly deflate: SceneDeflate | undefined;
  /** Items a part holds at most (PART_ITEMS; tests use fewer). */
  readonly partItems?: number;
  /** False once the client can no longer want the scene (its document closed): no more parts are sent. */
  readonly wanted: () => boolean;
}

/**
 * Sends a whole scene's parts as `collide/previewScenePart` notifications, in index order, as
 * they are added, and gives the answer that follows them (`end`: null when the scene stopped
 * being wanted). A part added is deflated off the loop once the one before it is sent, then base64
 * in slices, and handed to the connection and never waited for: the connection writes its
 * messages in the order they were given (node/gather-writer.ts; the browser's worker port alike),
 * so every part goes before the answer, and the parts after it are made while it is carried. One
 * deflate at a time: more would take both cores from the message loop that makes the parts.
 */
export class ScenePartSender {
  private sending: Promise<boolean> = Promise.resolve(true);
  private count = 0;

  constructor(
    private readonly connection: Connection,
    private readonly uri: string,
    private readonly version: number,
    private readonly options: ScenePartsOptions,
  ) {}

  /** Part `index` of `count`'s bytes, sent after the parts added before it. */
  add(index: number, count: number, bytes: Uint8Array): void {
    this.count = count;
    this.sending = this.sending.then(async (ok) => ok && this.send(index, count, await deflated(bytes, this.options.deflate)));
    // Awaited by `end`; until then a failure must not count as unhandled.
    this.sending.catch(() => undefined);
  }

  /**
   * The answer after the parts, with the header of `scene`, which they make, once every part
   * added is sent; null when one was not (no longer wanted).
   */
  async end(scene: PreviewScene): Promise<PreviewSceneParts | null> {
    return (await this.sending) && this.options.wanted() ? { ...sceneHeader(scene), parts: this.count } : null;
  }

  private async send(index: number, count: number, d: { bytes: Uint8Array; deflated?: number }): Promise<boolean> {
    const { wanted, stream } = this.options;
    const texts = await slicedWhile(base64TextsSteps(d.bytes), wanted);
    if (texts === undefined || !wanted()) return false;
    const part: PreviewScenePart = { stream, uri: this.uri, version: this.version, index, count, bytes: texts };
    if (d.deflated !== undefined) part.deflated = d.deflated;
    // A failed write is reported by the writer (onError), and the connection is then gone.
    this.connection.sendNotification(PREVIEW_SCENE_PART_METHOD, part).catch(() => undefined);
    return true;
  }
}

/**
 * Sends a whole scene, built already, in parts (ScenePartSender), each written in slices, and
 * gives the answer after them (null when the scene stopped being wanted).
 */
export async function sendSceneParts(connection: Connection, scene: PreviewScene, options: ScenePartsOptions): Promise<PreviewSceneParts | null> {
  const slices = sceneSlices(scene.bodies.length, scene.findings.length, options.partItems ?? PART_ITEMS);
  const sender = new ScenePartSender(connection, scene.uri, scene.version, options);
  for (let index = 0; index < slices.length; index++) {
    const bytes = await slicedWhile(sceneBytesSteps(scene, slices[index]), options.wanted);
    if (bytes === undefined) return null;
    sender.add(index, slices.length, bytes);
  }
  return sender.end(scene);
}

/** `steps` run to their end in slices while `wanted()`; undefined once it is not. */
export async function slicedWhile<R>(steps: Generator<void, R, void>, wanted: () => boolean): Promise<R | undefined> {
  const r = await inSlices(steps, () => (wanted() ? undefined : 'canceled'));
  return typeof r === 'object' ? r.value : undefined;
}
