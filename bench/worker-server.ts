/**
 * The typing case against the web worker bundle (dist/web/server.js) in headless Chromium: the
 * page (typing-page.ts, bundled here) runs the editor of lsp-typing.ts and starts the worker, so
 * that nothing but postMessage stands between them, as in VS Code for the Web.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { BrowserHost, chromiumAvailable } from '../test/browser/harness';
import { WORKER_BUNDLE } from '../test/browser/worker-server';
import type { TypingResult } from './lsp-typing';
import { sceneText, type Scene } from './scenes';

const ORIGIN = 'https://collide-typing.test';

export function workerAvailable(): boolean {
  return chromiumAvailable() && existsSync(WORKER_BUNDLE);
}

export interface WorkerTyping {
  /** benchTyping with the server in a worker of a fresh page. */
  type(scene: Scene, keystrokes: number, preview: boolean): Promise<TypingResult>;
  close(): Promise<void>;
}

export async function workerTyping(): Promise<WorkerTyping> {
  const built = await esbuild.build({
    entryPoints: [join(__dirname, 'typing-page.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    logLevel: 'silent',
  });
  const page = built.outputFiles[0]!.text;
  const worker = readFileSync(WORKER_BUNDLE, 'utf8');
  const host = await BrowserHost.launch();
  return {
    async type(scene, keystrokes, preview) {
      const tab = await host.context.newPage();
      try {
        await tab.route(`${ORIGIN}/**`, (route) => {
          const url = route.request().url();
          if (url.endsWith('/typing.js')) return route.fulfill({ contentType: 'text/javascript', body: page });
          if (url.endsWith('/server.js')) return route.fulfill({ contentType: 'text/javascript', body: worker });
          return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>typing</title><script src="/typing.js"></script>' });
        });
        await tab.goto(`${ORIGIN}/index.html`);
        // The worker's script from a Blob URL: a page's route need not serve a worker's requests.
        return await tab.evaluate(
          async ({ text, n, keystrokes, preview }) => {
            const g = globalThis as any;
            const source = await (await g.fetch('/server.js')).text();
            const url = g.URL.createObjectURL(new g.Blob([source], { type: 'text/javascript' }));
            return g.collideTyping(url, text, n, keystrokes, preview);
          },
          { text: sceneText(scene), n: scene.n, keystrokes, preview },
        );
      } finally {
        await tab.close();
      }
    },
    close: () => host.close(),
  };
}
