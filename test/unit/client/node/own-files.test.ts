/** The Node host's reader of the extension's own files (client/src/node/own-files.ts). */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { nodeReadOwnFile } from '../../../../client/src/node/own-files';

describe('client/node/own-files: the extension\'s files from this host\'s disk', () => {
  it('reads a file URI from the disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collide-own-'));
    const path = join(dir, 'webview.js');
    writeFileSync(path, 'run();');
    const read = nodeReadOwnFile({ scheme: 'file', fsPath: path } as vscode.Uri);
    assert.ok(read);
    try {
      assert.equal(new TextDecoder().decode(await read), 'run();');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves any other scheme to VS Code\'s file system', () => {
    assert.equal(nodeReadOwnFile({ scheme: 'vscode-remote', fsPath: '/ext/dist/webview.js' } as vscode.Uri), null);
  });
});
