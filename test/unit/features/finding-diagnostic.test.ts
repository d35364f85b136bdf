import { strict as assert } from 'node:assert';
import { findingDiagnostic as pipelineFindingDiagnostic } from '../../../server/src/analysis/pipeline';
import { analyzeText, findingDiagnostic, findingOf } from '../../../server/src/features/document';
import { bodyModifiers } from '../../../server/src/features/describe';

describe('features: helpers shared with the layers below', () => {
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

  it("the hover's words are bodyModifiers (every modifier)", () => {
    const doc = analyzeText('body a static sensor circle(1)\nbody b bullet circle(1) at (5, 0)\nbody c circle(1) at (10, 0)\n');
    const [a, b, c] = doc.analysis.semantics.scene.bodies;
    assert.deepEqual([bodyModifiers(a!), bodyModifiers(b!), bodyModifiers(c!)], ['static, sensor', 'dynamic, bullet', 'dynamic']);
  });
});
