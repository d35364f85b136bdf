import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

describe('lsp/publish: elements kinds of a publication', () => {
  it('hands the writer its chunks as one elements kind, and keeps them so, an empty publication included (objectList)', () => {
    // An empty `[]` is PACKED_SMI until its first object: an empty publication's chunks would
    // have another map than a filled one's, and the edit path's optimised code be thrown away
    // each time they alternate (encoded-json-list.ts, objectList). The same of the snapshots'
    // chunks, which the next publication reads (before any publication: the shared empty one).
    const probe = path.join(__dirname, 'publication-kinds-probe.ts');
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', probe], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      objectList: true,
      empty: [0, true],
      first: [1, true],
      edited: [1, true],
      writer: [0, true],
      snapshots: [
        [0, true],
        [0, true],
        [1, true],
        [1, true],
      ],
    });
  });
});
