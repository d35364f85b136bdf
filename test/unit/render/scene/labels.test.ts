/**
 * Body labels: the greedy placement (label-placement.ts) on its own, and through the scene
 * painter's SVG output, where no two <text> boxes may meet, by the estimated metrics and, in
 * headless Chromium, by the font's real boxes.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { chromium } from 'playwright-core';
import type { PreviewScene } from '../../../../protocol/preview-model';
import { analyzeDocument } from '../../../../server/src/analysis/pipeline';
import { renderSceneSvg } from '../../../../server/src/cli/render';
import { buildPreviewScene } from '../../../../server/src/preview/scene-model';
import { LabelPlacer, MAX_SHIFTS } from '../../../../render/label-placement';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { SvgPainter } from '../../../../render/svg-painter';
import { estimateTextWidth } from '../../../../render/text-metrics';
import { LIGHT_THEME } from '../../../../render/theme';
import { fitBounds, type Viewport } from '../../../../render/viewport';
import { BROWSER_ARGS, CHROMIUM } from '../../../browser/harness';
import { skipWithoutChromium } from '../../../browser/suite';
import { svgTextBoxes, type SvgTextBox } from '../svg-text';

const root = join(__dirname, '..', '..', '..', '..');
const CRATES = readFileSync(join(root, 'examples', 'crates-on-a-floor.collide'), 'utf8');

function meet(a: { x0: number; y0: number; x1: number; y1: number }, b: { x0: number; y0: number; x1: number; y1: number }, gap = 0): boolean {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
}

function overlapping<T extends { x0: number; y0: number; x1: number; y1: number; text: string }>(boxes: readonly T[], gap = 0): string[] {
  const bad: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) if (meet(boxes[i]!, boxes[j]!, gap)) bad.push(`${boxes[i]!.text} × ${boxes[j]!.text}`);
  }
  return bad;
}

function sceneOf(text: string): PreviewScene {
  const a = analyzeDocument(text);
  return buildPreviewScene('file:///labels.collide', 0, { scene: a.semantics.scene, findings: a.findings, diagnostics: a.diagnostics });
}

const NONE: SceneDrawOptions = { time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: true };

/** The scene drawn as SVG at a fitted view, and the names of the bodies whose labels show. */
function drawn(scene: PreviewScene, view: Viewport, o: Partial<SceneDrawOptions> = {}): { svg: string; labels: string[] } {
  const svg = new SvgPainter(view.width, view.height);
  new ScenePainter(scene).draw(svg, view, LIGHT_THEME, { ...NONE, ...o });
  const text = svg.toString();
  const names = new Set(scene.bodies.map((b) => b.name));
  return { svg: text, labels: svgTextBoxes(text).filter((b) => b.size === 11 && names.has(b.text)).map((b) => b.text) };
}

describe('label placement', () => {
  describe('LabelPlacer', () => {
    it('keeps a free label where it was asked to go', () => {
      const p = new LabelPlacer(4);
      assert.equal(p.place(0, 0, 40, 12, 30), 0);
      assert.equal(p.place(100, 0, 140, 12, 30), 0);
      assert.equal(p.count, 2);
    });

    it('shifts a label that meets a placed one up first, then down, by a line and the gap', () => {
      const p = new LabelPlacer(4);
      assert.equal(p.place(0, 0, 40, 12, 40), 0);
      assert.equal(p.place(10, 0, 50, 12, 40), -16);
      assert.equal(p.place(20, 0, 60, 12, 40), 16);
      // Up and down by one line are taken: two lines up.
      assert.equal(p.place(30, 0, 70, 12, 40), -32);
    });

    it('cuts the last shift to maxShift, and leaves out a label with no free candidate', () => {
      const p = new LabelPlacer(4);
      p.reserve(0, 8, 40, 12); // the lower third of the label's place
      // A line is 16 px, but the body allows 10: shifted by 10 up, 2 px + the gap clear of it.
      assert.equal(p.place(0, 0, 40, 12, 10), -10);
      // The same place again: up by 10 is now taken, down meets the reserved box.
      assert.ok(Number.isNaN(p.place(0, 0, 40, 12, 10)));
      assert.ok(Number.isNaN(p.place(0, 0, 40, 12, 0)));
      assert.equal(p.count, 2);
    });

    it('goes over marks only when every candidate covers some, choosing the least covered', () => {
      const p = new LabelPlacer(2);
      p.avoid(10, 4, 20, 8); // a mark in the middle of the label
      assert.equal(p.place(0, 0, 40, 12, 20), -14, 'shifted up off the mark');
      const q = new LabelPlacer(2);
      q.avoid(0, -100, 40, 100); // covers every candidate alike
      assert.equal(q.place(0, 0, 40, 12, 20), 0, 'kept in place rather than left out');
      const r = new LabelPlacer(2);
      r.avoid(0, -40, 40, 2); // covers the middle a little, the places above fully
      assert.equal(r.place(0, 0, 40, 12, 20), 14, 'below, clear of it');
    });

    it('never lets a label meet a reserved box or another label, and stays within maxShift (property)', () => {
      let placed = 0;
      let checked = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 4, max: 80 }), fc.integer({ min: 0, max: 60 })), { minLength: 1, maxLength: 40 }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 })), { maxLength: 6 }),
          (labels, reserved) => {
            const gap = 3;
            const p = new LabelPlacer(gap);
            const hard: { x0: number; y0: number; x1: number; y1: number; text: string }[] = [];
            for (const [x, y, w] of reserved) {
              p.reserve(x, y, x + w, y + 10);
              hard.push({ x0: x, y0: y, x1: x + w, y1: y + 10, text: 'reserved' });
            }
            for (const [x, y, w, maxShift] of labels) {
              const dy = p.place(x, y, x + w, y + 12, maxShift);
              if (Number.isNaN(dy)) continue;
              assert.ok(Math.abs(dy) <= maxShift && Math.abs(dy) <= MAX_SHIFTS * (12 + gap), `shift ${dy} within ${maxShift}`);
              const box = { x0: x, y0: y + dy, x1: x + w, y1: y + 12 + dy, text: 'label' };
              for (const h of hard) assert.ok(!meet(box, h, gap - 1e-9), `${JSON.stringify(box)} meets ${JSON.stringify(h)}`);
              placed++;
              checked += hard.length;
              hard.push(box);
            }
          },
        ),
        { numRuns: 300 },
      );
      assert.ok(placed > 300 && checked > 300, `${placed} labels placed, ${checked} boxes checked against them`);
    });
  });

  describe('the overlap check (control)', () => {
    it('reports two boxes that meet, and those within the gap', () => {
      const a = { x0: 0, y0: 0, x1: 10, y1: 10, text: 'a' };
      const b = { x0: 5, y0: 5, x1: 15, y1: 15, text: 'b' };
      const c = { x0: 12, y0: 0, x1: 20, y1: 4, text: 'c' };
      assert.deepEqual(overlapping([a, b]), ['a × b']);
      assert.deepEqual(overlapping([a, c]), []);
      assert.deepEqual(overlapping([a, c], 3), ['a × c']);
    });
  });

  describe('estimated text widths', () => {
    it('adds DejaVu Sans advances: digits are 0.636 em, an M 0.863 em, wide characters an em', () => {
      assert.equal(estimateTextWidth('0123456789', 10), 63.6);
      assert.equal(estimateTextWidth('M', 1000), 863);
      assert.equal(estimateTextWidth('', 11), 0);
      assert.equal(estimateTextWidth('箱', 10), 10);
      assert.equal(estimateTextWidth('😀', 10), 10, 'a surrogate pair counts once');
    });
  });

  describe('in the scene painter', () => {
    it('crates on a floor: the adjacent crates "sunk" and "pushed" get labels that do not overlap (collide render)', () => {
      const { svg } = renderSceneSvg(CRATES, { name: 'crates-on-a-floor.collide' });
      const boxes = svgTextBoxes(svg);
      const names = boxes.filter((b) => b.size === 11).map((b) => b.text);
      assert.deepEqual(names.sort(), ['fine', 'floor', 'pushed', 'sunk']);
      assert.deepEqual(overlapping(boxes), [], 'no two <text> boxes overlap (grid labels and caption included)');
      // The case this came from: at their bodies' middles the two names would be closer than
      // the gap a label keeps, so one of them (at least) was moved.
      const sunk = boxes.find((b) => b.text === 'sunk')!;
      const pushed = boxes.find((b) => b.text === 'pushed')!;
      const middle = (b: SvgTextBox) => (b.y0 + b.y1) / 2;
      assert.ok(Math.abs(middle(sunk) - middle(pushed)) >= 12, `sunk at ${middle(sunk)}, pushed at ${middle(pushed)}`);
      assert.ok(!meet(sunk, pushed, 4));
    });

    it('at any width from 320 px, no two texts of the crates picture overlap', () => {
      for (const width of [320, 360, 480, 640, 800, 1200]) {
        for (const height of [200, 360, 600]) {
          const boxes = svgTextBoxes(renderSceneSvg(CRATES, { name: 'crates-on-a-floor.collide', width, height }).svg);
          assert.ok(boxes.length >= 2, `${boxes.length} texts at ${width} × ${height}`);
          assert.deepEqual(overlapping(boxes), [], `${width} × ${height}`);
        }
      }
    });

    it('the hovered body\'s label wins over one declared before it, and so does the selected body\'s', () => {
      // Two flat boxes side by side: their names meet and neither can move (the boxes are
      // thinner than a line of text), so one label shows.
      const scene = sceneOf('body first_long_name static box(3, 0.2) at (0, 0)\nbody second_long_name static box(3, 0.2) at (3.2, 0)\n');
      const view: Viewport = { cx: 1.6, cy: 0, zoom: 30, width: 400, height: 200 };
      assert.deepEqual(drawn(scene, view).labels, ['first_long_name']);
      assert.deepEqual(drawn(scene, view, { hovered: 1 }).labels, ['second_long_name']);
      assert.deepEqual(drawn(scene, view, { selected: 1 }).labels, ['second_long_name']);
      // Hovered before selected: the pointer is where the user looks now; the selected body's
      // label then goes beside its body, clear of the hovered one's.
      const both = drawn(scene, view, { selected: 1, hovered: 0 });
      assert.deepEqual(both.labels, ['first_long_name', 'second_long_name']);
      const boxes = svgTextBoxes(both.svg).filter((b) => b.size === 11);
      assert.deepEqual(overlapping(boxes, 4), []);
      assert.deepEqual(drawn(scene, view, { highlighted: new Set([1]) }).labels, ['second_long_name']);
    });

    it('all labels: a row of crowded boxes gets every name, beside the left-out ones, none overlapping', () => {
      const text = Array.from({ length: 10 }, (_, k) => `body crate_number_${k} static box(0.8, 0.2) at (${k}, 0)`).join('\n');
      const scene = sceneOf(text);
      const view: Viewport = { cx: 4.5, cy: 0, zoom: 60, width: 640, height: 360 };
      const some = drawn(scene, view);
      assert.ok(some.labels.length > 0 && some.labels.length < 10, some.labels.join(', '));
      const all = drawn(scene, view, { allLabels: true });
      assert.deepEqual([...all.labels].sort(), scene.bodies.map((b) => b.name).sort());
      assert.deepEqual(overlapping(svgTextBoxes(all.svg)), []);
      // Zoomed in, more names fit inside their boxes without the option.
      assert.ok(drawn(scene, { ...view, zoom: 160, width: 2000 }).labels.length > some.labels.length);
    });

    it('all labels: random rows of boxes get at least the labels they had, and none overlap (property)', () => {
      let gained = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: 0.1, max: 2, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })), { minLength: 2, maxLength: 16 }),
          (boxes) => {
            let x = 0;
            const text = boxes.map(([w, h, y], i) => {
              const line = `body b${i}_${'x'.repeat(i % 5)} box(${w}, ${h}) at (${x + w / 2}, ${y})`;
              x += w * 0.9;
              return line;
            });
            const scene = sceneOf(text.join('\n'));
            const view: Viewport = { cx: 0, cy: 0, zoom: 1, width: 640, height: 360 };
            fitBounds(view, scene.bounds);
            const some = drawn(scene, view).labels;
            const all = drawn(scene, view, { allLabels: true });
            for (const name of some) assert.ok(all.labels.includes(name), `${name} kept`);
            assert.deepEqual(overlapping(svgTextBoxes(all.svg)), []);
            gained += all.labels.length - some.length;
          },
        ),
        { numRuns: 100 },
      );
      assert.ok(gained > 0, 'some runs label bodies left out before');
    });

    it('random rows of boxes: labels never overlap, and the hovered body always keeps its label (property)', () => {
      let texts = 0;
      let hoveredChecked = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.double({ min: 0.4, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 2, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })), { minLength: 2, maxLength: 12 }),
          fc.nat(),
          (boxes, pick) => {
            let x = 0;
            const text = boxes
              .map(([w, h, y], i) => {
                const line = `body b${i}_${'x'.repeat(i % 5)} box(${w}, ${h}) at (${x + w / 2}, ${y})`;
                x += w * 0.9; // a little overlap between neighbors, as in the crates scene
                return line;
              })
              .join('\n');
            const scene = sceneOf(text);
            const view: Viewport = { cx: 0, cy: 0, zoom: 1, width: 640, height: 360 };
            fitBounds(view, scene.bounds);
            const hovered = pick % scene.bodies.length;
            const { svg, labels } = drawn(scene, view, { hovered });
            const drawnBoxes = svgTextBoxes(svg);
            texts += drawnBoxes.length;
            assert.deepEqual(overlapping(drawnBoxes), []);
            const painter = new ScenePainter(scene);
            const name = scene.bodies[hovered]!.name;
            // A hovered body big enough for a label, away from the grid labels along the left
            // and bottom edges, shows its name.
            const [bx0, by0, bx1, by1] = scene.bodies[hovered]!.bounds;
            const sx0 = (bx0 - view.cx) * view.zoom + view.width / 2;
            const sy1 = view.height / 2 - (by0 - view.cy) * view.zoom;
            if (painter.radii[hovered]! * view.zoom >= 18 && sx0 > 40 && sy1 < view.height - 20 && bx1 > bx0 && by1 > by0) {
              assert.ok(labels.includes(name), `${name} among ${labels.join(', ')}`);
              hoveredChecked++;
            }
          },
        ),
        { numRuns: 150 },
      );
      assert.ok(texts > 150 && hoveredChecked > 0, `${texts} texts, ${hoveredChecked} hovered labels checked in 150 runs`);
    });
  });

  describe('against the real font (headless Chromium)', function () {
    before(function () {
      skipWithoutChromium(this);
    });

    it('the rendered <text> boxes of the crates picture do not overlap, and each is within its estimate', async () => {
      const { svg } = renderSceneSvg(CRATES, { name: 'crates-on-a-floor.collide' });
      const estimated = svgTextBoxes(svg);
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
      try {
        const page = await browser.newPage();
        await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
        const real: SvgTextBox[] = await page.evaluate(() =>
          [...(globalThis as any).document.querySelectorAll('text')].map((t: any) => {
            const b = t.getBBox();
            return { text: t.textContent, size: Number(t.getAttribute('font-size')), x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
          }),
        );
        assert.ok(estimated.length >= 4, `${estimated.length} texts`);
        assert.equal(real.length, estimated.length);
        assert.deepEqual(overlapping(real), []);
        for (let k = 0; k < real.length; k++) {
          const r = real[k]!;
          const e = estimated[k]!;
          // Chromium rounds advances at small sizes (hinting): a few per cent either way, which
          // the 4 px gap between labels absorbs.
          const slack = 0.03 * (e.x1 - e.x0) + 0.5;
          assert.ok(Math.abs(r.x1 - r.x0 - (e.x1 - e.x0)) <= 2 * slack, `${r.text}: ${r.x1 - r.x0} px wide, estimated ${e.x1 - e.x0}`);
          assert.ok(r.x0 >= e.x0 - slack && r.x1 <= e.x1 + slack, `${r.text}: [${r.x0}, ${r.x1}] within [${e.x0}, ${e.x1}]`);
          assert.ok(r.y0 >= e.y0 - 1 && r.y1 <= e.y1 + 1, `${r.text}: [${r.y0}, ${r.y1}] within [${e.y0}, ${e.y1}]`);
        }
      } finally {
        await browser.close();
      }
    });
  });
});
