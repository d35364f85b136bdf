import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { byPosition } from '../../../server/src/common/diagnostic';
import { analyzeLevel, mapLevelAnalysis } from '../../../server/src/analysis/level-analysis';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { annotatedText, lowerLevel } from '../../../server/src/readers/lower';
import { LineIndex } from '../../../server/src/syntax/positions';
import type { LevelBody, LevelShape } from '../../../server/src/readers/level-scene';
import { box, capsule, circle, levelBody, levelScene, placedLevel, polygon, segment } from '../readers/level-fixture';

const slice = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);

describe('analysis: a level analyzed through its lowered text', () => {
  it('names findings by the level names and puts their diagnostics on the level bodies', () => {
    const { text, bodies } = placedLevel([
      levelBody('Walls/Wall3', [box(100, 10)], { isStatic: true }),
      levelBody('Objects#12', [circle(8)], { y: 5 }),
      levelBody('Objects#13', [circle(1)], { x: 40, y: -100, vy: 60 * 300 }),
    ]);
    const r = analyzeLevel(levelScene(bodies), text);
    assert.deepEqual(
      r.findings.map((f) => [f.kind, f.a, f.b]),
      [
        ['overlap', 'Walls/Wall3', 'Objects#12'],
        ['tunnelling', 'Walls/Wall3', 'Objects#13'],
      ],
    );
    const [overlap, tunnelling] = r.diagnostics;
    assert.equal(overlap!.code, 'overlap');
    assert.equal(slice(text, overlap!.range), 'Objects#12');
    assert.equal(overlap!.message, 'Objects#12 overlaps Walls/Wall3 by 8: move it by (0, 8) to separate');
    assert.deepEqual(
      overlap!.related?.map((x) => [slice(text, x.range), x.message]),
      [['Walls/Wall3', 'Walls/Wall3']],
    );
    assert.equal(tunnelling!.code, 'tunnelling');
    assert.equal(slice(text, tunnelling!.range), 'Objects#13');
    assert.match(tunnelling!.message, /^Objects#13 passes through Walls\/Wall3 between two step ends.*mark Objects#13 as a bullet/);
    assert.deepEqual(
      tunnelling!.related?.map((x) => slice(text, x.range)),
      ['Walls/Wall3'],
    );
    assert.equal(r.diagnostics.length, 2);
    assert.deepEqual(r.lines.positionAt(overlap!.range.start), { line: 2, character: 0 });
  });

  it('says which cell of a tile layer, and which part of a body of several parts', () => {
    const cell = (c: number, r: number, x: number) => ({ shape: box(16, 16, x, 0), range: { start: 0, end: 0 }, cell: [c, r] as const, label: `cell (${c}, ${r})` });
    const { text, bodies } = placedLevel([
      levelBody('Ground', [cell(0, 0, 8), cell(1, 0, 24), cell(2, 0, 40)], { isStatic: true }),
      levelBody('Player', [{ shape: circle(4), range: { start: 0, end: 0 }, label: 'Head' }, { shape: circle(4, 0, 12), range: { start: 0, end: 0 }, label: 'Feet' }], { x: 24, y: -14 }),
      levelBody('Bullet', [circle(1)], { x: 40, y: -100, vy: 60 * 400 }),
    ]);
    const r = analyzeLevel(levelScene(bodies), text);
    const overlap = r.diagnostics.find((d) => d.code === 'overlap')!;
    assert.match(overlap.message, /^Player overlaps Ground by [\d.]+ \(Feet of Player against cell \(1, 0\) of Ground\)/);
    assert.equal(slice(text, overlap.range), 'Player');
    const through = r.diagnostics.find((d) => d.code === 'tunnelling')!;
    assert.match(through.message, /^Bullet passes through Ground at cell \(2, 0\) between/);
    assert.equal(slice(text, through.range), 'Bullet');
    assert.deepEqual(through.related?.map((x) => x.message), ['Ground']);
  });

  it('names a ghost bump on a tile layer by the level names and the cells of its seam', () => {
    // Three flush 16-pixel cells of one static layer, y down; a crate resting on them slides right
    // and reaches the seam between cells (1, 0) and (2, 0) within the step.
    const cell = (c: number) => ({ shape: box(16, 16, 16 * c + 8, 8), range: { start: 0, end: 0 }, label: `cell (${c}, 0)`, cell: [c, 0] as const });
    const { text, bodies } = placedLevel([
      levelBody('Ground', [cell(0), cell(1), cell(2)], { isStatic: true }),
      levelBody('Crate', [box(10, 10)], { x: 26, y: -5, vx: 60 * 4 }),
    ]);
    const r = analyzeLevel(levelScene(bodies), text);
    const bumps = r.findings.filter((f) => f.kind === 'ghost-bump');
    assert.equal(bumps.length, 1, r.findings.map((f) => f.kind).join(', '));
    const bump = bumps[0]!;
    assert.ok(bump.kind === 'ghost-bump');
    assert.deepEqual([bump.a, bump.b, [...bump.pieces], bump.seamX, bump.seamY], ['Ground', 'Crate', ['Ground cell (1, 0)', 'Ground cell (2, 0)'], 32, 0]);
    const d = r.diagnostics.find((x) => x.code === 'ghost-bump')!;
    assert.equal(slice(text, d.range), 'Crate');
    assert.match(d.message, /^Crate slides along Ground cell \(1, 0\) and reaches its seam with Ground cell \(2, 0\) at \(32, 0\)/);
    assert.deepEqual(d.related?.map((x) => slice(text, x.range)), ['Ground', 'Ground']);
  });

  it('puts the diagnostics in position order when the level names its bodies out of order too', () => {
    const { text, bodies } = placedLevel([levelBody('A', [circle(1)]), levelBody('B', [circle(1)], { x: 0.5 }), levelBody('C', [circle(1)], { x: 1 })]);
    // The same bodies, declared in the reverse order of their places in the text.
    const r = analyzeLevel(levelScene([...bodies].reverse()), text);
    assert.deepEqual(
      r.diagnostics.map((d) => slice(text, d.range)),
      ['A', 'A', 'B'],
    );
    assert.deepEqual(
      r.findings.map((f) => [f.a, f.b]),
      [
        ['C', 'B'],
        ['C', 'A'],
        ['B', 'A'],
      ],
    );
  });

  it('says the cell of a tile layer of one cell, and the number of an unlabeled part', () => {
    const { text, bodies } = placedLevel([
      levelBody('Ground', [{ shape: box(16, 16, 8, 8), range: { start: 0, end: 0 }, cell: [5, 6] as const }], { isStatic: true }),
      levelBody('Crate', [circle(1, 100, 100), circle(4, 8, 0)]),
    ]);
    const r = analyzeLevel(levelScene(bodies), text);
    assert.deepEqual(
      r.diagnostics.map((d) => d.message.replace(/ by .*/, '')),
      ['Crate overlaps Ground'],
    );
    assert.match(r.diagnostics[0]!.message, /\(part 2 of Crate against cell \(5, 6\) of Ground\)/);
  });

  it("keeps the reader's diagnostics and lowering's, and maps the lowered text's onto the level body, in position order", () => {
    const { text, bodies } = placedLevel([
      levelBody('Crate', [polygon(0, 0, 1, 1, 2, 2)]),
      levelBody('Door', [box(1, 1)], { isStatic: true, vx: 3 }),
    ]);
    const readerSays = { range: { start: 0, end: 7 }, severity: 'warning' as const, code: 'reader-said', message: 'from the reader' };
    const r = analyzeLevel(levelScene(bodies, { diagnostics: [readerSays] }), text);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, slice(text, d.range)]),
      [
        ['reader-said', '<level>'],
        ['level-body-empty', 'Crate'],
        ['polygon-zero-area', 'part0'],
        ['static-motion', 'Door part0'],
      ],
    );
    assert.equal(r.findings.length, 0);
  });

  it('names findings right when semantics leaves a lowered body out of the scene (its indices shift)', () => {
    const { text, bodies } = placedLevel([levelBody('A', [circle(1)]), levelBody('B', [circle(2)], { x: 10 }), levelBody('C', [circle(1)], { x: 20 }), levelBody('D', [circle(1)], { x: 20.5 })]);
    const lowered = lowerLevel(levelScene(bodies), text);
    // The same text with B's circle broken, as no level lowers today: semantics drops B.
    const broken = lowered.text.replace('circle(2)', 'circle(0)');
    const r = mapLevelAnalysis(lowered, analyzeDocument(broken), new LineIndex(text));
    assert.deepEqual(
      r.findings.map((f) => [f.a, f.b, f.ia, f.ib, r.bodyOf(f.ia)?.name, r.bodyOf(f.ib)?.name]),
      [['C', 'D', 1, 2, 'C', 'D']],
    );
    const overlap = r.diagnostics.find((d) => d.code === 'overlap')!;
    assert.equal(slice(text, overlap.range), 'D');
  });

  it('gives the findings of the converted scene, names mapped through the table (random levels)', () => {
    let findings = 0;
    let dropped = 0;
    fc.assert(
      fc.property(levelArbitrary, (bodies) => {
        const { text, bodies: placed } = placedLevel(bodies);
        const r = analyzeLevel(levelScene(placed), text);
        findings += r.findings.length;
        dropped += r.lowered.diagnostics.length;
        // Lowering hands the language only what it takes: no diagnostic of the lowered text's own.
        assert.deepEqual(
          r.analysis.diagnostics.filter((d) => !['overlap', 'tunnelling', 'collision', 'analysis-not-converged'].includes(d.code)).map((d) => d.message),
          [],
        );
        const table = r.lowered.names.byIdentifier;
        const converted = analyzeDocument(annotatedText(r.lowered));
        const key = (f: { kind: string; a: string; b: string; ia: number; ib: number; data: readonly number[] }) => JSON.stringify([f.kind, f.a, f.b, f.ia, f.ib, f.data]);
        assert.deepEqual(
          r.findings.map(key),
          converted.findings.map((f) => key({ kind: f.kind, a: table.get(f.a)!, b: table.get(f.b)!, ia: f.ia, ib: f.ib, data: f.data })),
        );
        // Every finding's diagnostic sits on a level body's name, inside the level text.
        const names = new Set(placed.map((b) => `${b.nameRange.start}:${b.nameRange.end}`));
        const findingDiagnostics = r.diagnostics.filter((d) => ['overlap', 'tunnelling', 'collision', 'analysis-not-converged'].includes(d.code));
        assert.equal(findingDiagnostics.length, r.findings.length);
        for (const d of r.diagnostics) assert.ok(d.range.start >= 0 && d.range.end <= text.length);
        for (let k = 1; k < r.diagnostics.length; k++) assert.ok(byPosition(r.diagnostics[k - 1]!, r.diagnostics[k]!) <= 0, 'in position order');
        for (const d of findingDiagnostics) assert.ok(names.has(`${d.range.start}:${d.range.end}`), d.message);
      }),
      { numRuns: 150 },
    );
    assert.ok(findings > 50, `${findings} findings`);
    assert.ok(dropped > 0, 'some unusable parts among the random ones');
  });
});

// Mostly small integers, so that bodies meet; some doubles of any size the language takes.
const coordinate = fc.oneof({ arbitrary: fc.integer({ min: -20, max: 20 }), weight: 4 }, { arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }), weight: 1 });
const size = fc.integer({ min: 1, max: 8 });
const shapeArbitrary: fc.Arbitrary<LevelShape> = fc.oneof(
  fc.tuple(size, coordinate, coordinate).map(([r, x, y]) => circle(r, x / 4, y / 4)),
  fc.tuple(size, size, coordinate, coordinate, fc.integer({ min: -3, max: 3 })).map(([w, h, x, y, a]) => box(w, h, x / 4, y / 4, a / 2)),
  fc.tuple(fc.integer({ min: 0, max: 8 }), size, fc.integer({ min: -3, max: 3 })).map(([l, r, a]) => capsule(l, r, 0, 0, a / 2)),
  fc.tuple(coordinate, coordinate, coordinate, coordinate).map(([a, b, c, d]) => segment(a, b, c, d)),
  fc.array(coordinate, { minLength: 6, maxLength: 14 }).map((xs) => polygon(...(xs.length % 2 ? xs.slice(1) : xs))),
);
const nameArbitrary = fc.constantFrom('Walls/Wall3', 'Walls#Wall3', 'Player', 'Objects#1', 'body', '1st', 'a b', 'Player');
const levelArbitrary: fc.Arbitrary<LevelBody[]> = fc.array(
  fc.record({
    name: nameArbitrary,
    parts: fc.array(shapeArbitrary, { minLength: 0, maxLength: 3 }),
    isStatic: fc.boolean(),
    x: coordinate,
    y: coordinate,
    angle: fc.integer({ min: -6, max: 6 }),
    vx: fc.integer({ min: -2000, max: 2000 }),
    vy: fc.integer({ min: -2000, max: 2000 }),
    spin: fc.constantFrom(0, 0, 3, -40),
  }),
  { minLength: 2, maxLength: 8 },
).map((records) =>
  records.map((b) =>
    levelBody(b.name, b.parts, { isStatic: b.isStatic, x: b.x, y: b.y, angle: b.angle / 3, vx: b.isStatic ? 0 : b.vx, vy: b.isStatic ? 0 : b.vy, spin: b.isStatic ? 0 : b.spin }),
  ),
);
