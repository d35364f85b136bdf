import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const BIN = path.join(ROOT, 'bin', 'collide.js');
const CLI = path.join(ROOT, 'dist', 'cli.js');

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
 * The CLI tests run the real `bin/collide.js`, which loads dist/cli.js. When that bundle is
 * missing or older than the sources (a test run without `npm run build` first), rebuild just
 * the CLI entry, with the options scripts/build.mjs uses.
 */
export function ensureCliBuilt(): void {
  const built = fs.existsSync(CLI) ? fs.statSync(CLI).mtimeMs : 0;
  const sources = Math.max(newestSource(path.join(ROOT, 'server', 'src')), newestSource(path.join(ROOT, 'core')));
  if (built >= sources) return;
  buildSync({
    entryPoints: [path.join(ROOT, 'server', 'src', 'cli', 'main.ts')],
    outfile: CLI,
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
