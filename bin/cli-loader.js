'use strict';
// Loads the bundled CLI (dist/cli.js) as CommonJS through a V8 code cache made at build time.
//
// Why: `collide check` is a short process, and compiling its bundle (the top level when it is
// loaded, then every function lazily on its first call) was a visible part of a large check's
// main-thread work. The cache holds the bytecode of the functions a real check ran, so V8
// deserializes them instead of parsing and compiling them again (V8's code caching, the
// mechanism behind Node's own compile cache; Node 20 has no module.enableCompileCache).
//
// The cache is an optimization only, never a condition: a missing, unreadable or stale file, or
// one V8 rejects (another Node or V8 version, other V8 flags) means a plain compile. V8 checks its
// own version and flags but, of the source, only the length; so the cache file carries the exact
// bundle it was made from and is used only when that is byte-equal to dist/cli.js (a bundle
// rebuilt by esbuild alone, e.g. by the test helpers or `build.mjs --watch`, is never run with
// another bundle's bytecode).
//
// V8 does not check its payload either (a release build trusts it, and corrupt bytecode takes
// the process down), unless --verify-snapshot-checksum is on: set by `compile`, for both the
// launcher and the build that writes the cache (the flag is read only when a cache is deserialized, and
// a flag both sides share does not make V8 reject the cache), so a damaged file is rejected.
//
// File layout of dist/cli.js.cache: a 32-bit little-endian byte length n, the n bytes of the
// bundle, then V8's cached data.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');
const v8 = require('node:v8');

const DIST = path.join(__dirname, '..', 'dist');
const CLI = path.join(DIST, 'cli.js');

/** The cache file of the bundle `cli` (a path). */
function cacheFileOf(cli) {
  return `${cli}.cache`;
}

/** The V8 cached data for `source` (the bundle's bytes) in `cacheFile`, or undefined when none fits. */
function cachedDataFor(source, cacheFile) {
  let file;
  try {
    file = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (file.length < 4) return undefined;
  const n = file.readUInt32LE(0);
  if (n !== source.length || file.length <= 4 + n || !file.subarray(4, 4 + n).equals(source)) return undefined;
  return file.subarray(4 + n);
}

/**
 * Compiles the bundle `cli` (its bytes: `source`) as Node's CommonJS loader would (the same five
 * wrapper parameters, a `require` that resolves from the bundle's folder) and returns the script
 * (`script.cachedDataRejected` says whether V8 took `cachedData`) and the function that runs it.
 */
function compile(cli, source, cachedData) {
  // Set here rather than when this module loads, so that requiring it changes no flag of the
  // requiring process (a test runner's own code caches are checked against its flags).
  v8.setFlagsFromString('--verify-snapshot-checksum');
  // One line, so that the bundle's own line numbers (and its source map) stay right.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source.toString('utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: cli, cachedData });
  const run = () => {
    const module = { exports: {}, filename: cli, id: cli, loaded: false };
    script.runInThisContext().call(module.exports, module.exports, createRequire(cli), module, cli, path.dirname(cli));
    module.loaded = true;
  };
  return { script, run };
}

/** Runs the bundle `cli` (dist/cli.js by default) on process.argv, through its code cache when one fits. */
function runCli(cli = CLI) {
  // The standard streams first, before `compile` sets a V8 flag: Node's own modules have a code
  // cache of their own, checked against V8's flags like ours, so the ones the streams load on
  // first use (net, stream internals, diagnostics_channel for a pipe) would be compiled from
  // source if the report's write touched them first after it (about 1.3 ms of a check).
  void process.stdout;
  void process.stderr;
  const source = fs.readFileSync(cli);
  const { run } = compile(cli, source, cachedDataFor(source, cacheFileOf(cli)));
  if (process.argv[2] === 'check') for (const flag of CHECK_V8_FLAGS) v8.setFlagsFromString(flag);
  run();
}

/**
 * TurboFan settings for `collide check` only: halved inlining budgets (V8's defaults: 460 bytes of
 * bytecode per inlined function, 920 in all per optimized function) and no loop peeling. A check
 * is a batch process of a few hundred milliseconds in which V8's optimizing compiler, on its
 * background thread, spent about as much CPU time as the main thread spent running the check
 * (one callgrind run, 10k-body file: 1.73 G instructions on V8's worker threads against 2.11 G
 * on the main thread, 0.4 G of that node's own start), and on a two-core machine that thread
 * competes with the main one. Both settings shrink the graphs TurboFan builds: inlining is where
 * an optimized function's graph grows (the budgets are what V8's inlining heuristic,
 * src/compiler/js-inlining-heuristic.cc, weighs candidates against), and loop peeling copies the
 * body of every loop it optimizes once more (src/compiler/loop-peeling.cc) so that checks the
 * first iteration made need not be repeated. The code compiled is a little slower but ready sooner; for
 * the 10k-body check callgrind --predictable counts 3.29 G -> 2.98 G instructions, TurboFan's own
 * 1.37 G -> 1.07 G, and the median time of each phase dropped, the 100k-body check's too
 * (numbers in the commit messages). Neither setting changes what the code computes.
 *
 * Set after `compile`, so that the code cache is checked against the flags it was made with (the
 * cache holds bytecode, which these flags do not change), and only for `check`: the language
 * server (`collide lsp`) is long-running, where the faster code pays for its compilation.
 */
const CHECK_V8_FLAGS = ['--max-inlined-bytecode-size=230', '--max-inlined-bytecode-size-cumulative=460', '--no-turbo-loop-peeling'];

/**
 * Makes the code cache of the bundle `cli` (scripts/build.mjs calls this after a build): runs
 * `collide check` on `paths` with its report discarded, so that the functions a check calls are
 * compiled, then writes their bytecode with the bundle it belongs to. Resolves to the cache's
 * size in bytes.
 */
function writeCodeCache(cli, paths) {
  const source = fs.readFileSync(cli);
  const { script, run } = compile(cli, source, undefined);
  const argv = process.argv;
  const write = process.stdout.write;
  const exit = process.exit;
  process.argv = [argv[0], cli, 'check', '--format', 'json', ...paths];
  process.stdout.write = () => true;
  // The CLI ends its process once a command has written everything (cli/main.ts); here the
  // process goes on to write the cache.
  process.exit = () => undefined;
  try {
    run();
  } finally {
    process.argv = argv;
  }
  // The check finishes in a promise callback (cli/main.ts): write once it has.
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      process.stdout.write = write;
      process.exit = exit;
      process.exitCode = 0;
      try {
        const data = script.createCachedData();
        const header = Buffer.alloc(4);
        header.writeUInt32LE(source.length, 0);
        const cache = cacheFileOf(cli);
        const tmp = `${cache}.${process.pid}`;
        fs.writeFileSync(tmp, Buffer.concat([header, source, data]));
        fs.renameSync(tmp, cache);
        resolve(4 + source.length + data.length);
      } catch (e) {
        reject(e);
      }
    });
  });
}

module.exports = { CLI, cacheFileOf, cachedDataFor, compile, runCli };

if (require.main === module) {
  // `node bin/cli-loader.js --write-code-cache PATH...`, as scripts/build.mjs runs it.
  const [flag, ...paths] = process.argv.slice(2);
  if (flag !== '--write-code-cache' || paths.length === 0) {
    process.stderr.write('usage: node bin/cli-loader.js --write-code-cache PATH...\n');
    process.exitCode = 2;
  } else {
    writeCodeCache(CLI, paths).then(
      (size) => process.stderr.write(`build: CLI code cache written (${Math.round(size / 1024)} kB)\n`),
      (e) => {
        process.stderr.write(`build: no CLI code cache (${e instanceof Error ? e.message : String(e)})\n`);
        process.exitCode = 1;
      },
    );
  }
}
