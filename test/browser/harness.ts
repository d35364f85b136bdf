/**
 * Headless-Chromium harness for the preview webview: bundles webview/src with esbuild (in
 * memory, so the tests never run a stale dist/), serves it with the client's real HTML and
 * Content Security Policy on a fake origin, and stands in for `acquireVsCodeApi` by recording
 * posted messages and state. Uses Debian's /usr/bin/chromium through playwright-core.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { previewHtml } from '../../client/src/preview/html';

export const CHROMIUM = process.env.COLLIDE_CHROMIUM ?? '/usr/bin/chromium';
const ORIGIN = 'https://collide-preview.test';
const root = join(__dirname, '..', '..');

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

let bundle: Promise<{ js: string; css: string }> | null = null;

/** The webview bundle, built once per process. */
export function webviewBundle(): Promise<{ js: string; css: string }> {
  bundle ??= esbuild
    .build({
      entryPoints: [join(root, 'webview/src/main.ts')],
      bundle: true,
      write: false,
      outdir: '/virtual',
      platform: 'browser',
      format: 'iife',
      target: 'chrome120',
      logLevel: 'silent',
    })
    .then((r) => ({
      js: r.outputFiles.find((f) => f.path.endsWith('.js'))!.text,
      css: r.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
    }));
  return bundle;
}

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export class BrowserHost {
  private constructor(
    readonly browser: Browser,
    readonly context: BrowserContext,
    private readonly userDataDir: string,
  ) {}

  static async launch(): Promise<BrowserHost> {
    const userDataDir = mkdtempSync(join(tmpdir(), 'collide-chromium-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_ARGS,
      viewport: { width: 900, height: 560 },
      deviceScaleFactor: 1,
    });
    return new BrowserHost(context.browser()!, context, userDataDir);
  }

  async close(): Promise<void> {
    await this.context.close();
    rmSync(this.userDataDir, { recursive: true, force: true });
  }

  /**
   * A fresh preview page; `vars` are the `--vscode-*` theme variables set on <html>; `script`
   * runs before the page's own (a test's stand-in for a browser API).
   */
  async open(options: { vars?: Record<string, string>; state?: unknown; bodyClass?: string; size?: [number, number]; script?: string } = {}): Promise<PreviewPage> {
    const { js, css } = await webviewBundle();
    const page = await this.context.newPage();
    if (options.size) await page.setViewportSize({ width: options.size[0], height: options.size[1] });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const vars = options.vars ?? DARK_VARS;
    const html = previewHtml({
      cspSource: ORIGIN,
      nonce: 'harnessNonce0123456789abcdefABCDEF',
      scriptUri: `${ORIGIN}/dist/webview.js`,
      styleUri: `${ORIGIN}/dist/webview.css`,
    });
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/dist/webview.js')) return route.fulfill({ contentType: 'text/javascript', body: js });
      if (url.endsWith('/dist/webview.css')) return route.fulfill({ contentType: 'text/css', body: css });
      if (url.endsWith('/index.html')) return route.fulfill({ contentType: 'text/html', body: html });
      return route.fulfill({ status: 404, body: '' });
    });
    // Runs before the page's scripts and outside its CSP, as VS Code's own preload does. A
    // string, not a function: tsx's keep-names helper (__name) does not exist in the page, and
    // it also defines that helper for the functions the tests pass to page.evaluate.
    await page.addInitScript(`
      window.__name = (f) => f;
      window.__posted = [];
      window.__state = ${JSON.stringify(options.state ?? null)};
      window.acquireVsCodeApi = () => ({
        postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
        getState: () => window.__state,
        setState: (s) => { window.__state = s; },
      });
      document.addEventListener('DOMContentLoaded', () => {
        const vars = ${JSON.stringify(vars)};
        for (const k of Object.keys(vars)) document.documentElement.style.setProperty(k, vars[k]);
        document.body.classList.add(${JSON.stringify(options.bodyClass ?? 'vscode-dark')});
      });
      ${options.script ?? ''}
    `);
    await page.goto(`${ORIGIN}/index.html`);
    await page.waitForFunction(() => (globalThis as any).__posted.length > 0);
    return new PreviewPage(page, errors);
  }
}

export class PreviewPage {
  constructor(
    readonly page: Page,
    readonly errors: string[],
  ) {}

  async send(message: unknown): Promise<void> {
    await this.page.evaluate((m) => (globalThis as any).postMessage(m, '*'), message);
    await this.frame();
  }

  /** Wait until the preview has drawn (two animation frames after the last change). */
  async frame(): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((r) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(() => r()))));
  }

  /** What the page posted, but its `drawn` notes (the host's cue, asserted apart: `drawnPosted`). */
  async posted(): Promise<any[]> {
    return (await this.allPosted()).filter((m) => m.type !== 'drawn');
  }

  /** Every message the page posted, `drawn` included. */
  async allPosted(): Promise<any[]> {
    return this.page.evaluate(() => (globalThis as any).__posted);
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => {
      (globalThis as any).__posted = [];
    });
  }

  async state(): Promise<any> {
    return this.page.evaluate(() => (globalThis as any).__state);
  }

  async debug(): Promise<{ time: number; selected: number; pair: [string, string] | null; view: { cx: number; cy: number; zoom: number; width: number; height: number; yDown?: boolean }; version: number | null; labels: string[] }> {
    return this.page.evaluate(() => (globalThis as any).collidePreview.debugState());
  }

  /** Page coordinates of a world point on the scene canvas (y up, or down when the view says so). */
  async toPage(x: number, y: number): Promise<[number, number]> {
    const { view } = await this.debug();
    const box = (await this.page.locator('#scene').boundingBox())!;
    const dy = (y - view.cy) * view.zoom;
    return [box.x + (x - view.cx) * view.zoom + view.width / 2, box.y + view.height / 2 + (view.yDown ? dy : -dy)];
  }

  /** RGBA of the canvas `selector` at page coordinates (x, y). */
  async pixel(x: number, y: number, selector = '#scene'): Promise<[number, number, number, number]> {
    return this.page.evaluate(
      ({ x, y, selector }) => {
        const c = (globalThis as any).document.querySelector(selector);
        const r = c.getBoundingClientRect();
        const sx = c.width / r.width;
        const d: number[] = c.getContext('2d').getImageData(Math.round((x - r.left) * sx), Math.round((y - r.top) * sx), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!, d[3]!] as [number, number, number, number];
      },
      { x, y, selector },
    );
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(root, 'artifacts', `${name}.png`) });
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}

/** VS Code Dark Modern's values of the variables the preview reads. */
export const DARK_VARS: Record<string, string> = {
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-editorIndentGuide-background1': '#2b2b2b',
  '--vscode-editorLineNumber-foreground': '#6e7681',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-orange': '#d18616',
  '--vscode-editorWarning-foreground': '#cca700',
  '--vscode-editorError-foreground': '#f14c4c',
  '--vscode-editorInfo-foreground': '#3794ff',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-font-family': 'sans-serif',
};

export function hex(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)!;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** `over` at opacity `alpha` composited on `under`. */
export function blend(under: string, over: string, alpha: number): [number, number, number] {
  const a = hex(under);
  const b = hex(over);
  return [0, 1, 2].map((i) => Math.round(a[i]! * (1 - alpha) + b[i]! * alpha)) as [number, number, number];
}

export function near(actual: readonly number[], expected: readonly number[], tolerance = 4): boolean {
  return expected.every((e, i) => Math.abs(actual[i]! - e) <= tolerance);
}
