import { CanvasPainter } from '../paint/canvas-painter';
import type { ScenePainter, SceneDrawOptions } from '../../../render/scene/scene-painter';
import { drawOverlapRegion } from '../../../render/scene/overlap-region';
import { SvgPainter } from '../../../render/svg-painter';
import type { Theme } from '../../../render/theme';
import type { Viewport } from '../../../render/viewport';

/**
 * The view `v` as SVG text or a PNG data URL (at twice its pixel size), drawn by the same
 * ScenePainter as the canvas, with the open pair's overlap region (world, flat) over it as the
 * canvas has it; an empty preview exports its background.
 */
export function exportView(format: 'svg' | 'png', painter: ScenePainter | null, v: Viewport, theme: Theme, options: SceneDrawOptions, overlap: readonly number[] | null = null): string {
  if (format === 'svg') {
    const svg = new SvgPainter(v.width, v.height, theme.fontFamily);
    painter?.draw(svg, v, theme, options);
    if (!painter) svg.clear(theme.background);
    else if (overlap) drawOverlapRegion(svg, v, overlap, theme);
    return svg.toString();
  }
  const scale = 2;
  const c = document.createElement('canvas');
  c.width = v.width * scale;
  c.height = v.height * scale;
  const ctx = c.getContext('2d');
  if (!ctx) return '';
  const p = new CanvasPainter(ctx, v.width, v.height, theme.fontFamily, scale);
  if (painter) {
    painter.draw(p, v, theme, options);
    if (overlap) drawOverlapRegion(p, v, overlap, theme);
  } else p.clear(theme.background);
  return c.toDataURL('image/png');
}

/** The file name of a URI, for the export's caption. */
export function basename(uri: string): string {
  const i = uri.lastIndexOf('/');
  try {
    return decodeURIComponent(uri.slice(i + 1));
  } catch {
    return uri.slice(i + 1);
  }
}
