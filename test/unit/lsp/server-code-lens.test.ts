import { strict as assert } from 'node:assert';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { analyzeText } from '../../../server/src/features/document';
import { codeLenses, codeLensStubs } from '../../../server/src/lsp/code-lens';
import { startInMemoryServer } from './in-memory-server';

/**
 * Lenses go with their commands up to the server's limit, and as stubs past it, which
 * `codeLens/resolve` completes: over an in-process connection whose server has a small limit.
 */
describe('lsp/server: code lenses past the limit go as stubs to resolve', function () {
  this.timeout(60000);

  let client: MessageConnection;

  beforeEach(async () => {
    ({ client } = await startInMemoryServer({ resolvedLensLimit: 4 }));
  });

  afterEach(() => client.dispose());

  it('sends commands up to the limit, stubs past it, and resolves the stubs', async () => {
    type Lens = { range: unknown; command?: unknown; data?: [number, number, number, number, number] };
    const few = 'file:///few.collide';
    const fewText = 'body a circle(1) at (0, 0)\nbody b circle(1) at (0.5, 0)\n';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: few, languageId: 'collide', version: 1, text: fewText } });
    const sent = (await client.sendRequest('textDocument/codeLens', { textDocument: { uri: few } })) as Lens[];
    assert.deepEqual(sent, JSON.parse(JSON.stringify(codeLenses(analyzeText(fewText, few)))));

    const many = 'file:///many.collide';
    const manyText = 'body a circle(1) at (0, 0)\nbody b circle(1) at (0.5, 0)\nbody c circle(1) at (1, 0)\n';
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: many, languageId: 'collide', version: 1, text: manyText } });
    const stubs = (await client.sendRequest('textDocument/codeLens', { textDocument: { uri: many } })) as Lens[];
    const local = analyzeText(manyText, many);
    assert.equal(stubs.length, 6);
    const [id, , generation] = stubs[0]!.data!;
    assert.deepEqual(stubs, JSON.parse(JSON.stringify(codeLensStubs(local, id, generation))));
    const resolved = await Promise.all(stubs.map((l) => client.sendRequest('codeLens/resolve', l) as Promise<Lens>));
    assert.deepEqual(resolved, JSON.parse(JSON.stringify(codeLenses(local))));
  });
});
