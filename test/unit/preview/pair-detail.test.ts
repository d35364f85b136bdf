/**
 * The pair detail's numbers on the spinning bar (examples/spinning-bar.collide): at t = 0 the
 * normal is that of the closest point, not the contact normal at the time of impact.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { formatNumber as fmt } from '../../../protocol/format';
import { isPairDetail } from '../../../protocol/preview-model';

describe('preview/pair-detail: numbers at their instant', () => {
  const text = readFileSync(join(__dirname, '../../../examples/spinning-bar.collide'), 'utf8');
  const analysis = analyzeDocument(text, { editorData: false });
  const d = buildPairDetail('u', 1, { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics }, 'bar', 'target')!;

  it('gives the t = 0 normal of the closest point, (0, 1), beside the contact normal at impact', () => {
    assert.ok(isPairDetail(d));
    assert.deepEqual(d.closest.map(fmt), ['0', '0.91066']);
    assert.deepEqual(d.normal?.map(fmt), ['0', '1']);
    assert.equal(fmt(d.toi!.t), '0.00727051');
    assert.deepEqual(d.toi!.normal.map(fmt), ['-0.632851', '0.774274']);
    // The finding's normal is the one at impact, as PreviewFinding says.
    assert.deepEqual(d.finding!.normal.map(fmt), ['-0.632851', '0.774274']);
    // The advancement steps are those the search commits to, from t = 0 to the answer; its
    // look-ahead evaluations count as iterations only (the inspector's "Method" says so).
    assert.equal(d.toi!.method, 'conservative-advancement');
    assert.equal(d.advancement.length, 11);
    assert.equal(d.toi!.iterations, 13);
    // The steps run forward in time and end at the answer.
    assert.equal(d.advancement[0]!.t, 0);
    assert.equal(fmt(d.advancement.at(-1)!.t), fmt(d.toi!.t));
    assert.deepEqual(d.advancement[0]!.normal.map(fmt), d.normal!.map(fmt));
  });
});
