/**
 * The webview page given its scene the moment it has loaded (the host posts it before the page's
 * `ready`; client/src/preview/page-load.ts): the host's `sceneSent` check, a delta that reaches
 * a page still waiting for its whole scene, and a scene that arrives before the page has a size.
 */
import { strict as assert } from 'node:assert';
import { usePreviewBrowser } from '../../../browser/suite';
import { sampleScene, sceneDelta } from '../../../browser/fixtures';
import { encodeSceneBytes } from '../../../../protocol/preview-scene-bytes';

describe('preview webview: the scene posted before `ready` (headless Chromium)', function () {
  const browser = usePreviewBrowser();

  it('asks again for the scene on `sceneSent` when it holds none, and not when it holds one', async () => {
    const view = await browser.open();
    await view.clearPosted();
    await view.send({ type: 'sceneSent' });
    assert.deepEqual(await view.posted(), [{ type: 'ready' }], 'the early scene was lost');
    await view.clearPosted();
    await view.send({ type: 'sceneBytes', bytes: encodeSceneBytes(sampleScene()) });
    await view.send({ type: 'sceneSent' });
    assert.deepEqual(await view.posted(), []);
    assert.equal((await view.debug()).version, sampleScene().version);
  });

  it('leaves a delta it cannot apply to no scene for the whole one its `ready` brings', async () => {
    const view = await browser.open();
    await view.clearPosted();
    const scene = sampleScene();
    await view.send({ type: 'sceneDelta', delta: sceneDelta(scene) });
    assert.deepEqual(await view.posted(), [], 'no second `ready`: the first one is answered with the whole scene');
    await view.send({ type: 'sceneBytes', bytes: encodeSceneBytes(scene) });
    await view.send({ type: 'sceneDelta', delta: sceneDelta({ ...scene, version: scene.version + 3 }) });
    assert.deepEqual(await view.posted(), [{ type: 'ready' }], 'a delta that does not fit the scene held asks for the whole');
  });

  it('fits a scene that arrived before the page had a size once it has one', async () => {
    const sized = await browser.open();
    await sized.send({ type: 'sceneBytes', bytes: encodeSceneBytes(sampleScene()) });
    const expected = (await sized.debug()).view;
    assert.deepEqual(sized.errors, []);
    await sized.close();
    const view = await browser.open();
    await view.page.evaluate(() => ((globalThis as any).document.body.style.display = 'none'));
    await view.frame();
    await view.send({ type: 'sceneBytes', bytes: encodeSceneBytes(sampleScene()) });
    await view.page.evaluate(() => ((globalThis as any).document.body.style.display = ''));
    await view.frame();
    const got = (await view.debug()).view;
    assert.ok(expected.width > 100 && got.width === expected.width, `width ${got.width}`);
    assert.ok(Math.abs(got.zoom - expected.zoom) < 1e-9 * expected.zoom, `zoom ${got.zoom}, fitted ${expected.zoom}`);
    assert.deepEqual([got.cx, got.cy], [expected.cx, expected.cy]);
  });
});
