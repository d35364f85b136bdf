import type { HostToWebview } from '../../../protocol/preview-messages';
import type { ScenePartMessage } from './scene-parts';
import type { SceneSync } from './scene-sync';

/**
 * The preview webview's page as the host sees it: when a scene message may be posted to it, and
 * what its `ready` is answered with. Pure: the panel (manager.ts) posts.
 *
 * The whole scene is posted as soon as the host holds it, even while the page still loads, so
 * that VS Code carries it while the page loads rather than after a `ready` and a round trip. VS
 * Code keeps what is posted to a page that has not loaded: the workbench's WebviewElement queues
 * messages while it initializes, and the webview's outer frame
 * (vs/workbench/contrib/webview/browser/pre/index.html, `pendingMessages`) holds them until the
 * content frame's `load` event, after the page's inline script has run and listens for
 * `message`. The outer frame drops what it holds when the HTML is set again (for any load but
 * the first): the panel sets it once.
 *
 * A page says `ready` when its script runs, before the held messages reach it. Its first `ready`
 * after an early whole scene is answered with `sceneSent` rather than the scene again; any other
 * `ready` (the first one when nothing was posted, a page loaded again, a delta that did not fit
 * what the page holds) with the whole scene.
 *
 * A whole scene that comes in parts (scene-parts.ts) is posted a part at a time as they come,
 * before the request's answer, to the page that was posted its first part: a page that says
 * `ready` again meanwhile (loaded again) drops the parts after its `ready`, and is posted the
 * whole scene once it is accepted.
 */
export class PageLoad {
  /**
   * 'loading': no `ready` yet and no whole scene posted; 'posted': no `ready` yet, and a whole
   * scene posted (what follows it is posted too: it arrives after it, in order); 'ready'.
   */
  private state: 'loading' | 'posted' | 'ready' = 'loading';
  /** Counts the `ready`s answered with the whole scene: a page that may hold none of what was posted before. */
  private loads = 0;
  /**
   * The parts being posted: `load` is the page load their first part went to (null: not posted,
   * the page holds their scene), `delivered` the delivery of the last one posted.
   */
  private stream: { readonly load: number | null; delivered: Promise<void> | null } | null = null;
  /** The version of the whole scene posted last, until the page says it drew it or a newer one (`drawn`). */
  private drawing: number | null = null;

  constructor(
    private readonly sync: SceneSync,
    private readonly post: (message: HostToWebview) => Promise<void>,
  ) {}

  /** The page said `ready` (messages other than the scene's wait for it). */
  get isReady(): boolean {
    return this.state === 'ready';
  }

  /**
   * Posts the message of a scene answer (SceneSync.accept) when the page can take it: always,
   * but a delta to a page that loads and was posted no whole scene, which is not posted (the
   * page then counts as holding none, and `ready` brings it the whole). Null when not posted.
   */
  offer(message: HostToWebview, version = this.sync.version ?? -1): Promise<void> | null {
    const whole = message.type === 'scene' || message.type === 'sceneBytes';
    if (this.state === 'loading') {
      if (!whole) {
        this.sync.webviewReset();
        return null;
      }
      this.state = 'posted';
    }
    this.drawing = whole ? version : null;
    return this.post(message);
  }

  /**
   * Posts a part of a whole scene of `uri` at `version` as it comes (its parts come in order, each
   * posted without waiting for the one before to be delivered), unless the page holds that scene
   * or loaded again since the first part.
   */
  offerPart(message: ScenePartMessage, uri: string, version: number): void {
    if (message.part.index === 0) this.stream = { load: this.sync.takes(uri, version) ? this.loads : null, delivered: null };
    const s = this.stream;
    if (!s || s.load !== this.loads) return;
    s.delivered = this.offer(message, version);
  }

  /**
   * The scene of the parts offered was accepted (SceneSync.accept: its answer had no message):
   * the page that missed parts of it is posted it whole. Resolves when the last part, or the
   * whole, is delivered.
   */
  async partsAccepted(): Promise<void> {
    const s = this.stream;
    this.stream = null;
    if (s && s.load === this.loads) return s.delivered ?? undefined;
    await Promise.all(this.sync.wholeMessages().map((m) => this.offer(m)));
  }

  /**
   * Whether the host may read its copy of the scene for the page's sake (the cursor's
   * highlights): not while the page is drawing a whole scene posted to it, whose first frame
   * would share the machine with the host's decoding of its bytes (hundreds of milliseconds at
   * 100k bodies). What needs the scene to act (a delta, a click, an edit) reads it regardless.
   */
  get mayRead(): boolean {
    return this.drawing === null;
  }

  /** The page said it drew a whole scene. */
  drawn(version: number): void {
    // A late note of an older scene's frame does not release the newer one's.
    if (this.drawing !== null && version >= this.drawing) this.drawing = null;
  }

  /** The page said `ready`: post it the scene held, whole, unless it was posted to this page already. */
  ready(): void {
    const posted = this.state === 'posted';
    this.state = 'ready';
    if (posted) {
      // Not the scene again: `sceneSent` lets a page that lost it (a VS Code that dropped
      // the messages it held, or handed them over before the page listened) ask once more,
      // with no timer, as it comes after the scene's message.
      void this.post({ type: 'sceneSent' });
      return;
    }
    this.loads++;
    this.sync.webviewReset();
    const whole = this.sync.wholeMessages();
    // A page loaded again draws the whole scene too: the host's reads wait for it as well.
    if (whole.length > 0) this.drawing = this.sync.version ?? -1;
    for (const m of whole) void this.post(m);
  }
}
