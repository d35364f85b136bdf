import { isPreviewViewState, type PreviewViewState } from '../../../protocol/preview-messages';
import type { PreviewScene } from '../../../protocol/preview-model';
import { makePose, type Pose } from '../../../render/geometry';
import { HANDLE_RADIUS_PX, isDebugLayerName, type DebugLayerName, type ScenePainter, type SceneDrawOptions } from '../../../render/scene/scene-painter';
import { toWorldX, toWorldY, type Viewport } from '../../../render/viewport';
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
  /** The debug-draw overlays on: a view preference, kept across documents. */
  show = new Set<DebugLayerName>();
  drag: DragPose | null = null;
  /** The saved state, until the first scene arrives and takes it up if it is of its document. */
  restored: PreviewViewState | null;
  /** Scratch pose for hit tests and gestures. */
  readonly pose: Pose = makePose();

  constructor(private readonly api: VsCodeApi) {
    const state = api.getState();
    this.restored = isPreviewViewState(state) ? state : null;
    for (const name of this.restored?.show ?? []) if (isDebugLayerName(name)) this.show.add(name);
  }

  save(): void {
    const state: PreviewViewState = {
      uri: this.scene?.uri ?? null,
      center: [this.view.cx, this.view.cy],
      zoom: this.view.zoom,
      time: this.time,
      pair: this.pair,
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
      drag: this.drag,
      ...(this.show.size > 0 ? { show: this.show } : {}),
    };
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

  /** Whether a screen point is on the selected dynamic body's rotation handle. */
  onHandle(sx: number, sy: number): boolean {
    if (!this.painter || this.selected < 0 || this.scene?.bodies[this.selected]?.isStatic !== false) return false;
    const h = this.painter.rotationHandle(this.selected, this.time, this.drag, this.view);
    return Math.hypot(sx - h.hx, sy - h.hy) <= HANDLE_RADIUS_PX + 3;
  }
}
