import { strict as assert } from 'node:assert';
import { growInt32 } from '../../../core';
import { findingDiagnostic as pipelineFindingDiagnostic } from '../../../server/src/analysis/pipeline';
import { analyzeText, findingDiagnostic, findingOf } from '../../../server/src/features/document';
import { bodyModifiers } from '../../../server/src/features/describe';
import { bodyKind } from '../../../server/src/preview/scene-model';
import { lowerBound } from '../../../server/src/syntax/positions';
import { byPosition } from '../../../server/src/common/diagnostic';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';

/**
 * The helpers that used to exist twice (code review): one copy each now, and the one kept is the
 * one that is right in the case where the copies differed.
 */
describe('shared helpers: one of each', () => {
  it('lowerBound (syntax/positions.ts, also used by the statement window): first index not below x', () => {
    const a = [0, 3, 3, 7, 10];
    assert.deepEqual([-1, 0, 1, 3, 4, 7, 9, 10, 11].map((x) => lowerBound(a, x)), [0, 0, 1, 1, 3, 3, 4, 4, 5]);
    assert.equal(lowerBound([], 5), 0);
  });

  it('byPosition (common/diagnostic.ts) is the one order of diagnostics: start, then end, in every list the analysis merges', () => {
    const at = (start: number, end: number) => ({ range: { start, end } });
    assert.ok(byPosition(at(1, 9), at(2, 3)) < 0);
    assert.ok(byPosition(at(2, 3), at(2, 5)) < 0);
    assert.ok(byPosition(at(2, 5), at(2, 3)) > 0);
    assert.equal(byPosition(at(4, 4), at(4, 4)), 0);
    // Syntax, semantic and finding diagnostics of one file, each list in that order and so the merge.
    const analysis = analyzeDocument(
      'body floor static box(10, 1)\nbody crate box(1, 1) at (0, 0.8)\nbody q circle(1) @\nbody c circle(k) at (20, 0)\n' +
        'let u = 1 / 0\nbody r circle(1) @\nbody d box(1, 1) at (40, 0)\nbody e box(1, 1) at (40, 0.5)\n',
    );
    const lists = [analysis.parse.diagnostics, analysis.semantics.diagnostics, analysis.diagnostics];
    for (const list of lists) assert.ok(list.length >= 2, JSON.stringify(list.map((d) => d.code)));
    assert.equal(analysis.diagnostics.filter((d) => d.code === 'overlap').length, 2, 'findings before and after the others');
    for (const list of lists) for (let k = 1; k < list.length; k++) assert.ok(byPosition(list[k - 1]!, list[k]!) <= 0, JSON.stringify([list[k - 1], list[k]]));
  });

  it('growing an empty candidate array terminates (core growInt32: the incremental copy doubled 0 forever)', () => {
    const grown = growInt32(new Int32Array(0), 1);
    assert.ok(grown.length >= 1);
    const kept = growInt32(Int32Array.from([4, 5]), 40, -1);
    assert.ok(kept.length >= 40);
    assert.deepEqual([...kept.subarray(0, 3)], [4, 5, -1]);
  });

  it("features' findingDiagnostic is the pipeline's: the published diagnostic and the one a quick fix matches are one", () => {
    const doc = analyzeText('body floor static box(10, 1)\nbody crate box(1, 1) at (0, 0.8)\nbody shot circle(0.1) at (-5, 3) velocity (900, 0)\nbody wall static box(0.1, 2) at (0, 3)\n');
    assert.ok(doc.analysis.findings.length >= 2);
    for (const f of doc.analysis.findings) {
      const d = findingDiagnostic(doc, f);
      assert.deepEqual(d, pipelineFindingDiagnostic(doc.analysis.semantics.scene, f));
      assert.ok(doc.analysis.diagnostics.some((p) => p.code === d.code && p.message === d.message && p.range.start === d.range.start));
      assert.equal(findingOf(doc, d), f);
    }
  });

  it("bodyKind is the preview's colour class; the hover's words are bodyModifiers (every modifier)", () => {
    const doc = analyzeText('body a static sensor circle(1)\nbody b bullet circle(1) at (5, 0)\nbody c circle(1) at (10, 0)\n');
    const [a, b, c] = doc.analysis.semantics.scene.bodies;
    assert.deepEqual([bodyKind(a!), bodyKind(b!), bodyKind(c!)], ['sensor', 'bullet', 'dynamic']);
    assert.deepEqual([bodyModifiers(a!), bodyModifiers(b!), bodyModifiers(c!)], ['static, sensor', 'dynamic, bullet', 'dynamic']);
  });
});
