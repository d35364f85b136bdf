/**
 * Where the web client starts the server's worker from (client/src/browser/worker-url.ts): an
 * https: or file: script by its URL, as VS Code's web extension host takes it; a script under
 * any other scheme (vscode-remote: in code-server, which the host refuses) read through
 * vscode.workspace.fs into a blob URL, once.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import type { FileReader } from '../../../../client/src/file-reads';
import { workerUrl } from '../../../../client/src/browser/worker-url';

function uri(text: string): vscode.Uri {
  return { scheme: text.slice(0, text.indexOf(':')), toString: () => text } as unknown as vscode.Uri;
}

function fakeFs(files: Record<string, string>): FileReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    readFile(u) {
      asked.push(u.toString());
      const f = files[u.toString()];
      return f === undefined ? Promise.reject(new Error('EntryNotFound')) : Promise.resolve(new TextEncoder().encode(f));
    },
  };
}

describe('client/browser/worker-url: the URL the server worker starts from', () => {
  const made: string[] = [];
  after(() => {
    for (const u of made) URL.revokeObjectURL(u);
  });

  it('passes an https: or file: script as its URL, reading nothing', async () => {
    const fs = fakeFs({});
    const blobs = new Map<string, string>();
    for (const s of ['https://abc.vscode-cdn.net/ext/dist/web/server.js', 'file:///ext/dist/web/server.js']) assert.equal(await workerUrl(uri(s), fs, blobs), s);
    assert.deepEqual(fs.asked, []);
    assert.equal(blobs.size, 0);
  });

  it('starts a vscode-remote: script from a blob of its bytes, read once through vscode.workspace.fs', async () => {
    const script = 'vscode-remote://127.0.0.1:8080/ext/dist/web/server.js';
    const fs = fakeFs({ [script]: 'self.onmessage = () => {};' });
    const blobs = new Map<string, string>();
    const first = await workerUrl(uri(script), fs, blobs);
    made.push(first);
    assert.match(first, /^blob:/);
    assert.equal(await workerUrl(uri(script), fs, blobs), first, 'a restart starts from the same blob');
    assert.deepEqual(fs.asked, [script]);
    const text = await (await fetch(first)).text();
    assert.equal(text, 'self.onmessage = () => {};');
  });

  it('fails, keeping nothing, when the script cannot be read', async () => {
    const blobs = new Map<string, string>();
    await assert.rejects(workerUrl(uri('vscode-userdata:/ext/dist/web/server.js'), fakeFs({}), blobs));
    assert.equal(blobs.size, 0);
  });
});
