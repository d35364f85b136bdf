import type { PreviewScene } from '../../protocol/preview-model';
import type { Pose } from '../geometry';
import { drawGrid } from '../grid';
import type { Painter } from '../painter';
import type { Theme } from '../theme';
import type { Viewport } from '../viewport';
import { BodiesLayer } from './bodies-layer';
import { captionInset, drawCaption } from './caption';
import { DebugLayer } from './debug-layer';
import { drawFindingMarks } from './findings-layer';
import { LabelsLayer } from './labels-layer';
import { SceneBodies } from './scene-bodies';
import type { SceneDrawOptions, ScreenRect } from './scene-options';
import { SelectionLayer, type RotationHandle } from './selection-layer';
import { SweepsLayer } from './sweeps-layer';

export type { DebugLayerName, SceneDrawOptions, ScreenRect } from './scene-options';
export { DEBUG_LAYERS, isDebugLayerName } from './scene-options';

/**
 * Draws an analyzed scene on any Painter: grid and axes in scene units, bodies filled and
 * outlined by kind, overlaps with their push-out arrows and contact points, tunnelling pairs
 * with their swept areas and ghosts (start, time of impact, end). The per-scene work is done
 * once in the constructor (scene-bodies.ts); each layer lives in its own file.
 *
 * A frame has three layers, drawn in this order by `draw`: the backdrop (background and grid,
 * anchored to the screen), the world (swept areas, bodies, overlap outlines: anchored to the
 * scene, and the same for every view at one zoom, so the preview can cache it as a bitmap and
 * shift it while panning) and the overlay (emphasis, finding marks, labels, the rotation handle,
 * the caption: cheap, and changed by hovering or selecting). The world layer can be drawn for a
 * part of the screen only, and then draws exactly the pixels a whole-screen draw would have
 * there.
 */
export class ScenePainter {
  private readonly bodies: SceneBodies;
  private readonly sweeps: SweepsLayer;
  private readonly bodyLayer: BodiesLayer;
  private readonly selection: SelectionLayer;
  private readonly labels: LabelsLayer;
  private readonly debug: DebugLayer;
  /** A push-out arrow's ends on screen (x0, y0, x1, y1). */
  private readonly arrow = new Float64Array(4);

  constructor(
    readonly scene: PreviewScene,
    bodies?: SceneBodies,
  ) {
    this.bodies = bodies ?? new SceneBodies(scene);
    this.sweeps = new SweepsLayer(this.bodies);
    this.bodyLayer = new BodiesLayer(this.bodies);
    this.selection = new SelectionLayer(this.bodies);
    this.labels = new LabelsLayer(this.bodies);
    this.debug = new DebugLayer(this.bodies);
  }

  /**
   * The painter of `scene`, which is `prev`'s scene with only the bodies at the indices `changed`
   * replaced (a scene delta that moves no index, as typing into a body makes): it draws what a
   * new ScenePainter(scene) draws, from prev's tables (scene-bodies.ts): prev stays usable, but
   * builds its spatial index again if it is asked. A new painter when the scenes differ otherwise.
   */
  static following(prev: ScenePainter, scene: PreviewScene, changed: readonly number[]): ScenePainter {
    return new ScenePainter(scene, SceneBodies.following(prev.bodies, scene, changed) ?? undefined);
  }

  /** Each body's bounding radius about its origin, in scene units. */
  get radii(): Float64Array {
    return this.bodies.radii;
  }

  /** The largest finite bounding radius (0 for an empty scene). */
  get maxRadius(): number {
    return this.bodies.maxRadius;
  }

  /** The interval the scrubber covers: [0, frames dt]. */
  get duration(): number {
    return this.bodies.duration;
  }

  /** The bodies whose labels the last frame drew (for the tests). */
  get labeled(): readonly number[] {
    return this.labels.shown;
  }

  /** A body's pose at time t, or the dragged pose while it is dragged. */
  poseOf(i: number, t: number, drag: SceneDrawOptions['drag'], out: Pose): Pose {
    return this.bodies.poseOf(i, t, drag, out);
  }

  /** The whole frame: backdrop, world and overlay (what the SVG export and the CLI draw). */
  draw(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    this.drawBackdrop(p, v, theme, captionInset(o.caption));
    this.drawWorld(p, v, theme, o);
    this.drawOverlay(p, v, theme, o);
  }

  /**
   * The background and the grid with its labels (anchored to the screen); no grid label reaches
   * above `topInset` pixels.
   */
  drawBackdrop(p: Painter, v: Viewport, theme: Theme, topInset = 0): void {
    p.clear(theme.background);
    drawGrid(p, v, theme, topInset);
  }

  /**
   * Swept areas, bodies and overlap outlines, without clearing: everything that moves with the
   * scene when the view pans. With `region`, only bodies that can reach that part of the screen
   * are traced (the caller clips to it); the pixels inside are those of a whole-screen draw.
   */
  drawWorld(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions, region?: ScreenRect): void {
    this.sweeps.draw(p, v, theme, o);
    this.bodyLayer.draw(p, v, theme, o, region);
  }

  /**
   * Highlight (editor cursor), hover and selection, the findings' marks, the debug-draw overlays
   * asked for (debug-layer.ts), body labels, the rotation handle and the caption: drawn over the
   * world layer every frame.
   */
  drawOverlay(p: Painter, v: Viewport, theme: Theme, o: SceneDrawOptions): void {
    this.selection.drawEmphasis(p, v, theme, o);
    drawFindingMarks(p, v, theme, this.scene, o, this.arrow);
    this.debug.draw(p, v, theme, o);
    this.labels.draw(p, v, theme, o);
    this.selection.drawHandle(p, v, theme, o);
    drawCaption(p, theme, o.caption);
  }

  /**
   * Screen positions of a body's origin and of its rotation handle: on the ray at the body's
   * angle, just outside its bounding circle.
   */
  rotationHandle(i: number, t: number, drag: SceneDrawOptions['drag'], v: Viewport): RotationHandle {
    return this.selection.rotationHandle(i, t, drag, v);
  }
}
