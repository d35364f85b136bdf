import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

describe('analysis: finding storage', () => {
  it("keeps every kind of finding's numbers in one packed double array (findings.ts)", () => {
    // In a fresh process, as test/unit/core/elements-kind.ts explains.
    const probe = path.join(__dirname, 'finding-storage-probe.ts');
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', probe], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const kinds = JSON.parse(r.stdout) as { kind: string; a: string; b: string; length: number; packedDoubles: boolean }[];
    // depth, normal and two points or one; toi, point, normal, substeps and contact duration;
    // toi, point, normal and the first deep step.
    assert.deepEqual(
      kinds.map((k) => [k.kind, k.a, k.b, k.length]),
      [
        ['overlap', 'a', 'b', 7],
        ['overlap', 'c', 'd', 5],
        ['tunnelling', 'wall', 'shot', 7],
        ['collision', 'floor', 'crate', 6],
      ],
    );
    for (const k of kinds) assert.ok(k.packedDoubles, `${k.kind} ${k.a}–${k.b}`);
  });
});
