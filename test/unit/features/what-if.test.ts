import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { finish } from '../../../server/src/common/steps';
import { applyOffsetEdits } from '../../../server/src/features/text-edits';
import { whatIfSteps } from '../../../server/src/features/what-if';
import type { WhatIfResult } from '../../../protocol/preview-lsp';
import { scene } from './fixture';

function whatIf(text: string, substeps: number): { result: WhatIfResult; edited: string } {
  const doc = scene(text);
  const result = finish(whatIfSteps(doc, substeps));
  const edited = applyOffsetEdits(
    text,
    result.edits.map((e) => ({ range: { start: e.start, end: e.end }, newText: e.text })),
  );
  return { result, edited };
}

/** The impact findings of a fresh analysis of `text`, by pair. */
function impacts(text: string): Map<string, { kind: string; toi: number }> {
  const doc = scene(text);
  const out = new Map<string, { kind: string; toi: number }>();
  for (const f of doc.analysis.findings) if (f.kind === 'tunnelling' || f.kind === 'collision') out.set(`${f.a} ${f.b}`, { kind: f.kind, toi: f.toi });
  return out;
}

describe('features/what-if: a finer step, without editing the file until asked', () => {
  it('tells which tunnelling findings a step of dt ÷ 4 catches, and edits dt and frames to match', () => {
    // The shot crosses the wall in 0.1 / 600 s plus its diameter: about a fifth of a step. At
    // 120 units/s the ball crosses in 0.6 / 120 = 0.005 s, less than a step but more than a quarter.
    const text = [
      '// two walls',
      'dt 1/60',
      'body wall static box(0.1, 4) at (2, 0)',
      'body shot circle(0.05) at (-1, 0) velocity (600, 0)',
      'body wall2 static box(0.1, 4) at (2, 10)',
      'body ball circle(0.25) at (1.3, 10) velocity (120, 0)',
      '',
    ].join('\n');
    const before = impacts(text);
    assert.equal(before.get('wall ball')?.kind, undefined);
    const { result, edited } = whatIf(text, 4);
    assert.deepEqual(
      result.outcomes.map((o) => [o.a, o.b, o.becomes]),
      [...before].filter(([, f]) => f.kind === 'tunnelling').map(([k]) => [...k.split(' '), result.outcomes.find((o) => `${o.a} ${o.b}` === k)!.becomes]),
    );
    assert.ok(result.outcomes.length >= 2, JSON.stringify(result.outcomes));
    assert.equal(result.dt, 1 / 60 / 4);
    assert.equal(result.frames, 4);
    assert.match(edited, /^\/\/ two walls\ndt \(1\/60\) \/ 4\nframes 4\nbody wall /);
    const after = impacts(edited);
    for (const o of result.outcomes) assert.equal(after.get(`${o.a} ${o.b}`)?.kind, o.becomes, `${o.a} ${o.b}`);
    // The slow ball is caught by the finer steps; the shot needs more.
    assert.deepEqual(result.outcomes.find((o) => o.b === 'ball')?.becomes, 'collision');
  });

  it('writes a literal dt as the quotient, adds a missing dt, and keeps the look-ahead', () => {
    assert.match(whatIf('dt 0.01\nframes 3\nbody w static box(0.1, 4) at (2, 0)\n', 2).edited, /^dt 0\.005\nframes 6\n/);
    assert.match(whatIf('body w static box(0.1, 4) at (2, 0)\n', 8).edited, /^dt 1\/60 \/ 8\nframes 8\nbody w/);
    assert.deepEqual(whatIf('frames 100000\nbody w static box(1, 1)\n', 2).result.edits, [], 'past the largest frames: nothing to apply');
  });

  it('agrees with a fresh analysis of the edited file, over random scenes', () => {
    let tunnelling = 0;
    let caught = 0;
    const mover = fc.record({
      r: fc.integer({ min: 1, max: 6 }),
      y: fc.integer({ min: -20, max: 20 }),
      x: fc.integer({ min: -40, max: 10 }),
      v: fc.integer({ min: 30, max: 900 }),
      spin: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(mover, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(2, 4, 8, 16),
        fc.constantFrom('1/60', '0.02', '1/30'),
        (movers, frames, n, dt) => {
          const lines = [`dt ${dt}`, `frames ${frames}`, 'body wall static box(0.2, 6) at (3, 0)', 'body post static circle(0.3) at (6, 1)'];
          movers.forEach((m, i) => lines.push(`body m${i} circle(${m.r / 20}) at (${m.x / 10}, ${m.y / 10}) velocity (${m.v}, 0) spin ${m.spin}`));
          const text = lines.join('\n') + '\n';
          const { result, edited } = whatIf(text, n);
          const after = impacts(edited);
          for (const o of result.outcomes) {
            tunnelling++;
            if (o.becomes === 'collision') caught++;
            const f = after.get(`${o.a} ${o.b}`);
            assert.equal(f?.kind ?? 'none', o.becomes, `${o.a} ${o.b}\n${edited}`);
            if (f) assert.equal(f.toi, o.toi, `${o.a} ${o.b}`);
          }
        },
      ),
      { numRuns: 60 },
    );
    assert.ok(tunnelling > 10 && caught > 0 && caught < tunnelling, `tunnelling findings checked: ${tunnelling}, caught: ${caught}`);
  });
});
