/** The desktop client's base64 decoder (client/src/node/base64.ts): Buffer's, answering as protocol/base64.ts's. */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeBase64 } from '../../../../protocol/base64';
import { nodeDecodeBase64 } from '../../../../client/src/node/base64';

describe('client/node/base64: Buffer’s decoder, as strict as the shared one', () => {
  it('reads what Node writes into arrays of their own', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const out = nodeDecodeBase64(Buffer.from(bytes).toString('base64'));
        assert.deepEqual(out, bytes);
        assert.ok(out !== null && out.byteOffset === 0 && out.buffer.byteLength === out.length, 'not a view into a shared pool');
      }),
    );
  });

  it('refuses exactly what the shared decoder refuses', () => {
    const bad = ['YWJ', 'YW*j', 'YQ==YWJj', 'Y===', '====', 'YWJ\u00e9', 'YW\u0162j', 'YW-j', 'YW_j', 'YW j', 'YWJj\n'];
    for (const t of bad) assert.equal(nodeDecodeBase64(t), null, JSON.stringify(t));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQgw+/=-_* \u00e9'), maxLength: 16 }), (t) => {
        assert.deepEqual(nodeDecodeBase64(t), decodeBase64(t), JSON.stringify(t));
      }),
    );
  });
});
