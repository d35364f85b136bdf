import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { GhostBumpFinding } from '../../../server/src/analysis/findings';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';

function bumps(text: string): GhostBumpFinding[] {
  return analyzeDocument(text).findings.filter((f): f is GhostBumpFinding => f.kind === 'ghost-bump');
}

function summary(text: string): [string, string, number[], string[]][] {
  return bumps(text).map((f) => [f.a, f.b, [f.seamX, f.seamY], [...f.pieces]]);
}

const FLOOR2 = 'frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 1) at (2, -0.5)\n';

describe('analysis/ghost-bump: seams of flush static pieces', () => {
  it('finds a crate sliding along two flush boxes, at the first time its front reaches the seam', () => {
    const found = bumps(FLOOR2 + 'body crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)');
    assert.equal(found.length, 1);
    const f = found[0]!;
    assert.deepEqual([f.kind, f.a, f.b, f.seamX, f.seamY, [...f.pieces]], ['ghost-bump', 'f1', 'crate', 1, 0, ['f1', 'f2']]);
    // The front (x = 0.25) reaches x = 1 after 0.75 / 3 s.
    assert.ok(Math.abs(f.toi - 0.25) < 1e-12, `${f.toi}`);
    const d = analyzeDocument(FLOOR2 + 'body crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)').diagnostics.find((x) => x.code === 'ghost-bump')!;
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /crate slides along f1 and reaches its seam with f2 at \(1, 0\) at t = 0\.25 s/);
    assert.match(d.message, /one chain along the surface, or by one box when their union is a rectangle/);
    assert.deepEqual(d.related?.map((r) => r.message), ['f1', 'f2']);
  });

  it('finds each seam of three flush boxes that the crate reaches, on the piece it slides on', () => {
    const text = FLOOR2 + 'body f3 static box(2, 1) at (4, -0.5)\nbody crate box(0.5, 0.5) at (0, 0.252) velocity (3, 0)';
    assert.deepEqual(summary(text), [
      ['f1', 'crate', [1, 0], ['f1', 'f2']],
      ['f2', 'crate', [3, 0], ['f2', 'f3']],
    ]);
  });

  it('finds it moving the other way, hovering within slop, and on flush polygons', () => {
    assert.deepEqual(summary(FLOOR2 + 'body crate box(0.5, 0.5) at (2, 0.254) velocity (-3, 0)'), [['f2', 'crate', [1, 0], ['f2', 'f1']]]);
    const polygons = 'frames 60\nbody p1 static polygon((-1, -1), (1, -1), (1, 0), (-1, 0))\nbody p2 static polygon((1, -1), (2, -2), (3, 0), (1, 0))\nbody ball circle(0.3) at (0, 0.3) velocity (2, 0.01)';
    assert.deepEqual(summary(polygons), [['p1', 'ball', [1, 0], ['p1', 'p2']]]);
  });

  it('names the parts of a compound floor', () => {
    const text = 'frames 60\nbody floor static compound(box(2, 1) at (0, -0.5), box(2, 1) at (2, -0.5))\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    assert.deepEqual(summary(text), [['floor', 'crate', [1, 0], ['floor part 1', 'floor part 2']]]);
  });

  it('finds nothing on a single box, a real step, or pieces that do not meet', () => {
    assert.deepEqual(summary('frames 60\nbody one static box(4, 1) at (1, -0.5)\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)'), []);
    const step = 'frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 1.02) at (2, -0.49)\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    assert.deepEqual(summary(step), []);
    // A step within slop is flush.
    assert.equal(summary(step.replace('1.02) at (2, -0.49)', '1.004) at (2, -0.498)')).length, 1);
    const gap = 'frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 1) at (2.1, -0.5)\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    assert.deepEqual(summary(gap), []);
  });

  it('finds nothing on the same floor as a chain or a tile grid, where the one box of flush pieces finds it', () => {
    const crate = '\nbody crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    // Two flush boxes from x = -1 to 3: found (the control case).
    assert.equal(bumps('frames 60\nbody f1 static box(2, 1) at (0, -0.5)\nbody f2 static box(2, 1) at (2, -0.5)' + crate).length, 1);
    // The same top surface as an open chain (solid from above: written right to left) with a
    // vertex at the old seam, and as a closed loop around the same rectangle.
    const chain = analyzeDocument('frames 60\nbody floor static chain((3, 0), (1, 0), (-1, 0))' + crate);
    const loop = analyzeDocument('frames 60\nbody floor static chain((-1, -1), (3, -1), (3, 0), (1, 0), (-1, 0)) loop' + crate);
    // Four cells of one unit, top row at y = 0: the crate slides across three cell seams.
    const grid = analyzeDocument('frames 60\ntiles floor cell 1 at (-1, 0)\n  "####"' + crate);
    for (const [what, a] of [['chain', chain], ['loop', loop], ['grid', grid]] as const) {
      assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], `${what}: no error`);
      assert.deepEqual(a.findings.filter((f) => f.kind === 'ghost-bump'), [], `${what}: no ghost bump`);
    }
  });

  it('finds nothing for a body moving away, too slowly, across the surface, too high, or spinning', () => {
    const cases = [
      'body crate box(0.5, 0.5) at (0, 0.25) velocity (-3, 0)',
      'body crate box(0.5, 0.5) at (0, 0.25) velocity (0.5, 0)',
      'body crate box(0.5, 0.5) at (0.5, 0.25) velocity (1, 3)',
      'body crate box(0.5, 0.5) at (0, 0.3) velocity (3, 0)',
      'body crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0) spin 1',
      'body crate sensor box(0.5, 0.5) at (0, 0.25) velocity (3, 0)',
      'body crate box(0.5, 0.5) at (2, 0.25) velocity (3, 0)',
    ];
    for (const c of cases) assert.deepEqual(summary(FLOOR2 + c), [], c);
    // Just within reach at the end of the interval: 60 frames of 1/60 s at 0.75 units/s.
    assert.equal(summary(FLOOR2 + 'body crate box(0.5, 0.5) at (0, 0.25) velocity (0.76, 0)').length, 1);
  });

  it('is the same from the incremental analyzer after editing a piece or the slider', () => {
    const analyzer = new IncrementalAnalyzer();
    let text = FLOOR2 + 'body crate box(0.5, 0.5) at (0, 0.25) velocity (3, 0)';
    assert.equal(analyzer.analyze(text).findings.length, analyzeDocument(text).findings.length);
    for (const edited of [text.replace('at (2, -0.5)', 'at (2.5, -0.5)'), text.replace('velocity (3, 0)', 'velocity (-3, 0)'), text]) {
      text = edited;
      assert.deepEqual(analyzer.analyze(text).findings, analyzeDocument(text).findings);
    }
  });
});

/**
 * Brute force in the floor's own frame (top at y = 0, seams at the inner edges): the first sample
 * time at which the slider's front along its motion reaches a seam, with its bottom within slop
 * of y = 0 then. Returns that time, null for none, or undefined when a sample lands too close to
 * a boundary of the rule to call it.
 */
function bruteForce(seams: number[], x0: number, y0: number, hw: number, hh: number, vx: number, vy: number, T: number, slop: number): number | null | undefined {
  // At 45° "mostly tangent" is a tie that the rotated scene's rounding decides either way.
  if (Math.abs(Math.abs(vx) - Math.abs(vy)) <= 1e-9 * (Math.abs(vx) + Math.abs(vy))) return undefined;
  if (!(Math.abs(vx) > Math.abs(vy)) || vx === 0) return null;
  const steps = 20000;
  const dt = T / steps;
  let best: number | null = null;
  for (const s of seams) {
    const front0 = vx > 0 ? x0 + hw - s : s - (x0 - hw);
    if (Math.abs(front0) < 1e-6) return undefined;
    if (front0 > 0) continue;
    for (let k = 0; k <= steps; k++) {
      const t = k * dt;
      const front = vx > 0 ? x0 + vx * t + hw - s : s - (x0 + vx * t - hw);
      if (front < 0) continue;
      const gap = y0 + vy * t - hh;
      const margin = Math.abs(vy) * dt + Math.abs(vx) * dt + 1e-6;
      if (Math.abs(Math.abs(gap) - slop) < margin) return undefined;
      if (Math.abs(gap) <= slop) best = best === null ? t : Math.min(best, t);
      break;
    }
    const last = vx > 0 ? x0 + vx * T + hw - s : s - (x0 + vx * T - hw);
    if (Math.abs(last) < Math.abs(vx) * dt + 1e-6) return undefined;
  }
  return best;
}

describe('analysis/ghost-bump: against a brute-force sweep', () => {
  it('finds a bump iff the sampled slider reaches a seam within slop, at the same time, in any rotation', () => {
    let found = 0;
    let none = 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 5, max: 30 }).map((w) => w / 10), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: -3141, max: 3141 }).map((a) => a / 1000),
        fc.record({
          seam: fc.nat({ max: 2 }),
          lead: fc.integer({ min: -300, max: 1300 }).map((l) => l / 1000 + 1e-7),
          hw: fc.integer({ min: 1, max: 5 }).map((h) => h / 10),
          hh: fc.integer({ min: 1, max: 5 }).map((h) => h / 10),
          gap: fc.integer({ min: -1000, max: 1500 }).map((g) => g / 1e5 + 1e-9),
          vx: fc.integer({ min: -4000, max: 4000 }).map((v) => v / 100),
          vy: fc.oneof(fc.integer({ min: -50, max: 50 }).map((v) => v / 1000), fc.integer({ min: -4000, max: 4000 }).map((v) => v / 100)),
          frames: fc.constantFrom(1, 5, 30),
        }),
        (widths, theta, s) => {
          const slop = 0.005;
          const total = widths.reduce((a, b) => a + b, 0);
          const edges = [-total / 2];
          for (const w of widths) edges.push(edges[edges.length - 1]! + w);
          const seams = edges.slice(1, -1);
          const c = Math.cos(theta);
          const sn = Math.sin(theta);
          const rot = (x: number, y: number): string => `(${c * x - sn * y}, ${sn * x + c * y})`;
          const lines = [`frames ${s.frames}`, `slop ${slop}`];
          widths.forEach((w, i) => lines.push(`body f${i} static box(${w}, 1) at ${rot((edges[i]! + edges[i + 1]!) / 2, -0.5)} angle ${theta}`));
          // Placed so that its front reaches a chosen seam at `lead` of the interval (outside it
          // for lead < 0 or > 1).
          const target = seams[s.seam % seams.length]!;
          const travel = Math.abs(s.vx) * (s.frames / 60) * s.lead;
          const x0 = s.vx >= 0 ? target - s.hw - travel : target + s.hw + travel;
          const y0 = s.hh + s.gap;
          lines.push(`body slider box(${2 * s.hw}, ${2 * s.hh}) at ${rot(x0, y0)} angle ${theta} velocity ${rot(s.vx, s.vy)}`);
          const T = s.frames / 60;
          const expected = bruteForce(seams, x0, y0, s.hw, s.hh, s.vx, s.vy, T, slop);
          fc.pre(expected !== undefined);
          const got = bumps(lines.join('\n'));
          if (expected === null) {
            none++;
            assert.deepEqual(got.map((f) => f.toi), []);
          } else {
            found++;
            assert.ok(got.length >= 1, 'a bump');
            const first = Math.min(...got.map((f) => f.toi));
            assert.ok(Math.abs(first - expected) <= T / 20000 + 1e-9, `toi ${first} against ${expected}`);
            for (const f of got) assert.ok(seams.some((x) => Math.hypot(f.seamX - c * x, f.seamY - sn * x) < 1e-9), 'at a seam');
          }
        },
      ),
      { numRuns: 400 },
    );
    assert.ok(found > 20 && none > 20, `${found} found, ${none} none`);
  });
});
