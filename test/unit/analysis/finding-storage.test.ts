import { strict as assert } from 'node:assert';
import { emptyContactRecord } from '../../../core';
import type { ContactRecord } from '../../../core';
import { FindingDiagnostic, LABEL_COMPOUND_A, LABEL_INFORMATION, LABEL_RELATED_B } from '../../../server/src/analysis/finding-diagnostic';
import { ImpactFinding, OverlapFinding } from '../../../server/src/analysis/findings';

describe('analysis: finding storage', () => {
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

  it('gives back every pair of part indices as given, packed or not (findings.ts, packParts)', () => {
    const pairs: [number, number][] = [[0, 0], [1, 2], [65535, 32767], [65536, 0], [0, 32768], [70000, 40000], [-1, -1], [3, 2 ** 29]];
    for (const [pa, pb] of pairs) {
      const overlap = OverlapFinding.of('a', 'b', 0, 1, pa, pb, 0.5, { x: 1, y: 0 }, [{ x: 0, y: 0 }]);
      const tunnelling = ImpactFinding.tunnelling('a', 'b', 0, 1, pa, pb, undefined, 0.1, { x: 0, y: 0 }, { x: 1, y: 0 }, 2, 0.01);
      const collision = ImpactFinding.collision('a', 'b', 0, 1, pa, pb, 'why', 0.1, { x: 0, y: 0 }, { x: 1, y: 0 }, 3);
      for (const f of [overlap, tunnelling, collision, overlap.relabeled('c', 'd', 4, 5), collision.relabeled('c', 'd', 4, 5)]) {
        assert.deepEqual([f.partA, f.partB], [pa, pb], `${f.kind} ${pa} ${pb}`);
      }
    }
    // What the packing is for: six fields, the parts one of them (a 100k-body level keeps ~63k).
    const f = OverlapFinding.of('a', 'b', 0, 1, 2, 3, 0.5, { x: 1, y: 0 }, [{ x: 0, y: 0 }]);
    assert.equal(Object.keys(f).length, 6);
  });

  it("keeps a finding diagnostic's ranges, labels and message through make, at and of, short names packed and long ones spelled (finding-diagnostic.ts)", () => {
    const f = OverlapFinding.of('left', 'right', 0, 1, 0, 2, 0.25, { x: 0, y: 1 }, [{ x: 1, y: 2 }]);
    const g = f.relabeled('left', 'right', 3, 4);
    const impact = ImpactFinding.collision('left', 'right', 0, 1, 0, 0, undefined, 0.5, { x: 0, y: 0 }, { x: 1, y: 0 }, undefined);
    const lengths = [0, 1, 8191, 8192, 100_000];
    for (const n of lengths) {
      for (const m of lengths) {
        for (const related of [true, false]) {
          const start = 1000;
          const relatedStart = related ? 500_000 : -1;
          const relatedEnd = related ? relatedStart + m : -1;
          const labels = LABEL_COMPOUND_A | (m % 2 ? LABEL_RELATED_B : 0) | (n % 2 ? LABEL_INFORMATION : 0);
          const d = FindingDiagnostic.make(f, start, start + n, relatedStart, relatedEnd, labels, undefined);
          const plain = { start: d.start, end: d.end, relatedStart: d.relatedStart, relatedEnd: d.relatedEnd, labels: d.labels, text: d.text };
          assert.deepEqual(plain, { start, end: start + n, relatedStart, relatedEnd, labels, text: undefined }, `${n} ${m} ${related}`);
          assert.equal(d.severity, n % 2 ? 'information' : 'warning');
          assert.equal(d.relatedMessage, m % 2 ? 'right' : 'left');
          assert.equal(d.message, 'right overlaps left by 0.25 (right against part 1 of left): move it by (0, 0.25) to separate');
          assert.deepEqual(d.related, related ? [{ range: { start: relatedStart, end: relatedEnd }, message: d.relatedMessage }] : undefined);
          // Moved: both ends follow, a missing related location stays missing.
          const moved = d.at(7, 7 + m, 20, 20 + n);
          assert.deepEqual([moved.start, moved.end, moved.relatedStart, moved.relatedEnd, moved.labels], [7, 7 + m, related ? 20 : -1, related ? 20 + n : -1, labels]);
          assert.equal(d.at(d.start, d.end, d.relatedStart, d.relatedEnd), d);
          const relabeled = d.of(g);
          assert.equal(relabeled.finding, g);
          assert.deepEqual([relabeled.start, relabeled.end, relabeled.relatedStart, relabeled.relatedEnd, relabeled.labels, relabeled.message], [d.start, d.end, d.relatedStart, d.relatedEnd, d.labels, d.message]);
          // An impact keeps its message, moved or relabeled.
          const i = FindingDiagnostic.make(impact, start, start + n, relatedStart, relatedEnd, LABEL_INFORMATION, 'the words');
          assert.deepEqual([i.end, i.relatedEnd, i.text, i.message, i.code, i.severity], [start + n, relatedEnd, 'the words', 'the words', 'collision', 'information']);
          assert.equal(i.at(1, 2 + n, 3, 4 + m).message, 'the words');
        }
      }
    }
    // Short names: four fields (finding, start, related start, bits), not the seven of a record.
    assert.equal(Object.keys(FindingDiagnostic.make(f, 10, 14, 20, 25, 0, undefined)).length, 4);
  });
});
