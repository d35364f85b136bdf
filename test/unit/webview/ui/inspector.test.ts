/**
 * The pair inspector in headless Chromium: live while a body is dragged (before the text has the
 * new pose), its table at the scrubbed time with every number's instant, and the scene's time and
 * the conservative-advancement steps driving each other.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { buildPairDetail } from '../../../../server/src/preview/pair-detail';

const EXAMPLES = join(__dirname, '../../../../examples');
const URI = 'file:///work/scene.collide';

function analyzed(text: string, version = 1) {
  const analysis = analyzeDocument(text, { editorData: false });
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
  return {
    scene: buildPreviewScene(URI, version, source),
    pair: (a: string, b: string) => buildPairDetail(URI, version, source, a, b)!,
  };
}

const cell = (view: PreviewPage, key: string) => view.page.locator(`#pair-numbers td[data-key="${key}"]`).textContent();
const keys = (view: PreviewPage) => view.page.evaluate(() => [...(globalThis as any).document.querySelectorAll('#pair-numbers td')].map((td: any) => td.dataset.key as string));
const headings = (view: PreviewPage) => view.page.locator('#pair-numbers tr.heading').allTextContents();
const near = (text: string | null, expected: number, tolerance: number) =>
  assert.ok(Math.abs(Number(text) - expected) <= tolerance, `${text} vs ${expected} ± ${tolerance}`);
const cspace = (view: PreviewPage) => view.page.evaluate(() => (globalThis as any).document.querySelector('#cspace').toDataURL() as string);

describe('preview pair inspector (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open({ size: [1200, 800] });
  });

  it('follows a drag at every frame: depth, push-out and B ⊖ A of the dragged pose before release', async () => {
    const { scene, pair } = analyzed(readFileSync(join(EXAMPLES, 'crates-on-a-floor.collide'), 'utf8'));
    await view.send({ type: 'scene', scene });
    // Edits unlocked: a drag on a body moves it (locked, it pans).
    await view.page.locator('#edit-lock').click();
    await view.send({ type: 'selectPair', a: 'sunk', b: 'pushed' });
    await view.send({ type: 'pair', pair: pair('sunk', 'pushed') });
    await view.frame();
    assert.equal(await cell(view, 'Penetration depth at t = 0 s'), '0.2');
    assert.equal(await cell(view, 'Push-out (move B) at t = 0 s'), '(0.2, 0)');
    const before = await cspace(view);
    // Drag `pushed` (at (0.8, 0.5)) right by 0.1: still 0.1 deep, then clear of `sunk`.
    const [x, y] = await view.toPage(1.0, 0.5);
    const [x1] = await view.toPage(1.1, 0.5);
    const [x2] = await view.toPage(1.5, 0.5);
    await view.clearPosted();
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    await view.page.mouse.move((x + x1) / 2, y);
    await view.page.mouse.move(x1, y);
    await view.frame();
    assert.deepEqual(await view.posted(), [], 'nothing posted yet');
    // The pointer lands on whole pixels: the pose is 0.1 to right within a pixel's width.
    const px = 1.5 / (await view.debug()).view.zoom;
    near(await cell(view, 'Penetration depth at t = 0 s (dragged)'), 0.1, px);
    const push = (await cell(view, 'Push-out (move B) at t = 0 s (dragged)'))!.match(/^\((.*), (.*)\)$/)!;
    near(push[1]!, 0.1, px);
    assert.equal(push[2], '0');
    const during = await cspace(view);
    await view.screenshot('inspector-dragging');
    assert.notEqual(during, before, 'the configuration space is drawn again for the dragged pose');
    await view.page.mouse.move(x2, y);
    await view.frame();
    near(await cell(view, 'Distance at t = 0 s (dragged)'), 0.3, px);
    assert.ok(!(await keys(view)).some((k) => k.startsWith('Push-out')), 'apart: no push-out');
    assert.notEqual(await cspace(view), during);
    await view.page.mouse.up();
    // Released: one edit of `pushed`'s place, 0.5 to the right, for the version shown.
    const edits = (await view.posted()).filter((m) => m.type === 'editPose');
    assert.equal(edits.length, 1, JSON.stringify(edits));
    assert.deepEqual([edits[0].body, edits[0].version, edits[0].angle], ['pushed', 1, undefined]);
    near(String(edits[0].at[0]), 1.3, px);
    near(String(edits[0].at[1]), 0.5, px);
    // The server's answer for the new version takes over.
    const moved = analyzed(readFileSync(join(EXAMPLES, 'crates-on-a-floor.collide'), 'utf8').replace('at (0.8, 0.5)', 'at (1.3, 0.5)'), 2);
    await view.send({ type: 'scene', scene: moved.scene });
    await view.send({ type: 'pair', pair: moved.pair('sunk', 'pushed') });
    await view.frame();
    assert.equal(await cell(view, 'Distance at t = 0 s'), '0.3');
  });

  it('draws the overlap region in the scene while the pair overlaps', async () => {
    const { scene, pair } = analyzed(readFileSync(join(EXAMPLES, 'crates-on-a-floor.collide'), 'utf8'));
    await view.send({ type: 'scene', scene });
    // Inside both crates (sunk to x = 0.5, pushed from x = 0.3), clear of labels and arrows.
    const [x, y] = await view.toPage(0.4, 0.8);
    await view.frame();
    const plain = await view.pixel(x, y);
    await view.send({ type: 'selectPair', a: 'sunk', b: 'pushed' });
    await view.send({ type: 'pair', pair: pair('sunk', 'pushed') });
    await view.frame();
    await view.frame();
    // x from 0.3 to 0.5, y from 0 (pushed's bottom) to 0.95 (sunk's top).
    assert.equal(await cell(view, 'Overlap area at t = 0 s'), '0.19');
    const shaded = await view.pixel(x, y);
    assert.ok(shaded[0] > plain[0] + 40, `the overlap is shaded in the error color: ${plain} → ${shaded}`);
  });

  it('exports the view as shown: the overlap region and the debug overlays', async () => {
    const { scene, pair } = analyzed(readFileSync(join(EXAMPLES, 'crates-on-a-floor.collide'), 'utf8'));
    await view.send({ type: 'scene', scene });
    // Inside both crates, as in the test before: its color before the pair is chosen.
    const [x, y] = await view.toPage(0.4, 0.8);
    await view.frame();
    const unshaded = await view.pixel(x, y);
    await view.send({ type: 'selectPair', a: 'sunk', b: 'pushed' });
    await view.send({ type: 'pair', pair: pair('sunk', 'pushed') });
    await view.frame();
    await view.clearPosted();
    await view.send({ type: 'export', format: 'svg', requestId: 0 });
    const plain = (await view.posted())[0].data as string;
    await view.page.locator('#show-menu summary').click();
    await view.page.locator('#show-aabb').click();
    await view.page.locator('#show-menu summary').click();
    await view.frame();
    await view.clearPosted();
    await view.send({ type: 'export', format: 'svg', requestId: 1 });
    await view.send({ type: 'export', format: 'png', requestId: 2 });
    const [svg, png] = (await view.posted()).filter((m) => m.type === 'exported').map((m) => m.data as string);
    // The region as the canvas draws it (render/scene/overlap-region.ts): filled, dashed edge.
    assert.match(svg!, /<path d="[^"]*" fill="[^"]*" fill-opacity="0\.45"[^>]*stroke-dasharray="4 2"/);
    // The bounding boxes overlay is in the picture too (its boxes traced as one path).
    const paths = (t: string) => (t.match(/<path /g) ?? []).length;
    assert.ok(paths(svg!) > paths(plain), `the overlays are exported: ${paths(plain)} → ${paths(svg!)} paths`);
    // The PNG (twice the view's pixels) is shaded where the canvas is, inside both crates.
    const shown = await view.pixel(x, y);
    assert.ok(shown[0] > unshaded[0] + 40, `the canvas shades the overlap: ${unshaded} → ${shown}`);
    const exported = await view.page.evaluate(
      async ({ png, x, y }) => {
        const d = (globalThis as any).document;
        const r = d.querySelector('#scene').getBoundingClientRect();
        const img = new (globalThis as any).Image();
        img.src = png;
        await img.decode();
        const c = d.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(Math.round(2 * (x - r.left)), Math.round(2 * (y - r.top)), 1, 1).data] as number[];
      },
      { png: png!, x, y },
    );
    assert.ok(exported.slice(0, 3).every((c, i) => Math.abs(c - shown[i]!) <= 12), `exported ${exported} vs shown ${shown}`);
  });

  it('spinning bar: every number says its instant, and the table follows the scrubbed time', async () => {
    const { scene, pair } = analyzed(readFileSync(join(EXAMPLES, 'spinning-bar.collide'), 'utf8'));
    await view.send({ type: 'scene', scene });
    await view.send({ type: 'selectPair', a: 'bar', b: 'target' });
    await view.send({ type: 'pair', pair: pair('bar', 'target') });
    await view.frame();
    await view.screenshot('inspector-spinning-bar');
    assert.equal(await cell(view, 'Distance at t = 0 s'), '0.91066');
    assert.equal(await cell(view, 'Closest point of B ⊖ A at t = 0 s'), '(0, 0.91066)');
    assert.equal(await cell(view, 'Normal (A → B) at t = 0 s'), '(0, 1)');
    assert.equal(await cell(view, 'Contact normal (A → B) at t = 0.00727051 s'), '(-0.632851, 0.774274)');
    assert.equal(await cell(view, 'Method'), 'conservative-advancement: 13 distance evaluations, 11 steps and 2 look-aheads');
    assert.deepEqual(await headings(view), ['At t = 0 s', 'Motion, at every instant', 'At impact, t = 0.00727051 s', 'Finding: tunnelling']);
    assert.deepEqual(await view.page.locator('#step-kind option').allTextContents(), ['GJK simplices (2)', 'Conservative advancement (11)']);
    // Scrub to 0.005 s: the bar has turned 0.005 × 94.2478 rad = 27°; the table says so.
    const before = await cspace(view);
    await view.page.locator('#time').fill('300');
    await view.frame();
    const t = (await view.debug()).time;
    assert.equal(t, 0.005);
    await view.screenshot('inspector-scrubbed');
    const rows = await keys(view);
    assert.equal((await headings(view))[0], 'At t = 0.005 s');
    assert.ok(rows.includes('Distance at t = 0.005 s'), rows.join(' | '));
    assert.notEqual(await cell(view, 'Distance at t = 0.005 s'), '0.91066');
    assert.notEqual(await cell(view, 'Normal (A → B) at t = 0.005 s'), '(0, 1)');
    assert.notEqual(await cspace(view), before);
    // GJK ran on the poses shown.
    assert.match((await view.page.locator('#step-numbers td[data-key="Step"]').textContent())!, /^GJK \d+ at t = 0\.005 s$/);
  });

  it('a conservative-advancement step moves the scene to its time; a new time selects the step at or before it', async () => {
    const { scene, pair } = analyzed(readFileSync(join(EXAMPLES, 'spinning-bar.collide'), 'utf8'));
    const detail = pair('bar', 'target');
    await view.send({ type: 'scene', scene });
    await view.send({ type: 'selectPair', a: 'bar', b: 'target' });
    await view.send({ type: 'pair', pair: detail });
    await view.page.locator('#step-kind').selectOption('advancement');
    // Step 4 → the scene's time is that step's t, and the table reads there.
    await view.page.locator('#step').fill('3');
    await view.frame();
    const t3 = detail.advancement[3]!.t;
    assert.ok(t3 > 0);
    assert.equal((await view.debug()).time, t3);
    assert.equal(await view.page.locator('#step-label').textContent(), '4 / 11');
    // The scene's slider to 0.005 s: the last step at or before it is chosen.
    await view.page.locator('#time').fill('300');
    const k = detail.advancement.filter((s) => s.t <= 0.005).length - 1;
    assert.ok(k >= 0 && k < 10);
    assert.equal(await view.page.locator('#step-label').textContent(), `${k + 1} / 11`);
    // And the time of impact's step, from the slider's end.
    await view.page.locator('#step').fill('10');
    assert.equal((await view.debug()).time, detail.toi!.t);
  });
});
