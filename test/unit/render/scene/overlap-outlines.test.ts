/**
 * The overlap outlines' level of detail on a canvas (render/scene/bodies-layer.ts): a body drawn
 * as a small square (under TINY_PX on screen) is outlined as that square, one stroke of four
 * lines; a larger body by its true outline.
 */
import { strict as assert } from 'node:assert';
import type { Painter, TextStyle } from '../../../../render/painter';
import { ScenePainter, type SceneDrawOptions } from '../../../../render/scene/scene-painter';
import { DARK_THEME } from '../../../../render/theme';
import { fitBounds, type Viewport } from '../../../../render/viewport';
import { largeScene } from './large-scene';

/** The strokes in `color`, each as its path's commands (M, L, A, Z), on a canvas-like painter. */
class StrokePainter implements Painter {
  readonly batchSize = 1;
  readonly strokes: string[] = [];
  private path: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly color: string,
  ) {}
  clear(): void {}
  fillRect(): void {}
  beginPath(): void {
    this.path = [];
  }
  moveTo(): void {
    this.path.push('M');
  }
  lineTo(): void {
    this.path.push('L');
  }
  arc(): void {
    this.path.push('A');
  }
  closePath(): void {
    this.path.push('Z');
  }
  fill(): void {}
  stroke(color: string): void {
    if (color === this.color) this.strokes.push(this.path.join(''));
  }
  text(_s: string, _x: number, _y: number, _style: TextStyle): void {}
}

const NONE: SceneDrawOptions = { time: 0, highlighted: new Set(), selected: -1, hovered: -1, pair: null, showSweeps: false };

describe('render/scene/bodies-layer: overlap outlines', () => {
  const scene = largeScene(400);
  const painter = new ScenePainter(scene);
  const strokes = (zoom: number): string[] => {
    const v: Viewport = { cx: 0, cy: 0, zoom: 1, width: 800, height: 600 };
    fitBounds(v, scene.bounds);
    v.zoom = zoom;
    const p = new StrokePainter(v.width, v.height, DARK_THEME.warning);
    painter.drawWorld(p, v, DARK_THEME, NONE);
    return p.strokes;
  };

  it('outlines a body under TINY_PX on screen as its square, and a larger one by its outline', () => {
    const tiny = strokes(0.5);
    assert.ok(tiny.length > 0, 'some overlap outlines are drawn');
    for (const s of tiny) assert.equal(s, 'MLLLZ');
    const large = strokes(20);
    assert.ok(large.length > 0, 'some overlap outlines are drawn');
    assert.ok(large.some((s) => s.includes('A')), 'circles and rounded parts by their arcs');
  });
});
