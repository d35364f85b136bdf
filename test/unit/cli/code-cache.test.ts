import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureCliBuilt, ROOT } from './build-cli';

// bin/cli-loader.js is the launcher's CommonJS module (not TypeScript): loaded as it ships.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require(path.join(ROOT, 'bin', 'cli-loader.js')) as {
  cacheFileOf(cli: string): string;
  cachedDataFor(source: Buffer, cacheFile: string): Buffer | undefined;
  compile(cli: string, source: Buffer, cachedData: Buffer | undefined): { script: { cachedDataRejected?: boolean }; run(): void };
};

/**
 * A copy of the launcher and the CLI bundle in a folder of its own (bin/ and dist/ side by side,
 * as in the repository), so that each test makes, spoils or drops a code cache without touching
 * the shared dist/.
 */
function installCopy(): { dir: string; bin: string; cli: string } {
  ensureCliBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-code-cache-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.mkdirSync(path.join(dir, 'dist'));
  for (const f of ['collide.js', 'cli-loader.js']) fs.copyFileSync(path.join(ROOT, 'bin', f), path.join(dir, 'bin', f));
  fs.copyFileSync(path.join(ROOT, 'dist', 'cli.js'), path.join(dir, 'dist', 'cli.js'));
  return { dir, bin: path.join(dir, 'bin', 'collide.js'), cli: path.join(dir, 'dist', 'cli.js') };
}

function node(args: string[], cwd = ROOT) {
  return spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
}

function makeCache(copy: { dir: string }): void {
  const r = node([path.join(copy.dir, 'bin', 'cli-loader.js'), '--write-code-cache', 'examples']);
  assert.equal(r.status, 0, r.stderr);
}

const CHECK = ['check', '--format', 'json', 'examples'];

describe('bin/cli-loader.js: the CLI code cache', function () {
  this.timeout(60_000);
  let copy: ReturnType<typeof installCopy>;
  beforeEach(() => {
    copy = installCopy();
  });
  afterEach(() => fs.rmSync(copy.dir, { recursive: true, force: true }));

  it('is made by a check of the examples and accepted by V8 for the bundle it was made from', () => {
    makeCache(copy);
    const source = fs.readFileSync(copy.cli);
    const data = loader.cachedDataFor(source, loader.cacheFileOf(copy.cli));
    assert.ok(data && data.length > 0, 'the cache has V8 data for this bundle');
    // Asked in a fresh process: V8 takes a cache only under the flags it was made with, and this
    // mocha process may have set others (--expose-gc).
    const probe = [
      `const l = require(${JSON.stringify(path.join(copy.dir, 'bin', 'cli-loader.js'))});`,
      `const cli = ${JSON.stringify(copy.cli)};`,
      `const source = require('node:fs').readFileSync(cli);`,
      `process.stdout.write(String(l.compile(cli, source, l.cachedDataFor(source, l.cacheFileOf(cli))).script.cachedDataRejected));`,
    ].join('\n');
    const r = node(['-e', probe]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'false');
  });

  it('gives the same output and exit code with the cache, without it and from a plain require of the bundle', () => {
    const plain = node(['-e', `process.argv.splice(1, 0, 'collide'); require(${JSON.stringify(copy.cli)})`, ...CHECK]);
    const without = node([copy.bin, ...CHECK]);
    makeCache(copy);
    const withCache = node([copy.bin, ...CHECK]);
    assert.equal(without.status, 1, without.stderr); // the examples have error diagnostics on purpose
    assert.ok(without.stdout.includes('"findings"'));
    for (const r of [plain, withCache]) {
      assert.equal(r.status, without.status, r.stderr);
      assert.equal(r.stdout, without.stdout);
      assert.equal(r.stderr, without.stderr);
    }
  });

  it('is not used for another bundle, even one of the same length (V8 itself compares only the length)', () => {
    makeCache(copy);
    const source = fs.readFileSync(copy.cli);
    const other = Buffer.from(source);
    const at = other.indexOf('Usage: collide <command>');
    assert.ok(at > 0);
    other.write('u', at, 'latin1'); // same length, other text
    assert.equal(loader.cachedDataFor(other, loader.cacheFileOf(copy.cli)), undefined);
    fs.writeFileSync(copy.cli, other);
    const r = node([copy.bin, '--help']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /usage: collide <command>/, 'the new bundle runs, not the cached bytecode of the old one');
  });

  it('falls back to a plain compile when the cache file is missing, truncated, empty or garbage', () => {
    const expected = node([copy.bin, ...CHECK]);
    makeCache(copy);
    const cacheFile = loader.cacheFileOf(copy.cli);
    const good = fs.readFileSync(cacheFile);
    const spoiled = [Buffer.alloc(0), good.subarray(0, 3), good.subarray(0, good.length - 1000), Buffer.concat([good.subarray(0, good.length - 4000), Buffer.alloc(4000, 0xa5)])];
    for (const bytes of spoiled) {
      fs.writeFileSync(cacheFile, bytes);
      const r = node([copy.bin, ...CHECK]);
      assert.equal(r.status, expected.status, r.stderr);
      assert.equal(r.stdout, expected.stdout);
    }
    fs.rmSync(cacheFile);
    assert.equal(node([copy.bin, ...CHECK]).stdout, expected.stdout);
  });

  it('is taken by a real `collide check`, which sets its own V8 flags only after the cache is checked', () => {
    makeCache(copy);
    // The launcher as bin/collide.js runs it, with vm.Script watched so that the script it
    // compiled can be asked whether V8 took the cache. The check's inlining flags would make V8
    // reject it if they were set before the compile: the build makes the cache without them.
    const probe = [
      `const vm = require('node:vm');`,
      `const Script = vm.Script;`,
      `let script;`,
      `vm.Script = function (...args) { script = new Script(...args); return script; };`,
      `process.argv = [process.argv[0], 'collide', ${CHECK.map((a) => JSON.stringify(a)).join(', ')}];`,
      `process.stdout.write = () => true;`,
      `require(${JSON.stringify(path.join(copy.dir, 'bin', 'cli-loader.js'))}).runCli(${JSON.stringify(copy.cli)});`,
      `process.on('exit', () => process.stderr.write('rejected=' + String(script.cachedDataRejected)));`,
    ].join('\n');
    const r = node(['-e', probe]);
    assert.equal(r.stderr, 'rejected=false');
  });
});
