import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBundles, ROOT } from './build-cli';

// scripts/build.mjs leaves every node bundle pure ASCII: one character past ASCII anywhere makes
// V8 hold the whole source as a two-byte string for the life of the process (the CLI's ~420k
// characters, the language server's ~960k; see asciiComments there). Comments are where such
// characters come from (arrows, ≥, ×, … in the sources' prose), so the check is on the bundles.
describe('the shipped node bundles', function () {
  this.timeout(60_000);
  before(() => ensureBundles(['cli', 'server']));

  for (const name of ['cli', 'server']) {
    it(`dist/${name}.js is pure ASCII`, () => {
      const bytes = fs.readFileSync(path.join(ROOT, 'dist', `${name}.js`));
      const at = bytes.findIndex((b) => b > 0x7f);
      assert.equal(at, -1, at < 0 ? '' : `non-ASCII byte at ${at}: ${JSON.stringify(bytes.subarray(Math.max(0, at - 40), at + 10).toString('latin1'))}`);
    });
  }
});
