/**
 * The pair view's legend (pair-painter.ts): in the colors the editor's themes give the two
 * shapes, its words reach WCAG AA's 4.5:1 on the background and its swatches (and B ⊖ A's edges,
 * in the same colors) 3:1; a line too long for the view is shortened, never cut at the edge; and
 * the band it sits in is painted over whatever of the plot reaches into it (the relative-velocity
 * ray), so the legend is never drawn over the drawing.
 */
import { strict as assert } from 'node:assert';
import { alphaOf, contrastRatio, flattenOn, legibleOn, parseColor } from '../../../render/contrast';
import { drawPair } from '../../../render/pair-painter';
import { DARK_THEME, LIGHT_THEME, type Theme } from '../../../render/theme';
import { estimateTextWidth } from '../../../render/text-metrics';
import type { PairDetail } from '../../../protocol/preview-model';
import { PaintRecorder } from './paint-recorder';

/** The shapes' colors as the webview reads them from VS Code's themes (charts.orange, charts.green). */
const THEMES: [string, Theme][] = [
  ['Dark Modern', { ...DARK_THEME, background: '#1f1f1f', shapeA: '#d18616', shapeB: '#89d185' }],
  ['Light Modern', { ...LIGHT_THEME, background: '#ffffff', shapeA: '#d18616', shapeB: '#388a34' }],
  ['High Contrast', { ...DARK_THEME, background: '#000000', foreground: '#ffffff', shapeA: '#d18616', shapeB: '#89d185' }],
  ['High Contrast Light', { ...LIGHT_THEME, background: '#ffffff', foreground: '#292929', shapeA: '#d18616', shapeB: '#374e06' }],
  // code-server 4.x gives charts.orange translucent.
  ['Dark Modern in code-server', { ...DARK_THEME, background: '#1f1f1f', shapeA: 'rgba(234, 92, 0, 0.33)', shapeB: '#89d185' }],
  ['Light Modern in code-server', { ...LIGHT_THEME, background: '#ffffff', shapeA: 'rgba(234, 92, 0, 0.33)', shapeB: '#388a34' }],
  ['the CLI light theme', LIGHT_THEME],
  ['the CLI dark theme', DARK_THEME],
];

function pair(a = 'floor', b = 'crate', relativeVelocity: [number, number] = [0, 0]): PairDetail {
  return {
    uri: 'file:///p.collide',
    version: 1,
    a,
    b,
    ia: 0,
    ib: 1,
    partA: 0,
    partB: 0,
    finding: null,
    minkowski: { vertices: [-1, -0.6, 1, -0.6, 1, 0.4, -1, 0.4], vertexA: [0, 1, 2, 3], vertexB: [0, 1, 2, 3], edgeFrom: ['B', 'A', 'B', 'A'], radius: 0 },
    distance: -0.4,
    closest: [0, 0.4],
    normal: [0, 1],
    pushOut: [0, 0.4],
    relativeVelocity,
    relativeSpin: 0,
    toi: null,
    gjk: [],
    epa: [],
    advancement: [],
    notes: [],
  };
}

describe('render/pair-painter legend', () => {
  it('reads the contrast of colors as WCAG defines it', () => {
    assert.deepEqual(parseColor('#abc'), [0xaa, 0xbb, 0xcc]);
    assert.deepEqual(parseColor('rgba(1, 2, 3, 0.5)'), [1, 2, 3]);
    assert.equal(contrastRatio('#000000', '#ffffff').toFixed(2), '21.00');
    assert.equal(contrastRatio('#d18616', '#ffffff').toFixed(2), '2.94');
    const fixed = legibleOn('#d18616', '#ffffff', 4.5);
    assert.ok(contrastRatio(fixed, '#ffffff') >= 4.5 && contrastRatio(fixed, '#ffffff') < 4.7, `${fixed} just legible`);
    assert.equal(legibleOn('#89d185', '#1f1f1f', 4.5), '#89d185', 'a legible color stays');
    // A translucent theme color (code-server's charts.orange) counts as it shows, and is drawn opaque.
    assert.equal(alphaOf('rgba(234, 92, 0, 0.33)'), 0.33);
    assert.equal(flattenOn('rgba(234, 92, 0, 0.33)', '#1f1f1f'), '#623315');
    assert.ok(contrastRatio('rgba(234, 92, 0, 0.33)', '#1f1f1f') < 2);
    const dim = legibleOn('rgba(234, 92, 0, 0.33)', '#1f1f1f', 4.5);
    assert.match(dim, /^#[0-9a-f]{6}$/);
    assert.ok(contrastRatio(dim, '#1f1f1f') >= 4.5, `${dim} legible on Dark Modern`);
  });

  for (const [name, theme] of THEMES) {
    it(`${name}: the legend's words 4.5:1 on the background, its swatches and edges in the same colors`, () => {
      const r = new PaintRecorder(320, 260);
      drawPair(r, pair(), theme, { step: null });
      const legend = r.texts.filter((t) => t.s.startsWith('edges of '));
      assert.equal(legend.length, 2);
      for (const t of legend) {
        assert.ok(contrastRatio(t.style.color, theme.background) >= 4.5, `'${t.s}' ${t.style.color} on ${theme.background}: ${contrastRatio(t.style.color, theme.background).toFixed(2)}:1`);
        // A swatch: a short horizontal stroke left of the words, on their line, in their color.
        const swatch = r.ops.find((o) => o.op === 'stroke' && o.color === t.style.color && o.points.length === 2 && o.points[0]![1] === o.points[1]![1] && o.points[1]![0] < t.x - estimateTextWidth(t.s, t.style.size) && Math.abs(o.points[0]![1] - (t.y + 4)) < 8);
        assert.ok(swatch, `a swatch for '${t.s}'`);
        assert.ok(contrastRatio(t.style.color, theme.background) >= 3);
      }
    });
  }

  it('a line too long for the view ends in an ellipsis inside it, at the inspector\'s and a narrow width', () => {
    for (const width of [200, 320, 420]) {
      const r = new PaintRecorder(width, 260);
      drawPair(r, pair('the_floor_of_the_first_level_of_the_game', 'a_crate_with_a_rather_long_name'), LIGHT_THEME, { step: null, caption: ['depth 0.4'] });
      const header = r.texts.filter((t) => t.style.align === 'right');
      assert.equal(header.length, 3, 'title and two legend lines');
      for (const t of header) {
        const w = estimateTextWidth(t.s, t.style.size) * (t.style.bold ? 1.15 : 1);
        assert.ok(t.x - w >= 0 && t.x <= width, `'${t.s}' [${(t.x - w).toFixed(1)}, ${t.x}] inside ${width} px`);
      }
      assert.ok(header.some((t) => t.s.endsWith('…')), `shortened at ${width} px`);
    }
  });

  it('the header band is painted over the plot that reaches into it (the relative-velocity ray)', () => {
    // B moves down relative to A: the ray from the origin along -(v_B - v_A) runs up the view,
    // through the legend's corner.
    const r = new PaintRecorder(320, 260);
    drawPair(r, pair('floor', 'crate', [0.3, -1]), DARK_THEME, { step: null });
    const ray = r.ops.findIndex((o) => o.op === 'stroke' && o.color === DARK_THEME.info && o.dash !== '');
    assert.ok(ray >= 0, 'the ray is drawn');
    const legend = r.texts.filter((t) => t.style.align === 'right');
    const top = Math.max(...legend.map((t) => t.y + t.style.size * 1.1));
    const band = r.ops.findIndex((o, k) => k > ray && o.op === 'fill' && o.color === DARK_THEME.background && o.points.some((q) => q[1] >= top) && o.points.some((q) => q[0] <= 0) && o.points.some((q) => q[0] >= 320));
    assert.ok(band > ray, 'a band of background over the ray, under the legend');
    const first = r.ops.findIndex((o) => o.op === 'text' && o.style.align === 'right');
    assert.ok(band < first, 'painted before the legend');
  });
});
