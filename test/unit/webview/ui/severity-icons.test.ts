/**
 * The findings list draws the glyph of each finding's severity (protocol/severity-icons.ts), the
 * same entry whose codicon the finding's code lens draws: a bullet's tunnelling (information)
 * once had the warning triangle in the list and $(warning) in its lens.
 */
import { strict as assert } from 'node:assert';
import type { PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { sampleScene } from '../../../browser/fixtures';
import { SHOTS } from '../../features/fixture';
import { analyzeText } from '../../../../server/src/features/document';
import { pairLenses } from '../../../../server/src/features/code-lens';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { SEVERITY_ICONS, SEVERITY_ORDER } from '../../../../protocol/severity-icons';

const URI = 'file:///shots.collide';

describe('preview webview: one icon per severity (headless Chromium)', function () {
  const browser = usePreviewBrowser();
  let view: PreviewPage;
  beforeEach(async () => {
    view = await browser.open();
  });

  async function icons(): Promise<{ pair: string; severity: string; before: string }[]> {
    return view.page.$$eval('#findings-list li', (lis) =>
      lis.map((li) => {
        const b = (li as any).querySelector('button');
        return { pair: (li as any).dataset.pair ?? '', severity: b.dataset.severity ?? '', before: (globalThis as any).getComputedStyle(b, '::before').content };
      }),
    );
  }

  it('draws each severity with its glyph', async () => {
    const scene = sampleScene();
    const base = scene.findings[0]!;
    scene.findings = SEVERITY_ORDER.map((severity, k) => ({ ...base, a: `a${k}`, b: `b${k}`, severity }));
    await view.send({ type: 'scene', scene });
    const drawn = await icons();
    assert.equal(drawn.length, SEVERITY_ORDER.length);
    drawn.forEach((d, k) => assert.equal(d.before, `"${SEVERITY_ICONS[SEVERITY_ORDER[k]!].glyph} "`, JSON.stringify(d)));
  });

  it("gives each finding in the list the icon its lens has (the bullet's tunnelling: information)", async () => {
    const doc = analyzeText(SHOTS, URI);
    const a = doc.analysis;
    const scene = buildPreviewScene(URI, 1, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
    await view.send({ type: 'scene', scene });
    const lenses = pairLenses(doc);
    const drawn = await icons();
    assert.equal(drawn.length, 4);
    for (const d of drawn) {
      const [fa, fb] = d.pair.split('\u0000');
      const lens = lenses.find((l) => l.a === fa && l.b === fb)!;
      const severity = SEVERITY_ORDER.find((s) => lens.title.startsWith(`$(${SEVERITY_ICONS[s].codicon}) `))!;
      assert.ok(severity, lens.title);
      assert.equal(d.before, `"${SEVERITY_ICONS[severity].glyph} "`, `${d.pair}: ${lens.title}`);
    }
    assert.ok(drawn.some((d) => d.pair === 'wall2\u0000dart' && d.severity === 'information'), JSON.stringify(drawn));
  });
});
