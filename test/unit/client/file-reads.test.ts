/**
 * The client's answer to the server's collide/readFile request (client/src/file-reads.ts), read
 * through a stand-in for vscode.workspace.fs: the only file system a server in a browser worker
 * has.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { answerReadFile, type FileReader } from '../../../client/src/file-reads';

/** A parsed URI as much as the answer reads it. */
function parse(uri: string): vscode.Uri {
  const m = /^([a-z][\w+.-]*):/i.exec(uri);
  if (!m) throw new Error(`no scheme: ${uri}`);
  return { scheme: m[1]!, toString: () => uri } as unknown as vscode.Uri;
}

/** vscode.workspace.fs over `files` (URI → bytes), recording what it is asked. */
function fakeFs(files: Record<string, string | Uint8Array>): FileReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    readFile(uri) {
      const key = uri.toString();
      asked.push(key);
      const f = files[key];
      if (f === undefined) return Promise.reject(new Error(`EntryNotFound (FileSystemError): ${key}`));
      return Promise.resolve(typeof f === 'string' ? new TextEncoder().encode(f) : f);
    },
  };
}

describe('client/file-reads: collide/readFile through vscode.workspace.fs', () => {
  it('answers the text of a file in a GitHub repository (github.dev), a remote host and the disk', async () => {
    const files = {
      'vscode-vfs://github/owner/repo/levels/tiles.tsx': '<tileset name="tiles"/>',
      'vscode-remote://host/home/u/levels/box.tres': '[gd_resource type="RectangleShape2D"]',
      'file:///home/u/project.godot': 'config_version=5',
      'vscode-test-web://mount/a.tx': '<template/>',
    };
    const fs = fakeFs(files);
    for (const [uri, text] of Object.entries(files)) assert.deepEqual(await answerReadFile({ uri }, fs, parse), { text }, uri);
    assert.deepEqual(fs.asked, Object.keys(files));
  });

  it('decodes UTF-8, a name past ASCII and a byte order mark included', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<map name="Café ✓"/>')]);
    const answer = await answerReadFile({ uri: 'vscode-vfs://github/o/r/m.tmx' }, fakeFs({ 'vscode-vfs://github/o/r/m.tmx': bytes }), parse);
    assert.equal(answer?.text.replace(/^\uFEFF/, ''), '<map name="Café ✓"/>');
  });

  it('answers null for a file that is not there', async () => {
    assert.equal(await answerReadFile({ uri: 'vscode-vfs://github/o/r/missing.tsx' }, fakeFs({}), parse), null);
  });

  it('answers null, asking nothing, for malformed parameters or a scheme no document is checked in', async () => {
    const fs = fakeFs({ 'https://example.invalid/a.tsx': 'x', 'git:/a.tsx': 'x' });
    for (const params of [null, 'file:///a.tsx', {}, { uri: 7 }, { uri: '' }, { uri: 'no scheme' }, { uri: `file:///${'a'.repeat(9000)}` }, { uri: 'https://example.invalid/a.tsx' }, { uri: 'git:/a.tsx' }]) {
      assert.equal(await answerReadFile(params, fs, parse), null, JSON.stringify(params)?.slice(0, 60));
    }
    assert.deepEqual(fs.asked, []);
  });
});
