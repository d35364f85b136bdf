/** The pair inspector's rows: each number with its instant, and the method's counts named apart. */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPairDetail } from '../../../../server/src/preview/pair-detail';
import { methodText, pairRows, stepAtTime, stepRows } from '../../../../webview/src/ui/pair-rows';

describe('webview/ui/pair-rows', () => {
  const text = readFileSync(join(__dirname, '../../../../examples/spinning-bar.collide'), 'utf8');
  const analysis = analyzeDocument(text, { editorData: false });
  const d = buildPairDetail('u', 1, { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics }, 'bar', 'target')!;

  it('labels the spinning bar numbers with their instant: t = 0 and the time of impact', () => {
    const all = pairRows(d, { t: 0, distance: d.distance, closest: d.closest, normal: d.normal, pushOut: d.pushOut, overlapArea: 0 }, false);
    // Values by their keys, which repeat the heading's instant.
    const rows = new Map(all.flatMap((r) => ('heading' in r ? [] : [[r[2] ?? r[0], r[1]] as const])));
    assert.deepEqual(
      all.flatMap((r) => ('heading' in r ? [r.heading] : [])),
      ['At t = 0 s', 'Motion, at every instant', 'At impact, t = 0.00727051 s', 'Finding: tunnelling'],
    );
    assert.equal(rows.get('Distance at t = 0 s'), '0.91066');
    assert.equal(rows.get('Closest point of B ⊖ A at t = 0 s'), '(0, 0.91066)');
    assert.equal(rows.get('Normal (A → B) at t = 0 s'), '(0, 1)');
    assert.equal(rows.get('Time of impact'), '0.00727051 s');
    assert.equal(rows.get('Contact point at t = 0.00727051 s'), '(1.12395, 0.983232)');
    assert.equal(rows.get('Contact normal (A → B) at t = 0.00727051 s'), '(-0.632851, 0.774274)');
    assert.equal(rows.has('Normal (A → B)'), false, 'no normal without its instant');
  });

  it('says touching at a time of impact rather than printing rounding as a depth, push-out and area', () => {
    const keyed = (distance: number, pushOut: [number, number] | null, overlapArea: number): Map<string, string> =>
      new Map(pairRows(d, { t: 0.5, distance, closest: [distance, 0], normal: [-1, 0], pushOut, overlapArea }, false).flatMap((r) => ('heading' in r ? [] : [[r[2] ?? r[0], r[1]] as const])));
    const touch = keyed(-3.6e-16, [-3.6e-16, 0], 3e-30);
    assert.equal(touch.get('Distance at t = 0.5 s'), '0 (touching)');
    assert.equal(touch.get('Closest point of B ⊖ A at t = 0.5 s'), '(0, 0)');
    assert.equal(touch.has('Penetration depth at t = 0.5 s'), false);
    assert.equal(touch.has('Push-out (move B) at t = 0.5 s'), false);
    assert.equal(touch.has('Overlap area at t = 0.5 s'), false);
    const deep = keyed(-0.01, [-0.01, 0], 0.002);
    assert.equal(deep.get('Penetration depth at t = 0.5 s'), '0.01');
    assert.equal(deep.get('Push-out (move B) at t = 0.5 s'), '(-0.01, 0)');
    assert.equal(deep.get('Overlap area at t = 0.5 s'), '0.002');
  });

  it('names the distance evaluations apart from the steps the advancement records', () => {
    assert.equal(methodText(d), 'conservative-advancement: 13 distance evaluations, 11 steps and 2 look-aheads');
    assert.deepEqual(stepRows(d, 'advancement', 0), [
      ['Step', 'Advancement 1 of 11'],
      ['t', '0 s'],
      ['Distance', '0.91066', 'Distance at t = 0 s'],
      ['Normal (A → B)', '(0, 1)', 'Normal (A → B) at t = 0 s'],
    ]);
  });

  it('finds the advancement step at or before a time', () => {
    assert.equal(stepAtTime(d, 0), 0);
    assert.equal(stepAtTime(d, d.toi!.t), 10);
    assert.equal(stepAtTime(d, 1), 10);
    const mid = (d.advancement[3]!.t + d.advancement[4]!.t) / 2;
    assert.equal(stepAtTime(d, mid), 3);
    assert.equal(stepAtTime(d, d.advancement[4]!.t), 4);
    assert.equal(stepAtTime(d, -1), -1);
  });
});
