import { isPreviewViewState, type PreviewViewState } from '../../../protocol/preview-messages';
import type { PreviewScene } from '../../../protocol/preview-model';
import { makePose, type Pose } from '../../../render/geometry';
import { editOverlay, handleAt, motionScales, type EditHandle, type EditOverlay } from '../../../render/scene/edit-handles';
import { isDebugLayerName, type DebugLayerName, type ScenePainter, type SceneDrawOptions } from '../../../render/scene/scene-painter';
import { toWorldX, toWorldY, type Viewport } from '../../../render/viewport';
import type { HandleDrag } from './handle-drag';
import { hitBody } from './hit-test';

/** The part of VS Code's webview API the preview uses (a harness page provides the same). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** A body dragged in the preview, drawn at this pose until a scene of a later version arrives. */
export interface DragPose {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly version: number;
}

/**
 * What the preview shows, shared by its controller and its pointer input: the scene and its
 * painter, the view, the time, the selection, the open pair and a drag in progress. The view,
 * time and pair are saved with VS Code's webview state, so that a preview hidden and shown again
 * comes back as it was.
 */
export class PreviewState {
  scene: PreviewScene | null = null;
  painter: ScenePainter | null = null;
  readonly byName = new Map<string, number>();
  readonly view: Viewport = { cx: 0, cy: 0, zoom: 40, width: 300, height: 150 };
  time = 0;
  highlighted = new Set<number>();
  selected = -1;
  hovered = -1;
  pair: [string, string] | null = null;
  showSweeps = true;
  /** Label every body on screen, crowded ones beside their body (labels-layer.ts). */
  allLabels = false;
  /** The debug-draw overlays on: a view preference, kept across documents. */
  show = new Set<DebugLayerName>();
  drag: DragPose | null = null;
  /** A drag of a size or motion handle in progress. */
  handleDrag: HandleDrag | null = null;
  /**
   * Edits from the preview are unlocked: the selected body shows its handles and a drag on a
   * body moves it. Locked (the default), a drag anywhere pans and nothing is written.
   */
  editable = false;
  /** The saved state, until the first scene arrives and takes it up if it is of its document. */
  restored: PreviewViewState | null;
  /** Scratch pose for hit tests and gestures. */
  readonly pose: Pose = makePose();

  constructor(private readonly api: VsCodeApi) {
    const state = api.getState();
    this.restored = isPreviewViewState(state) ? state : null;
    // The lock is the user's choice for the preview, whatever document it shows.
    this.editable = this.restored?.editable === true;
    for (const name of this.restored?.show ?? []) if (isDebugLayerName(name)) this.show.add(name);
  }

  save(): void {
    const state: PreviewViewState = {
      uri: this.scene?.uri ?? null,
      center: [this.view.cx, this.view.cy],
      zoom: this.view.zoom,
      time: this.time,
      pair: this.pair,
      ...(this.editable ? { editable: true } : {}),
      ...(this.show.size > 0 ? { show: [...this.show] } : {}),
    };
    this.api.setState(state);
  }

  drawOptions(): SceneDrawOptions {
    const pair =
      this.pair && this.byName.has(this.pair[0]) && this.byName.has(this.pair[1])
        ? ([this.byName.get(this.pair[0])!, this.byName.get(this.pair[1])!] as const)
        : null;
    return {
      time: this.time,
      highlighted: this.highlighted,
      selected: this.selected,
      hovered: this.hovered,
      pair,
      showSweeps: this.showSweeps,
      allLabels: this.allLabels,
      drag: this.drag,
      edit: this.overlay(),
      ...(this.show.size > 0 ? { show: this.show } : {}),
    };
  }

  /**
   * The selected body's handles while edits are unlocked: none in a level's frame (y down),
   * whose file the preview writes only a body's position into, nor on a chain or a tile grid's
   * shape; no motion handles on a static body, which never moves.
   */
  overlay(): EditOverlay | null {
    const scene = this.scene;
    const painter = this.painter;
    const i = this.selected;
    if (!this.editable || !scene || !painter || scene.yDown || i < 0 || i >= scene.bodies.length) return null;
    const body = scene.bodies[i]!;
    const pose = painter.poseOf(i, this.time, this.drag, this.pose);
    const d = this.handleDrag?.index === i ? this.handleDrag : null;
    const scales = d?.scales ?? motionScales(body, this.view.zoom, painter.duration, painter.radii[i]!);
    const motion = d?.change?.velocity ? { velocity: d.change.velocity, spin: body.spin } : d?.change?.spin !== undefined ? { velocity: body.velocity, spin: d.change.spin } : undefined;
    const set = { shape: true, rotate: true, motion: !body.isStatic };
    const o = editOverlay(d?.shaped ?? body, { ...pose }, this.view, painter.radii[i]!, scales, set, motion);
    return d?.shaped ? { ...o, resized: true } : o;
  }

  /** The handle of the selected body under a screen point, when edits are unlocked. */
  handleAt(sx: number, sy: number): EditHandle | undefined {
    const o = this.overlay();
    return o ? handleAt(o, sx, sy) : undefined;
  }

  /** The topmost body under a screen point (last declared wins, as it is drawn last in its kind). */
  bodyAt(sx: number, sy: number): number {
    const scene = this.scene;
    const painter = this.painter;
    if (!scene || !painter) return -1;
    const x = toWorldX(this.view, sx);
    const y = toWorldY(this.view, sy);
    const tol = 3 / this.view.zoom;
    for (let i = scene.bodies.length - 1; i >= 0; i--) {
      painter.poseOf(i, this.time, this.drag, this.pose);
      const r = painter.radii[i]! + tol;
      if (Math.abs(x - this.pose.x) > r || Math.abs(y - this.pose.y) > r) continue;
      if (hitBody(scene.bodies[i]!, this.pose, x, y, tol)) return i;
    }
    return -1;
  }
}
