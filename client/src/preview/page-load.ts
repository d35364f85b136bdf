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
    if (this.state === 'loading') {
      if (message.type !== 'scene' && message.type !== 'sceneBytes') {
        this.sync.webviewReset();
        return null;
      }
      this.state = 'posted';
    }
    return this.post(message);
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
