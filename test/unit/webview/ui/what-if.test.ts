/**
 * The findings panel's "what if" control in headless Chromium: choosing dt ÷ 4 asks the host,
 * the answer marks each tunnelling finding as a fresh analysis of the edited file would have it
 * (caught: an ordinary collision; or still tunnelling), and Apply asks the host for the edit.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { finish } from '../../../../server/src/common/steps';
import { analyzeText, type AnalyzedDocument } from '../../../../server/src/features/document';
import { applyOffsetEdits } from '../../../../server/src/features/text-edits';
import { whatIfSteps } from '../../../../server/src/features/what-if';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import type { PreviewScene } from '../../../../protocol/preview-model';

const URI = 'file:///what-if.collide';
// A fast shot a quarter step cannot catch, a slower ball it can, a bullet's tunnelling, and an overlap.
const TEXT = [
  'dt 1/60',
  'body wall static box(0.1, 4) at (2, 0)',
  'body shot circle(0.05) at (-1, 0) velocity (600, 0)',
  'body wall2 static box(0.1, 4) at (2, 10)',
  'body ball circle(0.25) at (1.3, 10) velocity (120, 0)',
  'body wall3 static box(0.1, 4) at (2, 20)',
  'body dart bullet circle(0.1) at (1, 20) velocity (100, 0)',
  'body floor static box(4, 1) at (0, 29.5)',
  'body crate box(1, 1) at (0, 30.45)',
  '',
].join('\n');

/** TEXT analyzed, and its preview scene at `version`. */
function analyzedScene(version: number): { doc: AnalyzedDocument; scene: PreviewScene } {
  const doc = analyzeText(TEXT, URI);
  const a = doc.analysis;
  return { doc, scene: buildPreviewScene(URI, version, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics }) };
}

describe('preview webview: the what-if control (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  it('choosing dt ÷ 4 marks the tunnelling findings a fresh analysis of the edit catches, and Apply posts the edit', async () => {
    const { doc, scene } = analyzedScene(3);
    await view.send({ type: 'scene', scene });
    await view.clearPosted();
    await view.page.selectOption('#whatif-substeps', '4');
    assert.deepEqual(await view.posted(), [{ type: 'askWhatIf', version: 3, substeps: 4 }]);

    const result = finish(whatIfSteps({ ...doc, version: 3 }, 4));
    // A stale answer (another version) marks nothing.
    await view.send({ type: 'whatIf', result: { ...result, version: 2 } });
    assert.equal(await view.page.locator('#findings-list li[data-whatif]').count(), 0);
    await view.send({ type: 'whatIf', result });

    // What the edited file's own analysis says of each pair.
    const edited = applyOffsetEdits(TEXT, result.edits.map((e) => ({ range: { start: e.start, end: e.end }, newText: e.text })));
    const fresh = new Map(analyzeText(edited, URI).analysis.findings.map((f) => [`${f.a}\u0000${f.b}`, f.kind]));
    const marks = await view.page.$$eval('#findings-list li', (lis) => lis.map((li) => [(li as any).dataset.pair ?? '', (li as any).dataset.whatif ?? '']));
    const tunnelling = scene.findings.filter((f) => f.kind === 'tunnelling').map((f) => `${f.a}\u0000${f.b}`);
    assert.equal(tunnelling.length, 3);
    const expected = marks.map(([pair]) => [pair, tunnelling.includes(pair!) ? fresh.get(pair!)! : '']);
    assert.deepEqual(marks, expected);
    assert.ok(marks.some(([, m]) => m === 'collision') && marks.some(([, m]) => m === 'tunnelling'), JSON.stringify(marks));
    assert.match((await view.page.locator('#whatif-summary').textContent())!, /^\d of 3 tunnelling caught$/);
    // A caught finding is struck through, with its badge.
    const caught = view.page.locator('#findings-list li[data-whatif="collision"]').first();
    assert.equal(await caught.locator('button').evaluate((b) => (globalThis as any).getComputedStyle(b).textDecorationLine), 'line-through');
    assert.equal(await caught.evaluate((li) => (globalThis as any).getComputedStyle(li, '::after').content), '"caught"');

    await view.clearPosted();
    await view.page.click('#whatif-apply');
    assert.deepEqual(await view.posted(), [{ type: 'applyWhatIf', version: 3, substeps: 4 }]);
    // Applied: back to "–" (the next scene has the smaller step), the marks go, nothing more is asked.
    assert.equal(await view.page.locator('#whatif-substeps').inputValue(), '1');
    assert.equal(await view.page.locator('#findings-list li[data-whatif]').count(), 0);
    assert.equal(await view.page.locator('#whatif-apply').isDisabled(), true);
    await view.send({ type: 'scene', scene: { ...scene, version: 4 } });
    assert.deepEqual(await view.posted(), [{ type: 'applyWhatIf', version: 3, substeps: 4 }]);
  });

  it('asks again for a new version while a choice is made, and hides without tunnelling', async () => {
    const { scene } = analyzedScene(5);
    await view.send({ type: 'scene', scene });
    assert.equal(await view.page.locator('.whatif').isVisible(), true);
    await view.page.selectOption('#whatif-substeps', '8');
    await view.clearPosted();
    await view.send({ type: 'scene', scene: { ...scene, version: 6 } });
    assert.deepEqual(await view.posted(), [{ type: 'askWhatIf', version: 6, substeps: 8 }]);
    await view.send({ type: 'scene', scene: { ...scene, version: 7, findings: scene.findings.filter((f) => f.kind !== 'tunnelling') } });
    assert.equal(await view.page.locator('.whatif').isVisible(), false);
  });

  it("says plainly that what-if is for .collide scenes on a level's scene, and asks nothing", async () => {
    const { scene } = analyzedScene(5);
    await view.send({ type: 'scene', scene });
    await view.page.selectOption('#whatif-substeps', '8');
    await view.clearPosted();
    // The same findings read from a level (the server answers no what-if for it).
    await view.send({ type: 'scene', scene: { ...scene, uri: 'file:///level.tscn', version: 6, yDown: true } });
    assert.deepEqual(await view.posted(), []);
    assert.equal(await view.page.locator('.whatif').isVisible(), true);
    assert.equal(await view.page.locator('#whatif-substeps').isDisabled(), true);
    assert.equal(await view.page.locator('#whatif-substeps').inputValue(), '1');
    assert.equal(await view.page.locator('#whatif-summary').textContent(), 'What-if is for .collide scenes');
    assert.equal(await view.page.locator('#whatif-apply').isVisible(), false, 'nothing to apply');
    // Back on a scene: the control works again.
    await view.send({ type: 'scene', scene: { ...scene, version: 7 } });
    assert.equal(await view.page.locator('#whatif-substeps').isDisabled(), false);
    assert.equal(await view.page.locator('#whatif-apply').isVisible(), true);
    assert.equal(await view.page.locator('#whatif-summary').textContent(), '');
  });

  it("takes another document's scene of the same version as a new scene, and drops its stale answer", async () => {
    const { doc, scene } = analyzedScene(1);
    await view.send({ type: 'scene', scene });
    await view.page.selectOption('#whatif-substeps', '4');
    const result = finish(whatIfSteps({ ...doc, version: 1 }, 4));
    // A level opened next, at its own version 1: the control says what it is for, asks nothing.
    await view.clearPosted();
    await view.send({ type: 'scene', scene: { ...scene, uri: 'file:///level.tscn', yDown: true } });
    assert.deepEqual(await view.posted(), []);
    assert.equal(await view.page.locator('#whatif-summary').textContent(), 'What-if is for .collide scenes');
    // Another scene file at version 1: asked again for it; the first file's answer marks nothing.
    const other = 'file:///other.collide';
    await view.send({ type: 'scene', scene: { ...scene, uri: other } });
    await view.page.selectOption('#whatif-substeps', '4');
    assert.deepEqual(await view.posted(), [{ type: 'askWhatIf', version: 1, substeps: 4 }]);
    await view.send({ type: 'whatIf', result });
    assert.equal(await view.page.locator('#findings-list li[data-whatif]').count(), 0);
    assert.equal(await view.page.locator('#whatif-summary').textContent(), '…');
    await view.send({ type: 'whatIf', result: { ...result, uri: other } });
    assert.ok((await view.page.locator('#findings-list li[data-whatif]').count()) > 0);
  });
});
