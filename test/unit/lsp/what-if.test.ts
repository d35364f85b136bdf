import { strict as assert } from 'node:assert';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { WHAT_IF_METHOD, isWhatIfResult, type WhatIfResult } from '../../../protocol/preview-lsp';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';

/**
 * `collide/whatIf` is a whole-document answer: a what-if asked about one version never holds up
 * the diagnostics of an edit sent after it, and is answered for the newest version. Checked by
 * the order of the messages the client gets, as server-priority.test.ts does for the outline.
 */
describe('lsp/server: collide/whatIf', function () {
  this.timeout(60000);

  let server: InMemoryServer;
  let client: MessageConnection;
  let events: string[];

  beforeEach(async () => {
    server = await startInMemoryServer({}, { textDocument: { publishDiagnostics: { versionSupport: true } } });
    client = server.client;
    events = [];
    server.onPublish((p) => void events.push(`diagnostics ${p.version}`));
  });

  afterEach(() => client.dispose());

  it("publishes an edit's diagnostics before answering a what-if of the version before, then answers for the new one", async () => {
    const uri = 'file:///shots.collide';
    const lines = ['dt 1/60'];
    // Pairs of a thin wall and a shot that tunnels through it: 300 pairs to search again.
    for (let i = 0; i < 300; i++) lines.push(`body w${i} static box(0.1, 0.5) at (2, ${i})`, `body s${i} circle(0.05) at (-1, ${i}) velocity (${300 + i}, 0)`);
    const text = lines.join('\n') + '\n';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    await server.publishedFor(uri, 1);

    const answer = client.sendRequest<WhatIfResult | null>(WHAT_IF_METHOD, { textDocument: { uri }, substeps: 4 }).then((r) => {
      events.push('what-if');
      return r;
    });
    // The last shot slows down: version 2 has one tunnelling finding fewer or a different one.
    const line = lines.length - 1;
    const character = lines[line]!.indexOf('velocity (') + 'velocity ('.length;
    void client.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 3 } }, text: '30' }],
    });
    const result = await answer;
    await server.publishedFor(uri, 2);
    assert.ok(events.indexOf('diagnostics 2') < events.indexOf('what-if'), events.join('\n'));
    assert.ok(isWhatIfResult(result), JSON.stringify(result)?.slice(0, 200));
    assert.equal(result.version, 2);
    assert.equal(result.substeps, 4);
    assert.ok(result.outcomes.length >= 250, `outcomes: ${result.outcomes.length}`);
    assert.ok(result.edits.length > 0);
  });

  it('answers a malformed what-if with null', async () => {
    const uri = 'file:///one.collide';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text: 'body a circle(1)\n' } });
    await server.publishedFor(uri, 1);
    assert.equal(await client.sendRequest(WHAT_IF_METHOD, { textDocument: { uri }, substeps: 1 }), null);
    assert.equal(await client.sendRequest(WHAT_IF_METHOD, { uri, substeps: 4 }), null);
  });
});
