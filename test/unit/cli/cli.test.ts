import { strict as assert } from 'node:assert';
import { spawnSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { formatJson } from '../../../server/src/cli/report';
import { BIN, ROOT, ensureBundles, ensureCliBuilt } from './build-cli';

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let dir = '';
function run(args: string[], cwd = dir): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 20000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function write(rel: string, text: string | Buffer): void {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

const CLEAN = 'body a circle(1)\nbody b circle(1) at (10, 0)\n';
const BROKEN = 'body a circle(1)\nbody b circle(\nbody c box(1, 1) at (10, 0)\n';

describe('cli: collide (end to end, spawning bin/collide.js)', function () {
  before(function () {
    this.timeout(60000);
    ensureCliBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-cli-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints the version and the help, exit 0', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const v = run(['--version']);
    assert.deepEqual([v.status, v.stdout], [0, `${pkg.version}\n`]);
    const h = run(['--help']);
    assert.equal(h.status, 0);
    assert.match(h.stdout, /Usage: collide <command>/);
    assert.match(h.stdout, /check/);
    assert.match(h.stdout, /lsp/);
    const ch = run(['check', '--help']);
    assert.equal(ch.status, 0);
    assert.match(ch.stdout, /--format <text\|json\|sarif>/);
  });

  it('exits 0 with a summary for a clean file', () => {
    write('clean.collide', CLEAN);
    const r = run(['check', 'clean.collide']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings, 0 information, 0 hints.\n');
    assert.equal(r.stderr, '');
  });

  it('prints compiler-style lines with 1-based line:col and exits 1 on an error', () => {
    write('broken.collide', BROKEN);
    const r = run(['check', 'broken.collide']);
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^broken\.collide:2:14: error \[syntax-expected-expression\] /);
    assert.equal(lines[lines.length - 1], '1 file checked: 1 error, 0 warnings, 0 information, 0 hints.');
    assert.equal(lines.length, 2);
  });

  it('counts columns in UTF-16 units after non-ASCII text, with CRLF line ends', () => {
    write('unicode.collide', '// crème brûlée 🚗\r\nbody a circle(1)\r\nbody b circle(0)\r\n');
    const r = run(['check', 'unicode.collide']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^unicode\.collide:3:15: error \[invalid-size\] /m);
  });

  it('writes the documented JSON, and only JSON, to stdout', () => {
    write('json/a.collide', '\uFEFFlet r = 1\nbody a circle(r)\nbody b circle(-r)\n');
    const r = run(['check', '--format', 'json', 'json/a.collide']);
    assert.equal(r.status, 1);
    const out = JSON.parse(r.stdout) as {
      version: number;
      files: { path: string; diagnostics: { range: unknown; severity: string; code: string; message: string }[]; findings: unknown[] }[];
    };
    assert.equal(out.version, 1);
    assert.equal(out.files.length, 1);
    const f = out.files[0]!;
    assert.equal(f.path, 'json/a.collide');
    assert.deepEqual(f.diagnostics, [
      {
        range: { start: { line: 2, character: 14 }, end: { line: 2, character: 16 } },
        severity: 'error',
        code: 'invalid-size',
        message: f.diagnostics[0]!.message,
      },
    ]);
    assert.deepEqual(Object.keys(f), ['path', 'diagnostics', 'findings']);
    assert.ok(Array.isArray(f.findings));
    const eq = run(['check', '--format=json', 'json/a.collide']);
    assert.equal(eq.stdout, r.stdout);
  });

  it('checks folders recursively in sorted order, skipping hidden folders and other files', () => {
    write('tree/b.collide', CLEAN);
    write('tree/a/z.collide', CLEAN);
    write('tree/a/y.collide', BROKEN);
    write('tree/.hidden/x.collide', BROKEN);
    write('tree/node_modules/x.collide', BROKEN);
    write('tree/notes.txt', 'not a scene');
    const r = run(['check', '--format', 'json', 'tree']);
    const out = JSON.parse(r.stdout) as { files: { path: string }[] };
    assert.deepEqual(
      out.files.map((f) => f.path),
      [path.join('tree', 'a', 'y.collide'), path.join('tree', 'a', 'z.collide'), path.join('tree', 'b.collide')],
    );
    assert.equal(r.status, 1);
  });

  it('exits 2 with a message on stderr for an unreadable path, still reporting the rest', () => {
    const r = run(['check', '--format', 'json', 'clean.collide', 'missing.collide']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot read 'missing\.collide': no such file or folder/);
    const out = JSON.parse(r.stdout) as { files: { path: string }[] };
    assert.deepEqual(out.files.map((f) => f.path), ['clean.collide']);
  });

  it('exits 2 for bad usage: unknown option, unknown format, unknown command, no path', () => {
    for (const args of [['check', '--frobnicate', 'clean.collide'], ['check', '--format', 'xml', 'clean.collide'], ['check', '--format'], ['bogus'], ['check'], []]) {
      const r = run(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '', `nothing on stdout for ${args.join(' ')}`);
      assert.notEqual(r.stderr, '');
    }
    assert.match(run(['check', '--frobnicate', 'x']).stderr, /unknown option '--frobnicate'/);
  });

  it('survives hostile files: binary bytes, NULs, deep nesting', () => {
    write('hostile/random.collide', Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)));
    write('hostile/deep.collide', `let a = ${'('.repeat(50000)}1${')'.repeat(50000)}\nbody b circle(1)\n`);
    const r = run(['check', '--format', 'json', 'hostile']);
    assert.equal(r.status, 1);
    const out = JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] };
    assert.equal(out.files.length, 2);
    assert.ok(out.files[0]!.diagnostics.some((d) => d.code === 'syntax-nesting-too-deep'));
  });

  it('writes SARIF 2.1.0 with 1-based regions', () => {
    const r = run(['check', '--format', 'sarif', 'broken.collide']);
    assert.equal(r.status, 1);
    const sarif = JSON.parse(r.stdout) as {
      version: string;
      runs: { tool: { driver: { name: string } }; results: { ruleId: string; level: string; locations: { physicalLocation: { region: { startLine: number; startColumn: number } } }[] }[] }[];
    };
    assert.equal(sarif.version, '2.1.0');
    assert.equal(sarif.runs[0]!.tool.driver.name, 'collide');
    const res = sarif.runs[0]!.results[0]!;
    assert.deepEqual([res.ruleId, res.level], ['syntax-expected-expression', 'error']);
    assert.deepEqual(res.locations[0]!.physicalLocation.region.startLine, 2);
    assert.deepEqual(res.locations[0]!.physicalLocation.region.startColumn, 14);
  });

  it('reports the findings each example is written to show', () => {
    const r = run(['check', '--format', 'json', 'examples'], ROOT);
    assert.equal(r.status, 1, 'concave-polygon.collide has errors on purpose');
    const out = JSON.parse(r.stdout) as { files: { path: string; findings: { kind: string; a: string; b: string }[] }[] };
    const got = Object.fromEntries(out.files.map((f) => [path.basename(f.path), f.findings.map((x) => `${x.kind} ${x.a} ${x.b}`)]));
    assert.deepEqual(got, {
      'bullet-through-a-wall.collide': ['tunnelling wall shot', 'tunnelling wall tracer', 'collision wall ball'],
      'cave.tmx': ['overlap Ground Chest', 'overlap Ground Actors#6', 'tunnelling Pillar Arrow'],
      'compound-car.collide': ['collision car1 crate'],
      'concave-polygon.collide': [],
      'crate.tscn': [],
      'crates-on-a-floor.collide': ['overlap floor sunk', 'overlap floor barrel', 'overlap sunk pushed'],
      'exactly-aligned-boxes.collide': ['overlap plank crate', 'overlap left turned'],
      'ghost-bump.collide': ['ghost-bump tile1 crate', 'ghost-bump tile2 crate', 'collision high crate3'],
      'layers.collide': ['overlap ground hero', 'overlap orc goblin', 'overlap goblin crate'],
      'level.tscn': ['overlap Floor Crate', 'tunnelling Walls/Thin Arrow', 'overlap Walls/Ledge Ball'],
      'spinning-bar.collide': ['tunnelling bar target'],
      'tile-level.collide': ['overlap level crate', 'tunnelling level shot', 'collision ledge hopper'],
    });
  });

  it('keeps its exit code when the reader of its JSON goes away before the check has finished, and writes it whole to one that stays', async () => {
    // A report far larger than a pipe holds, after a file with an error: the reader leaves at
    // the first piece, while the check is still writing the rest.
    let chain = '';
    for (let i = 0; i < 3000; i++) chain += `body c${i} circle(1) at (${1.5 * i}, 0)\n`;
    write('early-exit/a.collide', 'body a circle(\n');
    write('early-exit/b.collide', chain);
    const child = spawn(process.execPath, [BIN, 'check', '--format', 'json', 'early-exit'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    assert.equal(status, 1, 'the error in a.collide decides the exit code');
    assert.equal(stderr, '', 'no crash, no message');
    // A reader that stays gets the whole report through the pipe (written in pieces, blocking),
    // byte for byte the one made in process.
    const whole = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', 'early-exit'], { cwd: dir, encoding: 'utf8', timeout: 20000, maxBuffer: 64 << 20 });
    assert.equal(whole.status, 1);
    assert.equal(whole.stderr, '');
    const reports = ['a.collide', 'b.collide'].map((name) => {
      const rel = path.join('early-exit', name);
      return { path: rel, analysis: analyzeDocument(fs.readFileSync(path.join(dir, rel), 'utf8'), { editorData: false }) };
    });
    assert.ok(whole.stdout.length > 1 << 20, `a report larger than a pipe holds (${whole.stdout.length} bytes)`);
    assert.equal(whole.stdout, formatJson(reports));
  });

  it('refuses `collide lsp` without a transport (exit 2)', () => {
    const r = run(['lsp']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--stdio/);
  });

  it('starts the language server with `collide lsp --stdio` and answers initialize', async function () {
    ensureBundles(['cli', 'server']); // `collide lsp` loads dist/server.js beside dist/cli.js
    const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
      child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      const reply = await new Promise<string>((resolve, reject) => {
        let data = '';
        const timer = setTimeout(() => reject(new Error(`no reply; got ${JSON.stringify(data)}`)), 15000);
        child.stdout.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
          const m = /Content-Length: (\d+)\r\n\r\n/.exec(data);
          if (m && data.length >= m.index + m[0].length + Number(m[1])) {
            clearTimeout(timer);
            resolve(data.slice(m.index + m[0].length));
          }
        });
      });
      const msg = JSON.parse(reply) as { id: number; result?: { capabilities?: unknown } };
      assert.equal(msg.id, 1);
      assert.ok(msg.result?.capabilities, 'the server advertises its capabilities');
    } finally {
      child.kill();
    }
  });
});
