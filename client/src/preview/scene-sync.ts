import { inflateRawStream } from '../../../protocol/deflate-raw';
import { isBytesAnswer, isDeltaAnswer, isPartsAnswer, isPreviewSceneBytes, isPreviewSceneParts } from '../../../protocol/preview-lsp';
import { applySceneDelta, isPreviewSceneDelta, type PreviewSceneDelta } from '../../../protocol/preview-delta';
import type { HostToWebview } from '../../../protocol/preview-messages';
import { isPreviewScene, sameSceneHeader, type PreviewScene, type PreviewSceneHeader } from '../../../protocol/preview-model';
import { decodeSceneBytes, decodeSceneParts, encodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { fromBase64 } from './base64-texts';
import { partMessage, type CollectedParts, type ScenePartBytes } from './scene-parts';

/** What an answer of `collide/previewScene` comes to. */
export type SceneAnswer =
  /**
   * A newer scene: hold it, and post `message` to the webview (null: the scene came in parts,
   * posted to the webview as they came). `version` is the scene's; `scene` is decoded when first
   * read (null if its bytes turn out not to hold it, see SceneSync.scene).
   */
  | { readonly kind: 'scene'; readonly version: number; readonly scene: PreviewScene | null; readonly message: HostToWebview | null }
  /** Not newer than what is held (an answer for an older version, or an empty delta). */
  | { readonly kind: 'same' }
  /** A delta that does not fit the scene held: the held scene is dropped, ask again for the whole. */
  | { readonly kind: 'refetch' }
  /** Does not fit the protocol or is of another document: ignored. */
  | { readonly kind: 'invalid' };

/**
 * The host's copy of the preview's scene and what the webview holds, kept in step through
 * `collide/previewScene` answers, whole scenes or deltas (protocol/preview-delta.ts). The host
 * asks with `base` = the version it holds; it posts the webview the delta itself when the
 * webview holds the delta's base (a few hundred bytes after a keystroke rather than the whole
 * scene), and the whole scene when it holds none or another version (it just loaded), as bytes
 * (protocol/preview-scene-bytes.ts: a webview message carries them far faster than objects). Pure:
 * the panel (manager.ts) does the requests and the posting.
 *
 * Whole scenes sent as bytes are posted as they came and decoded here only when the scene is
 * first read (a delta to apply, a cursor to match against the bodies): the webview decodes and
 * checks the same bytes itself, and the host's decoding (hundreds of milliseconds for a large
 * scene) is then off the way of the preview's first frame. Bytes that came deflated are posted
 * so too, and inflated for this copy once the page drew them, or first when a delta or an action
 * needs the scene (`inflated`, which the panel calls): until then `scene` is null. A
 * whole scene that came in parts (scene-parts.ts: posted to the webview one by one as they came,
 * before the answer) is held so, and read the same way (`decodeSceneParts`).
 */
export class SceneSync {
  private held: PreviewScene | null = null;
  /** `held` as encodeSceneBytes makes it, once made (or as the server sent it). */
  private heldBytes: Uint8Array | null = null;
  /** The held scene's bytes deflated as the server sent them, and their inflated size (`heldBytes` is null until inflated). */
  private heldDeflated: { readonly bytes: Uint8Array; readonly size: number } | null = null;
  /** The held scene's parts as the server sent them, and their bytes inflated (null until inflated, and once decoded). */
  private heldParts: { readonly parts: readonly ScenePartBytes[]; inflated: Uint8Array[] | null } | null = null;
  /** The document and version of `heldBytes` or `heldParts` while they are not decoded yet (`held` is null then). */
  private undecoded: { readonly uri: string; readonly version: number } | null = null;
  /** The header of the scene held in parts, as their answer repeats it (null for a scene held otherwise). */
  private heldHeader: PreviewSceneHeader | null = null;
  /** The version the webview holds (-1: none; it just loaded, or was sent an empty message). */
  private webviewVersion = -1;
  /** The answer `needsScene` last found a valid delta, so that `accept` does not check it again. */
  private checkedDelta: unknown = null;

  /**
   * The scene held, decoded from its bytes on the first read; null when none is held, or when
   * the bytes do not hold a valid scene of the document and version they came as (the scene is
   * then dropped, and the next request asks for the whole one); null too while they are not
   * inflated yet (`inflated`).
   */
  get scene(): PreviewScene | null {
    const pending = this.undecoded;
    const parts = this.heldParts?.inflated;
    if (pending && (parts || this.heldBytes)) {
      this.undecoded = null;
      const decoded = parts ? decodeSceneParts(parts) : decodeSceneBytes(this.heldBytes!);
      if (parts) this.heldParts!.inflated = null; // the parts as they came are posted again, not these
      if (decoded && decoded.uri === pending.uri && decoded.version === pending.version) this.held = decoded;
      else this.reset();
    }
    return this.held;
  }

  /** The document and version held, without decoding it. */
  private get heldKey(): { readonly uri: string; readonly version: number } | null {
    return this.undecoded ?? this.held;
  }

  /** The version of the scene held, without decoding it (undefined when none is held). */
  get version(): number | undefined {
    return this.heldKey?.version;
  }

  /** The `base` to ask with for document `uri`: the version held, if it is of that document. */
  base(uri: string): number | undefined {
    const key = this.heldKey;
    return key && key.uri === uri ? key.version : undefined;
  }

  /** Forget the scene (another document is followed). */
  reset(): void {
    this.held = null;
    this.heldHeader = null;
    this.heldBytes = null;
    this.heldDeflated = null;
    this.heldParts = null;
    this.checkedDelta = null;
    this.undecoded = null;
    this.webviewVersion = -1;
  }

  /** The scene held, inflated first if need be (`inflated`), then decoded (`scene`). */
  async read(): Promise<PreviewScene | null> {
    await this.inflated();
    return this.scene;
  }

  /**
   * Inflates the deflated bytes held, if any, for this copy (they are posted as they came):
   * the scene is dropped when they do not inflate to the size they came with, as bytes that do
   * not decode are.
   */
  async inflated(): Promise<void> {
    const p = this.heldParts;
    if (p) {
      if (p.inflated || !this.undecoded) return;
      const inflated = await Promise.all(p.parts.map((x) => (x.deflated === undefined ? x.bytes : inflateScene(x.bytes, x.deflated))));
      if (this.heldParts !== p || p.inflated || !this.undecoded) return; // replaced, inflated or decoded meanwhile
      if (inflated.every((b) => b !== null)) p.inflated = inflated;
      else this.reset();
      return;
    }
    const d = this.heldDeflated;
    if (!d || this.heldBytes) return;
    const bytes = await inflateScene(d.bytes, d.size);
    if (this.heldDeflated !== d || this.heldBytes) return; // replaced, or inflated, meanwhile
    if (bytes) this.heldBytes = bytes;
    else this.reset();
  }

  /**
   * The webview holds no scene (it loaded again, a delta did not fit it, or it was told there is
   * nothing to show): post the whole next.
   */
  webviewReset(): void {
    this.webviewVersion = -1;
  }

  /**
   * The messages that give the webview the scene held, whole (it just loaded and holds none):
   * its parts in order when it came so, else one; the webview then counts as holding it. None
   * when no scene is held.
   */
  wholeMessages(): HostToWebview[] {
    const key = this.heldKey;
    if (!key) return [];
    this.webviewVersion = key.version;
    const p = this.heldParts;
    if (p) return p.parts.map((x, k) => partMessage(x, k, p.parts.length));
    const d = this.heldDeflated;
    return [d ? { type: 'sceneBytes', bytes: d.bytes, deflated: d.size } : { type: 'sceneBytes', bytes: this.bytesOfHeld() }];
  }

  /** Whether a whole scene of `uri` at `version` would be taken (it is newer than what is held, or the webview lacks it). */
  takes(uri: string, version: number): boolean {
    return !this.notNewer(uri, version);
  }

  /**
   * Take an answer for document `uri`; `parts`, what the request's stream brought (scene-parts.ts),
   * for an answer that says the scene came in parts.
   */
  accept(uri: string, result: unknown, parts: CollectedParts | null = null): SceneAnswer {
    let scene: PreviewScene;
    let delta: PreviewSceneDelta | null = null;
    if (isPartsAnswer(result)) {
      if (!isPreviewSceneParts(result) || result.uri !== uri) return { kind: 'invalid' };
      const { version, parts: count } = result;
      if (!parts || parts.uri !== uri || parts.version !== version || parts.count !== count || parts.parts.length !== count) return { kind: 'invalid' };
      if (this.notNewer(uri, version)) return { kind: 'same' };
      const inflated = parts.parts.every((x) => x.deflated === undefined) ? parts.parts.map((x) => x.bytes) : null;
      const { parts: _count, ...header } = result;
      return this.holdUndecoded(uri, version, { parts: { parts: parts.parts, inflated }, header }, null);
    } else if (isBytesAnswer(result)) {
      if (!isPreviewSceneBytes(result) || result.uri !== uri) return { kind: 'invalid' };
      const bytes = fromBase64(result.bytes);
      if (!bytes) return { kind: 'invalid' };
      if (this.notNewer(uri, result.version)) return { kind: 'same' };
      const deflated = result.deflated;
      return deflated === undefined
        ? this.holdUndecoded(uri, result.version, { bytes }, { type: 'sceneBytes', bytes })
        : this.holdUndecoded(uri, result.version, { deflated: { bytes, size: deflated } }, { type: 'sceneBytes', bytes, deflated });
    } else if (isDeltaAnswer(result)) {
      if (!this.isDelta(result) || result.uri !== uri) return { kind: 'invalid' };
      if (this.unchanged(result)) return { kind: 'same' };
      const held = this.scene;
      if (!held || held.uri !== uri) return { kind: 'refetch' };
      // An answer against an older base than the one held is one behind what is shown.
      if (result.base < held.version) return { kind: 'same' };
      const next = applySceneDelta(held, result);
      if (!next) {
        this.reset();
        return { kind: 'refetch' };
      }
      // A delta of the same version may still change the scene (the settings changed).
      if (isEmptyDelta(result, held)) return this.webviewVersion === held.version ? { kind: 'same' } : this.post(held, null);
      scene = next;
      delta = result;
    } else {
      if (!isPreviewScene(result) || result.uri !== uri) return { kind: 'invalid' };
      if (this.notNewer(uri, result.version)) return { kind: 'same' };
      scene = result;
    }
    return this.post(scene, delta);
  }

  /** Whether accepting `result` reads the host's copy of the scene: a delta that changes something. */
  needsScene(result: unknown): boolean {
    if (!isDeltaAnswer(result)) return false;
    if (!isPreviewSceneDelta(result)) return true;
    this.checkedDelta = result;
    return !this.unchanged(result);
  }

  /** Whether `result` is a valid delta: checked here unless `needsScene` just checked it. */
  private isDelta(result: unknown): result is PreviewSceneDelta {
    const checked = result === this.checkedDelta;
    this.checkedDelta = null;
    return checked || isPreviewSceneDelta(result);
  }

  /**
   * An empty delta to the scene held, which the webview holds too (the answer to a request made
   * while that scene was on its way): told from the header alone, without decoding the scene.
   */
  private unchanged(d: PreviewSceneDelta): boolean {
    const key = this.heldKey;
    const header = this.held ?? this.heldHeader;
    return key !== null && header !== null && this.webviewVersion === key.version && d.base === key.version && isEmptyDelta(d, header);
  }

  /**
   * A whole scene of `uri` at `version` brings nothing: it is older than the one held, or the
   * one held, which the webview holds too.
   */
  private notNewer(uri: string, version: number): boolean {
    const key = this.heldKey;
    if (!key || key.uri !== uri) return false;
    return version < key.version || (version === key.version && this.webviewVersion === version);
  }

  /**
   * Holds the scene of `uri` at `version` as bytes (one of `bytes`, `deflated`, `parts`), posted
   * as `message` (null: in parts, posted as they came), which the webview then holds: inflated
   * when the panel asks (`inflated`, `read`), and decoded when `scene` is first read.
   */
  private holdUndecoded(
    uri: string,
    version: number,
    held: { bytes?: Uint8Array; deflated?: SceneSync['heldDeflated']; parts?: SceneSync['heldParts']; header?: PreviewSceneHeader },
    message: HostToWebview | null,
  ): SceneAnswer {
    this.held = null;
    this.heldHeader = held.header ?? null;
    this.heldBytes = held.bytes ?? null;
    this.heldDeflated = held.deflated ?? null;
    this.heldParts = held.parts ?? null;
    this.undecoded = { uri, version };
    this.webviewVersion = version;
    const sync = this;
    return {
      kind: 'scene',
      version,
      message,
      get scene() {
        return sync.scene;
      },
    };
  }

  private bytesOfHeld(): Uint8Array {
    this.heldBytes ??= encodeSceneBytes(this.held!);
    return this.heldBytes;
  }

  private post(scene: PreviewScene, delta: PreviewSceneDelta | null): SceneAnswer {
    if (scene !== this.held) {
      this.heldHeader = null;
      this.heldBytes = null;
      this.heldDeflated = null;
      this.heldParts = null;
    }
    this.held = scene;
    this.undecoded = null;
    const message: HostToWebview = delta && this.webviewVersion === delta.base ? { type: 'sceneDelta', delta } : { type: 'sceneBytes', bytes: this.bytesOfHeld() };
    this.webviewVersion = scene.version;
    return { kind: 'scene', version: scene.version, scene, message };
  }
}

/** Whether `d` changes nothing of the scene whose header is `header`. */
function isEmptyDelta(d: PreviewSceneDelta, header: PreviewSceneHeader): boolean {
  return d.version === header.version && d.bodies.length === 0 && d.findings.length === 0 && d.shift.by === 0 && sameSceneHeader(d, header);
}

/** The inflate of a whole scene's deflated bytes: the Compression Streams API's, or node:zlib's. */
let inflateScene: (deflated: Uint8Array, size: number) => Promise<Uint8Array | null> = inflateRawStream;

/**
 * Makes SceneSync inflate with `inflate`, which must answer as inflateRawStream does
 * (protocol/deflate-raw.ts: exactly `size` bytes, or null): the Node entry installs zlib's
 * (node/scene-inflate.ts).
 */
export function useSceneInflater(inflate: (deflated: Uint8Array, size: number) => Promise<Uint8Array | null>): void {
  inflateScene = inflate;
}
