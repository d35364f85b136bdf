/** Base64 without Buffer (protocol/base64.ts) against Node's. */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { base64Ascii, decodeBase64 } from '../../../protocol/base64';

describe('protocol/base64', () => {
  it('writes what Node writes, with the room asked for around it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(3), fc.nat(3), (bytes, prefix, suffix) => {
        const out = base64Ascii(bytes, prefix, suffix);
        const text = new TextDecoder().decode(out.subarray(prefix, out.length - suffix));
        assert.equal(text, Buffer.from(bytes).toString('base64'));
        assert.equal(out.length, prefix + text.length + suffix);
      }),
    );
  });

  it('reads back what Node writes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        assert.deepEqual(decodeBase64(Buffer.from(bytes).toString('base64')), bytes);
      }),
    );
  });

  it('reads only whole base64, where Node skips what it cannot read', () => {
    for (const bad of ['YWJ', 'YW*j', 'YQ==YWJj', 'Y===', '====', 'YWJ\u00e9', 'YW\u0162j']) {
      assert.equal(decodeBase64(bad), null, JSON.stringify(bad));
    }
    assert.deepEqual(decodeBase64(''), new Uint8Array(0));
    assert.deepEqual(decodeBase64('YQ=='), new TextEncoder().encode('a'));
    assert.deepEqual(decodeBase64('YWI='), new TextEncoder().encode('ab'));
  });
});
