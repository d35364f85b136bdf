/**
 * browser/level-files.ts: what a level reads, in a worker that asks its client. A file not had
 * yet is unreadable at first and had after `settle`; the level is then read again with it
 * (lsp/level-documents.ts), to the result a synchronous file system gives.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateSync, gzipSync } from 'node:zlib';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { ClientLevelFiles } from '../../../server/src/browser/level-files';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { LevelDocuments } from '../../../server/src/lsp/level-documents';

const NEAR = 'vscode-vfs://github/me/game/levels/a.tmx';

describe('browser/level-files: files asked of the client', () => {
  it('answers a file once the client has, in the scheme of the level that reads it', async () => {
    const asked: string[] = [];
    const files = new ClientLevelFiles(async (uri) => (asked.push(uri), uri.endsWith('/tiles.tsx') ? '\ufeff<tileset/>' : undefined));
    assert.equal(files.readFile('/me/game/levels/tiles.tsx', NEAR), undefined);
    assert.equal(files.readFile('/me/game/levels/tiles.tsx', NEAR), undefined, 'asked once');
    assert.equal(files.readFile('/me/game/my levels/gone.tsx', NEAR), undefined);
    assert.equal(await files.settle(), true);
    assert.deepEqual(asked, ['vscode-vfs://github/me/game/levels/tiles.tsx', 'vscode-vfs://github/me/game/my%20levels/gone.tsx']);
    assert.equal(files.readFile('/me/game/levels/tiles.tsx', NEAR), '<tileset/>', 'without its byte order mark');
    assert.equal(files.readFile('/me/game/my levels/gone.tsx', NEAR), undefined);
    assert.equal(await files.settle(), false, 'nothing new was asked');
    assert.equal(asked.length, 2, 'an unreadable file is not asked again');
    files.forget('vscode-vfs://github/me/game/levels/tiles.tsx');
    assert.equal(files.readFile('/me/game/levels/tiles.tsx', NEAR), undefined);
    assert.equal(await files.settle(), true);
    assert.equal(asked.length, 3);
  });

  it('takes a failed request for an unreadable file', async () => {
    const files = new ClientLevelFiles(() => Promise.reject(new Error('no such file')));
    assert.equal(files.readFile('/x.tsx', 'file:///a.tmx'), undefined);
    assert.equal(await files.settle(), true);
    assert.equal(files.readFile('/x.tsx', 'file:///a.tmx'), undefined);
    assert.equal(await files.settle(), false);
  });

  it('inflates zlib and gzip data with the platform, and malformed data to nothing', async () => {
    const files = new ClientLevelFiles(async () => undefined);
    const raw = new Uint8Array(4096).map((_, i) => (i * 7) % 251);
    const zlib = new Uint8Array(deflateSync(raw));
    const gzip = new Uint8Array(gzipSync(raw));
    const bad = new Uint8Array([1, 2, 3, 4]);
    assert.equal(files.inflate(zlib, 'zlib'), undefined);
    assert.equal(files.inflate(gzip, 'gzip'), undefined);
    assert.equal(files.inflate(bad, 'zlib'), undefined);
    assert.equal(await files.settle(), true);
    assert.deepEqual(files.inflate(zlib.slice(), 'zlib'), raw, 'found by its bytes');
    assert.deepEqual(files.inflate(gzip, 'gzip'), raw);
    assert.equal(files.inflate(bad, 'zlib'), undefined);
    assert.equal(await files.settle(), false);
  });

  it('gives a level read through the client the analysis a synchronous file system gives', async () => {
    const dir = join(__dirname, '..', '..', '..', 'examples', 'levels', 'godot-platformer');
    const uri = pathToFileURL(join(dir, 'level.tscn')).href;
    const text = readFileSync(join(dir, 'level.tscn'), 'utf8');
    const fromDisk = (path: string) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    };
    const sync = new LevelDocuments(() => undefined, { readFile: fromDisk, inflate: () => undefined });
    const asked: string[] = [];
    const client = new ClientLevelFiles(async (u) => (asked.push(u), fromDisk(new URL(u).pathname)));
    const async = new LevelDocuments(() => undefined, client);
    const want = await sync.analyze(uri, 1, text, DEFAULT_SETTINGS, new IncrementalAnalyzer(), () => false);
    const got = await async.analyze(uri, 1, text, DEFAULT_SETTINGS, new IncrementalAnalyzer(), () => false);
    assert.ok(want && got);
    assert.ok(want.level.lowered.bodies.length > 3, `${want.level.lowered.bodies.length} bodies`);
    assert.ok(asked.some((u) => u.endsWith('/crate.tscn')) && asked.some((u) => u.endsWith('/project.godot')), asked.join(', '));
    assert.equal(got.lowered.text, want.lowered.text);
    assert.deepEqual(got.view.analysis.diagnostics, want.view.analysis.diagnostics);
    assert.deepEqual(async.dependentsOf(pathToFileURL(join(dir, 'crate.tscn')).href), [uri]);
  });
});
