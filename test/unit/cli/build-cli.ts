import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const BIN = path.join(ROOT, 'bin', 'collide.js');

const ENTRIES = { cli: 'server/src/cli/main.ts', server: 'server/src/main.ts' } as const;

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * The CLI, protocol and Neovim tests run the real bundles (`bin/collide.js` loads dist/cli.js,
 * which loads dist/server.js for `collide lsp`). When one is missing or older than the sources
 * (a mocha run without `npm run build` first), it is rebuilt with the options scripts/build.mjs
 * uses.
 */
export function ensureBundles(names: readonly (keyof typeof ENTRIES)[] = ['cli', 'server']): void {
  const sources = Math.max(...['server/src', 'core', 'protocol'].map((d) => newestSource(path.join(ROOT, d))));
  for (const name of names) {
    const out = path.join(ROOT, 'dist', `${name}.js`);
    const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
    if (built >= sources) continue;
    buildSync({
      entryPoints: [path.join(ROOT, ENTRIES[name])],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['@resvg/resvg-js'], // as in scripts/build.mjs: a native module loaded at run time
      sourcemap: 'linked',
      logLevel: 'error',
      legalComments: 'none',
    });
  }
}

/** The CLI bundle alone (check and render need no server). */
export function ensureCliBuilt(): void {
  ensureBundles(['cli']);
}
