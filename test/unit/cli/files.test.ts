import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readSceneFile } from '../../../server/src/cli/files';

describe('cli/files: readSceneFile', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-files-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function read(bytes: Buffer): string {
    const absolute = path.join(dir, 'scene.collide');
    fs.writeFileSync(absolute, bytes);
    const r = readSceneFile({ path: 'scene.collide', absolute });
    assert.ok('text' in r, JSON.stringify(r));
    return r.text;
  }

  it('reads ASCII and UTF-8 alike, drops a byte-order mark, and turns malformed bytes into U+FFFD', () => {
    const ascii = 'body a circle(1) at (0.123456789012345678, 2)\n';
    assert.equal(read(Buffer.from(ascii)), ascii);
    const utf8 = '// crème brûlée, 😀, 中文\nbody a circle(1)\n';
    assert.equal(read(Buffer.from(utf8)), utf8);
    assert.equal(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(utf8)])), utf8);
    assert.equal(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ascii)])), ascii);
    assert.equal(read(Buffer.from([0x62, 0x6f, 0x64, 0x79, 0x20, 0xff, 0xfe, 0x0a])), 'body \ufffd\ufffd\n');
    assert.equal(read(Buffer.alloc(0)), '');
  });

  it('reports an unreadable file instead of throwing', () => {
    const r = readSceneFile({ path: 'missing.collide', absolute: path.join(dir, 'missing.collide') });
    assert.ok('error' in r);
  });
});
