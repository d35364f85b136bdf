import { isPreviewScenePart } from '../../../protocol/preview-lsp';
import type { SceneBytesMessage, ScenePartIndex } from '../../../protocol/preview-messages';
import { fromBase64 } from './base64-texts';

/** A part's bytes as the server sent them: deflated when `deflated` (their inflated size) is given. */
export interface ScenePartBytes {
  readonly bytes: Uint8Array;
  readonly deflated?: number;
}

/** The parts of a whole scene collected from one stream, in index order (`count` of them when none is missing). */
export interface CollectedParts {
  readonly uri: string;
  readonly version: number;
  readonly count: number;
  readonly parts: readonly ScenePartBytes[];
}

/** A part as the webview message that posts it (`sceneBytes` with `part`). */
export type ScenePartMessage = SceneBytesMessage & { part: ScenePartIndex };

/** The message that posts part `index` of `count` to the webview, as it came (deflated or not). */
export function partMessage(p: ScenePartBytes, index: number, count: number): ScenePartMessage {
  const part = { index, count };
  return p.deflated === undefined ? { type: 'sceneBytes', bytes: p.bytes, part } : { type: 'sceneBytes', bytes: p.bytes, deflated: p.deflated, part };
}

/**
 * The parts of the whole scene the current `collide/previewScene` request asked for in parts
 * (protocol/preview-lsp.ts: `parts` is its stream id; each part comes as a
 * `collide/previewScenePart` notification of that stream, all before the answer). Parts of
 * another stream (a request before, or another panel's) are ignored. A part that is not the next
 * one of the stream (another index, or another document, version or count than the first's),
 * or whose texts are not base64, ends the collecting: the answer then finds parts missing
 * (SceneSync.accept: 'invalid'). Pure: the panel (manager.ts) posts the parts.
 */
export class SceneParts {
  private stream: number | null = null;
  private collected: { uri: string; version: number; count: number; parts: ScenePartBytes[] } | null = null;
  /** A part of the stream did not fit: its later parts are not taken. */
  private broken = false;

  /** The version of the scene being collected, once its first part came. */
  get version(): number | undefined {
    return this.collected?.version;
  }

  /** Collects stream `id` from now on (a new request), dropping what was collected of the one before. */
  start(id: number): void {
    this.stream = id;
    this.collected = null;
    this.broken = false;
  }

  /**
   * Takes the params of a `collide/previewScenePart` notification: the part's message for the
   * webview, with the scene's document and version, when it is the next part of the stream
   * collected; null otherwise.
   */
  add(params: unknown): { readonly message: ScenePartMessage; readonly uri: string; readonly version: number } | null {
    if (!isPreviewScenePart(params) || params.stream !== this.stream || this.broken) return null;
    const c = this.collected;
    const fits = c ? params.uri === c.uri && params.version === c.version && params.count === c.count && params.index === c.parts.length : params.index === 0;
    const bytes = fits ? fromBase64(params.bytes) : null;
    if (!bytes) {
      this.broken = true;
      return null;
    }
    const part: ScenePartBytes = params.deflated === undefined ? { bytes } : { bytes, deflated: params.deflated };
    const into = c ?? (this.collected = { uri: params.uri, version: params.version, count: params.count, parts: [] });
    into.parts.push(part);
    return { message: partMessage(part, params.index, params.count), uri: params.uri, version: params.version };
  }

  /** What stream `id` brought, when it is the stream collected (it is then done: its later parts are ignored); null otherwise. */
  take(id: number): CollectedParts | null {
    if (id !== this.stream) return null;
    const c = this.collected;
    this.stream = null;
    this.collected = null;
    return c;
  }
}
