/**
 * The findings panel (webview/src/ui/findings-panel.ts) in headless Chromium: a scene delta that
 * changes a finding or two keeps every other finding's item (the same DOM node, moved only if
 * its place changed), and the list reads exactly as a fresh page shows the new scene.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { sceneDelta } from '../../../browser/fixtures';
import { largeScene } from '../../render/scene/large-scene';
import { applySceneDelta } from '../../../../protocol/preview-delta';

/** Each listed item's text and selection, and whether it carries the tag set by `tag`. */
function items(view: PreviewPage): Promise<{ text: string; selected: boolean; tagged: boolean }[]> {
  return view.page.evaluate(() =>
    [...(globalThis as any).document.querySelectorAll('#findings-list li')].map((li) => ({ text: li.textContent ?? '', selected: li.classList.contains('selected'), tagged: (li as any).__tag === true })),
  );
}

/** A scene with more findings (400) than the panel lists (300), each naming its own pair. */
function manyFindings() {
  const base = largeScene(1200);
  const template = base.findings[0]!;
  return {
    ...base,
    findings: Array.from({ length: 400 }, (_, k) => {
      const [a, b] = [base.bodies[k]!, base.bodies[k + 1]!];
      return { ...template, a: a.name, b: b.name, ia: a.index, ib: b.index, message: `${b.name} overlaps ${a.name}` };
    }),
  };
}

function tag(view: PreviewPage): Promise<void> {
  return view.page.evaluate(() => {
    for (const li of (globalThis as any).document.querySelectorAll('#findings-list li')) (li as any).__tag = true;
  });
}

describe('preview webview: the findings panel keeps its items across deltas (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  this.timeout(60_000);

  it('removes, inserts and moves only what the delta changed', async () => {
    const scene = manyFindings();
    // The suite closes the page opened last (fresh); this test closes the other.
    const view = await browser.open();
    const fresh = await browser.open();
    try {
      await view.send({ type: 'scene', scene });
      await tag(view);
      // The first finding goes, the fourth is replaced by a copy, and a new one comes second.
      const f0 = scene.findings[0]!;
      const copy = { ...scene.findings[3]! };
      const added = { ...scene.findings[7]!, message: 'added' };
      const delta = sceneDelta(scene, {
        findings: [
          { start: 0, deleteCount: 1, findings: [] },
          { start: 2, deleteCount: 0, findings: [added] },
          { start: 3, deleteCount: 1, findings: [copy] },
        ],
      });
      await view.send({ type: 'sceneDelta', delta });
      await view.send({ type: 'selectPair', a: scene.findings[5]!.a, b: scene.findings[5]!.b });
      const after = await items(view);
      const next = applySceneDelta(scene, delta);
      assert.ok(next);
      assert.notEqual(next.findings[0], f0);
      await fresh.send({ type: 'scene', scene: next });
      await fresh.send({ type: 'selectPair', a: scene.findings[5]!.a, b: scene.findings[5]!.b });
      const expected = await items(fresh);
      assert.ok(expected.length > 300, 'the fresh page lists findings');
      assert.deepStrictEqual(
        after.map(({ text, selected }) => ({ text, selected })),
        expected.map(({ text, selected }) => ({ text, selected })),
        'the list reads as a fresh page shows the new scene',
      );
      // New items: the inserted finding and the copy, and the one that comes into the 300 listed.
      const untagged = after.flatMap((it, k) => (it.tagged ? [] : [k]));
      assert.deepStrictEqual(untagged, [1, 3], 'every other item is the node it was');
      assert.deepStrictEqual(view.errors, []);
    } finally {
      await view.close();
    }
  });

  it('removes a finding that goes without moving the items after it', async () => {
    const scene = manyFindings();
    const view = await browser.open();
    await view.send({ type: 'scene', scene });
    // The list's own child changes while the delta is applied: nodes taken out and put in.
    await view.page.evaluate(() => {
      const g = globalThis as any;
      g.__listRecords = [];
      g.__listObserver = new g.MutationObserver((records: unknown[]) => g.__listRecords.push(...records));
      g.__listObserver.observe(g.document.querySelector('#findings-list'), { childList: true });
    });
    // The third finding goes: the items after it move up by themselves, and the 301st comes in.
    await view.send({ type: 'sceneDelta', delta: sceneDelta(scene, { findings: [{ start: 2, deleteCount: 1, findings: [] }] }) });
    const changes = await view.page.evaluate(() => {
      const g = globalThis as any;
      const records = [...g.__listRecords, ...g.__listObserver.takeRecords()];
      return {
        removed: records.reduce((n: number, r: any) => n + r.removedNodes.length, 0),
        added: records.reduce((n: number, r: any) => n + r.addedNodes.length, 0),
      };
    });
    const listed = (await items(view)).length;
    assert.equal(listed, 301, 'the panel lists 300 findings and the count of the rest');
    assert.deepStrictEqual(changes, { removed: 1, added: 1 }, 'one item out, one in: none moved');
    assert.deepStrictEqual(view.errors, []);
  });
});
