import { strict as assert } from 'node:assert';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { ensureBundles, TestClient } from './lsp-client';
import { answer } from './fuzz-helpers';

const URI = 'file:///work/lifecycle.collide';
const SCENE = 'layer world\nbody floor static box(20, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.45)\n';

const SERVER_NOT_INITIALIZED = -32002;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const REQUEST_FAILED = -32803;

describe('lsp: lifecycle rules over stdio', function () {
  this.timeout(60000);

  before(() => ensureBundles());

  it('answers a request before initialize with ServerNotInitialized, and drops notifications', async () => {
    const client = new TestClient();
    try {
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text: SCENE } });
      for (const method of ['textDocument/hover', 'textDocument/documentSymbol', 'collide/previewScene', 'no/suchMethod']) {
        const got = await answer(
          () => client.connection.sendRequest(method, { textDocument: { uri: URI }, uri: URI, position: { line: 1, character: 6 } }),
          method,
        );
        assert.ok('error' in got, `${method} before initialize is refused, not answered with ${JSON.stringify(got)}`);
        assert.equal(got.error.code, SERVER_NOT_INITIALIZED, `${method}: ${got.error.message}`);
        assert.match(got.error.message, /not initialized/);
      }
      await client.initialize();
      // The didOpen sent before initialize was dropped: the document is not open.
      const symbols = await answer(() => client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }), 'symbols');
      assert.deepEqual(symbols, { result: [] });
      assert.equal(client.publishedSoFar.filter((p) => p.uri === URI).length, 0, 'nothing published for a document opened before initialize');
    } finally {
      await client.shutdown();
    }
  });

  it('refuses a second initialize with InvalidRequest and keeps serving', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const again = await answer(() => client.connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} }), 'initialize');
      assert.ok('error' in again, `a second initialize is refused, not answered with ${JSON.stringify(again).slice(0, 200)}`);
      assert.equal(again.error.code, INVALID_REQUEST);
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text: SCENE } });
      assert.ok((await client.diagnostics(URI, 1)).some((d) => d.code === 'overlap'), 'the server still works');
    } finally {
      await client.shutdown();
    }
  });

  it('ignores a didChange whose version is not newer than the document, with a log line', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const send = (version: number, text: string) =>
        client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ text }] });
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text: SCENE } });
      await send(3, `${SCENE}body newer box(1, 1) at (9, 9)\n`);
      await send(2, `${SCENE}body older box(1, 1) at (9, 9)\n`);
      await send(3, `${SCENE}body same box(1, 1) at (9, 9)\n`);
      const symbols = await answer(() => client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }), 'symbols');
      assert.ok('result' in symbols);
      const names = (symbols.result as DocumentSymbol[]).map((s) => s.name);
      assert.ok(names.includes('newer'), `version 3 applied: ${names.join(', ')}`);
      assert.ok(!names.includes('older') && !names.includes('same'), `the stale changes are not applied: ${names.join(', ')}`);
      await client.diagnostics(URI, 3);
      assert.deepEqual(
        client.publishedSoFar.filter((p) => p.uri === URI).map((p) => p.version).filter((v) => v !== 1 && v !== 3),
        [],
        'no publication for a stale version',
      );
      assert.equal(client.logs.filter((l) => /Ignored a change to .* version 2: the document is at version 3/.test(l)).length, 1, client.logs.join('\n'));
      assert.equal(client.logs.filter((l) => /Ignored a change to .* version 3: the document is at version 3/.test(l)).length, 1);
      // A newer version after the stale ones applies to the text of version 3.
      await send(4, `${SCENE}body newest box(1, 1) at (9, 9)\n`);
      await client.diagnostics(URI, 4);
    } finally {
      await client.shutdown();
    }
  });

  it('answers a request whose handler fails with an error response that says why, not an empty result', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'collide', version: 1, text: SCENE } });
      await client.diagnostics(URI, 1);
      // No position: the handler throws on reading it.
      for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition', 'textDocument/references']) {
        const got = await answer(() => client.connection.sendRequest(method, { textDocument: { uri: URI } }), method);
        assert.ok('error' in got, `${method} fails with an error, not ${JSON.stringify(got)}`);
        assert.ok(got.error.code === INTERNAL_ERROR || got.error.code === REQUEST_FAILED, `${method}: code ${got.error.code}`);
        assert.ok(got.error.message.length > 0);
      }
      // A refusal the user should read stays a RequestFailed with its reason.
      const rename = await answer(
        () => client.connection.sendRequest('textDocument/rename', { textDocument: { uri: URI }, position: { line: 2, character: 6 }, newName: '1 bad' }),
        'rename',
      );
      assert.ok('error' in rename && rename.error.code === REQUEST_FAILED, JSON.stringify(rename));
      const hover = await answer(() => client.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 2, character: 6 } }), 'hover');
      assert.ok('result' in hover && hover.result !== null, 'the server still answers');
    } finally {
      await client.shutdown();
    }
  });
});
