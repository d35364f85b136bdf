import { strict as assert } from 'node:assert';
import { ResponseError, type MessageConnection } from 'vscode-jsonrpc/node';
import { LSPErrorCodes } from 'vscode-languageserver/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { isOverBudget, overBudgetError, withinBudget } from '../../../server/src/lsp/request-budget';
import { startInMemoryServer } from './in-memory-server';

/** A grid of circles, every other one sunk into its right neighbor: an analysis that takes a while. */
function crowdedScene(n: number): string {
  const lines = ['// many bodies'];
  for (let i = 0; i < n; i++) lines.push(`body b${i} circle(0.5) at (${(i % 200) * 1.05 - (i % 2) * 0.1}, ${Math.floor(i / 200) * 1.1})`);
  return `${lines.join('\n')}\n`;
}

describe('lsp/request-budget: a request waits for its analysis only so long', function () {
  this.timeout(60000);

  it('gives the work its value within the budget, and the over-budget mark after it', async () => {
    assert.equal(await withinBudget(Promise.resolve(7), 1000), 7);
    const late = await withinBudget(new Promise((r) => setTimeout(() => r(1), 200)), 5);
    assert.ok(isOverBudget(late));
    assert.ok(!isOverBudget(undefined) && !isOverBudget(null));
  });

  it('answers ContentModified when a newer version made the request moot, RequestFailed otherwise', () => {
    const moot = overBudgetError('Hover', 'file:///a.collide', 3, 4, 2000);
    assert.equal(moot.code, LSPErrorCodes.ContentModified);
    const slow = overBudgetError('Hover', 'file:///a.collide', 3, 3, 2000);
    assert.equal(slow.code, LSPErrorCodes.RequestFailed);
    assert.match(slow.message, /version 3\) did not finish within 2000 ms/);
  });

  describe('in the server', () => {
    let client: MessageConnection;
    let published: PublishDiagnosticsParams[];

    beforeEach(async () => {
      ({ client, published } = await startInMemoryServer({ requestBudgetMs: 1 }));
    });

    afterEach(() => client.dispose());

    it('answers a request over budget with an error, goes on analyzing, and answers once it is done', async () => {
      const uri = 'file:///crowded.collide';
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text: crowdedScene(20000) } });
      const early = await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 6 } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(early instanceof ResponseError, 'the first hover waited past its budget and still got an answer');
      assert.equal(early.code, LSPErrorCodes.RequestFailed);
      assert.match(early.message, /did not finish within 1 ms/);
      // The analysis was not abandoned: its diagnostics arrive, and then requests are answered.
      while (!published.some((p) => p.uri === uri && p.version === 1)) await new Promise((r) => setTimeout(r, 10));
      const overlaps = published.find((p) => p.uri === uri)!.diagnostics.filter((d) => d.code === 'overlap');
      assert.ok(overlaps.length > 0, 'the crowded scene has overlaps');
      const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 6 } })) as { contents: unknown } | null;
      assert.ok(hover !== null && JSON.stringify(hover.contents).includes('b0'));
    });
  });
});
