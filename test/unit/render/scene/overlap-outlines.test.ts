/**
 * The overlap outlines' level of detail on a canvas (render/scene/bodies-layer.ts): a body drawn
 * as a small square (under TINY_PX on screen) is outlined as that square, one stroke of four
 * lines, or filled a pixel larger when the square is at most 2 pixels across; a larger body by
 * its true outline.
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
  fillRect(_x: number, _y: number, _w: number, h: number, color: string): void {
    if (color === this.color) this.strokes.push(`rect ${h}`);
  }
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
    const radii = painter.radii;
    const overlapping = new Set(scene.findings.filter((f) => f.kind === 'overlap').flatMap((f) => [f.ia, f.ib]));
    const smallest = Math.min(...[...overlapping].map((i) => radii[i]!));
    const largest = Math.max(...[...overlapping].map((i) => radii[i]!));
    // Every overlapping body a square of half side at most 1 pixel: filled.
    const filled = strokes(0.9 / largest);
    assert.ok(filled.length > 0, 'some overlap outlines are drawn');
    for (const s of filled) assert.match(s, /^rect /);
    // Every one a square under 3 pixels: stroked as a square from a half side of 1 pixel.
    const squares = strokes(2.5 / largest);
    assert.ok(squares.length > 0, 'some overlap outlines are drawn');
    for (const s of squares) assert.ok(s === 'MLLLZ' || s.startsWith('rect '), s);
    assert.ok(squares.includes('MLLLZ'), 'some squares are stroked');
    assert.ok(smallest * (2.5 / largest) > 1 || squares.some((s) => s.startsWith('rect ')), 'some are filled');
    const large = strokes(20);
    assert.ok(large.length > 0, 'some overlap outlines are drawn');
    assert.ok(large.some((s) => s.includes('A')), 'circles and rounded parts by their arcs');
  });
});
