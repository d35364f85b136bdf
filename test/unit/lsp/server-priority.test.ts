import { strict as assert } from 'node:assert';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { startInMemoryServer, type InMemoryServer } from './in-memory-server';

/**
 * Diagnostics first: VS Code sends its whole-document requests (outline, lenses, folding, tokens)
 * after every pause, and an edit may follow them before they are answered. The server must take
 * the edit in and publish its diagnostics before it answers the older requests, so that a
 * squiggle never waits behind an outline. Checked by the order of the messages the client gets.
 */
describe('lsp/server: an edit goes before whole-document requests of the version before', function () {
  this.timeout(60000);

  let server: InMemoryServer;
  let client: MessageConnection;
  let events: string[];

  beforeEach(async () => {
    server = await startInMemoryServer({}, { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true }, publishDiagnostics: { versionSupport: true } } });
    client = server.client;
    events = [];
    server.onPublish((p) => void events.push(`diagnostics ${p.version}`));
  });

  afterEach(() => client.dispose());

  it('publishes the new version before answering a burst of requests sent before it', async () => {
    const uri = 'file:///burst.collide';
    const lines = ['dt 1/60'];
    for (let i = 0; i < 400; i++) lines.push(`body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`);
    const text = lines.join('\n') + '\n';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    await server.publishedFor(uri, 1);

    const textDocument = { uri };
    const requests: [string, unknown][] = [
      ['textDocument/documentSymbol', { textDocument }],
      ['textDocument/codeLens', { textDocument }],
      ['textDocument/foldingRange', { textDocument }],
      ['textDocument/semanticTokens/full', { textDocument }],
      ['textDocument/documentSymbol', { textDocument }],
      ['textDocument/codeLens', { textDocument }],
    ];
    // Written together, as VS Code's burst and the next keystroke can reach the server.
    const answers = requests.map(([method, params], k) => client.sendRequest(method, params).then(() => void events.push(`answer ${k} ${method}`)));
    const at = text.indexOf('at (', text.length >> 1) + 4;
    const change = { range: { start: { line: 200, character: at - text.lastIndexOf('\n', at) - 1 }, end: { line: 200, character: at - text.lastIndexOf('\n', at) } }, text: '7' };
    void client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [change] });
    await Promise.all(answers);
    await server.publishedFor(uri, 2);

    const answered = events.filter((e) => e.startsWith('answer'));
    assert.equal(answered.length, requests.length, events.join('\n'));
    const published = events.indexOf('diagnostics 2');
    for (const a of answered) assert.ok(events.indexOf(a) > published, `${a} came before the diagnostics of version 2:\n${events.join('\n')}`);
  });
});
