/**
 * The README's pictures, made by the code they show: `collide render` of two examples, and the
 * preview panel in headless Chromium (VS Code Dark Modern's colors): an overlap selected with its
 * Minkowski difference in the inspector, a tunnelling pair on its time of impact, and the debug
 * overlays. Each run checks what the picture must
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

  describe('the preview panel (headless Chromium)', function () {
    // A browser launch and a few pages: more than mocha's default 2 s without a config.
    this.timeout(30_000);
    let host: BrowserHost;
    before(async function () {
      skipWithoutChromium(this);
      host = await BrowserHost.launch();
    });
    after(async () => {
      await host?.close();
    });

    /** The panel at `size` showing an example, as a user opens it (its first view is Fit's). */
    async function openExample(example: string, size: [number, number]) {
      const text = readFileSync(join(root, 'examples', example), 'utf8');
      const analysis = analyzeDocument(text);
      const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
      const uri = `file:///work/examples/${example}`;
      const view = await host.open({ size });
      await view.send({ type: 'scene', scene: buildPreviewScene(uri, 1, source) });
      /** Choose the finding whose line says `finding` and answer the pair request it sends. */
      const choose = async (finding: string | RegExp): Promise<void> => {
        await view.clearPosted();
        await view.page.locator('#findings-list button', { hasText: finding }).click();
        const [asked] = await view.posted();
        assert.equal(asked?.type, 'requestPair');
        await view.send({ type: 'pair', pair: buildPairDetail(uri, 1, source, asked.a, asked.b)! });
      };
      /** Writes the picture, checks its size, and that the page reported no error. */
      const shoot = async (name: string): Promise<void> => {
        await view.page.mouse.move(size[0] - 2, size[1] - 2); // off the scene: no hover tooltip in the picture
        await view.frame();
        const file = join(UPDATE ? out : join(root, 'artifacts'), UPDATE ? name : `readme-${name}`);
        mkdirSync(join(file, '..'), { recursive: true });
        await view.page.screenshot({ path: file });
        assert.deepEqual(pngSize(file), size);
        assert.ok(statSync(file).size < MAX_BYTES, `${statSync(file).size} bytes`);
        assert.deepEqual(view.errors, []);
        await view.close();
      };
      return { view, choose, shoot };
    }

    const cell = (key: string) => `#pair-numbers td[data-key="${key}"]`;

    it('preview-inspector.png: crates-on-a-floor with the overlap sunk – pushed and its B ⊖ A', async () => {
      const { view, choose, shoot } = await openExample('crates-on-a-floor.collide', [1280, 800]);
      await choose('sunk – pushed');
      assert.equal(await view.page.locator('#inspector h2').textContent(), 'pushed ⊖ sunk');
      assert.equal(await view.page.locator('#pair-numbers tr.heading th').first().textContent(), 'At t = 0 s');
      assert.equal(await view.page.locator(cell('Penetration depth at t = 0 s')).textContent(), '0.2');
      assert.equal(await view.page.locator(cell('Push-out (move B) at t = 0 s')).textContent(), '(0.2, 0)');
      assert.equal(await view.page.locator('#findings-list li.selected').count(), 1);
      await shoot('preview-inspector.png');
    });

    it('preview-time-of-impact.png: bullet-through-a-wall on the time of impact of shot – wall', async () => {
      // Taller: the inspector's tables end with the finding's long message.
      const { view, choose, shoot } = await openExample('bullet-through-a-wall.collide', [1280, 1000]);
      await choose(/^tunnelling (shot – wall|wall – shot):/);
      // The time bar's "next time of impact": the scene, the bar and the inspector at that instant.
      await view.page.locator('#impact-next').click();
      await view.frame();
      const { time } = await view.debug();
      assert.ok(Math.abs(time - 0.00483333) < 1e-6, `t = ${time}`);
      assert.match((await view.page.locator('#pair-numbers tr.heading th').first().textContent())!, /^At t = 0\.00483333 s$/);
      assert.match(await view.page.locator('#time-label').innerText(), /^t = 0\.0048 s · step 0\.29 of 1$/);
      await shoot('preview-time-of-impact.png');
    });

    it('preview-debug-overlays.png: compound-car with every overlay of the Show menu', async () => {
      const { view, shoot } = await openExample('compound-car.collide', [1280, 720]);
      // The moving car and the crate it hits, as Fit frames them: the vertex numbers apart.
      await view.page.locator('#show-menu summary').click();
      for (const name of ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices']) await view.page.locator(`#show-${name}`).check();
      await view.frame();
      assert.equal(await view.page.locator('#show-menu summary').textContent(), 'Show (5)');
      await shoot('preview-debug-overlays.png');
    });
  });
});
