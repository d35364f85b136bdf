import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeBase64Text as decodeBase64 } from '../../../server/src/readers/base64';

describe('readers/base64 decodeBase64Text (Tiled layer data)', () => {
  it('decodes what Buffer encodes, with or without padding and whitespace', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, pad) => {
        let text = Buffer.from(bytes).toString('base64');
        if (!pad) text = text.replace(/=+$/, '');
        text = `\n   ${text.replace(/(.{7})/g, '$1\n ')}\n`;
        assert.deepEqual(Array.from(decodeBase64(text) ?? [-1]), Array.from(bytes));
      }),
    );
  });

  it('refuses foreign characters, data after padding and a truncated quantum', () => {
    assert.equal(decodeBase64('AAA*'), undefined);
    assert.equal(decodeBase64('AA==AA'), undefined);
    assert.equal(decodeBase64('AAAAA'), undefined);
    assert.equal(decodeBase64('AAAA==='), undefined);
    assert.deepEqual(Array.from(decodeBase64('')!), []);
  });
});
