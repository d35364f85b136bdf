/**
 * Scene deltas (server/src/preview/scene-delta.ts, protocol/preview-delta.ts): applied in order
 * from the first whole scene, they give exactly the from-scratch model of every version, through
 * random edits of one body, insertions, deletions, renames, a `let` and a named shape used by
 * many bodies, and text before the bodies changing length.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';
import { buildSceneDelta, sentScene, type SentScene } from '../../../server/src/preview/scene-delta';
import { finish } from '../../../server/src/common/steps';
import { buildPreviewScene, previewSceneSteps, type PreviewSource } from '../../../server/src/preview/scene-model';
import { applySceneDelta, isPreviewSceneDelta } from '../../../protocol/preview-delta';
import { isPreviewScene, type PreviewScene } from '../../../protocol/preview-model';
import { bodyArb, bodyLine, settingsArb, settingsLines, type BodySpec, type Settings } from '../analysis/scenes';

const URI = 'file:///t.collide';

const sourceOf = (a: DocumentAnalysis, yDown?: boolean): PreviewSource => ({
  scene: a.semantics.scene,
  findings: a.findings,
  diagnostics: a.diagnostics,
  ...(yDown !== undefined ? { yDown } : {}),
});

/** The whole model and what the server keeps of it, as the handler makes them. */
function whole(version: number, a: DocumentAnalysis, yDown?: boolean): { scene: PreviewScene; sent: SentScene } {
  const built = finish(previewSceneSteps(URI, version, sourceOf(a, yDown)));
  return { scene: built.scene, sent: sentScene(version, sourceOf(a, yDown), built) };
}

const wired = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const OFFSET_KEYS = new Set(['range', 'nameRange', 'atRange', 'angleRange', 'insertOffset']);
/** A scene with every text offset left out (bodies' and parts'). */
const withoutOffsets = (scene: PreviewScene): unknown => JSON.parse(JSON.stringify(scene, (k, v: unknown) => (OFFSET_KEYS.has(k) ? undefined : v)));

type Line = { readonly body: BodySpec; readonly shape: 'own' | 'named' | 'let' } | { readonly raw: string };

interface Doc {
  settings: Settings;
  /** Text before everything (a comment whose length changes). */
  head: string;
  w: number;
  lines: Line[];
}

function render(doc: Doc): string {
  const line = (l: Line): string => {
    if ('raw' in l) return l.raw;
    if (l.shape === 'own') return bodyLine(l.body);
    return bodyLine({ ...l.body, shape: l.shape === 'named' ? 'S' : 'circle(w / 4)' });
  };
  return [doc.head, ...settingsLines(doc.settings), `let w = ${doc.w}`, 'shape S = compound(box(w, 1), circle(0.5) at (1, 0))', ...doc.lines.map(line)].join('\n');
}

type Edit =
  | { op: 'insert'; at: number; body: BodySpec; shape: 'own' | 'named' | 'let' }
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; body: BodySpec }
  | { op: 'rename'; at: number }
  | { op: 'nudge'; at: number; dx: number }
  | { op: 'let'; w: number }
  | { op: 'head'; text: string }
  | { op: 'settings'; settings: Settings }
  | { op: 'raw'; at: number; text: string };

const index = fc.nat({ max: 1000 });
const shapeKind = fc.constantFrom('own' as const, 'named' as const, 'let' as const);
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: index, body: bodyArb('x'), shape: shapeKind }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), at: index }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('replace' as const), at: index, body: bodyArb('x') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rename' as const), at: index }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('nudge' as const), at: index, dx: fc.integer({ min: -25, max: 25 }).map((d) => d / 10) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('let' as const), w: fc.integer({ min: 1, max: 40 }).map((d) => d / 10) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('head' as const), text: fc.constantFrom('', '// a', '// a longer comment', '/* x */') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settings' as const), settings: settingsArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('raw' as const), at: index, text: fc.constantFrom('// note', 'body broken circle(1 at (', 'let q = 2', 'body ledge static chain((0, 0), (3, 0), (3, 2))', 'tiles ground cell 1 at (0, 4)\n  "#/."\n  "###"') }) },
);

let fresh = 0;

function apply(doc: Doc, e: Edit): void {
  const n = doc.lines.length;
  const bodyAt = (at: number): number => {
    const idx = doc.lines.map((l, i) => ('body' in l ? i : -1)).filter((i) => i >= 0);
    return idx.length ? idx[at % idx.length]! : -1;
  };
  const edit = (at: number, f: (l: Extract<Line, { body: BodySpec }>) => Line): void => {
    const i = bodyAt(at);
    if (i >= 0) doc.lines[i] = f(doc.lines[i] as Extract<Line, { body: BodySpec }>);
  };
  switch (e.op) {
    case 'insert':
      doc.lines.splice(e.at % (n + 1), 0, { body: { ...e.body, name: `n${fresh++}` }, shape: e.shape });
      break;
    case 'delete':
      if (n) doc.lines.splice(e.at % n, 1);
      break;
    case 'replace':
      edit(e.at, (l) => ({ body: { ...e.body, name: l.body.name }, shape: 'own' }));
      break;
    case 'rename':
      edit(e.at, (l) => ({ ...l, body: { ...l.body, name: `r${fresh++}` } }));
      break;
    case 'nudge':
      edit(e.at, (l) => ({ ...l, body: { ...l.body, x: Math.round((l.body.x + e.dx) * 10) / 10 } }));
      break;
    case 'let':
      doc.w = e.w;
      break;
    case 'head':
      doc.head = e.text;
      break;
    case 'settings':
      doc.settings = e.settings;
      break;
    case 'raw':
      doc.lines.splice(e.at % (n + 1), 0, { raw: e.text });
      break;
  }
}

const docArb: fc.Arbitrary<Doc> = fc.record({
  settings: settingsArb,
  head: fc.constantFrom('', '// scene'),
  w: fc.constant(2),
  lines: fc.array(fc.record({ body: bodyArb('x'), shape: shapeKind }), { maxLength: 14 }).map((ls) => ls.map((l, i) => ({ ...l, body: { ...l.body, name: `b${i}` } }))),
});

describe('preview/scene-delta: deltas applied in order give the full scene', () => {
  it('after every step of random edit sequences, from a from-scratch and an incremental analysis', () => {
    let deltas = 0;
    let kept = 0;
    fc.assert(
      fc.property(docArb, fc.array(editArb, { minLength: 1, maxLength: 10 }), fc.boolean(), fc.option(fc.boolean(), { nil: undefined }), (start, edits, incremental, yDown) => {
        const doc: Doc = { ...start, lines: [...start.lines] };
        const analyzer = new IncrementalAnalyzer();
        const analyze = (text: string): DocumentAnalysis => (incremental ? analyzer.analyze(text) : analyzeDocument(text));
        let version = 1;
        const first = whole(version, analyze(render(doc)), yDown);
        assert.ok(isPreviewScene(first.scene));
        assert.equal(first.scene.yDown, yDown ? true : undefined, 'the model says yDown only for a y-down scene');
        assert.deepStrictEqual(first.scene, buildPreviewScene(URI, version, sourceOf(analyzeDocument(render(doc)), yDown)));
        let held = wired(first.scene);
        let heldNoOffsets = held;
        let sent = first.sent;
        for (const e of edits) {
          apply(doc, e);
          version++;
          const text = render(doc);
          const { delta, sent: next } = buildSceneDelta(URI, sent, version, sourceOf(analyze(text), yDown));
          const wire = JSON.parse(JSON.stringify(delta)) as unknown;
          assert.ok(isPreviewSceneDelta(wire), `the delta after ${e.op} passes the protocol check`);
          const applied = applySceneDelta(held, wire);
          assert.ok(applied, `the delta after ${e.op} fits the scene it was made against`);
          // Both through JSON, as on the wire (which writes -0 as 0).
          const expected = buildPreviewScene(URI, version, sourceOf(analyzeDocument(text), yDown));
          assert.deepStrictEqual(applied, wired(expected), `the scene after ${e.op}`);
          // The webview's way: offsets left as they were, everything else the full scene's.
          const appliedNoOffsets = applySceneDelta(heldNoOffsets, wire, { offsets: false });
          assert.ok(appliedNoOffsets, `the delta after ${e.op} fits without offsets too`);
          assert.deepStrictEqual(withoutOffsets(appliedNoOffsets), withoutOffsets(wired(expected)), `the scene after ${e.op}, offsets aside`);
          heldNoOffsets = appliedNoOffsets;
          deltas++;
          kept += expected.bodies.length - delta.bodies.reduce((k, s) => k + s.bodies.length, 0);
          held = applied;
          sent = next;
        }
      }),
      { numRuns: 150 },
    );
    assert.ok(deltas > 0 && kept > 0, 'deltas were made, and they left bodies out');
  });

  it('sends only the edited body when one body changes, whatever the length change', () => {
    const bodies = Array.from({ length: 200 }, (_, i) => `body b${i} box(1, 1) at (${i * 3}, 0)`);
    const text = ['let w = 1', 'shape S = box(w, 1)', 'body s S at (0, 9)', ...bodies, 'body t S at (5, 9)'].join('\n');
    const a1 = analyzeDocument(text);
    const first = whole(1, a1);
    const edited = text.replace('body b100 box(1, 1) at (300, 0)', 'body b100 box(1, 1) at (300.25, 0)');
    const { delta } = buildSceneDelta(URI, first.sent, 2, sourceOf(analyzeDocument(edited)));
    assert.deepStrictEqual(
      delta.bodies.map((s) => [s.start, s.deleteCount, s.bodies.map((b) => b.name)]),
      [[101, 1, ['b100']]],
    );
    assert.deepStrictEqual(delta.shift.by, 3);
    assert.ok(JSON.stringify(delta).length < 2000, 'a few hundred bytes, not the scene');
    assert.deepStrictEqual(applySceneDelta(first.scene, delta), buildPreviewScene(URI, 2, sourceOf(analyzeDocument(edited))));
  });

  it('copies no kept body for text typed in front of them when offsets are left alone', () => {
    const bodies = Array.from({ length: 50 }, (_, i) => `body b${i} box(1, 1) at (${i * 3}, 0)`);
    const text = ['body probe circle(0.5) at (0, 5)', ...bodies].join('\n');
    const first = whole(1, analyzeDocument(text));
    const edited = text.replace('at (0, 5)', 'at (90, 5)');
    const { delta } = buildSceneDelta(URI, first.sent, 2, sourceOf(analyzeDocument(edited)));
    assert.equal(delta.shift.by, 1);
    const shifted = applySceneDelta(first.scene, delta)!;
    const kept = applySceneDelta(first.scene, delta, { offsets: false })!;
    assert.equal(kept.bodies.length, 51);
    assert.ok(kept.bodies.slice(1).every((b, i) => b === first.scene.bodies[i + 1]), 'every kept body is the same object');
    assert.ok(shifted.bodies.slice(1).every((b, i) => b !== first.scene.bodies[i + 1]), 'with offsets, each is moved');
  });

  it('answers the same version with an empty delta', () => {
    const a = analyzeDocument('body a box(1, 1)\nbody b box(1, 1) at (0.5, 0)');
    const first = whole(4, a);
    const { delta } = buildSceneDelta(URI, first.sent, 4, sourceOf(a));
    assert.deepStrictEqual([delta.bodies, delta.findings], [[], []]);
    assert.deepStrictEqual(applySceneDelta(first.scene, delta), first.scene);
  });
});

