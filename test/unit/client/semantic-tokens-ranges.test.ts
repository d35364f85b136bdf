import { strict as assert } from 'node:assert';
import type { ClientCapabilities } from 'vscode-languageserver-protocol';
import { rangeSemanticTokensOnly } from '../../../client/src/semantic-tokens-ranges';
import { startInMemoryServer } from '../lsp/in-memory-server';

/** The semantic-token capabilities vscode-languageclient fills in before our feature runs. */
function vscodeLike(): ClientCapabilities {
  return {
    textDocument: {
      semanticTokens: {
        requests: { range: true, full: { delta: true } },
        tokenTypes: [],
        tokenModifiers: [],
        formats: ['relative'],
      },
    },
  };
}

describe('client: semantic tokens by range only', () => {
  it('turns off whole-document requests and keeps ranges', () => {
    const caps = vscodeLike();
    rangeSemanticTokensOnly.fillClientCapabilities(caps);
    assert.deepEqual(caps.textDocument?.semanticTokens?.requests, { range: true, full: false });
  });

  it('leaves capabilities without semantic tokens alone', () => {
    const caps: ClientCapabilities = { textDocument: {} };
    rangeSemanticTokensOnly.fillClientCapabilities(caps);
    assert.deepEqual(caps, { textDocument: {} });
  });

  it('makes the server offer ranges only; a client that says nothing still gets both', async () => {
    const caps = vscodeLike();
    rangeSemanticTokensOnly.fillClientCapabilities(caps);
    const ranged = await startInMemoryServer({}, caps);
    const plain = await startInMemoryServer({}, {});
    try {
      const r = ranged.initializeResult.capabilities.semanticTokensProvider;
      assert.ok(r && 'range' in r && r.range === true, 'range offered');
      assert.equal('full' in r ? r.full : undefined, undefined, 'no whole-document tokens');
      const p = plain.initializeResult.capabilities.semanticTokensProvider;
      assert.deepEqual(p && 'full' in p ? p.full : undefined, { delta: true });
    } finally {
      ranged.client.dispose();
      plain.client.dispose();
    }
  });
});
