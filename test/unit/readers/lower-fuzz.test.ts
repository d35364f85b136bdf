import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeLevel } from '../../../server/src/analysis/level-analysis';
import type { LevelBody, LevelShape } from '../../../server/src/readers/level-scene';
import { levelBody, levelScene } from './level-fixture';

/** Any double, the ones that break things included; mostly ones a level holds, so that bodies get through. */
const anyNumber = fc.oneof(
  { arbitrary: fc.integer({ min: -50, max: 50 }), weight: 12 },
  { arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }), weight: 4 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.constantFrom(0, -0, 1e9, 1e9 + 1, -1e-320, NaN, Infinity, -Infinity), weight: 1 },
);
const anyShape: fc.Arbitrary<LevelShape> = fc.oneof(
  fc.record({ kind: fc.constant('circle' as const), radius: anyNumber, x: anyNumber, y: anyNumber }),
  fc.record({ kind: fc.constant('box' as const), width: anyNumber, height: anyNumber, x: anyNumber, y: anyNumber, angle: anyNumber }),
  fc.record({ kind: fc.constant('capsule' as const), length: anyNumber, radius: anyNumber, x: anyNumber, y: anyNumber, angle: anyNumber }),
  fc.record({ kind: fc.constant('segment' as const), ax: anyNumber, ay: anyNumber, bx: anyNumber, by: anyNumber }),
  fc.record({ kind: fc.constant('polygon' as const), points: fc.array(anyNumber, { maxLength: 16 }) }),
);
const anyBody: fc.Arbitrary<LevelBody> = fc
  .record({
    name: fc.string({ maxLength: 6 }),
    parts: fc.array(anyShape, { maxLength: 3 }),
    isStatic: fc.boolean(),
    sensor: fc.boolean(),
    bullet: fc.boolean(),
    x: anyNumber,
    y: anyNumber,
    angle: anyNumber,
    vx: anyNumber,
    vy: anyNumber,
    spin: anyNumber,
    layers: fc.option(fc.record({ layer: fc.integer(), mask: fc.integer() }), { nil: undefined }),
  })
  .map(({ name, parts, ...rest }) => levelBody(name, parts, rest.layers === undefined ? { ...rest, layers: undefined } : rest));

describe('readers: lowering whatever a reader hands over', () => {
  it('never throws, and writes nothing the language reports an error on', () => {
    let lowered = 0;
    let parts = 0;
    fc.assert(
      fc.property(fc.array(anyBody, { maxLength: 6 }), anyNumber, anyNumber, anyNumber, (bodies, dt, slop, frames) => {
        const level = levelScene(bodies, { dt, slop, frames });
        const r = analyzeLevel(level, 'level\n');
        // The lowered text's own errors come only from settings the text holds but the
        // language refuses (dt 0, frames 2.5, a negative slop), never from a body.
        const errors = r.analysis.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
        for (const code of errors) assert.match(code, /^invalid-(dt|slop|frames)$|^value-too-large$/, `${code} in\n${r.lowered.text}`);
        for (const d of r.analysis.diagnostics) if (d.code === 'value-too-large') assert.ok(r.lowered.toLevelRange(d.range).start === 0, r.lowered.text);
        assert.equal(r.analysis.semantics.scene.bodies.length, r.lowered.bodies.length);
        lowered += r.lowered.bodies.length;
        for (const b of r.lowered.bodies) parts += b.partCount;
      }),
      { numRuns: 400 },
    );
    assert.ok(lowered > 100 && parts > lowered, `${lowered} bodies, ${parts} parts lowered`);
  });
});
