/**
 * The preview follows the author both ways, and frames what matters: a finding chosen in the
 * list or a code lens's selectPair brings its pair into view (in a 10,000-body scene too), the
 * editor's cursor in an off-screen body pans to it, Fit frames the bodies with findings rather
 * than the floor (Shift: everything), and "All labels" labels every body on screen.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { samplePair, sampleScene } from '../../../browser/fixtures';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { largeScene } from '../../render/scene/large-scene';

type View = { cx: number; cy: number; zoom: number; width: number; height: number; yDown?: boolean };

function sceneOf(text: string, uri = 'file:///work/reveal.collide'): PreviewScene {
  const a = analyzeDocument(text, { editorData: false });
  return buildPreviewScene(uri, 1, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

/** A world box's screen rectangle in the view: [x0, y0, x1, y1], y down. */
function onScreen(v: View, b: readonly number[]): [number, number, number, number] {
  const sx = (x: number) => (x - v.cx) * v.zoom + v.width / 2;
  const sy = (y: number) => v.height / 2 + (v.yDown ? 1 : -1) * (y - v.cy) * v.zoom;
  const ys = [sy(b[1]!), sy(b[3]!)];
  return [sx(b[0]!), Math.min(...ys), sx(b[2]!), Math.max(...ys)];
}

function inside(v: View, b: readonly number[]): boolean {
  const [x0, y0, x1, y1] = onScreen(v, b);
  return x0 >= 0 && y0 >= 0 && x1 <= v.width && y1 <= v.height;
}

/** Moves the view of the page to a center and zoom, as a pan and a wheel zoom would. */
async function look(view: PreviewPage, cx: number, cy: number, zoom: number): Promise<void> {
  await view.page.evaluate(
    ({ cx, cy, zoom }) => {
      const app = (globalThis as any).collidePreview;
      Object.assign(app.view, { cx, cy, zoom });
      app.invalidate();
    },
    { cx, cy, zoom },
  );
  await view.frame();
}

/** A 40-unit floor with three crates on it, two of them sunk: the scene Fit used to make tiny. */
const FLOOR = `body floor static box(40, 1) at (0, -0.5)
body sunk box(1, 1) at (2, 0.45)
body pushed box(1, 1) at (2.8, 0.5)
body fine box(1, 1) at (-12, 0.5)
`;

describe('preview webview: reveal, Fit and labels (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  it('a finding chosen in a 10,000-body scene brings both of its bodies into view, at the same zoom', async () => {
    this.timeout(120_000);
    const scene = largeScene(10_000);
    await view.send({ type: 'sceneBytes', bytes: encodeSceneBytes(scene) });
    await look(view, 3, 3, 40);
    const finding = scene.findings[200]!;
    const a = scene.bodies[finding.ia]!;
    const b = scene.bodies[finding.ib]!;
    assert.ok(!inside((await view.debug()).view, a.bounds), 'the pair starts off screen');
    await view.page.locator('#findings-list button').nth(200).click();
    await view.frame();
    const d = await view.debug();
    assert.deepEqual(d.pair, [a.name, b.name]);
    assert.equal(d.view.zoom, 40, 'the pair fits: the zoom stays');
    assert.ok(inside(d.view, a.bounds) && inside(d.view, b.bounds), `${a.bounds} and ${b.bounds} in ${JSON.stringify(d.view)}`);
    // The saved state has the new view, so a reload comes back to the pair.
    const state = await view.state();
    assert.deepEqual(state.center, [d.view.cx, d.view.cy]);
  });

  it('a code lens\'s selectPair brings the pair into view, zooming out when it does not fit and in when it is too small', async () => {
    const scene = sampleScene();
    await view.send({ type: 'scene', scene });
    const [floor, crate, wall, shot] = scene.bodies;
    // Far away and zoomed in: neither the wall nor the shot is on screen, nor fits.
    await look(view, 40, 40, 400);
    await view.send({ type: 'selectPair', a: 'shot', b: 'wall' });
    let d = await view.debug();
    assert.deepEqual(d.pair, ['wall', 'shot']);
    assert.ok(d.view.zoom < 400);
    assert.ok(inside(d.view, wall!.bounds) && inside(d.view, shot!.bounds), JSON.stringify(d.view));
    // Zoomed far out: the floor and crate are a few pixels; choosing them zooms in on them.
    await look(view, 0, 0, 1);
    await view.send({ type: 'selectPair', a: 'floor', b: 'crate' });
    d = await view.debug();
    assert.ok(d.view.zoom > 20, `zoom ${d.view.zoom}`);
    assert.ok(inside(d.view, crate!.bounds), 'the crate whole');
    const [x0, , x1] = onScreen(d.view, floor!.bounds);
    assert.ok(x1 > 0 && x0 < d.view.width, 'the floor under it');
  });

  it('in a narrow panel the pair stays in view when the inspector opens below the scene and fills in', async () => {
    await view.close();
    view = await browser.open({ size: [520, 700] });
    const scene = sampleScene();
    await view.send({ type: 'scene', scene });
    const [, , wall, shot] = scene.bodies;
    const before = (await view.debug()).view.height;
    await look(view, 40, 40, 400);
    await view.send({ type: 'selectPair', a: 'wall', b: 'shot' });
    await view.send({ type: 'pair', pair: { ...samplePair(), a: 'wall', b: 'shot' } });
    await view.frame();
    const d = await view.debug();
    assert.ok(d.view.height < before, `the inspector below took room: ${before} → ${d.view.height} px`);
    assert.ok(inside(d.view, wall!.bounds) && inside(d.view, shot!.bounds), JSON.stringify(d.view));
    // Once the user moves the view, a resize no longer brings the pair back.
    await view.page.mouse.move(...(await view.toPage(-1, 4.6)));
    await view.page.mouse.wheel(0, -600);
    await view.frame();
    const zoomed = (await view.debug()).view;
    assert.ok(zoomed.zoom > 2 * d.view.zoom && !inside(zoomed, shot!.bounds));
    await view.page.setViewportSize({ width: 520, height: 720 });
    await view.frame();
    const after = (await view.debug()).view;
    assert.ok(after.height > zoomed.height);
    assert.deepEqual([after.cx, after.cy, after.zoom], [zoomed.cx, zoomed.cy, zoomed.zoom]);
  });

  it('the editor\'s cursor in an off-screen body pans the view to it without zooming; on screen, nothing moves', async () => {
    const scene = sampleScene();
    await view.send({ type: 'scene', scene });
    const shot = scene.bodies[3]!;
    await look(view, 30, -20, 90);
    await view.send({ type: 'highlight', bodies: ['shot'] });
    const d = await view.debug();
    assert.equal(d.view.zoom, 90);
    assert.ok(inside(d.view, shot.bounds), JSON.stringify(d.view));
    // Moving within the same body, or to one already on screen, leaves the view alone.
    await view.send({ type: 'highlight', bodies: ['shot'] });
    await view.send({ type: 'highlight', bodies: ['zone', 'shot'] });
    assert.deepEqual((await view.debug()).view, d.view);
  });

  it('Fit frames the bodies with findings, not the 40-unit floor; Shift+click frames it all', async () => {
    const scene = sceneOf(FLOOR);
    await view.send({ type: 'scene', scene });
    const [floor, sunk, pushed, fine] = scene.bodies;
    // The first view of a scene is the smart fit: the two crates large, the floor's ends out.
    let d = await view.debug();
    assert.ok(inside(d.view, sunk!.bounds) && inside(d.view, pushed!.bounds));
    const [cx0, , cx1] = onScreen(d.view, sunk!.bounds);
    assert.ok(cx1 - cx0 > 60, `the crate is ${cx1 - cx0} px wide`);
    assert.ok(!inside(d.view, floor!.bounds) && !inside(d.view, fine!.bounds));
    await view.page.locator('#fit').click({ modifiers: ['Shift'] });
    await view.frame();
    d = await view.debug();
    assert.ok(inside(d.view, floor!.bounds) && inside(d.view, fine!.bounds), 'Shift: the whole scene');
    await view.page.locator('#fit').click();
    await view.frame();
    const again = await view.debug();
    assert.ok(again.view.zoom > 3 * d.view.zoom);
    assert.ok(inside(again.view, sunk!.bounds) && inside(again.view, pushed!.bounds));
    // The keyboard: F and Shift+F on the canvas.
    await view.page.locator('#scene').focus();
    await view.page.keyboard.press('Shift+F');
    assert.equal((await view.debug()).view.zoom, d.view.zoom);
    await view.page.keyboard.press('f');
    assert.equal((await view.debug()).view.zoom, again.view.zoom);
  });

  it('"All labels" labels every body on screen; a crowded body hovered or selected shows its label', async () => {
    // Ten flat boxes in a row, their long names wider than the boxes and taller than them: the
    // names of neighbors meet, and none can move up or down inside its box.
    const names = Array.from({ length: 10 }, (_, k) => `crate_number_${k}`);
    const text = names.map((n, k) => `body ${n} static box(0.8, 0.2) at (${k}, 0)`).join('\n') + '\n';
    await view.send({ type: 'scene', scene: sceneOf(text) });
    await look(view, 4.5, 0, 60);
    const labels = async () => (await view.debug()).labels;
    const few = await labels();
    assert.ok(few.length > 0 && few.length < 10, `${few} by default`);
    const left = names.find((n) => !few.includes(n))!;
    const k = names.indexOf(left);
    // Hovering a body whose label was left out shows it; so does selecting it.
    const [hx, hy] = await view.toPage(k, 0);
    await view.page.mouse.move(hx, hy);
    await view.frame();
    assert.ok((await labels()).includes(left), `${left} hovered: ${await labels()}`);
    await view.page.mouse.click(hx, hy);
    await view.page.mouse.move(1, 1);
    await view.frame();
    assert.equal((await view.debug()).selected, k);
    assert.ok((await labels()).includes(left), `${left} selected: ${await labels()}`);
    await view.page.keyboard.press('Escape');
    await view.page.locator('#all-labels').check();
    await view.frame();
    await view.screenshot('preview-all-labels');
    assert.deepEqual([...(await labels())].sort(), [...names].sort());
    await view.page.locator('#all-labels').uncheck();
    await view.frame();
    assert.deepEqual(await labels(), few);
    // Zoomed in, the names that were left out find room inside their boxes.
    await look(view, 4.5, 0, 160);
    await view.page.setViewportSize({ width: 2400, height: 560 });
    await view.frame();
    assert.ok((await labels()).length > few.length, `${await labels()}`);
  });
});

