import type { HostToWebview } from '../../../protocol/preview-messages';
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
 */
export class PageLoad {
  /**
   * 'loading': no `ready` yet and no whole scene posted; 'posted': no `ready` yet, and a whole
   * scene posted (what follows it is posted too: it arrives after it, in order); 'ready'.
   */
  private state: 'loading' | 'posted' | 'ready' = 'loading';
  /** A whole scene was posted and the page has not said it drew one since (`drawn`). */
  private drawing = false;

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
  offer(message: HostToWebview): Promise<void> | null {
    const whole = message.type === 'scene' || message.type === 'sceneBytes';
    if (this.state === 'loading') {
      if (!whole) {
        this.sync.webviewReset();
        return null;
      }
      this.state = 'posted';
    }
    this.drawing = whole;
    return this.post(message);
  }

  /**
   * Whether the host may read its copy of the scene for the page's sake (the cursor's
   * highlights): not while the page is drawing a whole scene posted to it, whose first frame
   * would share the machine with the host's decoding of its bytes (hundreds of milliseconds at
   * 100k bodies). What needs the scene to act (a delta, a click, an edit) reads it regardless.
   */
  get mayRead(): boolean {
    return !this.drawing;
  }

  /** The page said it drew a whole scene. */
  drawn(): void {
    this.drawing = false;
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
    this.sync.webviewReset();
    const whole = this.sync.wholeMessage();
    if (whole) void this.post(whole);
  }
}
