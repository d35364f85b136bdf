import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { emptyContactRecord, type ContactRecord } from '../../../core/narrow/types';
import { OverlapFinding } from '../../../server/src/analysis/findings';

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

  it("makes the same overlap from the narrow phase's record (ofContact, the analysis) as from vectors (of)", () => {
    const contact = (count: number, p1x: number, p1y: number): ContactRecord => ({ ...emptyContactRecord(), separation: -0.25, nx: 0.6, ny: -0.8, count, p0x: 1.5, p0y: -2.5, p1x, p1y });
    const two = OverlapFinding.ofContact('a', 'b', 0, 3, 1, 2, contact(2, 3.5, 4.5));
    const fromVectors = OverlapFinding.of('a', 'b', 0, 3, 1, 2, 0.25, { x: 0.6, y: -0.8 }, [{ x: 1.5, y: -2.5 }, { x: 3.5, y: 4.5 }]);
    assert.deepEqual(two, fromVectors);
    assert.deepEqual([two.depth, two.normalX, two.normalY, two.pointCount, two.pointX(1), two.pointY(1)], [0.25, 0.6, -0.8, 2, 3.5, 4.5]);
    // One point: the second pair of numbers is not stored.
    const one = OverlapFinding.ofContact('a', 'b', 0, 3, 1, 2, contact(1, 9, 9));
    assert.deepEqual(one, OverlapFinding.of('a', 'b', 0, 3, 1, 2, 0.25, { x: 0.6, y: -0.8 }, [{ x: 1.5, y: -2.5 }]));
    assert.equal(one.data.length, 5);
  });
});
