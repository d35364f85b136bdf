import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { IncrementalFrontEnd, type FrontEndResult } from '../../../server/src/analysis/statement-window';
import { analyzeWholeText } from '../../../server/src/analysis/whole-text';
import { analyzeSemantics, recordedValues } from '../../../server/src/semantics/check';
import { SceneBody } from '../../../server/src/semantics/scene';
import { bodyDefinition } from '../../../server/src/semantics/symbols';
import { parse } from '../../../server/src/syntax/parser';
import { LineIndex } from '../../../server/src/syntax/positions';
import { bodyLine, sceneArb, settingsLines } from './scenes';

/**
 * The incremental front end against a from-scratch parse and semantic analysis, after edits of
 * raw text at random offsets: inside tokens, inside and across comments, across statements, line
 * breaks (CRLF too) inserted or removed, block comments opened or closed by the edit.
 */

/** Text an edit inserts: fragments that make, break, join and split statements and comments. */
const INSERTS = [
  '',
  ' ',
  'x',
  '7',
  '.5',
  '-',
  '(',
  ')',
  ',',
  '\n',
  '\r\n',
  '\r',
  '/*',
  '*/',
  '//',
  '// note\n',
  '/* a\nb */',
  'body ',
  'body n circle(0.4) at (1, 1)\n',
  '\nbody m box(1, 0.5) at (0.5, 0) velocity (300, 0)\n',
  ' at (2, 2)',
  ' velocity (500, 0)',
  ' layer red',
  'layer',
  '\nlayer red collides blue\n',
  'let k = 2\n',
  'shape s = box(1, 1)\n',
  'collides',
  'static ',
  'deg',
  '@',
  'é',
];

interface RawEdit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

const rawEditArb: fc.Arbitrary<RawEdit> = fc.record({
  // Anywhere, or (more often) among the bodies that make up most of a real scene.
  at: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.5, max: 1, noNaN: true }), fc.double({ min: 0.5, max: 1, noNaN: true })),
  remove: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat({ max: 6 }) }, { weight: 1, arbitrary: fc.nat({ max: 80 }) }),
  insert: fc.constantFrom(...INSERTS),
});

function applyRaw(text: string, e: RawEdit): string {
  const at = Math.floor(e.at * text.length);
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

/** Extra statements that make bodies depend on the rest of the file. */
const HEADERS = ['let k = 0.5', 'shape s = box(1, 0.2)', 'let unused = 3', '/* header\n comment */'];

function assertSameFrontEnd(actual: FrontEndResult, text: string, what: string): void {
  const syntax = parse(text);
  const semantics = analyzeSemantics(syntax);
  assert.deepStrictEqual(actual.syntax.diagnostics, syntax.diagnostics, `syntax diagnostics after ${what}`);
  assert.equal(actual.syntax.text, text);
  assert.deepStrictEqual(actual.semantics.scene, semantics.scene, `scene after ${what}`);
  assert.deepStrictEqual(actual.semantics.diagnostics, semantics.diagnostics, `semantic diagnostics after ${what}`);
  assert.deepStrictEqual(actual.semantics.symbols, semantics.symbols, `symbols after ${what}`);
  // Evaluated on request in the current version's environment: the whole-file run's table.
  assert.deepStrictEqual(actual.semantics.valuesOf(syntax.file.statements).toArray(), recordedValues(syntax).toArray(), `values after ${what}`);
  assert.deepStrictEqual(actual.semantics.constants, semantics.constants, `constants after ${what}`);
  assert.deepStrictEqual(actual.semantics.shapes, semantics.shapes, `shapes after ${what}`);
  for (let line = 0; line < syntax.lines.lineCount; line++) {
    assert.equal(actual.syntax.lines.lineStart(line), syntax.lines.lineStart(line), `line ${line} after ${what}`);
  }
  assert.equal(actual.syntax.lines.lineCount, syntax.lines.lineCount);
}

/**
 * The symbol table keeps each body of the scene as its entry, in order (the very record, not a
 * copy that could go stale after a windowed edit), and the body definitions it gives are made
 * from them.
 */
function assertTableHoldsScene(r: FrontEndResult): void {
  const { entries, definitions } = r.semantics.symbols;
  let k = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (!(e instanceof SceneBody)) continue;
    assert.equal(e, r.semantics.scene.bodies[k], `entry ${i} is scene body ${k}`);
    assert.deepStrictEqual(definitions[i], bodyDefinition(e));
    k++;
  }
  assert.equal(k, r.semantics.scene.bodies.length, 'every scene body is an entry');
}

type DocSpec = typeof documentArb extends fc.Arbitrary<infer T> ? T : never;

const documentArb = fc.record({
  scene: sceneArb(24),
  headers: fc.subarray(HEADERS),
  crlf: fc.boolean(),
  usesK: fc.boolean(),
});

function render({ scene, headers, crlf, usesK }: DocSpec): string {
  const bodies = scene.bodies.map((b, i) => {
    const line = bodyLine(b);
    // Some bodies use a constant or a named shape, so that uses come and go with edits.
    if (usesK && i % 3 === 0 && headers.includes('let k = 0.5')) return line.replace(/at \(([-\d.]+),/, 'at ($1 + k,');
    if (i % 4 === 1 && headers.includes('shape s = box(1, 0.2)')) return line.replace(/body (\w+) (static |sensor |bullet )?\S+\(.*?\)( at)/, 'body $1 $2s$3');
    return line;
  });
  return [...settingsLines(scene.settings), ...headers, ...bodies].join(crlf ? '\r\n' : '\n');
}

/**
 * V8's `gc` (a full collection, or a scavenge with `{ type: 'minor' }`), from a context made
 * while --expose-gc is set. The flag is set back at once (the function made stays usable): V8
 * checks a code cache against a hash of every flag, so a flag left changed made later tests in
 * this process see the CLI's code cache rejected (test/unit/cli/code-cache.test.ts).
 */
function exposedGc(): (options?: { type: 'minor' | 'major' }) => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

/**
 * A full garbage collection, for the tests that a version's results are let go: V8 keeps a
 * WeakRef's target until the current job ends, hence the turn of the event loop before it.
 */
function collector(): () => Promise<void> {
  const gc = exposedGc();
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  };
}

describe('analysis/statement-window: the incremental front end equals a from-scratch analysis', () => {
  it('after random edits of raw text at random offsets', () => {
    let windowed = 0;
    let steps = 0;
    fc.assert(
      fc.property(documentArb, fc.array(rawEditArb, { minLength: 1, maxLength: 10 }), (doc, edits) => {
        const frontEnd = new IncrementalFrontEnd();
        let text = render(doc);
        assertSameFrontEnd(frontEnd.update(text), text, 'the first text');
        for (const e of edits) {
          text = applyRaw(text, e);
          const r = frontEnd.update(text);
          assertSameFrontEnd(r, text, `${JSON.stringify(e)}:\n${text}`);
          assertTableHoldsScene(r);
          steps++;
          if (r.mode === 'window') windowed++;
        }
      }),
      { numRuns: 200 },
    );
    // Not vacuous: most edits took the windowed path.
    assert.ok(windowed > steps / 2, `${windowed} of ${steps} edits windowed`);
  });

  it('keeps one list for the bodies and the definitions of a scene of bodies alone, through edits that keep it so', () => {
    // Memory, not meaning (semantics/symbols.ts definitionsAreBodies): deepStrictEqual cannot tell.
    const frontEnd = new IncrementalFrontEnd();
    let text = 'body a circle(1)\nbody b box(1, 1) at (2, 0)\nbody c circle(1) at (5, 0)\n';
    const shared = (r: FrontEndResult) => {
      assertTableHoldsScene(r);
      return r.semantics.symbols.entries === r.semantics.scene.bodies;
    };
    const steps: [string, string, boolean][] = [
      ['at (2, 0)', 'at (2.5, 0)', true],
      ['at (2.5, 0)', 'at (unknown, 0)', false],
      ['body c', 'body  c', false],
      ['at (unknown, 0)', 'at (3, 0)', true],
      ['box(1, 1)', 'box(2, 1) angle 1', true],
    ];
    const first = frontEnd.update(text);
    assertSameFrontEnd(first, text, 'the first text');
    assert.ok(shared(first));
    for (const [from, to, alone] of steps) {
      text = text.replace(from, to);
      const r = frontEnd.update(text);
      assert.equal(r.mode, 'window', to);
      assertSameFrontEnd(r, text, to);
      assert.equal(shared(r), alone, to);
    }
    // A scene with any other definition keeps two lists, each scene body in both.
    const withLayerFrontEnd = new IncrementalFrontEnd();
    const withLayer = withLayerFrontEnd.update('layer l\nbody a circle(1) layer l\nbody b circle(1) at (3, 0)\n');
    assert.ok(!shared(withLayer));
    const edited = withLayerFrontEnd.update('layer l\nbody a circle(2) layer l\nbody b circle(1) at (3, 0)\n');
    assert.equal(edited.mode, 'window');
    assert.ok(!shared(edited));
  });

  it('gives the tree, tokens and comments of the new text on request', () => {
    const frontEnd = new IncrementalFrontEnd();
    const before = 'dt 1/60\n// a comment\nbody a circle(1)\nbody b box(1, 1) at (0.5, 0)\n';
    frontEnd.update(before);
    const after = before.replace('box(1, 1)', '/* c */ box(2, 1)');
    const r = frontEnd.update(after);
    assert.equal(r.mode, 'window');
    const fresh = parse(after);
    assert.deepStrictEqual(r.syntax.file, fresh.file);
    assert.deepStrictEqual(r.syntax.tokens, fresh.tokens);
    assert.deepStrictEqual(r.syntax.comments, fresh.comments);
  });

  it('keeps each body as its own entry, and a moved body its pose, motion and clause offsets, through edits', () => {
    // Memory, not meaning (deepStrictEqual cannot tell): a body is not held twice, once as a scene
    // body and once as a symbol table entry, and a body after the edit shares its data with its
    // old self.
    const frontEnd = new IncrementalFrontEnd();
    // Every third body moves and turns: its motion is among the data it shares.
    let text = Array.from({ length: 40 }, (_, i) => `body b${i} ${i % 2 ? 'box(1, 1)' : 'circle(0.5)'} at (${i * 3}, 0)${i % 3 ? '' : ` velocity (${i}, 1) spin 0.5`}`).join('\n');
    const shared = (r: FrontEndResult, previous: FrontEndResult | undefined, edited: string): void => {
      const defs = new Map(r.semantics.symbols.entries.map((d) => [d.name, d]));
      const before = new Map(previous?.semantics.scene.bodies.map((b) => [b.name, b]));
      assert.ok(r.semantics.scene.bodies.length > 0);
      for (const b of r.semantics.scene.bodies) {
        assert.equal(defs.get(b.name), b, b.name);
        const old = before.get(b.name);
        if (old === undefined || b.name === edited) continue;
        assert.equal(b.data, old.data, b.name);
        assert.deepEqual([b.vx, b.vy, b.spin], [old.vx, old.vy, old.spin], b.name);
        assert.deepEqual([b.vx, b.vy, b.spin], +b.name.slice(1) % 3 ? [0, 0, 0] : [+b.name.slice(1), 1, 0.5], b.name);
        assert.equal(b.partShape(0), old.partShape(0), b.name);
        // The one shape's range is the body's: it moves with the statement.
        const range = b.partRange(0);
        assert.ok(b.start < range.start && range.end <= b.end, b.name);
        assert.match(text.slice(range.start, range.end), +b.name.slice(1) % 2 ? /^box\(1, 1(\.5)?\)$/ : /^circle\(0\.5\)$/, b.name);
      }
    };
    let previous = frontEnd.update(text);
    shared(previous, undefined, '');
    for (const [from, to, edited] of [['at (30, 0)', 'at (30.25, 0)', 'b10'], ['box(1, 1) at (3,', 'box(1, 1.5) at (3,', 'b1'], ['b20 circle', 'b20 static circle', 'b20']]) {
      text = text.replace(from!, to!);
      const r = frontEnd.update(text);
      assert.equal(r.mode, 'window');
      shared(r, previous, edited!);
      previous = r;
    }
  });

  it('keeps nothing of a version once the next is built, neither through the session nor its lists', async () => {
    // Memory, not meaning: the semantic session serves every later edit, and once held the first
    // version's whole result (scene, definitions, references, values), ~60 MB at 100k bodies.
    const collect = collector();
    const frontEnd = new IncrementalFrontEnd();
    let text = 'let k = 1\n' + Array.from({ length: 200 }, (_, i) => `body b${i} ${i % 2 ? 'box(1, 1)' : 'circle(0.5)'} at (${i * 3} + k, 0)`).join('\n');
    const watch = (r: FrontEndResult): WeakRef<object>[] => [
      new WeakRef(r.semantics.scene),
      new WeakRef(r.semantics.scene.bodies),
      new WeakRef(r.semantics.symbols.entries),
      new WeakRef(r.semantics.symbols.references),
      new WeakRef(r.semantics.diagnostics),
    ];
    let previous = watch(frontEnd.update(text));
    for (const edit of ['circle(0.5) at (0', 'box(1, 1) at (3']) {
      text = text.replace(edit, edit.replace(/\d\)/, (m) => `5${m}`));
      const r = frontEnd.update(text);
      assert.equal(r.mode, 'window', text.slice(0, 80));
      const current = watch(r);
      // The new result names the version it was made from (for the analyzer's reuse): let go of it.
      delete (r as { previousScene?: unknown }).previousScene;
      await collect();
      assert.deepStrictEqual(previous.map((w) => w.deref() === undefined), [true, true, true, true, true]);
      previous = current;
    }
  });

  it('leaves a version to the young generation: a scavenge after many edits keeps only the current text', () => {
    // Each edit's text is a new large object (past V8's 128 KB regular object limit, as a real
    // level's is). The windowed result once held an object literal with a getter of its own, made
    // per edit in tryWindow's context: every version's line index, and so its text, then
    // survived every scavenge until the next full collection, and each scavenge promoted all of
    // them. Counted here from the large-object space, since a WeakRef's target is kept by a
    // scavenge whatever else holds it.
    const gc = exposedGc();
    const promoted = (): number => getHeapSpaceStatistics().find((s) => s.space_name === 'large_object_space')!.space_used_size;
    const frontEnd = new IncrementalFrontEnd();
    let text = 'let k = 1\n' + Array.from({ length: 5000 }, (_, i) => `body b${i} ${i % 2 ? 'box(1, 1)' : 'circle(0.5)'} at (${i * 3} + k, 0)`).join('\n');
    assert.ok(text.length > 128 * 1024);
    frontEnd.update(text);
    gc({ type: 'major' });
    const before = promoted();
    const edits = 16;
    for (let e = 0; e < edits; e++) {
      text = text.replace(`body b${e * 250} `, `body b${e * 250}  `);
      assert.equal(frontEnd.update(text).mode, 'window');
    }
    gc({ type: 'minor' });
    // The scavenges V8 ran meanwhile promoted the text current at each (a few), this one the last.
    const texts = (promoted() - before) / text.length;
    assert.ok(texts < edits / 2, `${texts.toFixed(1)} texts promoted by ${edits} edits`);
  });

  it('takes the whole-file path when a body name is shared, a use appears, or a definition changes', () => {
    const frontEnd = new IncrementalFrontEnd();
    const base = 'let k = 1\nbody a circle(1)\nbody b circle(1) at (3, 0)\nbody c circle(1) at (6, 0)\n';
    assert.equal(frontEnd.update(base).mode, 'full');
    const cases: [string, 'full' | 'window'][] = [
      [base.replace('at (3, 0)', 'at (3.5, 0)'), 'window'],
      [base.replace('body c', 'body a'), 'full'], // a duplicate name appears
      [base.replace('body c', 'body d'), 'full'], // ... and goes (a was a duplicate)
      [base.replace('body c', 'body d').replace('at (6, 0)', 'at (6 + k, 0)'), 'full'], // k's first use
      [base.replace('body c', 'body d').replace('at (6, 0)', 'at (7 + k, 0)'), 'window'], // still used
      [base.replace('let k = 1', 'let k = 2').replace('body c', 'body d').replace('at (6, 0)', 'at (7 + k, 0)'), 'full'],
    ];
    for (const [text, mode] of cases) {
      const r = frontEnd.update(text);
      assert.equal(r.mode, mode, text);
      assertSameFrontEnd(r, text, text);
    }
  });

  it('keeps whole-analysis results equal through the analyzer on raw edits', () => {
    fc.assert(
      fc.property(documentArb, fc.array(rawEditArb, { minLength: 1, maxLength: 6 }), (doc, edits) => {
        const analyzer = new IncrementalAnalyzer();
        let text = render(doc);
        analyzer.analyze(text);
        for (const e of edits) {
          text = applyRaw(text, e);
          const actual = analyzer.analyze(text);
          const expected = analyzeDocument(text);
          assert.deepStrictEqual(actual.findings, expected.findings, `findings after ${JSON.stringify(e)}`);
          assert.deepStrictEqual(actual.diagnostics, expected.diagnostics, `diagnostics after ${JSON.stringify(e)}`);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe('syntax/positions: LineIndex.edited', () => {
  it('equals a fresh index after any edit, line breaks of every kind included', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r', '\r\n', ' ', 'xyz\r', '\nq');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(), fc.nat({ max: 8 }), fc.array(piece, { maxLength: 4 }), (parts, at, remove, inserted) => {
        const text = parts.join('');
        const from = text.length === 0 ? 0 : at % (text.length + 1);
        const oldEnd = Math.min(text.length, from + remove);
        const insert = inserted.join('');
        const next = text.slice(0, from) + insert + text.slice(oldEnd);
        const edited = LineIndex.edited(new LineIndex(text), next, from, oldEnd, from + insert.length);
        const fresh = new LineIndex(next);
        assert.equal(edited.lineCount, fresh.lineCount, JSON.stringify([text, next]));
        for (let line = 0; line < fresh.lineCount; line++) assert.equal(edited.lineStart(line), fresh.lineStart(line), JSON.stringify([text, next, line]));
      }),
      { numRuns: 3000 },
    );
  });

  it('stays equal to a fresh index through a chain of edits, each index made from the last, and an index given up still answers', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r', '\r\n', ' ', 'xyz\r', '\nq');
    const editArb = fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.array(piece, { maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(editArb, { minLength: 1, maxLength: 8 }), (parts, edits) => {
        let text = parts.join('');
        let index = new LineIndex(text);
        const given: { index: LineIndex; text: string }[] = [];
        for (const [at, remove, inserted] of edits) {
          const from = text.length === 0 ? 0 : at % (text.length + 1);
          const oldEnd = Math.min(text.length, from + remove);
          const insert = inserted.join('');
          const next = text.slice(0, from) + insert + text.slice(oldEnd);
          given.push({ index, text });
          index = LineIndex.edited(index, next, from, oldEnd, from + insert.length);
          text = next;
          const fresh = new LineIndex(text);
          assert.equal(index.lineCount, fresh.lineCount, JSON.stringify(text));
          for (let line = 0; line < fresh.lineCount; line++) assert.equal(index.lineStart(line), fresh.lineStart(line), JSON.stringify([text, line]));
        }
        // Every index whose array a later one took over answers for its own text.
        for (const g of given) {
          const fresh = new LineIndex(g.text);
          assert.equal(g.index.lineCount, fresh.lineCount);
          for (let o = 0; o <= g.text.length; o++) assert.deepEqual(g.index.positionAt(o), fresh.positionAt(o), JSON.stringify([g.text, o]));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('analysis/statement-window: whole-text analysis with bodies parsed one at a time', () => {
  it('equals parse + analyzeSemantics whether definitions come before the bodies (one pass) or after (two)', () => {
    const bodies = 'body a circle(r) at (1, 0) layer red\nbody b s at (k, 0)\nbody c box(1, 1) at (3, 0) layer blue\nbody a circle(1)\n';
    const header = 'dt 0.1\nlet k = 2 * r\nlet r = 0.5\nshape s = compound(circle(r), box(1, 1) at (1, 0))\nlayer red collides blue\nlayer blue\nlet unused = 1\n';
    const texts = [
      header + bodies,
      bodies + header,
      bodies.replace('body c', `${header}body c`),
      header + bodies + '@ stray',
      '',
      // Definitions after a body that the raw-text guess (analyzeWholeText) misses: the one pass
      // finds them and starts again in two.
      'body a circle(k) let k = 1',
      'body a circle(k)\r  let k = 1\rbody b circle(1)',
      // And one it takes for a definition, in a comment: two passes, same result.
      'let k = 1\nbody a circle(k) /*\nlet q = 2 */',
      // A tiles statement in two passes: the skim parses it whole (only `body` is skimmed), so
      // its lexical and syntax errors are reported once.
      'body a circle(1)\nlet = 3\ntiles bad cell 1 at (0, 0) "#x#" "## body b circle(1)',
      'body a circle(1)\nlet k = 1\ntiles t cell at (0, 0) "##" @ "#x#"\nbody b circle(k)',
    ];
    for (const text of texts) {
      const lines = new LineIndex(text);
      const whole = analyzeWholeText(text, lines);
      const syntax = parse(text);
      const semantics = analyzeSemantics(syntax);
      assert.deepStrictEqual(whole.diagnostics, syntax.diagnostics, text);
      assert.deepStrictEqual(whole.semantics.scene, semantics.scene, text);
      assert.deepStrictEqual(whole.semantics.diagnostics, semantics.diagnostics, text);
      assert.deepStrictEqual(whole.semantics.symbols, semantics.symbols, text);
      assert.deepStrictEqual(whole.semantics.valuesOf(syntax.file.statements).toArray(), recordedValues(syntax).toArray(), text);
      assert.deepStrictEqual(whole.semantics.constants, semantics.constants, text);
      assert.deepStrictEqual(whole.semantics.shapes, semantics.shapes, text);
      assert.deepStrictEqual(
        whole.outline.starts.map((start, k) => [start, whole.outline.ends[k]]),
        syntax.file.statements.map((st) => [st.range.start, st.range.end]),
        text,
      );
    }
  });

  it('equals parse + analyzeSemantics on random token soup', () => {
    const piece = fc.constantFrom(
      'body ', 'b', ' circle(1)', ' box(1, 2)', ' at (1, 2)', ' layer ', 'red', '\nlayer red collides red\n', 'let k = 1\n', 'shape s = circle(1)\n',
      '(', ')', ',', '=', '-', '1e', '30deg', '/*', '*/', '//', '\n', '\r\n', ' ', '\t', '@', 'é', 'static ', 'dt ', 'frames ', 'polygon((0,0),(1,0),(0,1))', 'compound(', 'k',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const lines = new LineIndex(text);
        const whole = analyzeWholeText(text, lines);
        const syntax = parse(text);
        assert.deepStrictEqual(whole.diagnostics, syntax.diagnostics, JSON.stringify(text));
        const semantics = analyzeSemantics(syntax);
        assert.deepStrictEqual(whole.semantics.scene, semantics.scene, JSON.stringify(text));
        assert.deepStrictEqual(whole.semantics.diagnostics, semantics.diagnostics, JSON.stringify(text));
        assert.deepStrictEqual(whole.semantics.symbols, semantics.symbols, JSON.stringify(text));
        assert.deepStrictEqual(whole.semantics.valuesOf(syntax.file.statements).toArray(), recordedValues(syntax).toArray(), JSON.stringify(text));
      }),
      { numRuns: 2000 },
    );
  });
});
