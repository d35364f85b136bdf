/** Base64 without Buffer (protocol/base64.ts) against Node's. */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { base64Ascii } from '../../../protocol/base64';

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
});
