/**
 * The pair view's text (pair-painter.ts) through its SVG output: the title, legend, caption,
 * grid numbers and the labels inside the plot ('O', the time of impact) never meet one another,
 * and none covers a dot (B ⊖ A's vertices, the closest point, the hit, the origin, a step's
 * simplex), at the inspector's size and at `collide render --pair`'s, for every pair of the
 * examples and every step shown.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PairDetail } from '../../../protocol/preview-model';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { buildPairDetail } from '../../../server/src/preview/pair-detail';
import { pairCaption } from '../../../server/src/cli/render';
import { drawPair, type PairDrawOptions, type StepKind } from '../../../render/pair-painter';
import { SvgPainter } from '../../../render/svg-painter';
import { DARK_THEME, LIGHT_THEME } from '../../../render/theme';
import { svgTextBoxes } from './svg-text';

const root = join(__dirname, '..', '..', '..');

interface Box {
  what: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every <text> with its box by the estimated metrics (bold 15 % wider, as the painter lays it out). */
function textBoxes(svg: string): Box[] {
  return svgTextBoxes(svg, 1.15).map(({ text, x0, y0, x1, y1 }) => ({ what: `text "${text}"`, x0, y0, x1, y1 }));
}

/** Every dot: a path that is one full circle (M, an optional L to the start, two half arcs). */
function dots(svg: string): Box[] {
  const out: Box[] = [];
  const num = '(-?[\\d.]+)';
  const circle = new RegExp(`<path d="(?:M${num} ${num})?[ML]${num} ${num}A${num} \\5 0 0 1 ${num} ${num}A\\5 \\5 0 0 1 \\3 \\4"`, 'g');
  for (const m of svg.matchAll(circle)) {
    const x = Number(m[3]);
    const y = Number(m[4]);
    const r = Number(m[5]);
    out.push({ what: `dot at (${(x - r).toFixed(1)}, ${y.toFixed(1)})`, x0: x - 2 * r, y0: y - r, x1: x, y1: y + r });
  }
  return out;
}

function meet(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** What meets what among the texts, and between texts and dots. */
function collisions(svg: string): string[] {
  const texts = textBoxes(svg);
  const marks = dots(svg);
  const bad: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) if (meet(texts[i]!, texts[j]!)) bad.push(`${texts[i]!.what} × ${texts[j]!.what}`);
    for (const d of marks) if (meet(texts[i]!, d)) bad.push(`${texts[i]!.what} × ${d.what}`);
  }
  return bad;
}

function pairOf(file: string, a: string, b: string): PairDetail {
  const text = readFileSync(join(root, 'examples', file), 'utf8');
  const analysis = analyzeDocument(text);
  const source = { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics };
  const pair = buildPairDetail(`file:///${file}`, 0, source, a, b);
  assert.ok(pair, `${file}: ${a}, ${b}`);
  return pair;
}

/** The caption `collide render --pair` writes. */
function drawn(pair: PairDetail, width: number, height: number, o: PairDrawOptions, dark = false): string {
  const svg = new SvgPainter(width, height);
  drawPair(svg, pair, dark ? DARK_THEME : LIGHT_THEME, o);
  return svg.toString();
}

describe('pair view text', () => {
  it('the inspector on sunk – pushed (README picture): the legend clear of B ⊖ A’s corner dots', () => {
    const pair = pairOf('crates-on-a-floor.collide', 'sunk', 'pushed');
    const svg = drawn(pair, 312, 260, { step: { kind: 'gjk', index: pair.gjk.length - 1 } }, true);
    assert.ok(svg.includes('edges of pushed'));
    assert.ok(dots(svg).length >= 5, 'the corner dots, the closest point and the simplex are found');
    assert.ok(textBoxes(svg).length >= 2, 'the legend and the grid numbers are found');
    assert.deepEqual(collisions(svg), []);
  });

  it('collide render --pair bar,target: the caption clear of the grid’s numbers, the legend under a long caption', () => {
    const pair = pairOf('spinning-bar.collide', 'bar', 'target');
    const svg = drawn(pair, 420, 460, { step: null, caption: pairCaption(pair) });
    const texts = textBoxes(svg);
    assert.ok(texts.some((t) => t.what.includes('distance 0.91066')));
    assert.ok(texts.some((t) => /^text "-?\d/.test(t.what)), 'grid numbers are drawn');
    assert.deepEqual(collisions(svg), []);
  });

  it('the collision check finds a text on a text and a text on a dot (control)', () => {
    const svg = new SvgPainter(200, 100);
    svg.text('legend', 20, 20, { color: '#000', size: 11 });
    svg.text('legend', 24, 22, { color: '#000', size: 11 });
    svg.beginPath();
    svg.moveTo(80, 50);
    svg.arc(77, 50, 3, 0, 2 * Math.PI, false);
    svg.fill('#000', 1);
    svg.text('on the dot', 70, 50, { color: '#000', size: 11 });
    const bad = collisions(svg.toString());
    assert.ok(bad.some((b) => b === 'text "legend" × text "legend"'), bad.join('; '));
    assert.ok(bad.some((b) => b.startsWith('text "on the dot" × dot')), bad.join('; '));
  });

  it('every pair of every example, at the inspector’s and the render’s sizes, with each step kind', () => {
    let views = 0;
    let texts = 0;
    for (const file of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.collide'))) {
      const analysis = analyzeDocument(readFileSync(join(root, 'examples', file), 'utf8'));
      const names = analysis.semantics.scene.bodies.map((b) => b.name).slice(0, 6);
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          const pair = pairOf(file, names[i]!, names[j]!);
          const steps: (PairDrawOptions['step'])[] = [null];
          for (const kind of ['gjk', 'epa', 'advancement'] as StepKind[]) {
            const n = pair[kind].length;
            if (n > 0) steps.push({ kind, index: 0 }, { kind, index: n - 1 });
          }
          for (const [w, h] of [
            [312, 260],
            [420, 600],
            [640, 360],
          ] as const) {
            for (const step of steps) {
              for (const caption of [undefined, pairCaption(pair)]) {
                const svg = drawn(pair, w, h, { step, caption });
                texts += textBoxes(svg).length;
                const bad = collisions(svg);
                assert.deepEqual(bad, [], `${file} ${names[i]}, ${names[j]} at ${w}×${h}, step ${JSON.stringify(step)}, caption ${caption !== undefined}`);
                views++;
              }
            }
          }
        }
      }
    }
    assert.ok(views > 100, `${views} views`);
    assert.ok(texts > 2 * views, `${texts} texts in ${views} views`);
  });
});
