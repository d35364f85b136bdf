/** The base64 texts of a scene's bytes (client/src/preview/base64-texts.ts), read only when each is whole. */
import { strict as assert } from 'node:assert';
import { fromBase64 } from '../../../../client/src/preview/base64-texts';

describe('client/preview/base64-texts', () => {
  it('reads base64 texts only when each is whole base64', () => {
    const b = (s: string) => Buffer.from(s).toString('base64');
    assert.deepStrictEqual(fromBase64([b('abc'), b('de')]), new TextEncoder().encode('abcde'));
    assert.deepStrictEqual(fromBase64([]), new Uint8Array(0));
    assert.equal(fromBase64([b('ab'), b('cde')]), null, 'padding before the last text');
    assert.equal(fromBase64(['YWJ']), null, 'a length not a multiple of 4');
    assert.equal(fromBase64(['YW*j']), null, 'a character outside the alphabet');
  });
});
