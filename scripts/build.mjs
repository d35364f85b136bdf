// One build for everything that ships: the VS Code client, the language server, the CLI and the
// preview's webview bundle. esbuild bundles each entry with its dependencies so the packaged
// extension needs no node_modules. `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const node = { platform: 'node', format: 'cjs', target: 'node20' };
const entries = [
  { name: 'client', entry: 'client/src/extension.ts', ...node, external: ['vscode'] },
  { name: 'server', entry: 'server/src/main.ts', ...node },
  // resvg (PNG for `collide render`) is a native module: loaded from node_modules at run time.
  { name: 'cli', entry: 'server/src/cli/main.ts', ...node, external: ['@resvg/resvg-js'] },
  { name: 'webview', entry: 'webview/src/main.ts', platform: 'browser', format: 'iife', target: 'chrome120' },
];

const contexts = [];
for (const e of entries) {
  const entry = join(root, e.entry);
  if (!existsSync(entry)) {
    console.warn(`build: skipping ${e.name} (${e.entry} does not exist yet)`);
    continue;
  }
  const options = {
    entryPoints: [entry],
    outfile: join(root, 'dist', `${e.name}.js`),
    bundle: true,
    platform: e.platform,
    format: e.format,
    target: e.target,
    external: e.external ?? [],
    sourcemap: production ? false : 'linked',
    minify: production,
    logLevel: 'warning',
    legalComments: 'none',
  };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    contexts.push(ctx);
  } else {
    await esbuild.build(options);
  }
}
if (watch) console.log('build: watching for changes');
