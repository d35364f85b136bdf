import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const BIN = path.join(ROOT, 'bin', 'collide.js');

/** The bundles the tests run (`web/server`: the language server's web worker script). */
type Bundle = 'cli' | 'server' | 'web/server';

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
 * (a mocha run without `npm run build` first), scripts/build.mjs itself is run, so that the
 * bundles tested are the ones that ship: its options, its ASCII-only pass and the CLI's code
 * cache included.
 */
export function ensureBundles(names: readonly Bundle[] = ['cli', 'server']): void {
  const sources = Math.max(...['server/src', 'core', 'protocol'].map((d) => newestSource(path.join(ROOT, d))));
  const stale = names.some((name) => {
    const out = path.join(ROOT, 'dist', `${name}.js`);
    return !fs.existsSync(out) || fs.statSync(out).mtimeMs < sources;
  });
  if (!stale) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`scripts/build.mjs failed (${r.status}): ${r.stderr}`);
}

/** The CLI bundle alone (check and render need no server). */
export function ensureCliBuilt(): void {
  ensureBundles(['cli']);
}
