/**
 * The webview bundle in headless Chromium, under the client's real CSP, fed hand-made messages:
 * what it draws (pixels at the expected places), what it posts back (reveal, pair requests,
 * pose edits, exports), and that malformed or stale messages change nothing; a deflated scene
 * is inflated in order with what comes after it, and a scene in parts read as they come.
 */
import { strict as assert } from 'node:assert';
import { deflateRawSync } from 'node:zlib';
import { blend, DARK_VARS, hex, near, type PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { samplePair, sampleScene, sceneDelta } from '../../../browser/fixtures';
import { partMessages } from '../../../browser/scene-parts';
import { isWebviewToHost } from '../../../../protocol/preview-messages';
import { encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';

const BG = DARK_VARS['--vscode-editor-background']!;
const DYNAMIC = DARK_VARS['--vscode-charts-blue']!;

describe('preview webview (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  it('asks for the scene when loaded under the strict CSP', async () => {
    assert.deepEqual(await view.posted(), [{ type: 'ready' }]);
  });

  it('says it drew each whole scene once, after its first frame, and not for a delta', async () => {
    const scene = sampleScene();
    await view.send({ type: 'scene', scene });
    await view.page.waitForFunction(() => (globalThis as any).__posted.some((m: any) => m.type === 'drawn'));
    await view.send({ type: 'sceneDelta', delta: sceneDelta(scene, { version: scene.version + 1, errorCount: 0 }) });
    await view.send({ type: 'scene', scene: { ...scene, version: scene.version + 2 } });
    await view.page.waitForFunction(() => (globalThis as any).__posted.filter((m: any) => m.type === 'drawn').length === 2);
    await view.frame();
    const drawn = (await view.allPosted()).filter((m) => m.type === 'drawn');
    assert.deepEqual(drawn, [
      { type: 'drawn', version: scene.version },
      { type: 'drawn', version: scene.version + 2 },
    ]);
  });

  it('applies a scene delta, keeping the findings list and counts it leaves alone', async () => {
    const scene = sampleScene();
    await view.send({ type: 'scene', scene });
    await view.page.evaluate(() => ((globalThis as any).__firstFinding = (globalThis as any).document.querySelector('#findings-list li')));
    // A body in no finding: the findings stay as they are.
    const k = scene.bodies.findIndex((b) => !scene.findings.some((f) => f.ia === b.index || f.ib === b.index));
    assert.ok(k >= 0);
    const moved = { ...scene.bodies[k]!, position: [scene.bodies[k]!.position[0] + 0.5, scene.bodies[k]!.position[1]] as [number, number] };
    const delta = sceneDelta(scene, { bodies: [{ start: k, deleteCount: 1, bodies: [moved] }] });
    await view.send({ type: 'sceneDelta', delta });
    assert.equal((await view.debug()).version, scene.version + 1);
    assert.ok(await view.page.evaluate(() => (globalThis as any).document.querySelector('#findings-list li') === (globalThis as any).__firstFinding), 'the same list items');
    const status = async () => (await view.page.locator('#status').textContent())!;
    assert.match(await status(), /5 bodies · 1 overlap · 1 tunnelling · 0 collisions/, 'the counts kept');
    assert.equal(await view.page.locator('.whatif').isVisible(), true);
    // A malformed delta changes nothing.
    await view.send({ type: 'sceneDelta', delta: { ...delta, base: scene.version + 1, version: scene.version + 2, bodies: [{ start: 0, deleteCount: 0, bodies: [{ index: 9 }] }] } });
    assert.equal((await view.debug()).version, scene.version + 1);
    // A delta that splices the findings counts them again (and the what-if control follows).
    const t = scene.findings.findIndex((f) => f.kind === 'tunnelling');
    assert.ok(t >= 0);
    await view.send({ type: 'sceneDelta', delta: sceneDelta({ ...scene, version: scene.version + 1 }, { findings: [{ start: t, deleteCount: 1, findings: [] }] }) });
    assert.equal((await view.debug()).version, scene.version + 2);
    assert.match(await status(), /5 bodies · 1 overlap · 0 tunnelling · 0 collisions/);
    assert.equal(await view.page.locator('.whatif').isVisible(), false);
  });

  it('fills each body with its kind color from the theme at its place', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.screenshot('preview-sample');
    // Inside the crate (centered at (0, 0.4)), clear of its label and the push-out arrow: the
    // dynamic color at 25 % over the background.
    const [x, y] = await view.toPage(0.3, 0.15);
    assert.ok(near(await view.pixel(x, y), blend(BG, DYNAMIC, 0.25)), `crate fill at ${x},${y}: ${await view.pixel(x, y)}`);
    // High above the floor, outside every body: background or a grid line, never a body color.
    const [ex, ey] = await view.toPage(-1, 4.6);
    const px = await view.pixel(ex, ey);
    assert.ok(near(px, hex(BG), 16), `empty space at ${ex},${ey}: ${px}`);
  });

  it('redraws in the new colors when the theme changes', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.page.evaluate(() => (globalThis as any).document.documentElement.style.setProperty('--vscode-charts-blue', '#ff0000'));
    await view.frame();
    await view.frame();
    const [x, y] = await view.toPage(0.3, 0.15);
    assert.ok(near(await view.pixel(x, y), blend(BG, '#ff0000', 0.25)), `${await view.pixel(x, y)}`);
  });

  it('lists the findings and shows the status counts', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    const items = await view.page.locator('#findings-list button').allTextContents();
    assert.equal(items.length, 2);
    assert.match(items[0]!, /overlap floor – crate: depth 0\.1/);
    assert.match(items[1]!, /tunnelling wall – shot: t = 0\.0113333 s$/);
    assert.match((await view.page.locator('#status').textContent())!, /5 bodies · 1 overlap · 1 tunnelling · 0 collisions/);
  });

  it('words a collision that grows out of resting contact instead of a bare t = 0 s', async () => {
    const scene = sampleScene();
    scene.findings.push({
      kind: 'collision',
      severity: 'information',
      a: 'floor',
      b: 'crate',
      ia: 0,
      ib: 1,
      normal: [0, 1],
      toi: 0,
      point: [0, -0.05],
      message: 'crate starts in resting contact with floor (touching within slop at t = 0) and the contact deepens',
    });
    await view.send({ type: 'scene', scene });
    const items = await view.page.locator('#findings-list button').allTextContents();
    assert.equal(items.length, 3);
    assert.match(items[2]!, /^collision floor – crate: from resting contact at t = 0 s$/);
    assert.match((await view.page.locator('#status').textContent())!, /5 bodies · 1 overlap · 1 tunnelling · 1 collision\b/);
  });

  it('moves every body with the time scrubber', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    // Half way through the step the bullet (600 units/s from x = -4) is at x = 1.
    const shotHalfWay = await view.toPage(-4 + 5, 3.05);
    const before = await view.pixel(...shotHalfWay);
    await view.page.locator('#time').fill('500');
    await view.frame();
    const after = await view.pixel(...shotHalfWay);
    assert.equal((await view.debug()).time.toFixed(6), (0.5 / 60).toFixed(6));
    // Small on screen, the bullet is filled strongly (level of detail): far nearer its color
    // than the faint swept area under it.
    const towards = (c: readonly number[]) => Math.hypot(...hex(DYNAMIC).map((x, i) => x - c[i]!));
    assert.ok(towards(after) < towards(before) - 60, `the bullet is drawn half way: ${before} → ${after}`);
    assert.equal(await view.page.locator('#time-label').textContent(), 't = 0.0083 s · step 0.50 of 1');
  });

  it('clicking a body posts reveal for it; a click on empty space posts nothing', async () => {
    await view.send({ type: 'scene', scene: sampleScene(7) });
    await view.clearPosted();
    const [x, y] = await view.toPage(0, 0.55);
    await view.page.mouse.click(x, y);
    const [ex, ey] = await view.toPage(-1, 4.6);
    await view.page.mouse.click(ex, ey);
    assert.deepEqual(await view.posted(), [{ type: 'reveal', version: 7, body: 'crate' }]);
  });

  it('picks a tile grid inside its ground and a chain on its edge, sent as bytes', async () => {
    const text = 'frames 1\ntiles ground cell 1 at (0, 3)\n  "#..#"\n  "#./#"\n  "####"\nbody ledge static chain((9, 2), (6, 2))\nbody cup static chain((10, 0), (14, 0), (14, 3)) loop\n';
    const a = analyzeDocument(text, { editorData: false });
    const scene = buildPreviewScene('file:///c.collide', 5, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
    await view.send({ type: 'sceneBytes', bytes: encodeSceneBytes(scene) });
    await view.clearPosted();
    for (const [x, y] of [[0.5, 1.5], [1.5, 2.5], [7.5, 2], [13, 0.5], [14, 1.5]] as const) {
      const [px, py] = await view.toPage(x, y);
      await view.page.mouse.click(px, py);
    }
    // The solid cell and the ledge's edge pick their bodies, so does the cup's right edge; an
    // empty cell and the inside of the cup (a chain bounds no ground) pick nothing.
    assert.deepEqual(await view.posted(), [
      { type: 'reveal', version: 5, body: 'ground' },
      { type: 'reveal', version: 5, body: 'ledge' },
      { type: 'reveal', version: 5, body: 'cup' },
    ]);
  });

  it('inflates a deflated scene before a delta posted right behind it, and says so when bytes do not read', async () => {
    const scene = sampleScene(3);
    const bytes = encodeSceneBytes(scene);
    const deflated = new Uint8Array(deflateRawSync(bytes, { level: 1 }));
    const k = scene.bodies.length - 1;
    const moved = { ...scene.bodies[k]!, position: [scene.bodies[k]!.position[0] + 0.5, scene.bodies[k]!.position[1]] as [number, number] };
    const delta = sceneDelta(scene, { bodies: [{ start: k, deleteCount: 1, bodies: [moved] }] });
    // Both in one turn of the page: the delta arrives while the scene is being inflated.
    await view.page.evaluate((ms) => ms.forEach((m) => (globalThis as any).postMessage(m, '*')), [
      { type: 'sceneBytes', bytes: deflated, deflated: bytes.length },
      { type: 'sceneDelta', delta },
    ]);
    await view.page.waitForFunction((v) => (globalThis as any).collidePreview.debugState().version === v, scene.version + 1);
    assert.equal((await view.debug() as any).scenes, 1);
    assert.equal((await view.debug() as any).deltas, 1, 'the delta applied to the inflated scene, not refused before it');
    assert.deepEqual(await view.posted(), [{ type: 'ready' }], 'no second ask for the whole scene');

    // Truncated, then a bomb: the scene shown stays, the status says why, and what comes after is handled.
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(64 * 1024 * 1024)));
    for (const bad of [deflated.subarray(0, deflated.length >> 1), bomb]) {
      await view.page.evaluate((ms) => ms.forEach((m) => (globalThis as any).postMessage(m, '*')), [
        { type: 'sceneBytes', bytes: bad, deflated: bytes.length },
        { type: 'sceneBytes', bytes: encodeSceneBytes({ ...scene, version: 1 }) },
      ]);
      await view.page.waitForFunction(() => /could not read the scene/.test((globalThis as any).document.querySelector('#status').textContent));
      await view.frame();
      assert.equal((await view.debug()).version, scene.version + 1, 'the scene shown stays (the older one behind is skipped)');
      await view.send({ type: 'fit' });
    }
    await view.send({ type: 'sceneBytes', bytes: new Uint8Array(deflateRawSync(encodeSceneBytes({ ...scene, version: 9 }))), deflated: encodeSceneBytes({ ...scene, version: 9 }).length });
    await view.page.waitForFunction(() => (globalThis as any).collidePreview.debugState().version === 9);
    assert.doesNotMatch((await view.page.locator('#status').textContent()) ?? '', /could not read/);
  });

  it('draws a scene sent in deflated parts, without asking again for it while its parts come', async () => {
    const scene = sampleScene(4);
    const parts = partMessages(scene);
    assert.ok(parts.length >= 3, `${parts.length} parts`);
    const k = scene.bodies.length - 1;
    const moved = { ...scene.bodies[k]!, position: [scene.bodies[k]!.position[0] + 0.5, scene.bodies[k]!.position[1]] as [number, number] };
    // In one turn of the page, as the host posts them before the page has loaded: the `sceneSent`
    // of its `ready` between the parts, and a delta right behind them.
    await view.page.evaluate((ms) => ms.forEach((m) => (globalThis as any).postMessage(m, '*')), [
      parts[0],
      { type: 'sceneSent' },
      ...parts.slice(1),
      { type: 'sceneDelta', delta: sceneDelta(scene, { bodies: [{ start: k, deleteCount: 1, bodies: [moved] }] }) },
    ]);
    await view.page.waitForFunction((v) => (globalThis as any).collidePreview.debugState().version === v, scene.version + 1);
    await view.frame();
    assert.equal(((await view.debug()) as any).scenes, 1);
    assert.equal(((await view.debug()) as any).deltas, 1, 'the delta applied to the scene of the parts');
    assert.deepEqual(await view.posted(), [{ type: 'ready' }], 'no second ask for the whole scene');
    assert.equal(await view.page.evaluate(() => (globalThis as any).performance.getEntriesByName('collide:decoded').length), 1);
    const [x, y] = await view.toPage(0.3, 0.15);
    assert.ok(near(await view.pixel(x, y), blend(BG, DYNAMIC, 0.25)), `crate fill at ${x},${y}: ${await view.pixel(x, y)}`);
    assert.match((await view.page.locator('#status').textContent()) ?? '', /5 bodies · 1 overlap · 1 tunnelling/);
  });

  it('dragging a body posts one editPose with the new `at` when the drag ends, edits unlocked', async () => {
    await view.send({ type: 'scene', scene: sampleScene(3) });
    await view.page.locator('#edit-lock').click();
    await view.clearPosted();
    const { view: v } = await view.debug();
    const [x, y] = await view.toPage(0, 0.55);
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    for (let k = 1; k <= 5; k++) await view.page.mouse.move(x + 10 * k, y - 6 * k);
    assert.deepEqual(await view.posted(), [], 'nothing is posted while dragging');
    await view.page.mouse.up();
    const posted = await view.posted();
    assert.equal(posted.length, 1);
    const m = posted[0];
    assert.ok(isWebviewToHost(m) && m.type === 'editPose' && m.at !== undefined);
    assert.equal(m.type, 'editPose');
    assert.equal(m.body, 'crate');
    assert.equal(m.version, 3);
    const tol = 2 / v.zoom;
    assert.ok(Math.abs(m.at[0] - 50 / v.zoom) <= tol, `x ${m.at[0]} vs ${50 / v.zoom}`);
    assert.ok(Math.abs(m.at[1] - (0.4 + 30 / v.zoom)) <= tol, `y ${m.at[1]}`);
    assert.equal(m.angle, undefined);
  });

  it('dragging the rotation handle of the selected body posts its new angle, edits unlocked', async () => {
    await view.send({ type: 'scene', scene: sampleScene(4) });
    await view.page.locator('#edit-lock').click();
    const [x, y] = await view.toPage(0, 0.55);
    await view.page.mouse.click(x, y);
    await view.frame();
    await view.clearPosted();
    const h = await view.page.evaluate(() => {
      const app = (globalThis as any).collidePreview;
      return app.state.painter.rotationHandle(1, 0, null, app.view);
    });
    const box = (await view.page.locator('#scene').boundingBox())!;
    const hx = box.x + h.hx;
    const hy = box.y + h.hy;
    const ox = box.x + h.ox;
    const oy = box.y + h.oy;
    const r = Math.hypot(hx - ox, hy - oy);
    await view.page.mouse.move(hx, hy);
    await view.page.mouse.down();
    await view.page.mouse.move(ox + r * Math.cos(Math.PI / 4), oy - r * Math.sin(Math.PI / 6));
    await view.page.mouse.move(ox, oy - r);
    await view.page.mouse.up();
    const posted = await view.posted();
    assert.equal(posted.length, 1);
    assert.equal(posted[0].type, 'editPose');
    assert.equal(posted[0].at, undefined);
    assert.ok(Math.abs(posted[0].angle - Math.PI / 2) < 0.02, `angle ${posted[0].angle}`);
  });

  it('panning and wheel zoom change the view but post no edits, and the state is saved', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.clearPosted();
    const before = (await view.debug()).view;
    const [x, y] = await view.toPage(-1, 4.6);
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    await view.page.mouse.move(x - 40, y + 20);
    await view.page.mouse.up();
    const panned = (await view.debug()).view;
    // Pointer coordinates travel as single-precision floats: a hundredth of a pixel is exact enough.
    const px = 0.01 / before.zoom;
    assert.ok(Math.abs(panned.cx - (before.cx + 40 / before.zoom)) < px);
    assert.ok(Math.abs(panned.cy - (before.cy + 20 / before.zoom)) < px);
    // Zoom about the cursor: the world point under it stays put.
    const [wx, wy] = await view.toPage(1, 1);
    await view.page.mouse.move(wx, wy);
    await view.page.mouse.wheel(0, -200);
    await view.frame();
    const [ax, ay] = await view.toPage(1, 1);
    // (Wheel events carry whole-pixel coordinates, so allow the rounding, scaled by the zoom.)
    assert.ok(Math.abs(ax - wx) < 0.5 && Math.abs(ay - wy) < 0.5, `${ax},${ay} vs ${wx},${wy}`);
    assert.ok((await view.debug()).view.zoom > panned.zoom);
    assert.deepEqual(await view.posted(), []);
    const state = await view.state();
    assert.equal(state.uri, 'file:///work/scene.collide');
    assert.equal(state.zoom, (await view.debug()).view.zoom);
  });

  it('ignores malformed messages and stale versions', async () => {
    await view.send({ type: 'scene', scene: sampleScene(5) });
    const bad: unknown[] = [
      null,
      'scene',
      42,
      { type: 'bogus' },
      { type: 'scene' },
      { type: 'scene', scene: { ...sampleScene(9), dt: 'fast' } },
      { type: 'scene', scene: { ...sampleScene(9), bodies: [{ name: 'x' }] } },
      { type: 'scene', scene: { ...sampleScene(9), findings: [{ ...sampleScene().findings[0], ia: 99 }] } },
      { type: 'scene', scene: { ...sampleScene(9), bodies: sampleScene().bodies.map((b) => ({ ...b, position: [NaN, 0] })) } },
      { type: 'pair', pair: { ...samplePair(), minkowski: { vertices: [1], vertexA: [], vertexB: [], edgeFrom: [], radius: 0 } } },
      { type: 'highlight', bodies: 'crate' },
      { type: 'export', format: 'gif', requestId: 1 },
      { type: 'scene', scene: sampleScene(4) },
    ];
    for (const m of bad) await view.send(m);
    assert.equal((await view.debug()).version, 5);
    assert.equal((await view.page.locator('#findings-list button').count()), 2);
    assert.equal((await view.posted()).filter((m: any) => m.type === 'exported').length, 0);
  });

  it('highlights the bodies under the editor cursor', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    const [x, y] = await view.toPage(0.5, 0.55);
    const before = await view.pixel(x, y);
    await view.send({ type: 'highlight', bodies: ['crate', 'no-such-body'] });
    const after = await view.pixel(x, y);
    assert.notDeepEqual(after, before);
    assert.ok(near(after, hex(DARK_VARS['--vscode-focusBorder']!), 60), `${after}`);
  });

  it('opens the pair inspector from a finding, shows its numbers and steps through GJK and EPA', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.clearPosted();
    await view.page.locator('#findings-list button').first().click();
    assert.deepEqual(await view.posted(), [{ type: 'requestPair', version: 1, a: 'floor', b: 'crate' }]);
    assert.equal(await view.page.locator('#inspector').isVisible(), true);
    await view.send({ type: 'pair', pair: samplePair() });
    await view.frame();
    await view.screenshot('preview-inspector');
    const cell = (key: string) => view.page.locator(`#pair-numbers td[data-key="${key}"]`).textContent();
    assert.equal(await cell('Penetration depth at t = 0 s'), '0.1');
    assert.equal(await cell('Push-out (move B) at t = 0 s'), '(0, 0.1)');
    assert.equal(await cell('Normal (A → B) at t = 0 s'), '(0, 1)');
    // Only the traces that recorded steps are offered, each with its count.
    assert.deepEqual(await view.page.locator('#step-kind option').allTextContents(), ['GJK simplices (2)', 'EPA polytopes (1)']);
    // The last GJK step is shown first; step back to the first.
    assert.equal(await view.page.locator('#step-label').textContent(), '2 / 2');
    assert.equal(await view.page.locator('#step-numbers td[data-key="Search direction"]').textContent(), '(-0.0356, 0.0123)');
    await view.page.locator('#step').fill('0');
    assert.equal(await view.page.locator('#step-label').textContent(), '1 / 2');
    assert.equal(await view.page.locator('#step-numbers td[data-key="w0 = b2 − a3"]').textContent(), '(5.5, 1.9)');
    await view.page.locator('#step-kind').selectOption('epa');
    assert.equal(await view.page.locator('#step-label').textContent(), '1 / 1');
    assert.equal(await view.page.locator('#step').isDisabled(), true, 'one step: nothing to slide through');
    assert.equal(await view.page.locator('#step-numbers td[data-key="Edge distance"]').textContent(), '0.1');
    // The configuration-space canvas draws B's edges (bottom, top) in B's color: the bottom
    // edge y = -0.1 lies just below the origin, in the middle of the canvas width.
    const colors = await view.page.evaluate(() => {
      const c = (globalThis as any).document.querySelector('#cspace');
      const d: number[] = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < d.length; i += 4) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return [...seen];
    });
    const has = (rgb: [number, number, number]) => colors.some((s) => near(s.split(',').map(Number), rgb, 2));
    assert.ok(has(hex(DARK_VARS['--vscode-charts-orange']!)), 'edges of A drawn in A color');
    assert.ok(has(hex(DARK_VARS['--vscode-charts-green']!)), 'edges of B drawn in B color');
    // A pair message for another pair than the one open is ignored.
    await view.send({ type: 'pair', pair: { ...samplePair(), a: 'wall', b: 'shot' } });
    assert.equal(await cell('Penetration depth at t = 0 s'), '0.1');
  });

  it('a code lens selectPair opens the pair in declaration order; the inspector follows new versions', async () => {
    await view.send({ type: 'scene', scene: sampleScene(1) });
    await view.clearPosted();
    await view.send({ type: 'selectPair', a: 'shot', b: 'wall' });
    await view.send({ type: 'scene', scene: sampleScene(2) });
    assert.deepEqual(await view.posted(), [
      { type: 'requestPair', version: 1, a: 'wall', b: 'shot' },
      { type: 'requestPair', version: 2, a: 'wall', b: 'shot' },
    ]);
    await view.screenshot('preview-tunnelling');
  });

  it('exports the view as SVG and PNG drawn by the same painter', async () => {
    await view.send({ type: 'scene', scene: sampleScene() });
    await view.send({ type: 'export', format: 'svg', requestId: 11 });
    await view.send({ type: 'export', format: 'png', requestId: 12 });
    const posted = (await view.posted()).filter((m: any) => m.type === 'exported');
    assert.equal(posted.length, 2);
    assert.ok(posted.every(isWebviewToHost));
    const [svg, png] = posted as any[];
    assert.equal(svg.requestId, 11);
    assert.match(svg.data, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    assert.match(svg.data, new RegExp(`fill="${DYNAMIC}" fill-opacity="0.25"`));
    assert.match(svg.data, />scene\.collide · t = 0 s</);
    assert.equal(png.requestId, 12);
    assert.match(png.data, /^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('restores the saved view for the same document after a reload', async () => {
    await view.close();
    view = await browser.open({ state: { uri: 'file:///work/scene.collide', center: [1.5, 2], zoom: 77, time: 0.01, pair: ['floor', 'crate'] } });
    await view.send({ type: 'scene', scene: sampleScene() });
    const d = await view.debug();
    assert.deepEqual([d.view.cx, d.view.cy, d.view.zoom, d.time, d.pair], [1.5, 2, 77, 0.01, ['floor', 'crate']]);
    assert.deepEqual((await view.posted()).at(-1), { type: 'requestPair', version: 1, a: 'floor', b: 'crate' });
  });
});
