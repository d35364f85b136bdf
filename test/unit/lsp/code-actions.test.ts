import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { codeActions } from '../../../server/src/lsp/code-actions';
import { applyTextEdits, toOffsetRange } from '../../../server/src/lsp/convert';
import { applyOffsetEdits } from '../../../server/src/features/text-edits';
import { publishedDiagnostics, toLspDiagnostic } from '../../../server/src/lsp/diagnostics';
import type { AnalyzedDocument } from '../../../server/src/features/document';
import { quickFixes, type QuickFix } from '../../../server/src/features/quick-fixes';
import type { Diagnostic } from '../../../server/src/common/diagnostic';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { limitedDiagnostics } from '../../../server/src/lsp/publish/diagnostic-limit';
import { scene } from '../features/fixture';

function diagnostic(doc: AnalyzedDocument, code: string, on?: string): Diagnostic {
  const d = doc.analysis.diagnostics.find((x) => x.code === code && (on === undefined || doc.text.slice(x.range.start, x.range.end) === on));
  assert.ok(d, `a ${code} diagnostic${on ? ` on '${on}'` : ''} among ${doc.analysis.diagnostics.map((x) => x.code).join(', ')}`);
  return d;
}

function fix(doc: AnalyzedDocument, d: Diagnostic, title: RegExp): QuickFix {
  const all = quickFixes(doc, d);
  const f = all.find((x) => title.test(x.title));
  assert.ok(f, `a fix matching ${title} among: ${all.map((x) => x.title).join('; ')}`);
  return f;
}

/** Applies the fix and re-analyses: the diagnostic (same code, same message start) must be gone. */
function applyAndCheck(doc: AnalyzedDocument, d: Diagnostic, f: QuickFix): AnalyzedDocument {
  const after = scene(applyOffsetEdits(doc.text, f.edits));
  const head = d.message.slice(0, 24);
  const still = after.analysis.diagnostics.filter((x) => x.code === d.code && x.severity === d.severity && x.message.startsWith(head));
  assert.deepEqual(still, [], `after "${f.title}":\n${after.text}`);
  return after;
}

describe('lsp/code-actions: quick fixes', () => {
  it('moves the later body out of an overlap by editing its `at`, and the overlap is gone', () => {
    const doc = scene('body floor static box(20, 1) at (0, -0.5)\nbody sunk box(1, 1) at (0, 0.45)\n');
    const d = diagnostic(doc, 'overlap');
    const f = fix(doc, d, /^Move 'sunk'/);
    assert.equal(f.isPreferred, true);
    const after = applyAndCheck(doc, d, f);
    assert.match(after.text, /body sunk box\(1, 1\) at \(0, 0\.5\)/);
  });

  it('can move the other body instead, and adds an `at` to a body that has none', () => {
    const doc = scene('body a box(2, 2)\nbody b circle(1) at (1.5, 0)\n');
    const d = diagnostic(doc, 'overlap');
    const f = fix(doc, d, /^Move 'a'/);
    const after = applyAndCheck(doc, d, f);
    assert.match(after.text, /^body a box\(2, 2\) at \(-0\.5, 0\)\n/);
  });

  it('moves a compound out of every one of its overlapping parts', () => {
    const doc = scene('body ground static box(10, 1) at (0, -0.5)\nbody cart compound(box(2, 0.5) at (0, 0.2), circle(0.3) at (-0.8, -0.1), circle(0.3) at (0.8, -0.1))\n');
    const d = diagnostic(doc, 'overlap');
    applyAndCheck(doc, d, fix(doc, d, /^Move 'cart'/));
  });

  it('property: the move fix always removes the overlap of two random overlapping shapes', () => {
    const shape = fc.oneof(
      fc.record({ w: fc.double({ min: 0.1, max: 5, noNaN: true }), h: fc.double({ min: 0.1, max: 5, noNaN: true }) }).map(({ w, h }) => `box(${w.toFixed(3)}, ${h.toFixed(3)})`),
      fc.double({ min: 0.1, max: 3, noNaN: true }).map((r) => `circle(${r.toFixed(3)})`),
      fc.record({ l: fc.double({ min: 0.1, max: 4, noNaN: true }), r: fc.double({ min: 0.05, max: 1, noNaN: true }) }).map(({ l, r }) => `capsule(${l.toFixed(3)}, ${r.toFixed(3)})`),
    );
    const coord = fc.double({ min: -1, max: 1, noNaN: true });
    const angle = fc.integer({ min: 0, max: 359 });
    fc.assert(
      fc.property(shape, shape, coord, coord, angle, angle, fc.boolean(), (sa, sb, x, y, ta, tb, moveA) => {
        const doc = scene(`body a ${sa} angle ${ta}deg\nbody b ${sb} at (${x.toFixed(3)}, ${y.toFixed(3)}) angle ${tb}deg\n`);
        const d = doc.analysis.diagnostics.find((z) => z.code === 'overlap');
        if (!d) return; // touching within slop: nothing to fix
        const f = quickFixes(doc, d).find((q) => q.title.startsWith(moveA ? "Move 'a'" : "Move 'b'"));
        assert.ok(f, 'a move fix is offered for each body');
        const after = scene(applyOffsetEdits(doc.text, f.edits));
        assert.equal(after.analysis.findings.filter((z) => z.kind === 'overlap').length, 0, after.text);
      }),
      { numRuns: 300, seed: 6 },
    );
  });

  it('marks a tunnelling body as bullet: the warning becomes information', () => {
    const doc = scene('body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n');
    const d = diagnostic(doc, 'tunnelling');
    const f = fix(doc, d, /^Mark 'shot' as bullet/);
    const after = applyAndCheck(doc, d, f);
    assert.match(after.text, /body shot bullet circle/);
    assert.equal(after.analysis.diagnostics.find((x) => x.code === 'tunnelling')?.severity, 'information');
  });

  it('lowers a velocity just enough to stop tunnelling (checked by the analysis)', () => {
    const doc = scene('body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n');
    const d = diagnostic(doc, 'tunnelling');
    const f = fix(doc, d, /^Lower the velocity of 'shot'/);
    const after = applyAndCheck(doc, d, f);
    const v = after.analysis.semantics.scene.bodies[1]!.velocity.x;
    assert.ok(v > 0 && v < 600, `lowered to ${v}`);
    assert.deepEqual(after.analysis.findings.map((x) => x.kind), ['collision'], 'a discrete engine now sees the hit');
    // "Just enough": 1% faster than the fix tunnels again.
    const faster = scene(after.text.replace(/velocity \([^)]*\)/, `velocity (${v * 1.01}, 0)`));
    assert.deepEqual(faster.analysis.findings.map((x) => x.kind), ['tunnelling']);
  });

  it('lowers a spin just enough when the tunnelling comes from rotation', () => {
    // A bar turning a quarter turn per step sweeps past a post at 45 degrees between two steps.
    const doc = scene('body bar box(4, 0.1) spin (pi / 2) * 60\nbody post static circle(0.1) at (1.5 * cos(45deg), 1.5 * sin(45deg))\n');
    const d = diagnostic(doc, 'tunnelling');
    const after = applyAndCheck(doc, d, fix(doc, d, /^Lower the spin of 'bar'/));
    const w = after.analysis.semantics.scene.bodies[0]!.spin;
    assert.ok(w > 0 && w < (Math.PI / 2) * 60, `lowered to ${w}`);
  });

  it('replaces a concave polygon by a compound of convex parts or by its convex hull', () => {
    const doc = scene('let h = 4\nbody arrow polygon((0, 0), (4, 0), (4, h), (2, 1), (0, h))\n');
    const d = diagnostic(doc, 'polygon-not-convex');
    const compound = fix(doc, d, /compound of \d convex parts/);
    const c = applyAndCheck(doc, d, compound);
    assert.match(c.text, /compound\(polygon\(/);
    assert.match(c.text, /\(4, h\)/, "the author's own vertex expressions are kept");
    assert.equal(c.analysis.diagnostics.filter((x) => x.severity === 'error').length, 0);
    const hull = fix(doc, d, /convex hull/);
    const h = applyAndCheck(doc, d, hull);
    assert.match(h.text, /polygon\(\(0, 0\), \(4, 0\), \(4, h\), \(0, h\)\)/);
  });

  it('replaces a polygon convex up to rounding by the hull Collide uses', () => {
    const doc = scene('let h = 4\nbody lid polygon((0, 0), (4, 0), (4, h), (2, 3.99999), (0, h))\n');
    const d = diagnostic(doc, 'polygon-welded');
    const after = applyAndCheck(doc, d, fix(doc, d, /convex hull \(4 vertices/));
    assert.match(after.text, /polygon\(\(0, 0\), \(4, 0\), \(4, h\), \(0, h\)\)/);
  });

  it('fixes a clockwise polygon by rewriting its vertices counter-clockwise', () => {
    const doc = scene('body wedge polygon((0, -2), (0, -1), (3, -2))\n');
    const d = diagnostic(doc, 'polygon-winding');
    applyAndCheck(doc, d, fix(doc, d, /counter-clockwise/));
  });

  it('removes a redundant vertex', () => {
    const doc = scene('body slab polygon((0, 0), (2, 0), (4, 0), (4, 1), (0, 1))\n');
    const d = diagnostic(doc, 'polygon-redundant-vertex');
    const after = applyAndCheck(doc, d, fix(doc, d, /Remove vertex 2/));
    assert.match(after.text, /polygon\(\(0, 0\), \(4, 0\), \(4, 1\), \(0, 1\)\)/);
  });

  it('corrects a misspelt name to the suggestion', () => {
    const doc = scene('let width = 2\nbody a box(widt, 1)\n');
    const d = diagnostic(doc, 'unknown-name');
    applyAndCheck(doc, d, fix(doc, d, /Change to 'width'/));
  });

  it('offers every fix from the diagnostic as the editor sends it back (through JSON; finding diagnostics carry no data)', () => {
    const doc = scene(
      [
        'body floor static box(20, 1) at (0, -0.5)',
        'body sunk box(1, 1) at (0, 0.45)',
        'body wall static box(0.1, 4) at (2, 3)',
        'body shot circle(0.05) at (-1, 3) velocity (600, 0)',
        'body cup polygon((0, 0), (1, 0), (0.5, 0.2), (1, 1), (0, 1)) at (9, 9)',
        'body cw polygon((0, 0), (0, 1), (1, 1), (1, 0)) at (20, 20)',
        'body typo box(1, 1) at (flor, 40)',
        '',
      ].join('\n'),
    );
    const published = publishedDiagnostics(doc);
    const codes = new Set(published.map((d) => d.code));
    for (const code of ['overlap', 'tunnelling', 'polygon-not-convex', 'polygon-winding']) assert.ok(codes.has(code), `a ${code} diagnostic among ${[...codes].join(', ')}`);
    let offered = 0;
    for (const lsp of published) {
      if (lsp.code === 'overlap' || lsp.code === 'tunnelling') assert.equal(lsp.data, undefined, `${lsp.code} carries no data`);
      const wire = JSON.parse(JSON.stringify(lsp)) as typeof lsp;
      const range = toOffsetRange(doc.lines, wire.range);
      const expected = codeActions(doc, range, { diagnostics: [lsp] }).map((a) => [a.title, a.edit]);
      assert.deepEqual(codeActions(doc, range, { diagnostics: [wire] }).map((a) => [a.title, a.edit]), expected, `${lsp.code}: ${lsp.message}`);
      const plain = doc.analysis.diagnostics.find((d) => d.code === lsp.code && d.message === lsp.message)!;
      assert.equal(expected.length, quickFixes(doc, plain).length, `every fix of ${lsp.code} offered`);
      offered += expected.length;
    }
    // The static floor and wall are never moved: one move (sunk's), two bullet/velocity fixes, three polygon fixes.
    assert.ok(offered >= 6, `fixes offered: ${offered}`);
  });

  it('fixes a polygon from a diagnostic without data, and offers nothing for one the document no longer has', () => {
    const doc = scene('body cup polygon((0, 0), (1, 0), (0.5, 0.2), (1, 1), (0, 1)) at (9, 9)\n');
    const plain = diagnostic(doc, 'polygon-not-convex');
    assert.notEqual(plain.data, undefined);
    const lsp = toLspDiagnostic(doc, plain);
    assert.equal('data' in lsp, false, 'published without data');
    const titles = codeActions(doc, plain.range, { diagnostics: [lsp] }).map((a) => a.title);
    assert.deepEqual(titles, quickFixes(doc, plain).map((f) => f.title));
    assert.ok(titles.some((t) => /compound of 2 convex parts/.test(t)), titles.join('; '));
    // The editor still shows the previous version's diagnostic after the polygon became convex
    // (and shorter): its range matches nothing in the current analysis, so there is no fix.
    const next = scene('body cup polygon((0, 0), (1, 0), (1, 1), (0, 1)) at (9, 9)\n');
    assert.deepEqual(codeActions(next, toOffsetRange(next.lines, lsp.range), { diagnostics: [lsp] }), []);
  });

  it('wraps fixes as LSP quick fixes carrying the diagnostic they fix', () => {
    const doc = scene('body floor static box(20, 1) at (0, -0.5)\nbody sunk box(1, 1) at (0, 0.45)\n');
    const d = diagnostic(doc, 'overlap');
    const lsp = toLspDiagnostic(doc, d);
    const actions = codeActions(doc, d.range, { diagnostics: [lsp] });
    // The static floor is not offered to move: only sunk is.
    assert.deepEqual(actions.map((a) => a.title), ["Move 'sunk' out of 'floor' to (0, 0.5)"]);
    for (const a of actions) {
      assert.equal(a.kind, 'quickfix');
      assert.deepEqual(a.diagnostics, [lsp]);
    }
    const text = applyTextEdits(doc.lines, actions[0]!.edit!.changes!['file:///test.collide']!);
    assert.match(text, /at \(0, 0\.5\)/);
    // Without context diagnostics (some clients send none), the range decides.
    assert.equal(codeActions(doc, d.range, { diagnostics: [] }).length, actions.length);
    // A request for refactorings only gets no quick fixes.
    assert.deepEqual(codeActions(doc, d.range, { diagnostics: [lsp], only: ['refactor'] }), []);
  });

  it('fixes a problem left out by collide.diagnostics.limit beside one the editor was sent for the same range', () => {
    // hub overlaps a and b, both diagnostics on its name; with room for one problem beside the
    // limit's note, only the overlap with a is published, and the editor sends back only that.
    const doc = scene(['body a box(1, 1) at (-1.2, 0)', 'body b box(1, 1) at (1.2, 0)', 'body hub box(2, 2) at (0, 0)', 'let unused = 1', ''].join('\n'), parseSettings({ diagnostics: { limit: 2 } }));
    const sent = limitedDiagnostics(doc)!;
    const onHub = sent.filter((d) => d.code === 'overlap');
    assert.equal(onHub.length, 1, 'one of the two overlaps published');
    assert.match(onHub[0]!.message as string, /hub overlaps a/);
    const at = toOffsetRange(doc.lines, onHub[0]!.range);
    const titles = (diagnostics: typeof sent) => codeActions(doc, at, { diagnostics }).map((a) => `${a.title} <- ${a.diagnostics![0]!.message}`);
    const every = titles([]);
    assert.ok(every.some((t) => /hub overlaps b/.test(t)), every.join('; '));
    assert.deepEqual(titles(onHub), every);
    // A problem the editor was sent is not offered twice, and one of the whole list is fixed once.
    assert.equal(titles(onHub).length, doc.analysis.diagnostics.filter((d) => d.code === 'overlap').reduce((n, d) => n + quickFixes(doc, d).length, 0));
  });
});
