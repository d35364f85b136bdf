import { isDeltaAnswer } from '../../../protocol/preview-lsp';
import { applySceneDelta, isPreviewSceneDelta, type PreviewSceneDelta } from '../../../protocol/preview-delta';
import type { HostToWebview } from '../../../protocol/preview-messages';
import { isPreviewScene, type PreviewScene } from '../../../protocol/preview-model';
import { encodeSceneBytes } from '../../../protocol/preview-scene-bytes';

/** What an answer of `collide/previewScene` comes to. */
export type SceneAnswer =
  /** A newer scene: hold it, and post `message` to the webview. */
  | { readonly kind: 'scene'; readonly scene: PreviewScene; readonly message: HostToWebview }
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
 */
export class SceneSync {
  private held: PreviewScene | null = null;
  /** The version the webview holds (-1: none; it just loaded, or was sent an empty message). */
  private webviewVersion = -1;

  get scene(): PreviewScene | null {
    return this.held;
  }

  /** The `base` to ask with for document `uri`: the version held, if it is of that document. */
  base(uri: string): number | undefined {
    return this.held && this.held.uri === uri ? this.held.version : undefined;
  }

  /** Forget the scene (another document is followed). */
  reset(): void {
    this.held = null;
    this.webviewVersion = -1;
  }

  /** The webview lost its scene (it loaded again, or a delta did not fit it): post the whole next. */
  webviewReset(): void {
    this.webviewVersion = -1;
  }

  /**
   * The message that gives the webview the scene held, whole (it just loaded and holds none),
   * and it then counts as holding it; null when no scene is held.
   */
  wholeMessage(): HostToWebview | null {
    if (!this.held) return null;
    this.webviewVersion = this.held.version;
    return { type: 'sceneBytes', bytes: encodeSceneBytes(this.held) };
  }

  /** The webview was told there is nothing to show. */
  webviewEmptied(): void {
    this.webviewVersion = -1;
  }

  /** Take an answer for document `uri`. */
  accept(uri: string, result: unknown): SceneAnswer {
    let scene: PreviewScene;
    let delta: PreviewSceneDelta | null = null;
    if (isDeltaAnswer(result)) {
      if (!isPreviewSceneDelta(result) || result.uri !== uri) return { kind: 'invalid' };
      const held = this.held;
      if (!held || held.uri !== uri) return { kind: 'refetch' };
      // An answer against an older base than the one held is one behind what is shown.
      if (result.base < held.version) return { kind: 'same' };
      const next = applySceneDelta(held, result);
      if (!next) {
        this.reset();
        return { kind: 'refetch' };
      }
      if (result.version === held.version) return this.webviewVersion === held.version ? { kind: 'same' } : this.post(held, null);
      scene = next;
      delta = result;
    } else {
      if (!isPreviewScene(result) || result.uri !== uri) return { kind: 'invalid' };
      if (this.held && this.held.uri === uri && result.version < this.held.version) return { kind: 'same' };
      if (this.held && this.held.uri === uri && result.version === this.held.version && this.webviewVersion === result.version) return { kind: 'same' };
      scene = result;
    }
    return this.post(scene, delta);
  }

  private post(scene: PreviewScene, delta: PreviewSceneDelta | null): SceneAnswer {
    this.held = scene;
    const message: HostToWebview = delta && this.webviewVersion === delta.base ? { type: 'sceneDelta', delta } : { type: 'sceneBytes', bytes: encodeSceneBytes(scene) };
    this.webviewVersion = scene.version;
    return { kind: 'scene', scene, message };
  }
}
