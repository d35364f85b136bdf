/**
 * The pair inspector's legibility in headless Chromium: its legend in the theme's colors with
 * WCAG AA contrast on the theme's background (Dark Modern, Light Modern, both High Contrast
 * themes), whole inside the configuration-space canvas and off the plotted B ⊖ A; the canvas
 * tall enough in a narrow panel; and the labels of its numbers on one line.
 */
import { strict as assert } from 'node:assert';
import { DARK_VARS, type PreviewPage } from '../../../browser/harness';
import { usePreviewBrowser } from '../../../browser/suite';
import { samplePair, sampleScene } from '../../../browser/fixtures';
import { contrastRatio } from '../../../../render/contrast';
import type { PairDetail, PreviewScene } from '../../../../protocol/preview-model';

/**
 * The variables the preview reads, as VS Code's built-in themes set them (its color registry:
 * editor.background and foreground per theme, charts.orange and charts.green).
 */
const THEMES: { name: string; bodyClass: string; vars: Record<string, string> }[] = [
  { name: 'Dark Modern', bodyClass: 'vscode-dark', vars: DARK_VARS },
  {
    name: 'Light Modern',
    bodyClass: 'vscode-light',
    vars: { ...DARK_VARS, '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#3b3b3b', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#388a34' },
  },
  {
    name: 'High Contrast',
    bodyClass: 'vscode-high-contrast',
    vars: { ...DARK_VARS, '--vscode-editor-background': '#000000', '--vscode-editor-foreground': '#ffffff', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185' },
  },
  {
    name: 'High Contrast Light',
    bodyClass: 'vscode-high-contrast-light',
    vars: { ...DARK_VARS, '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#292929', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#374e06' },
  },
];

/** Bodies with long names, so that the legend is wider than a narrow panel's canvas. */
const LONG_A = 'the_floor_of_the_first_level';
const LONG_B = 'a_crate_with_a_long_name';

function renamed(): { scene: PreviewScene; pair: PairDetail } {
  const s = sampleScene();
  const bodies = s.bodies.map((b) => (b.name === 'floor' ? { ...b, name: LONG_A } : b.name === 'crate' ? { ...b, name: LONG_B } : b));
  const findings = s.findings.map((f) => (f.a === 'floor' ? { ...f, a: LONG_A, b: LONG_B } : f));
  const pair = samplePair();
  return { scene: { ...s, bodies, findings }, pair: { ...pair, a: LONG_A, b: LONG_B, finding: findings[0]! } };
}

/** A pair whose numbers are as long as they get: a time of impact, its contact, a long method and finding. */
function longPair(): PairDetail {
  const p = samplePair();
  return {
    ...p,
    relativeVelocity: [-0.632851, 0.774274],
    relativeSpin: 2.5,
    finding: { ...p.finding!, normal: [-0.632851, 0.774274], message: 'crate overlaps floor by 0.1 (push crate out by (0, 0.1), or floor by (0, -0.1))' },
    toi: { state: 'hit', t: 0.00711667, point: [-0.123456, 0.910661], normal: [-0.632851, 0.774274], method: 'conservative advancement', iterations: 13 },
  };
}

interface Drawn {
  texts: { s: string; color: string; x0: number; x1: number; y0: number; y1: number }[];
  strokes: string[];
  dots: { x: number; y: number }[];
  width: number;
  height: number;
}

/** Record what the next draws of #cspace write: text with its box and color, stroke colors, the B ⊖ A vertex dots. */
async function record(view: PreviewPage): Promise<void> {
  await view.page.evaluate(() => {
    const g = globalThis as any;
    const proto = g.CanvasRenderingContext2D.prototype;
    g.__drawn = { texts: [], strokes: [], dots: [] };
    const mine = (ctx: any) => ctx.canvas.id === 'cspace';
    const fillText = proto.fillText;
    proto.fillText = function (s: string, x: number, y: number) {
      if (mine(this)) {
        const m = this.measureText(s);
        g.__drawn.texts.push({ s, color: this.fillStyle, x0: x - m.actualBoundingBoxLeft, x1: x + m.actualBoundingBoxRight, y0: y - m.actualBoundingBoxAscent, y1: y + m.actualBoundingBoxDescent });
      }
      return fillText.call(this, s, x, y);
    };
    const stroke = proto.stroke;
    proto.stroke = function (...args: unknown[]) {
      if (mine(this)) g.__drawn.strokes.push(this.strokeStyle);
      return stroke.apply(this, args);
    };
    const arc = proto.arc;
    proto.arc = function (x: number, y: number, r: number, ...rest: unknown[]) {
      // B ⊖ A's vertices are dots of 2.5 px (pair-painter.ts drawMinkowskiEdges).
      if (mine(this) && r === 2.5) g.__drawn.dots.push({ x, y });
      return arc.call(this, x, y, r, ...rest);
    };
  });
}

async function drawn(view: PreviewPage): Promise<Drawn> {
  return view.page.evaluate(() => {
    const g = globalThis as any;
    const c = g.document.querySelector('#cspace');
    const r = c.getBoundingClientRect();
    return { ...g.__drawn, width: r.width, height: r.height };
  });
}

async function openPair(view: PreviewPage, scene: PreviewScene, pair: PairDetail): Promise<void> {
  await view.send({ type: 'scene', scene });
  await record(view);
  await view.page.locator('#findings-list button').first().click();
  await view.send({ type: 'pair', pair });
  await view.frame();
}

describe('pair inspector legibility (headless Chromium)', function () {
  const browser = usePreviewBrowser();

  it("in Dark Modern, Light Modern and both High Contrast themes the legend's words have 4.5:1 contrast and its swatches 3:1", async () => {
    for (const theme of THEMES) {
      const view = await browser.open({ vars: theme.vars, bodyClass: theme.bodyClass });
      await openPair(view, sampleScene(), samplePair());
      const d = await drawn(view);
      const bg = theme.vars['--vscode-editor-background']!;
      const legend = d.texts.filter((t) => t.s.startsWith('edges of '));
      assert.equal(legend.length, 2, `two legend lines: ${d.texts.map((t) => t.s).join(' | ')}`);
      for (const t of legend) {
        const ratio = contrastRatio(t.color, bg);
        assert.ok(ratio >= 4.5, `${theme.name}: '${t.s}' in ${t.color} on ${bg}: ${ratio.toFixed(2)}:1`);
        // Its swatch (and B ⊖ A's edges) are stroked in the same color.
        assert.ok(d.strokes.includes(t.color), `${theme.name}: a swatch stroked in ${t.color}`);
        assert.ok(contrastRatio(t.color, bg) >= 3);
      }
      await view.close();
    }
  });

  it('at 320, 400 and 900 px the legend is whole inside the canvas and off the plotted B ⊖ A, even with long names', async () => {
    for (const width of [320, 400, 900]) {
      const view = await browser.open({ size: [width, 800] });
      const { scene, pair } = renamed();
      await openPair(view, scene, pair);
      const d = await drawn(view);
      assert.ok(d.dots.length >= 4, `B ⊖ A's vertices drawn (${d.dots.length})`);
      const hull = {
        x0: Math.min(...d.dots.map((q) => q.x)),
        x1: Math.max(...d.dots.map((q) => q.x)),
        y0: Math.min(...d.dots.map((q) => q.y)),
        y1: Math.max(...d.dots.map((q) => q.y)),
      };
      const header = d.texts.filter((t) => t.s.includes('⊖') || t.s.startsWith('edges of '));
      assert.equal(header.length, 3, `title and two legend lines: ${d.texts.map((t) => t.s).join(' | ')}`);
      for (const t of header) {
        assert.ok(t.x0 >= 0 && t.x1 <= d.width && t.y0 >= 0, `'${t.s}' [${t.x0.toFixed(1)}, ${t.x1.toFixed(1)}] inside the ${d.width} px canvas at ${width} px`);
        const apart = t.x1 < hull.x0 || t.x0 > hull.x1 || t.y1 < hull.y0 || t.y0 > hull.y1;
        assert.ok(apart, `'${t.s}' off the plotted hull at ${width} px`);
      }
      await view.close();
    }
  });

  it('in a narrow panel (400 px) the canvas is at least 240 px tall, in proportion to its width', async () => {
    const view = await browser.open({ size: [400, 800] });
    await openPair(view, sampleScene(), longPair());
    const d = await drawn(view);
    assert.ok(d.width >= 380, `the canvas spans the panel (${d.width} px)`);
    assert.ok(d.height >= 240 && d.height >= 0.6 * d.width, `canvas ${d.width} × ${d.height} px`);
    // And beside the scene in a wide panel, as tall.
    await view.page.setViewportSize({ width: 1200, height: 800 });
    await view.frame();
    const wide = await drawn(view);
    assert.ok(wide.height >= 240, `canvas ${wide.width} × ${wide.height} px in a wide panel`);
  });

  for (const width of [400, 1200]) {
    it(`at ${width} px the numbers' labels stay on one line, cut ones titled`, async () => {
      const view = await browser.open({ size: [width, 800] });
      await openPair(view, sampleScene(), longPair());
      const rows = await view.page.evaluate(() => {
        const g = globalThis as any;
        return [...g.document.querySelectorAll('#pair-numbers th, #step-numbers th')].map((th: any) => ({
          text: th.textContent,
          title: th.title,
          height: th.getBoundingClientRect().height,
          line: parseFloat(g.getComputedStyle(th).lineHeight) || 1.2 * parseFloat(g.getComputedStyle(th).fontSize),
          cut: th.scrollWidth > th.clientWidth + 1,
        }));
      });
      assert.ok(rows.length >= 8, `${rows.length} labels`);
      for (const r of rows) {
        assert.ok(r.height <= 1.5 * r.line, `'${r.text}' ${r.height} px high (a line is ${r.line} px)`);
        if (r.cut) assert.equal(r.title, r.text, `'${r.text}' cut, with its title`);
      }
    });
  }
});
