/**
 * The set-up every preview browser suite shares, registered with mocha's hooks in the calling
 * `describe`: one headless Chromium for the suite (skipped, with one line saying why, when
 * Chromium is absent), the artifacts/ folder for screenshots, and after each test the last page
 * it opened screenshotted if the test failed, closed, and checked for page errors and CSP
 * violations.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserHost, chromiumAvailable, CHROMIUM, type PreviewPage } from './harness';

const root = join(__dirname, '..', '..');

/** Skip the current suite or test, saying so on one line, when Chromium is not installed. */
export function skipWithoutChromium(ctx: Mocha.Context): void {
  if (!chromiumAvailable()) {
    console.warn(`      skipped: ${CHROMIUM} not found (CI installs Debian's chromium through .ci/run)`);
    ctx.skip();
  }
}

export type OpenOptions = Parameters<BrowserHost['open']>[0];

export interface PreviewBrowser {
  /** A fresh preview page; the suite's afterEach checks and closes the last one a test opened. */
  open(options?: OpenOptions): Promise<PreviewPage>;
}

/** Call inside a `describe`: registers its before, after and afterEach hooks. */
export function usePreviewBrowser(): PreviewBrowser {
  let host: BrowserHost | undefined;
  let current: PreviewPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    mkdirSync(join(root, 'artifacts'), { recursive: true });
    host = await BrowserHost.launch();
  });
  after(async () => {
    await host?.close();
  });
  afterEach(async function () {
    const view = current;
    current = undefined;
    if (!view) return;
    if (this.currentTest?.state === 'failed') await view.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`);
    const errors = view.errors;
    await view.close();
    assert.deepEqual(errors, [], 'no page errors and no CSP violations');
  });

  return {
    async open(options) {
      current = await host!.open(options);
      return current;
    },
  };
}
