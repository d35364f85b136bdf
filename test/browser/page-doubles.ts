/**
 * Runs one of the protocol's numeric functions in a Chromium page on the doubles Node gives it
 * and hands back the doubles it makes, bit for bit: for the checks that the page computes what
 * the server computed (a scene's bytes leave out what the reader can make again).
 */
import { buildSync } from 'esbuild';
import type { Page } from 'playwright-core';
import { BrowserHost } from './harness';
import { skipWithoutChromium } from './suite';

/** The doubles of `a` as base64 (what crosses into and out of the page unchanged). */
export const base64 = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

/** Loads the module at `entry` into `page`, bundled, as the global `globalName`. */
export async function loadModule(page: Page, entry: string, globalName: string): Promise<void> {
  const bundle = buildSync({ entryPoints: [entry], bundle: true, format: 'iife', globalName, write: false, logLevel: 'error' });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}

/**
 * `make(xs, f)` run in the page, where `f` is export `name` of the module loaded as `globalName`;
 * `make` is a function's source (it runs in Node as it is, for the doubles to compare with).
 * Returns the Float64Array it makes as base64.
 */
export async function doublesInPage(page: Page, xs: Float64Array, make: string, globalName: string, name: string): Promise<string> {
  return page.evaluate(
    ({ b64, make, globalName, name }) => {
      const g = globalThis as any;
      const bytes = Uint8Array.from(g.atob(b64), (c: string) => c.charCodeAt(0));
      // eslint-disable-next-line no-new-func
      const out: Float64Array = new Function('xs', 'f', `return (${make})(xs, f)`)(new Float64Array(bytes.buffer), g[globalName][name]);
      let s = '';
      const u8 = new Uint8Array(out.buffer);
      for (let i = 0; i < u8.length; i++) s += String.fromCharCode(u8[i]!);
      return g.btoa(s) as string;
    },
    { b64: base64(xs), make, globalName, name },
  );
}

/**
 * A `describe('in Chromium')` (skipped without Chromium) whose tests get, through `page()`, one
 * page with the module at `entry` loaded as the global `globalName`.
 */
export function inChromium(entry: string, globalName: string, tests: (page: () => Page) => void): void {
  describe('in Chromium', function () {
    let host: BrowserHost | undefined;
    let page: Page | undefined;
    before(async function () {
      skipWithoutChromium(this);
      host = await BrowserHost.launch();
      page = await host.context.newPage();
      await loadModule(page, entry, globalName);
    });
    after(async () => {
      await host?.close();
    });
    tests(() => page!);
  });
}
