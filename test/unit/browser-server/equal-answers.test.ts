/**
 * The web worker bundle (dist/web/server.js, in headless Chromium) answers as the stdio server
 * (dist/server.js) does: the same scripted session (lsp-session.ts) on every example, on the
 * example levels (whose other files the worker asks of the client with collide/readFile), on a
 * Tiled map with zlib-compressed layers, and on a random scene, each answer's JSON byte for
 * byte. Skipped, saying why, when Chromium is absent.
 */
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateScene, sceneText } from '../../../bench/scenes';
import { PART_ITEMS } from '../../../protocol/preview-scene-bytes';
import { BrowserHost } from '../../browser/harness';
import { skipWithoutChromium } from '../../browser/suite';
import { startWorkerServer, type WorkerServer } from '../../browser/worker-server';
import { ensureBundles, ROOT } from '../cli/build-cli';
import { runSession, SessionClient, type Line } from './lsp-session';
import { comparable, difference } from './same-answer';

interface Doc {
  readonly name: string;
  readonly path: string;
  readonly languageId: string;
}

/** cave.tmx with its CSV layer as base64 of zlib-compressed little-endian gids (Tiled's own encoding). */
function compressedCave(dir: string): string {
  const cave = join(ROOT, 'examples', 'levels', 'tiled-cave');
  copyFileSync(join(cave, 'terrain.tsx'), join(dir, 'terrain.tsx'));
  const text = readFileSync(join(cave, 'cave.tmx'), 'utf8');
  const zipped = text.replace(/<data encoding="csv">([\s\S]*?)<\/data>/, (_, csv: string) => {
    const gids = csv.split(',').map((s) => Number(s.trim()));
    const bytes = Buffer.alloc(gids.length * 4);
    gids.forEach((g, i) => bytes.writeUInt32LE(g, i * 4));
    return `<data encoding="base64" compression="zlib">${deflateSync(bytes).toString('base64')}</data>`;
  });
  assert.notEqual(zipped, text, 'cave.tmx has a CSV layer to compress');
  const path = join(dir, 'cave-zlib.tmx');
  writeFileSync(path, zipped);
  return path;
}

function documents(dir: string): Doc[] {
  const examples = join(ROOT, 'examples');
  const docs: Doc[] = readdirSync(examples)
    .filter((f) => f.endsWith('.collide'))
    .sort()
    .map((f) => ({ name: f, path: join(examples, f), languageId: 'collide' }));
  docs.push({ name: 'godot level', path: join(examples, 'levels', 'godot-platformer', 'level.tscn'), languageId: 'gdscene' });
  docs.push({ name: 'tiled cave', path: join(examples, 'levels', 'tiled-cave', 'cave.tmx'), languageId: 'xml' });
  docs.push({ name: 'tiled cave, zlib layers', path: compressedCave(dir), languageId: 'xml' });
  const random = join(dir, 'random.collide');
  writeFileSync(random, sceneText(generateScene(400, 40, 7), true));
  docs.push({ name: 'random scene (400 bodies, 40 moving)', path: random, languageId: 'collide' });
  return docs;
}

const LARGE = 'a scene of more than PART_ITEMS bodies, in parts';

/** A scene large enough to come in several parts, asked in parts (deflated and not). */
async function largeSceneInParts(client: SessionClient): Promise<Line[]> {
  const uri = 'file:///large-scene.collide';
  const text = sceneText(generateScene(PART_ITEMS + 900, 60, 11), true);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
  await client.diagnostics(uri, 1);
  const lines: Line[] = [];
  for (const deflate of [true, false]) lines.push({ what: `scene in parts${deflate ? ', deflated' : ''}`, json: await client.sceneInParts({ uri, deflate }) });
  await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  return lines;
}

async function sessionOver(client: SessionClient, docs: readonly Doc[]): Promise<Map<string, Line[]>> {
  const records = new Map<string, Line[]>();
  // No workspace folder: the worker lists no files (workspace symbols cover the open documents).
  await client.initialize(null);
  for (const d of docs) records.set(d.name, await runSession(client, pathToFileURL(d.path).href, readFileSync(d.path, 'utf8'), d.languageId));
  records.set(LARGE, await largeSceneInParts(client));
  await client.shutdown();
  return records;
}

describe('browser-server: the worker bundle answers as the stdio server', function () {
  this.timeout(300_000);
  let host: BrowserHost | undefined;
  let worker: WorkerServer | undefined;
  let child: ChildProcess | undefined;
  let dir = '';

  before(function () {
    skipWithoutChromium(this);
    ensureBundles(['server', 'web/server']);
    dir = mkdtempSync(join(tmpdir(), 'collide-web-server-'));
  });
  after(async () => {
    await worker?.close().catch(() => undefined);
    await host?.close();
    child?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same diagnostics and answers on the examples, the levels and a random scene', async () => {
    const docs = documents(dir);
    child = spawn(process.execPath, [join(ROOT, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const stdio = new SessionClient(createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!)));
    const expected = await sessionOver(stdio, docs);

    host = await BrowserHost.launch();
    worker = await startWorkerServer(host);
    const web = new SessionClient(worker.connection);
    const actual = await sessionOver(web, docs);

    assert.ok(docs.length >= 12, `only ${docs.length} documents`);
    let exact = 0;
    const close: string[] = [];
    for (const d of docs) {
      const want = expected.get(d.name)!;
      const got = actual.get(d.name)!;
      assert.ok(want.length > 100, `${d.name}: only ${want.length} answers recorded`);
      assert.ok(want.some((l) => l.what === 'diagnostics v1' && l.json.includes('"range"')) || d.name.startsWith('exactly'), `${d.name}: diagnostics recorded`);
      assert.deepEqual(
        got.map((l) => l.what),
        want.map((l) => l.what),
        `${d.name}: the same session`,
      );
      for (let k = 0; k < want.length; k++) {
        const [g, w] = [got[k]!.json, want[k]!.json];
        if (g === w) {
          exact++;
          continue;
        }
        const at = difference(comparable(g), comparable(w));
        if (at !== undefined) assert.fail(`${d.name}: ${want[k]!.what} differs (worker ≠ stdio) at ${at}`);
        close.push(`${d.name}: ${want[k]!.what}`);
      }
    }
    // The large scene: several parts, the same scene from both (their deflates may differ).
    const [wantLarge, gotLarge] = [expected.get(LARGE)!, actual.get(LARGE)!];
    assert.deepEqual(
      gotLarge.map((l) => l.what),
      wantLarge.map((l) => l.what),
    );
    assert.ok(wantLarge.length > 0);
    for (let k = 0; k < wantLarge.length; k++) {
      const [g, w] = [comparable(gotLarge[k]!.json), comparable(wantLarge[k]!.json)] as { parts: number; scene: unknown }[];
      assert.ok(w!.parts > 1 && typeof w!.scene === 'object', `${wantLarge[k]!.what}: several parts (${w!.parts}) that make a scene`);
      const at = difference(g, w);
      if (at !== undefined) assert.fail(`${wantLarge[k]!.what} differs (worker ≠ stdio) at ${at}`);
    }
    // The worker read the levels' other files through the client; the stdio server from disk.
    assert.deepEqual(stdio.readFiles, []);
    for (const f of ['project.godot', 'crate.tscn', 'terrain.tsx']) assert.ok(web.readFiles.some((u) => u.endsWith(`/${f}`)), `the worker asked for ${f}: ${web.readFiles.join(', ')}`);
    assert.deepEqual(worker.errors.filter((e) => !e.startsWith('worker log')), []);
    // Most answers are the same bytes; the rest differ only in the last bits of some numbers.
    assert.ok(exact > 10 * close.length, `${exact} answers byte-equal, ${close.length} equal up to rounding: ${close.join('; ')}`);
  });
});
