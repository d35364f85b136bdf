// One build for everything that ships: the VS Code client and the language server (each for
// Node, and for the browser: VS Code for the Web), the CLI and the preview's webview bundle.
// esbuild bundles each entry with its dependencies so the packaged extension needs no
// node_modules. `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const node = { platform: 'node', format: 'cjs', target: 'node20' };
const entries = [
  { name: 'client', entry: 'client/src/node/main.ts', ...node, external: ['vscode'] },
  // The web extension host loads a CommonJS module too, and gives it `require('vscode')`.
  { name: 'web/client', entry: 'client/src/browser/main.ts', platform: 'browser', format: 'cjs', target: 'chrome120', external: ['vscode'] },
  { name: 'server', entry: 'server/src/node/main.ts', ...node },
  // resvg (PNG for `collide render`) is a native module: loaded from node_modules at run time.
  { name: 'cli', entry: 'server/src/cli/main.ts', ...node, external: ['@resvg/resvg-js'] },
  { name: 'webview', entry: 'webview/src/main.ts', platform: 'browser', format: 'iife', target: 'chrome120' },
  // The language server as a web worker script (VS Code for the Web): no Node module may be in it.
  { name: 'web/server', entry: 'server/src/browser/main.ts', platform: 'browser', format: 'iife', target: 'chrome120' },
];

/**
 * Fails a browser bundle that uses Node: an import of a Node module (esbuild would otherwise
 * accept one that a package's `browser` field maps to nothing), or a call on the `Buffer` global,
 * which no import shows. The web extension host and the webview have no Node.
 */
const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const BUFFER_USE = /\bBuffer\.(from|alloc|allocUnsafe|concat|isBuffer|byteLength)\b/;
const noNodePlugin = {
  name: 'no-node',
  setup(build) {
    const bundle = build.initialOptions.outfile.slice(root.length + 1);
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
      NODE_MODULES.has(args.path) || args.path.startsWith('node:')
        ? { errors: [{ text: `"${args.path}" is a Node module, imported by ${args.importer}: ${bundle} runs in a browser, without Node` }] }
        : undefined,
    );
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      const lines = readFileSync(build.initialOptions.outfile, 'utf8').split('\n');
      const at = lines.findIndex((l) => BUFFER_USE.test(l));
      return at < 0 ? undefined : { errors: [{ text: `${bundle}:${at + 1} uses Node's Buffer, which a browser has not: ${lines[at].trim().slice(0, 160)}` }] };
    });
  },
};

/** asciiComments on a node bundle after each successful build (esbuild runs onEnd before build() resolves). */
const asciiPlugin = {
  name: 'ascii-comments',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length === 0) asciiComments(build.initialOptions.outfile);
    });
  },
};

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
    // Node bundles are made ASCII-only (see asciiComments), in watch builds too: a plugin's
    // onEnd runs after every build of the context, where a pass after build() ran after one.
    ...(e.platform === 'node' ? { charset: 'ascii', plugins: [asciiPlugin] } : { plugins: [noNodePlugin] }),
  };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    contexts.push(ctx);
  } else {
    await esbuild.build(options);
    if (e.name === 'cli') writeCliCodeCache();
  }
}
if (watch) console.log('build: watching for changes');

/**
 * Leaves a node bundle pure ASCII, so that V8 holds its source as a one-byte string. One
 * character past ASCII anywhere (an arrow in a comment esbuild keeps) makes the whole source a
 * two-byte string, kept in the old generation for as long as the process runs: for the CLI's
 * some 420k characters, 420 KB more and a 10k-body check 11 M instructions slower (callgrind) in
 * decoding, copying and scanning it; for the language server's ~960k (`collide lsp` loads both,
 * VS Code the server alone), 0.96 MB more for the whole session. The client's is loaded into
 * VS Code's extension host and gets the same. esbuild's `charset: 'ascii'` escapes every such
 * character in the code, so what is left is in comments, where each UTF-16 unit becomes '?': one
 * unit for one, so that every column of the source map stays right.
 */
function asciiComments(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, '?');
  if (ascii !== text) writeFileSync(file, ascii);
}

/**
 * The CLI's V8 code cache (bin/cli-loader.js says why and how it is checked): made by a real
 * `collide check` of the examples, so that the functions a check runs are in it. It is an
 * optimization: when it cannot be made the build goes on, and the launcher compiles as usual.
 * Watch builds make none (bin/cli-loader.js ignores a cache made for another bundle).
 */
function writeCliCodeCache() {
  const cache = join(root, 'dist', 'cli.js.cache');
  rmSync(cache, { force: true });
  const examples = join(root, 'examples');
  if (!existsSync(examples)) return;
  const made = spawnSync(process.execPath, [join(root, 'bin', 'cli-loader.js'), '--write-code-cache', examples], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (made.status !== 0) {
    rmSync(cache, { force: true });
    console.warn(`build: no CLI code cache (${(made.stderr || made.error?.message || `exit ${made.status}`).trim()})`);
  }
}
