/**
 * The README's pictures, made by the code they show: `collide render` of two examples, and the
 * preview panel in headless Chromium (1280 × 720, VS Code Dark Modern's colors) with an overlap
 * selected and its Minkowski difference in the inspector. Each run checks what the picture must
 * show and that it stays small enough for a README; `COLLIDE_UPDATE_DOCS_IMAGES=1` writes them
 * to docs/images (review them like code), otherwise they go to a temporary folder and artifacts/.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { renderCommand } from '../../../server/src/cli/render';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { buildPreviewScene } from '../../../server/src/preview/scene-model';
import { BrowserHost } from '../../browser/harness';
import { skipWithoutChromium } from '../../browser/suite';

const root = join(__dirname, '..', '..', '..');
const UPDATE = process.env.COLLIDE_UPDATE_DOCS_IMAGES === '1';
/** A README picture larger than this makes the page slow to load for what it shows. */
const MAX_BYTES = 120 * 1024;

function pngSize(file: string): [number, number] {
  const png = readFileSync(file);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${file} is a PNG`);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('README pictures', function () {
  let out: string;

  before(() => {
    out = UPDATE ? join(root, 'docs', 'images') : mkdtempSync(join(tmpdir(), 'collide-readme-'));
    mkdirSync(out, { recursive: true });
  });
  after(() => {
    if (!UPDATE) rmSync(out, { recursive: true, force: true });
  });

  function render(args: string[]): void {
    const err: string[] = [];
    const code = renderCommand.run(args, { stdout: () => {}, stderr: (s: string) => void err.push(s), cwd: root });
    assert.equal(code, 0, err.join(''));
  }

  it('preview-crates.png: collide render of crates-on-a-floor, its overlaps marked', () => {
    const file = join(out, 'preview-crates.png');
    render(['examples/crates-on-a-floor.collide', '--out', file, '--width', '960', '--height', '400']);
    assert.deepEqual(pngSize(file), [960, 400]);
    assert.ok(statSync(file).size < MAX_BYTES, `${statSync(file).size} bytes`);
  });

  it('preview-spinning-bar-pair.png: collide render of spinning-bar with --pair bar,target', () => {
    const file = join(out, 'preview-spinning-bar-pair.png');
    render(['examples/spinning-bar.collide', '--out', file, '--pair', 'bar,target', '--width', '700', '--height', '460']);
    // The scene view and the 420 px configuration-space view beside it.
    assert.deepEqual(pngSize(file), [700 + 420, 460]);
    assert.ok(statSync(file).size < MAX_BYTES, `${statSync(file).size} bytes`);
  });

  describe('preview-inspector.png (headless Chromium)', function () {
    // A browser launch and a few wheel frames: more than mocha's default 2 s without a config.
    this.timeout(30_000);
    before(function () {
      skipWithoutChromium(this);
    });

    it('the panel at 1280 × 720 with the overlap sunk – pushed selected and its B ⊖ A', async () => {
      const text = readFileSync(join(root, 'examples', 'crates-on-a-floor.collide'), 'utf8');
      const analysis = analyzeDocument(text);
      const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
      const uri = 'file:///work/examples/crates-on-a-floor.collide';
      const host = await BrowserHost.launch();
      try {
        const view = await host.open({ size: [1280, 720] });
        await view.send({ type: 'scene', scene: buildPreviewScene(uri, 1, source) });
        // Zoom in on the crates as a user would, with the wheel about them.
        const [x, y] = await view.toPage(0.4, 0.5);
        await view.page.mouse.move(x, y);
        for (let k = 0; k < 5; k++) {
          await view.page.mouse.wheel(0, -100);
          await view.frame();
        }
        await view.page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
        await view.clearPosted();
        await view.page.locator('#findings-list button', { hasText: 'sunk – pushed' }).click();
        assert.deepEqual(await view.posted(), [{ type: 'requestPair', version: 1, a: 'sunk', b: 'pushed' }]);
        await view.send({ type: 'pair', pair: buildPairDetail(uri, 1, source, 'sunk', 'pushed')! });
        await view.page.mouse.move(5, 715); // off the scene: no hover tooltip in the picture
        await view.frame();
        assert.equal(await view.page.locator('#inspector h2').textContent(), 'pushed ⊖ sunk');
        assert.equal(await view.page.locator('#pair-numbers td[data-key="Penetration depth at t = 0 s"]').textContent(), '0.2');
        assert.equal(await view.page.locator('#findings-list li.selected').count(), 1);
        const file = join(UPDATE ? out : join(root, 'artifacts'), UPDATE ? 'preview-inspector.png' : 'preview-readme.png');
        mkdirSync(join(file, '..'), { recursive: true });
        await view.page.screenshot({ path: file });
        assert.deepEqual(pngSize(file), [1280, 720]);
        assert.ok(statSync(file).size < MAX_BYTES, `${statSync(file).size} bytes`);
        assert.deepEqual(view.errors, []);
        await view.close();
      } finally {
        await host.close();
      }
    });
  });
});
