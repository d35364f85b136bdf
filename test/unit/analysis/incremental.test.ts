import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BROAD_PHASE_KINDS } from '../../../core';
import type { BroadPhaseKind } from '../../../core';
import type { AnalysisOptions } from '../../../server/src/analysis/analyze';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';
import { bodyArb, bodyLine, sceneArb, settingsArb, settingsLines, type BodySpec, type Settings } from './scenes';

/** The incremental result must be the from-scratch result, findings and diagnostics alike. */
function assertSame(actual: DocumentAnalysis, expected: DocumentAnalysis, what: string): void {
  assert.deepStrictEqual(actual.findings, expected.findings, `findings after ${what}`);
  assert.deepStrictEqual(actual.diagnostics, expected.diagnostics, `diagnostics after ${what}`);
}

/** Read through a function: assertions must not narrow the analyzer's stats between runs. */
function modeOf(a: IncrementalAnalyzer): string | undefined {
  return a.stats?.mode;
}

type Line = { readonly body: BodySpec } | { readonly raw: string };

interface Doc {
  settings: Settings;
  lines: Line[];
}

function render(doc: Doc): string {
  return [...settingsLines(doc.settings), ...doc.lines.map((l) => ('body' in l ? bodyLine(l.body) : l.raw))].join('\n');
}

const BROKEN = [
  'body broken circle(1 at (',
  'body',
  ')) garbage ((',
  'let = 3',
  'body half box(1,',
  '/* unterminated',
  // Chains and tile grids, whole or broken: rows holding keywords, slashes, bad characters, an
  // unterminated row (a truncation makes more).
  'body rail static chain((6, -1), (-6, -1), (-6, 3))',
  'body ring static chain((0, 0), (2, 0), (2, 2), (0, 2)) loop',
  'body dyn chain((0, 0), (1, 1))',
  'tiles g cell 0.5 at (-3, 3) "##../" "#body#" "/\\F7##"',
  'tiles h cell (1, 0.5) at (-6, 0)\n  "######"\n  "#.//.#"\n  "##7F##"',
  'tiles bad cell 1 at (0, 0) "#x#" "## body b circle(1)',
];

/** One edit, drawn with its random parts; `apply` maps it onto whatever the document is then. */
type Edit =
  | { op: 'insert'; at: number; body: BodySpec; duplicateOf: number | null }
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; body: BodySpec }
  | { op: 'rename'; at: number; suffix: number }
  | { op: 'velocity'; at: number; vx: number; vy: number }
  | { op: 'nudge'; at: number; dx: number }
  | { op: 'move'; from: number; to: number }
  | { op: 'settings'; settings: Settings }
  | { op: 'break'; at: number; text: string }
  | { op: 'truncate'; at: number; keep: number }
  | { op: 'options'; continuous: boolean; broadPhase: BroadPhaseKind };

const index = fc.nat({ max: 1000 });
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('insert' as const), at: index, body: bodyArb('x'), duplicateOf: fc.option(index, { freq: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), at: index }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('replace' as const), at: index, body: bodyArb('x') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rename' as const), at: index, suffix: fc.nat({ max: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('velocity' as const), at: index, vx: fc.integer({ min: -700, max: 700 }), vy: fc.integer({ min: -30, max: 30 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('nudge' as const), at: index, dx: fc.integer({ min: -20, max: 20 }).map((d) => d / 10) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), from: index, to: index }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settings' as const), settings: settingsArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('break' as const), at: index, text: fc.constantFrom(...BROKEN) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: index, keep: fc.nat({ max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('options' as const), continuous: fc.boolean(), broadPhase: fc.constantFrom(...BROAD_PHASE_KINDS) }) },
);

/**
 * A static floor box of whole width with its top at y = 0 and whole edges (so that neighbors
 * meet flush), or a crate sliding along y = 0, resting, hovering within slop or above it.
 */
function floorBodyArb(name: string): fc.Arbitrary<BodySpec> {
  const base = { name, angle: 0, spin: 0, layer: null };
  return fc.oneof(
    fc.record({ w: fc.integer({ min: 1, max: 3 }), x: fc.integer({ min: -4, max: 4 }) }).map(({ w, x }) => ({ ...base, modifiers: ['static' as const], shape: `box(${w}, 1)`, x: x + w / 2, y: -0.5, vx: 0, vy: 0 })),
    fc
      .record({ x: fc.integer({ min: -10, max: 10 }), vx: fc.integer({ min: -80, max: 80 }), vy: fc.integer({ min: -1, max: 1 }), gap: fc.constantFrom(0, 0.002, 0.004, 0.01) })
      .map(({ x, vx, vy, gap }) => ({ ...base, modifiers: [], shape: 'box(0.5, 0.5)', x: x / 2, y: 0.25 + gap, vx, vy })),
  );
}

let fresh = 0;

function apply(doc: Doc, e: Edit, options: { continuous: boolean; broadPhase: BroadPhaseKind }): void {
  const n = doc.lines.length;
  const bodyAt = (at: number): number => {
    const idx = doc.lines.map((l, i) => ('body' in l ? i : -1)).filter((i) => i >= 0);
    return idx.length ? idx[at % idx.length]! : -1;
  };
  switch (e.op) {
    case 'insert': {
      const dup = e.duplicateOf !== null ? bodyAt(e.duplicateOf) : -1;
      const name = dup >= 0 ? (doc.lines[dup] as { body: BodySpec }).body.name : `n${fresh++}`;
      doc.lines.splice(e.at % (n + 1), 0, { body: { ...e.body, name } });
      break;
    }
    case 'delete':
      if (n) doc.lines.splice(e.at % n, 1);
      break;
    case 'replace': {
      const i = bodyAt(e.at);
      if (i >= 0) doc.lines[i] = { body: { ...e.body, name: (doc.lines[i] as { body: BodySpec }).body.name } };
      break;
    }
    case 'rename': {
      const i = bodyAt(e.at);
      if (i >= 0) {
        const b = (doc.lines[i] as { body: BodySpec }).body;
        doc.lines[i] = { body: { ...b, name: e.suffix === 0 ? `r${fresh++}` : `${b.name}_${e.suffix}` } };
      }
      break;
    }
    case 'velocity':
    case 'nudge': {
      const i = bodyAt(e.at);
      if (i >= 0) {
        const b = (doc.lines[i] as { body: BodySpec }).body;
        doc.lines[i] = { body: e.op === 'velocity' ? { ...b, vx: e.vx, vy: e.vy } : { ...b, x: Math.round((b.x + e.dx) * 10) / 10 } };
      }
      break;
    }
    case 'move':
      if (n) {
        const [l] = doc.lines.splice(e.from % n, 1);
        doc.lines.splice(e.to % n, 0, l!);
      }
      break;
    case 'settings':
      doc.settings = e.settings;
      break;
    case 'break':
      doc.lines.splice(e.at % (n + 1), 0, { raw: e.text });
      break;
    case 'truncate':
      if (n) {
        const i = e.at % n;
        const l = doc.lines[i]!;
        const text = 'body' in l ? bodyLine(l.body) : l.raw;
        doc.lines[i] = { raw: text.slice(0, e.keep) };
      }
      break;
    case 'options':
      options.continuous = e.continuous;
      options.broadPhase = e.broadPhase;
      break;
  }
}

/**
 * Applies `edits` to `doc` one by one, analyzing each text both incrementally and from scratch
 * and asserting the two agree; `step` sees each step's from-scratch result and the analyzer.
 */
function replay(doc: Doc, edits: readonly Edit[], broadPhase: BroadPhaseKind, step: (expected: DocumentAnalysis, analyzer: IncrementalAnalyzer) => void): void {
  const options = { continuous: true, broadPhase };
  const analyzer = new IncrementalAnalyzer();
  let text = render(doc);
  assertSame(analyzer.analyze(text, options), analyzeDocument(text, options), 'the first text');
  for (const e of edits) {
    apply(doc, e, options);
    text = render(doc);
    const expected = analyzeDocument(text, options);
    assertSame(analyzer.analyze(text, { ...options }), expected, `${e.op}:\n${text}`);
    step(expected, analyzer);
  }
}

describe('analysis/incremental: equal to a from-scratch analysis', () => {
  it('after every step of random edit sequences (bodies, names, motion, order, settings, broken syntax, options)', () => {
    let incrementalRuns = 0;
    let withFindings = 0;
    fc.assert(
      fc.property(sceneArb(12), fc.array(editArb, { minLength: 1, maxLength: 12 }), ({ settings, bodies }, edits) => {
        const doc: Doc = { settings, lines: bodies.map((body) => ({ body })) };
        replay(doc, edits, 'dynamic-tree', (expected, analyzer) => {
          if (analyzer.stats?.mode === 'incremental') incrementalRuns++;
          if (expected.findings.length > 0) withFindings++;
        });
      }),
      { numRuns: 250 },
    );
    // Guard against a vacuous property: most runs must have been incremental, with findings.
    assert.ok(incrementalRuns > 900, `${incrementalRuns} incremental runs`);
    assert.ok(withFindings > 400, `${withFindings} steps with findings`);
  });

  it('with tile grids: an edit inside a row, and a row holding a keyword, give the from-scratch result', () => {
    const analyzer = new IncrementalAnalyzer();
    const rows = ['"##########"', '"#........#"', '"#../##\\..#"', '"##########"'];
    const text = (r: string[]) => ['frames 20', 'tiles ground cell 1 at (-5, 2)', ...r.map((x) => `  ${x}`), 'body ball circle(0.4) at (0, 0.6) velocity (3, -40)', 'body c box(1, 1) at (2, -1.3)', 'body rail static chain((9, -3), (-9, -3))', 'body d circle(0.3) at (5, -2.8) velocity (0, -50)'].join('\n');
    const versions = [
      text(rows),
      text([rows[0]!, '"#...#....#"', rows[2]!, rows[3]!]),
      text([rows[0]!, '"#..body..#"', rows[2]!, rows[3]!]),
      text([rows[0]!, '"#..body..#', rows[2]!, rows[3]!]),
      text([rows[0]!, '"#........#"', '"#..let = 3"', rows[3]!]),
      text(rows),
    ];
    let withFindings = 0;
    for (const v of versions) {
      const expected = analyzeDocument(v);
      assertSame(analyzer.analyze(v), expected, v);
      if (expected.findings.some((f) => f.cell !== undefined)) withFindings++;
    }
    assert.ok(withFindings >= 3, `${withFindings} versions with cell findings`);
  });

  it('with an unterminated row after a `let` broken above it, then an options change', () => {
    const doc: Doc = { settings: { dt: '1/60', frames: 1, slop: '0.005', layers: false }, lines: [] };
    const edits: Edit[] = [
      { op: 'break', at: 0, text: 'tiles bad cell 1 at (0, 0) "#x#" "## body b circle(1)' },
      { op: 'insert', at: 0, body: { name: 'x', modifiers: [], shape: 'box(0.1, 0.1)', x: 0, y: 0, angle: 0, vx: 0, vy: 0, spin: 0, layer: 'red' }, duplicateOf: null },
      { op: 'break', at: 166, text: 'let = 3' },
      { op: 'options', continuous: false, broadPhase: 'dynamic-tree' },
    ];
    const options = { continuous: true, broadPhase: 'dynamic-tree' as BroadPhaseKind };
    const analyzer = new IncrementalAnalyzer();
    let text = render(doc);
    assertSame(analyzer.analyze(text, options), analyzeDocument(text, options), 'the first text');
    let unterminated = 0;
    for (const e of edits) {
      apply(doc, e, options);
      text = render(doc);
      const expected = analyzeDocument(text, options);
      assertSame(analyzer.analyze(text, { ...options }), expected, `${e.op}:\n${text}`);
      unterminated += expected.diagnostics.filter((d) => 'code' in d && d.code === 'syntax-unterminated-string').length;
    }
    // One per step: the row is never closed in any of the four texts, and reported once in each.
    assert.equal(unterminated, edits.length);
  });

  it('with a quote typed or removed before a statement on the same line', () => {
    const sequences = [
      ['body a circle(1) body b circle(2) at (1, 0)\nbody c circle(1) at (0.5, 0)', 'body a circle(1) "body b circle(2) at (1, 0)\nbody c circle(1) at (0.5, 0)', 'body a circle(1) "body b circle(2) at (1, 0)"\nbody c circle(1) at (0.5, 0)', 'body a circle(1) body b circle(2) at (1, 0)\nbody c circle(1) at (0.5, 0)'],
      ['tiles g cell 1 at (0, 1) "###" body b circle(0.5) at (1, 1.2)', 'tiles g cell 1 at (0, 1) "###  body b circle(0.5) at (1, 1.2)', 'tiles g cell 1 at (0, 1) "##"  body b circle(0.5) at (1, 1.2)', 'tiles g cell 1 at (0, 1) "##""  body b circle(0.5) at (1, 1.2)'],
    ];
    let findings = 0;
    for (const versions of sequences) {
      const analyzer = new IncrementalAnalyzer();
      for (const v of versions) {
        const expected = analyzeDocument(v);
        assertSame(analyzer.analyze(v), expected, v);
        findings += expected.findings.length;
      }
    }
    assert.ok(findings >= 6, `${findings} findings`);
  });

  it('after random edits of flush static floors and bodies sliding along them (ghost bumps)', () => {
    let withBumps = 0;
    let incrementalRuns = 0;
    const floorEditArb: fc.Arbitrary<Edit> = fc.oneof(
      { weight: 3, arbitrary: editArb },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: index, body: floorBodyArb('x'), duplicateOf: fc.constant(null) }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('replace' as const), at: index, body: floorBodyArb('x') }) },
    );
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(floorBodyArb('x'), { minLength: 2, maxLength: 10 }),
        fc.array(floorEditArb, { minLength: 1, maxLength: 10 }),
        (settings, bodies, edits) => {
          const doc: Doc = { settings, lines: bodies.map((body, i) => ({ body: { ...body, name: `g${i}` } })) };
          replay(doc, edits, 'grid', (expected, analyzer) => {
            if (analyzer.stats?.mode === 'incremental') incrementalRuns++;
            if (expected.findings.some((f) => f.kind === 'ghost-bump')) withBumps++;
          });
        },
      ),
      { numRuns: 150 },
    );
    assert.ok(incrementalRuns > 300, `${incrementalRuns} incremental runs`);
    assert.ok(withBumps > 30, `${withBumps} steps with ghost bumps`);
  });

  it('breaks a tie between seams of pieces laid twice in one place as a from-scratch analysis does', () => {
    // A case the ghost-bump property found: g2 and g4 are the same static box, so a body sliding
    // off g1 reaches both seams at once; seams reused across edits must not decide which is named.
    const box = (name: string, x: number, y: number, modifiers: string[], size: number, vx = 0): BodySpec =>
      ({ name, angle: 0, spin: 0, layer: null, modifiers, shape: `box(${size}, ${size})`, x, y, vx, vy: 0 }) as BodySpec;
    const settings = { dt: '1/60', frames: 1, slop: '0.005', layers: false } as Settings;
    const bodies = [box('g0', 1.5, 0.25, [], 0.5, -15), box('g1', 1.5, -0.5, ['static'], 1), box('g2', 0.5, -0.5, ['static'], 1), box('g3', 0, 0.25, [], 0.5), box('g4', 0.5, -0.5, ['static'], 1)];
    const edits = [
      { op: 'insert', at: 162, body: box('x', 0, 0.25, [], 0.5), duplicateOf: null },
      { op: 'move', from: 551, to: 0 },
      { op: 'velocity', at: 0, vx: 0, vy: 0 },
    ] as Edit[];
    let bumps = 0;
    replay({ settings, lines: bodies.map((body) => ({ body })) }, edits, 'grid', (expected) => {
      bumps += expected.findings.filter((f) => f.kind === 'ghost-bump').length;
    });
    assert.ok(bumps > 0, 'the case has ghost bumps');
  });

  it('re-tests only the pairs of the edited body and reuses the rest', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `body b${i} box(1, 1) at (${(i % 20) * 1.5}, ${Math.floor(i / 20) * 1.5}) velocity (${i % 7 === 0 ? 40 : 0}, 0)`);
    const analyzer = new IncrementalAnalyzer();
    const first = analyzer.analyze(lines.join('\n'));
    assert.equal(analyzer.stats?.mode, 'full');
    assert.ok(first.findings.length > 0);
    lines[105] = 'body b105 box(1, 1) at (7.9, 7.5) velocity (60, 0)';
    const text = lines.join('\n');
    const second = analyzer.analyze(text);
    const s = analyzer.stats!;
    assert.deepEqual([s.mode, s.added, s.removed, s.changed, s.reordered], ['incremental', 0, 0, 1, 0]);
    assert.ok(s.testedPairs > 0 && s.testedPairs < 10, `${s.testedPairs} pair tests`);
    assertSame(second, analyzeDocument(text), 'one body moved');
  });

  it('relabels cached findings with the current indices and ranges when lines above are inserted', () => {
    const text = 'dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)';
    const analyzer = new IncrementalAnalyzer();
    const before = analyzer.analyze(text);
    assert.deepEqual(before.findings.map((f) => [f.kind, f.ia, f.ib]), [['tunnelling', 0, 1]]);
    const edited = '// a comment that shifts every range\nbody far circle(1) at (50, 50)\n' + text;
    const after = analyzer.analyze(edited);
    assert.equal(analyzer.stats?.testedPairs, 0, 'the new body has no candidate, the old pair is reused');
    assert.deepEqual(after.findings.map((f) => [f.kind, f.ia, f.ib]), [['tunnelling', 1, 2]]);
    assertSame(after, analyzeDocument(edited), 'an insertion above');
  });

  it('hands back the same finding diagnostic while its bodies stay put, and one new copy once they move', () => {
    const lines = ['body floor static box(20, 1) at (0, -0.5)', 'body crate box(1, 1) at (0, 0.4)', 'body shot circle(0.05) at (-5, 3) velocity (600, 0)', 'body wall static box(0.1, 4) at (2, 3)', 'body tail circle(1) at (50, 50)'];
    const analyzer = new IncrementalAnalyzer();
    const first = analyzer.analyze(lines.join('\n'));
    assert.deepEqual(first.findings.map((f) => f.kind), ['overlap', 'tunnelling']);
    const [overlap, tunnel] = first.diagnostics.filter((d) => d.code === 'overlap' || d.code === 'tunnelling');
    // An edit below both pairs (after `tail`, which the edit re-reads): nothing of theirs moved,
    // the very objects come back.
    const below = analyzer.analyze([...lines, 'body far circle(1) at (90, 90)'].join('\n'));
    assert.ok(below.diagnostics.includes(overlap!) && below.diagnostics.includes(tunnel!));
    // A line above: new objects at the new places, the message strings themselves kept.
    const shifted = ['// shifts every range', ...lines, 'body far circle(1) at (90, 90)'].join('\n');
    const moved = analyzer.analyze(shifted);
    assertSame(moved, analyzeDocument(shifted), 'a line above');
    const overlap2 = moved.diagnostics.find((d) => d.code === 'overlap')!;
    assert.notEqual(overlap2, overlap);
    assert.equal(overlap2.message, overlap!.message);
    assert.equal(overlap2.range.start, overlap!.range.start + '// shifts every range\n'.length);
    // ... and those new objects are what the next unmoved run hands back.
    const again = analyzer.analyze(shifted + '\n// below');
    assert.ok(again.diagnostics.includes(overlap2));
    assertSame(again, analyzeDocument(shifted + '\n// below'), 'a comment below');
  });

  it('tests a cached pair again when its two bodies swap places in the file', () => {
    const a = 'body a box(1, 1) at (0, 0) velocity (100, 0)';
    const b = 'body b static box(0.05, 3) at (1, 0)';
    const analyzer = new IncrementalAnalyzer();
    const before = analyzer.analyze(`${a}\n${b}`);
    assert.deepEqual(before.findings.map((f) => [f.a, f.b]), [['a', 'b']]);
    const swapped = `${b}\n${a}`;
    const after = analyzer.analyze(swapped);
    assert.equal(analyzer.stats?.reordered, 1);
    assert.deepEqual(after.findings.map((f) => [f.a, f.b]), [['b', 'a']]);
    assertSame(after, analyzeDocument(swapped), 'a swap');
  });

  it('falls back to a full run when a scene-wide setting or an option changes', () => {
    const body = 'body a circle(0.5) velocity (30, 0)\nbody b static box(0.1, 2) at (1, 0)';
    const analyzer = new IncrementalAnalyzer();
    analyzer.analyze(`dt 1/60\n${body}`);
    const cases: [string, AnalysisOptions][] = [
      [`dt 1/30\n${body}`, {}],
      [`dt 1/30\nframes 3\n${body}`, {}],
      [`dt 1/30\nframes 3\nslop 0\n${body}`, {}],
      [`dt 1/30\nframes 3\nslop 0\nlayer x\n${body}`, {}],
      [`dt 1/30\nframes 3\nslop 0\nlayer x\n${body}`, { continuous: false }],
      [`dt 1/30\nframes 3\nslop 0\nlayer x\n${body}`, { continuous: false, broadPhase: 'sort-and-sweep' }], // not the default (grid)
    ];
    for (const [text, options] of cases) {
      const r = analyzer.analyze(text, options);
      assert.equal(modeOf(analyzer), 'full', text);
      assertSame(r, analyzeDocument(text, options), text);
    }
    analyzer.analyze(cases[5]![0], cases[5]![1]);
    assert.equal(modeOf(analyzer), 'incremental', 'nothing changed');
  });

  it('keeps each of several bodies with the same name apart (identity = name and occurrence)', () => {
    const analyzer = new IncrementalAnalyzer();
    const steps = [
      'body a circle(1)\nbody a circle(1) at (1.5, 0)\nbody a circle(1) at (10, 0)',
      'body a circle(1) at (10, 0)\nbody a circle(1)\nbody a circle(1) at (1.5, 0)',
      'body a circle(1)\nbody a circle(1) at (1.5, 0)',
      'body a circle(1) at (1.5, 0)',
    ];
    for (const text of steps) assertSame(analyzer.analyze(text), analyzeDocument(text), text);
    // Many copies of one line (a paste without renaming), then one removed in the middle.
    const copies = Array.from({ length: 300 }, (_, i) => `body a box(1, 1) at (${i * 0.8}, 0)`);
    assertSame(analyzer.analyze(copies.join('\n')), analyzeDocument(copies.join('\n')), '300 copies');
    copies.splice(150, 1);
    assertSame(analyzer.analyze(copies.join('\n')), analyzeDocument(copies.join('\n')), '299 copies');
  });

  it('survives text that breaks everything, and recovers', () => {
    const analyzer = new IncrementalAnalyzer();
    const good = 'body a box(1, 1) velocity (100, 0)\nbody b static box(0.1, 3) at (1, 0)';
    for (const text of [good, '', '\u0000)))', 'body a compound(compound(', good, good.replace('100', '120')]) {
      assertSame(analyzer.analyze(text), analyzeDocument(text), JSON.stringify(text));
    }
  });

  it('is usable again after dispose, starting from scratch', () => {
    const analyzer = new IncrementalAnalyzer();
    const text = 'body a box(1, 1) velocity (100, 0)\nbody b static box(0.1, 3) at (1, 0)';
    analyzer.analyze(text);
    analyzer.dispose();
    assert.equal(analyzer.stats, null);
    assertSame(analyzer.analyze(text), analyzeDocument(text), 'dispose');
    assert.equal(modeOf(analyzer), 'full');
  });

  it('stays equal to a from-scratch analysis over 600 edits of one document, past the wrap of its byte stamps (nextStamp)', () => {
    // Overlapping boxes, one nudged per edit (the in-place path, which reads both stamp columns),
    // now and then a line inserted above them or taken out again (indices shift: the full
    // assembly). entryMark and outputMark wrap after 255 passes; a stamp left from before the
    // wrap would read as this pass's and drop or repeat a finding.
    const rows = Array.from({ length: 40 }, (_, i) => `body b${i} box(1, 1) at (${(i % 8) * 0.9}, ${Math.floor(i / 8) * 0.9})`);
    const analyzer = new IncrementalAnalyzer();
    const internals = analyzer as unknown as { markStamp: number; outputStamp: number };
    let text = rows.join('\n');
    assertSame(analyzer.analyze(text), analyzeDocument(text), 'the first text');
    let incremental = 0;
    let wrapped = 0;
    for (let step = 0; step < 600; step++) {
      const i = (step * 7) % rows.length;
      const dx = ((step % 5) - 2) * 0.05;
      rows[i] = `body b${i} box(1, 1) at (${(i % 8) * 0.9 + dx}, ${Math.floor(i / 8) * 0.9})`;
      if (step % 50 === 10) rows.unshift(`body pad${step} circle(0.1) at (-50, ${step})`);
      if (step % 50 === 30) rows.shift();
      text = rows.join('\n');
      const before = internals.markStamp;
      assertSame(analyzer.analyze(text), analyzeDocument(text), `edit ${step}`);
      if (modeOf(analyzer) === 'incremental') incremental++;
      if (internals.markStamp < before) wrapped++;
    }
    assert.ok(incremental > 550, `${incremental} incremental runs`);
    assert.ok(wrapped >= 2 && internals.outputStamp >= 1 && internals.outputStamp <= 255, `${wrapped} wraps, output stamp ${internals.outputStamp}`);
  });

  it('releases its scratch on dispose (the document was closed): every column back to its first size', () => {
    // A grid of overlapping boxes, analyzed, then one box moved (no index changes: orderEntries'
    // binary-search pass and its scratch), so that every column the edit path grows has grown.
    const rows = Array.from({ length: 200 }, (_, i) => `body b${i} box(1, 1) at (${(i % 20) * 0.9}, ${Math.floor(i / 20) * 0.9})`);
    const analyzer = new IncrementalAnalyzer();
    analyzer.analyze(rows.join('\n'));
    rows[50] = rows[50]!.replace('at (', 'at (0.05 + ');
    analyzer.analyze(rows.join('\n'));
    assert.equal(modeOf(analyzer), 'incremental');
    const columns = (a: IncrementalAnalyzer): Map<string, number> =>
      new Map(Object.entries(a).flatMap(([key, value]) => (ArrayBuffer.isView(value) ? [[key, (value as Uint8Array).length]] : [])));
    const grown = columns(analyzer);
    const first = columns(new IncrementalAnalyzer());
    assert.ok(first.get('freshKeys') === 0 && grown.get('freshKeys')! > 0, `freshKeys ${grown.get('freshKeys')}`);
    analyzer.dispose();
    const kept = [...columns(analyzer)].filter(([key, length]) => length > first.get(key)!);
    assert.deepEqual(kept, []);
  });
});

describe('analysis/incremental: cancellation', () => {
  const scene = (vx: number) =>
    Array.from({ length: 60 }, (_, i) => `body b${i} box(1, 1) at (${(i % 10) * 0.9}, ${Math.floor(i / 10) * 0.9}) velocity (${i === 0 ? vx : 0}, 0)`).join('\n');

  it('pauses between stages and chunks of pair tests, and stops with "canceled" when asked', async () => {
    for (let stopAfter = 0; stopAfter < 12; stopAfter++) {
      const analyzer = new IncrementalAnalyzer();
      let pauses = 0;
      const run = await analyzer.analyzeAsync(scene(50), {
        isCanceled: () => pauses > stopAfter,
        yieldControl: async () => void pauses++,
        chunkMilliseconds: 0, // pause at every chunk boundary
      });
      assert.equal(run.state, 'canceled', `canceled after ${stopAfter} pauses`);
      assert.equal(pauses, stopAfter + 1);
      // The state a canceled run leaves behind is consistent: the next run is still exact.
      const text = scene(70);
      assertSame(analyzer.analyze(text), analyzeDocument(text), `a run after canceling at pause ${stopAfter}`);
    }
  });

  it('a run abandoned between two edited bodies leaves nothing that hides a pair from the next run', async () => {
    // b0 and b1 overlap. The second text changes both (a few pending slots of 60: one query per
    // slot), and is abandoned once b0's pairs are in; the third changes b1 again, so its pair
    // with b0, done by the abandoned run, must be tested again.
    const two = (v0: number, v1: number) =>
      Array.from({ length: 60 }, (_, i) => `body b${i} box(1, 1) at (${(i % 10) * 0.9}, ${Math.floor(i / 10) * 0.9}) velocity (${i === 0 ? v0 : i === 1 ? v1 : 0}, 0)`).join('\n');
    let inNarrowPhase = 0;
    for (let stopAfter = 0; stopAfter < 8; stopAfter++) {
      const analyzer = new IncrementalAnalyzer();
      analyzer.analyze(two(0, 0));
      let pauses = 0;
      const run = await analyzer.analyzeAsync(two(40, 40), {
        isCanceled: () => pauses > stopAfter,
        yieldControl: async () => void pauses++,
        chunkMilliseconds: 0,
      });
      // Pauses 1-3 follow parsing, semantics and the broad phase; a later one, a slot's pairs.
      if (run.state === 'canceled' && pauses > 3) inNarrowPhase++;
      const text = two(40, -80);
      assertSame(analyzer.analyze(text), analyzeDocument(text), `the run after one canceled at pause ${stopAfter}`);
    }
    assert.ok(inNarrowPhase > 0, 'some run was abandoned during its pair tests');
  });

  it('pauses after parsing, semantics and the broad phase at least, and completes when not canceled', async () => {
    const analyzer = new IncrementalAnalyzer();
    let pauses = 0;
    const run = await analyzer.analyzeAsync(scene(50), { yieldControl: async () => void pauses++ });
    assert.equal(run.state, 'done');
    assert.ok(pauses >= 3, `${pauses} pauses`);
    if (run.state === 'done') assertSame(run.analysis, analyzeDocument(scene(50)), 'an async run');
  });

  it('abandons an older run as soon as a newer one starts on the same analyzer (real event loop)', async () => {
    const analyzer = new IncrementalAnalyzer();
    analyzer.analyze(scene(10));
    const older = analyzer.analyzeAsync(scene(20));
    const newer = analyzer.analyzeAsync(scene(30));
    const [o, n] = await Promise.all([older, newer]);
    assert.equal(o.state, 'canceled');
    assert.equal(n.state, 'done');
    if (n.state === 'done') assertSame(n.analysis, analyzeDocument(scene(30)), 'the newer run');
  });

  it('equals a from-scratch analysis after random sequences of canceled and completed runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ vx: fc.integer({ min: -200, max: 200 }), stopAfter: fc.option(fc.nat({ max: 6 })) }), { minLength: 1, maxLength: 8 }),
        async (runs) => {
          const analyzer = new IncrementalAnalyzer();
          for (const { vx, stopAfter } of runs) {
            let pauses = 0;
            const r = await analyzer.analyzeAsync(scene(vx), {
              isCanceled: () => stopAfter !== null && pauses > stopAfter,
              yieldControl: async () => void pauses++,
              chunkMilliseconds: 0,
            });
            if (r.state === 'done') assertSame(r.analysis, analyzeDocument(scene(vx)), `vx ${vx}`);
          }
          const text = scene(123);
          assertSame(analyzer.analyze(text), analyzeDocument(text), 'the final run');
        },
      ),
      { numRuns: 40 },
    );
  });
});
