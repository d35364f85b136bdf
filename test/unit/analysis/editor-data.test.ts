import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { analyzeDocument, type DocumentAnalysis } from '../../../server/src/analysis/pipeline';
import type { SymbolDefinition } from '../../../server/src/semantics/symbols';
import { bodyLine, sceneArb, settingsLines } from './scenes';

/**
 * `editorData: false` (what `collide check` and `collide render` pass) skips what only editor
 * features read; the scene, the findings and every diagnostic must be exactly those of the
 * default run, on both of the whole-text paths (one pass, and two when a definition follows a body).
 */

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');

function assertSameResults(lean: DocumentAnalysis, full: DocumentAnalysis, label: string): void {
  assert.deepStrictEqual(lean.semantics.scene, full.semantics.scene, `scene of ${label}`);
  assert.deepStrictEqual(lean.findings, full.findings, `findings of ${label}`);
  assert.deepStrictEqual(lean.diagnostics, full.diagnostics, `diagnostics of ${label}`);
  assert.deepStrictEqual(lean.parse.diagnostics, full.parse.diagnostics, `syntax diagnostics of ${label}`);
  assert.deepStrictEqual(lean.semantics.diagnostics, full.semantics.diagnostics, `semantic diagnostics of ${label}`);
  // Definitions are still made (duplicate and unused-name checks read them), without details but
  // a scene body's: a body in the scene's definition is made from it (semantics/symbols.ts
  // bodyDefinition).
  const outline = (d: SymbolDefinition, detail: string) => ({ kind: d.kind, name: d.name, nameRange: d.nameRange, range: d.range, detail, duplicate: d.duplicate });
  const bodies = new Set<unknown>(full.semantics.scene.bodies);
  const entries = full.semantics.symbols.entries;
  assert.deepStrictEqual(
    lean.semantics.symbols.definitions.map((d) => outline(d, d.detail)),
    full.semantics.symbols.definitions.map((d, i) => outline(d, bodies.has(entries[i]) ? d.detail : '')),
    `definitions of ${label}`,
  );
}

/** Nothing an editor feature alone reads was recorded. */
function assertNoEditorData(lean: DocumentAnalysis, label: string): void {
  assert.equal(lean.semantics.symbols.references.length, 0, `references of ${label}`);
  assert.equal(lean.semantics.valuesOf(lean.parse.file.statements).count, 0, `values of ${label}`);
  assert.equal(lean.semantics.constants.size, 0, `constants of ${label}`);
  assert.equal(lean.semantics.shapes.size, 0, `named shapes of ${label}`);
}

function compare(text: string, label: string, continuous = true): void {
  const full = analyzeDocument(text, { continuous });
  const lean = analyzeDocument(text, { continuous, editorData: false });
  assertSameResults(lean, full, label);
  assertNoEditorData(lean, label);
}

const HEADER = 'let k = 2 * r\nlet r = 0.5\nshape s = compound(circle(r), box(1, 1) at (1, 0) angle 30deg)\nlet unused = 1\n';

describe('analysis: editorData false', () => {
  it('gives the scene, findings and diagnostics of the default run on every example', () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.collide'));
    assert.ok(files.length >= 5, 'the examples are there');
    for (const f of files) compare(readFileSync(join(EXAMPLES, f), 'utf8'), f);
  });

  it('still records everything by default (the language server path)', () => {
    const text = `${HEADER}layer red collides red\nbody a s at (k, 0) angle 10deg layer red\nbody b circle(r) at (1, 0) layer red\n`;
    const full = analyzeDocument(text);
    assert.deepStrictEqual(
      full.semantics.symbols.references.map((r) => `${r.kind} ${r.name}`),
      ['let r', 'let r', 'layer red', 'shape s', 'let k', 'layer red', 'let r', 'layer red'],
    );
    assert.deepStrictEqual([...full.semantics.constants.keys()], ['k', 'r', 'unused']);
    assert.deepStrictEqual([...full.semantics.shapes.keys()], ['s']);
    assert.deepStrictEqual(
      full.semantics.symbols.definitions.map((d) => d.detail),
      ['1', '0.5', 'compound(circle(r), box(1, 1) at (1, 0) angle 30deg)', '1', 'collides red', 'dynamic s', 'dynamic circle'],
    );
    assert.deepStrictEqual(analyzeDocument(text, { editorData: true }), full);
    // After the comparison: the tree asked for here stays with the parse result (DeferredParse).
    assert.ok(full.semantics.valuesOf(full.parse.file.statements).count > 0);
  });

  it('gives the same results on random scenes, with definitions before or after the bodies', () => {
    fc.assert(
      fc.property(sceneArb(8), fc.boolean(), fc.boolean(), ({ settings, bodies }, headerFirst, continuous) => {
        const lines = bodies.map(bodyLine);
        // Named shapes and constants used by some bodies, so that references and values exist.
        if (lines.length > 0) lines[0] = lines[0]!.replace(/^body (\w+)/, 'body $1 s').replace(/ (circle|box|polygon|capsule|segment|compound)\(.*?\) at/, ' at');
        const header = [...settingsLines(settings), HEADER];
        const text = (headerFirst ? [...header, ...lines] : [...lines, ...header]).join('\n');
        compare(text, JSON.stringify(text), continuous);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same results on random token soup', () => {
    const piece = fc.constantFrom(
      'body ', 'b', 'c', ' circle(1)', ' box(1, 2)', ' s', ' at (1, 2)', ' at (k, 0)', ' angle 30deg', ' velocity (90, 0)', ' layer ', 'red', 'blue',
      '\nlayer red collides red\n', 'let k = 1\n', 'let k = k\n', 'shape s = circle(1)\n', 'shape s = s\n', '(', ')', ',', '=', '-', '1e', '30deg', '/*', '*/',
      '//', '\n', '\r\n', ' ', '@', 'static ', 'dt ', 'frames ', 'polygon((0,0),(1,0),(0,1))', 'compound(', 'k', 'sqrt(2)', 'pi',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        compare(text, JSON.stringify(text));
      }),
      { numRuns: 1500 },
    );
  });
});
