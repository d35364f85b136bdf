import {
  isHostToWebview,
  isPreviewViewState,
  type HostToWebview,
  type PreviewViewState,
  type WebviewToHost,
} from '../../../protocol/preview-messages';
import { formatNumber as fmt } from '../../../protocol/format';
import type { PairDetail, PreviewFinding, PreviewScene } from '../../../protocol/preview-model';
import { CanvasPainter } from '../paint/canvas-painter';
import { makePose, type Pose } from '../../../render/geometry';
import { HANDLE_RADIUS_PX, ScenePainter, type SceneDrawOptions } from '../../../render/scene/scene-painter';
import { SvgPainter } from '../../../render/svg-painter';
import type { Theme } from '../../../render/theme';
import { decimalsForZoom, fitBounds, panBy, toWorldX, toWorldY, zoomAbout, type Viewport } from '../../../render/viewport';
import { WorldLayer, type LayerFrame } from '../paint/world-layer';
import { el } from './dom';
import { hitBody } from './hit-test';
import { Inspector } from './inspector';
import { readTheme, watchTheme } from './theme-css';

/** The part of VS Code's webview API the preview uses (a harness page provides the same). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** The most findings listed in the side panel; the rest are counted. */
const MAX_LISTED_FINDINGS = 300;
/** A press that moves less than this many pixels is a click, not a drag. */
const CLICK_SLOP_PX = 3;
/**
 * From this many bodies the scene's world layer is cached as a bitmap (panning shifts it, a
 * zoom gesture scales it until it settles); smaller scenes redraw everything every frame, which
 * costs less than compositing a layer.
 */
const LAYER_MIN_BODIES = 500;
/** A zoom gesture has settled when no wheel event came for this long; then the frame is redrawn crisply. */
const ZOOM_SETTLE_MS = 150;

/** How a frame was drawn: on the canvas directly, through the cached world layer, or empty. */
export type FrameKind = 'direct' | 'empty' | LayerFrame;

type Gesture =
  | { kind: 'pan'; x: number; y: number; startX: number; startY: number; body: number; moved: boolean }
  | { kind: 'move'; body: number; startX: number; startY: number; grabDX: number; grabDY: number; moved: boolean; version: number }
  | { kind: 'rotate'; body: number; version: number; moved: boolean; startX: number; startY: number };

/**
 * The preview's controller: receives validated messages, keeps the view state, draws the scene
 * on a canvas (at most once per animation frame) and turns pointer input into selections,
 * reveals and pose edits for the host.
 */
export class PreviewApp {
  private scene: PreviewScene | null = null;
  private painter: ScenePainter | null = null;
  private readonly byName = new Map<string, number>();
  private theme: Theme;
  readonly view: Viewport = { cx: 0, cy: 0, zoom: 40, width: 300, height: 150 };
  private time = 0;
  private highlighted = new Set<number>();
  private selected = -1;
  private hovered = -1;
  private pair: [string, string] | null = null;
  private showSweeps = true;
  private drag: { index: number; x: number; y: number; angle: number; version: number } | null = null;
  private gesture: Gesture | null = null;
  private restored: PreviewViewState | null;
  private framePending = false;
  private readonly pose: Pose = makePose();
  private readonly layer = new WorldLayer(() => this.theme.fontFamily);
  /** A wheel zoom is in progress (until ZOOM_SETTLE_MS pass without a wheel event). */
  private zooming = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by the tests through holdZoomSettle: a zoom gesture stays open until released. */
  private settleHeld = false;
  /** How the last frame was drawn (for the tests and the benchmark). */
  private lastFrame: FrameKind = 'empty';

  private readonly canvas: HTMLCanvasElement;
  private readonly tooltip: HTMLElement;
  private readonly status: HTMLElement;
  private readonly timeSlider: HTMLInputElement;
  private readonly timeLabel: HTMLOutputElement;
  private readonly findingsTitle: HTMLElement;
  private readonly findingsList: HTMLOListElement;
  private readonly inspector: Inspector;
  private readonly empty: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly api: VsCodeApi,
  ) {
    this.theme = readTheme(document);
    const state = api.getState();
    this.restored = isPreviewViewState(state) ? state : null;

    const fit = el('button', { id: 'fit', text: 'Fit', title: 'Fit the scene in the view' });
    fit.addEventListener('click', () => this.fit());
    const sweeps = el('input', { id: 'sweeps', attrs: { type: 'checkbox', checked: '' } });
    sweeps.addEventListener('change', () => {
      this.showSweeps = sweeps.checked;
      this.invalidate();
    });
    this.timeSlider = el('input', { id: 'time', attrs: { type: 'range', min: '0', max: '1000', value: '0', 'aria-label': 'Time' } });
    this.timeSlider.addEventListener('input', () => {
      const T = this.painter?.duration ?? 0;
      this.time = (Number(this.timeSlider.value) / 1000) * T;
      this.updateTimeLabel();
      this.saveState();
      this.invalidate();
    });
    this.timeLabel = el('output', { id: 'time-label', text: 't = 0 s' });
    this.status = el('span', { id: 'status' });
    this.canvas = el('canvas', { id: 'scene', attrs: { tabindex: '0', 'aria-label': 'Scene' } });
    this.tooltip = el('div', { id: 'tooltip', attrs: { role: 'tooltip', hidden: '' } });
    this.empty = el('div', { id: 'empty', text: 'Open a .collide file to preview its scene.' });
    this.findingsTitle = el('h2', { text: 'Findings' });
    this.findingsList = el('ol', { id: 'findings-list' });
    this.inspector = new Inspector(this.theme, () => this.closePair());

    root.replaceChildren(
      el('div', { class: 'toolbar' }, [
        fit,
        el('label', { title: 'Show the swept area of tunnelling pairs' }, [sweeps, 'Swept paths']),
        el('span', { class: 'time' }, [this.timeSlider, this.timeLabel]),
        this.status,
      ]),
      el('div', { class: 'main' }, [
        el('div', { class: 'scene-wrap' }, [this.canvas, this.tooltip, this.empty]),
        el('aside', { id: 'side' }, [el('section', { id: 'findings' }, [this.findingsTitle, this.findingsList]), this.inspector.root]),
      ]),
    );

    this.attachPointer();
    new ResizeObserver(() => this.resize()).observe(this.canvas.parentElement!);
    watchTheme(document, () => {
      this.theme = readTheme(document);
      this.inspector.setTheme(this.theme);
      this.invalidate();
    });
    this.resize();
  }

  /** Every message from the host goes through here; anything that fails validation is dropped. */
  receive(data: unknown): void {
    if (!isHostToWebview(data)) return;
    this.handle(data);
  }

  private post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  private handle(m: HostToWebview): void {
    switch (m.type) {
      case 'scene':
        this.setScene(m.scene);
        break;
      case 'pair':
        this.setPair(m.pair);
        break;
      case 'highlight': {
        const next = new Set<number>();
        for (const name of m.bodies) {
          const i = this.byName.get(name);
          if (i !== undefined) next.add(i);
        }
        this.highlighted = next;
        this.invalidate();
        break;
      }
      case 'selectPair':
        this.openPair(m.a, m.b);
        break;
      case 'export':
        this.post({ type: 'exported', requestId: m.requestId, format: m.format, data: this.exportView(m.format) });
        break;
      case 'empty':
        this.scene = null;
        this.painter = null;
        this.byName.clear();
        this.empty.textContent = m.reason;
        this.empty.hidden = false;
        setText(this.status, '');
        this.findingsList.replaceChildren();
        this.inspector.close();
        this.invalidate();
        break;
      case 'fit':
        this.fit();
        break;
    }
  }

  private setScene(scene: PreviewScene): void {
    const old = this.scene;
    const sameDoc = old !== null && old.uri === scene.uri;
    // Skip a stale version: an answer that arrives after a newer one was shown.
    if (sameDoc && scene.version < old.version) return;
    this.scene = scene;
    this.painter = new ScenePainter(scene);
    this.byName.clear();
    for (const b of scene.bodies) this.byName.set(b.name, b.index);
    // The text now reflects a finished drag: stop drawing the dragged pose.
    if (this.drag && scene.version > this.drag.version) this.drag = null;
    const selectedName = old && this.selected >= 0 ? old.bodies[this.selected]?.name : undefined;
    this.selected = selectedName !== undefined ? (this.byName.get(selectedName) ?? -1) : -1;
    this.hovered = -1;
    if (!sameDoc) this.highlighted = new Set();
    this.empty.hidden = true;
    const T = this.painter.duration;
    if (!sameDoc) {
      const r = this.restored;
      if (r && r.uri === scene.uri && r.center && r.zoom) {
        this.view.cx = r.center[0];
        this.view.cy = r.center[1];
        this.view.zoom = r.zoom;
        this.time = Math.min(Math.max(r.time ?? 0, 0), T);
        if (r.pair) this.pair = r.pair;
      } else {
        this.fit();
        this.time = 0;
        this.pair = null;
        this.inspector.close();
      }
      this.restored = null;
    }
    this.time = Math.min(this.time, T);
    this.timeSlider.value = String(T > 0 ? Math.round((this.time / T) * 1000) : 0);
    this.updateTimeLabel();
    this.renderFindings();
    const counts = { overlap: 0, tunnelling: 0, collision: 0 };
    for (const f of scene.findings) counts[f.kind]++;
    setText(
      this.status,
      `${count(scene.bodies.length, 'body', 'bodies')} · ${count(counts.overlap, 'overlap', 'overlaps')} · ${counts.tunnelling} tunnelling · ` +
        count(counts.collision, 'collision', 'collisions') +
        (scene.errorCount > 0 ? ` · ${count(scene.errorCount, 'error', 'errors')}` : ''),
    );
    // The inspector follows the text: ask again for the open pair, if both bodies still exist.
    if (this.pair) {
      if (this.byName.has(this.pair[0]) && this.byName.has(this.pair[1])) this.openPair(this.pair[0], this.pair[1]);
      else this.closePair();
    }
    this.saveState();
    this.invalidate();
  }

  private setPair(d: PairDetail): void {
    if (!this.scene || d.uri !== this.scene.uri || !this.pair) return;
    if (d.a !== this.pair[0] || d.b !== this.pair[1]) return;
    this.inspector.setDetail(d);
    this.invalidate();
  }

  private openPair(a: string, b: string): void {
    if (!this.scene) return;
    const ia = this.byName.get(a);
    const ib = this.byName.get(b);
    if (ia === undefined || ib === undefined || ia === ib) return;
    // Findings name the earlier-declared body `a`; keep that order so B ⊖ A matches them.
    const [first, second] = ia < ib ? [a, b] : [b, a];
    this.pair = [first, second];
    this.inspector.open(first, second);
    this.post({ type: 'requestPair', version: this.scene.version, a: first, b: second });
    this.saveState();
    this.invalidate();
    for (const li of this.findingsList.children) {
      li.classList.toggle('selected', (li as HTMLElement).dataset.pair === `${first}\u0000${second}`);
    }
  }

  private closePair(): void {
    this.pair = null;
    this.inspector.close();
    for (const li of this.findingsList.children) li.classList.remove('selected');
    this.saveState();
    this.invalidate();
  }

  private renderFindings(): void {
    const scene = this.scene;
    if (!scene) return;
    const n = scene.findings.length;
    this.findingsTitle.textContent = n === 0 ? 'No findings' : `Findings (${n})`;
    const items: HTMLLIElement[] = [];
    for (let k = 0; k < Math.min(n, MAX_LISTED_FINDINGS); k++) {
      const f = scene.findings[k]!;
      const button = el('button', { class: `finding ${f.kind}`, title: f.message, text: describeFinding(f) });
      button.addEventListener('click', () => this.openPair(f.a, f.b));
      const li = el('li', {}, [button]);
      li.dataset.pair = `${f.a}\u0000${f.b}`;
      if (this.pair && this.pair[0] === f.a && this.pair[1] === f.b) li.classList.add('selected');
      items.push(li);
    }
    if (n > MAX_LISTED_FINDINGS) items.push(el('li', { class: 'more', text: `… and ${n - MAX_LISTED_FINDINGS} more` }));
    this.findingsList.replaceChildren(...items);
  }

  private updateTimeLabel(): void {
    const T = this.painter?.duration ?? 0;
    const dt = this.scene?.dt ?? 1;
    setText(this.timeLabel, `t = ${fmt(this.time)} s (${fmt(this.time / dt)} steps of ${fmt(T / dt)})`);
  }

  fit(): void {
    const b = this.scene?.bounds ?? null;
    fitBounds(this.view, b);
    this.saveState();
    this.invalidate();
  }

  private resize(): void {
    const parent = this.canvas.parentElement!;
    const rect = parent.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width));
    const h = Math.max(1, Math.round(rect.height));
    const dpr = window.devicePixelRatio || 1;
    this.view.width = w;
    this.view.height = h;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.drawNow();
  }

  /** Schedule one redraw on the next animation frame (many changes, one frame). */
  invalidate(): void {
    if (this.framePending) return;
    this.framePending = true;
    requestAnimationFrame(() => {
      this.framePending = false;
      this.drawNow('frame');
    });
  }

  private drawOptions(): SceneDrawOptions {
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
    };
  }

  /** A pan drag or a wheel zoom is in progress: frames may be approximate until it ends. */
  private inGesture(): boolean {
    return this.zooming || (this.gesture?.kind === 'pan' && this.gesture.moved);
  }

  /**
   * Draw the scene now; the animation frame calls this with 'frame', the benchmark and the tests
   * through the debug hook. 'frame' may show a shifted or scaled copy of the cached world layer
   * while a gesture is in progress; 'exact' draws the current view crisply (still shifting the
   * cached layer when that is exact); 'full' redraws the cached layer too.
   */
  drawNow(mode: 'frame' | 'exact' | 'full' = 'exact'): FrameKind {
    this.lastFrame = this.draw(mode);
    return this.lastFrame;
  }

  private draw(mode: 'frame' | 'exact' | 'full'): FrameKind {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return 'empty';
    const dpr = window.devicePixelRatio || 1;
    if (!this.painter) {
      new CanvasPainter(ctx, this.view.width, this.view.height, this.theme.fontFamily, dpr).clear(this.theme.background);
      return 'empty';
    }
    if (this.painter.scene.bodies.length < LAYER_MIN_BODIES) {
      const p = new CanvasPainter(ctx, this.view.width, this.view.height, this.theme.fontFamily, dpr);
      this.painter.draw(p, this.view, this.theme, this.drawOptions());
      return 'direct';
    }
    if (mode === 'full') this.layer.invalidate();
    return this.layer.paint(ctx, this.view, dpr, this.painter, this.theme, this.drawOptions(), mode === 'frame' && this.inGesture()).frame;
  }

  /** The current view as SVG text or a PNG data URL, drawn by the same ScenePainter. */
  exportView(format: 'svg' | 'png'): string {
    const v = { ...this.view };
    const caption = this.scene ? `${basename(this.scene.uri)} · t = ${fmt(this.time)} s` : undefined;
    const options = { ...this.drawOptions(), hovered: -1, caption };
    if (format === 'svg') {
      const svg = new SvgPainter(v.width, v.height, this.theme.fontFamily);
      this.painter?.draw(svg, v, this.theme, options);
      if (!this.painter) svg.clear(this.theme.background);
      return svg.toString();
    }
    const scale = 2;
    const c = document.createElement('canvas');
    c.width = v.width * scale;
    c.height = v.height * scale;
    const ctx = c.getContext('2d');
    if (!ctx) return '';
    const p = new CanvasPainter(ctx, v.width, v.height, this.theme.fontFamily, scale);
    if (this.painter) this.painter.draw(p, v, this.theme, options);
    else p.clear(this.theme.background);
    return c.toDataURL('image/png');
  }

  private saveState(): void {
    const state: PreviewViewState = {
      uri: this.scene?.uri ?? null,
      center: [this.view.cx, this.view.cy],
      zoom: this.view.zoom,
      time: this.time,
      pair: this.pair,
    };
    this.api.setState(state);
  }

  // ---- pointer input ----

  /** The topmost body under a screen point (last declared wins, as it is drawn last in its kind). */
  private bodyAt(sx: number, sy: number): number {
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

  private onHandle(sx: number, sy: number): boolean {
    if (!this.painter || this.selected < 0 || this.scene?.bodies[this.selected]?.isStatic !== false) return false;
    const h = this.painter.rotationHandle(this.selected, this.time, this.drag, this.view);
    return Math.hypot(sx - h.hx, sy - h.hy) <= HANDLE_RADIUS_PX + 3;
  }

  private attachPointer(): void {
    const c = this.canvas;
    const local = (e: PointerEvent | WheelEvent): [number, number] => {
      const r = c.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || !this.scene) return;
      const [sx, sy] = local(e);
      c.setPointerCapture(e.pointerId);
      this.tooltip.hidden = true;
      const version = this.scene.version;
      if (this.onHandle(sx, sy)) {
        this.gesture = { kind: 'rotate', body: this.selected, version, moved: false, startX: sx, startY: sy };
        return;
      }
      const i = this.bodyAt(sx, sy);
      if (i >= 0 && !e.shiftKey) {
        this.painter!.poseOf(i, this.time, this.drag, this.pose);
        this.gesture = {
          kind: 'move',
          body: i,
          startX: sx,
          startY: sy,
          grabDX: this.pose.x - toWorldX(this.view, sx),
          grabDY: this.pose.y - toWorldY(this.view, sy),
          moved: false,
          version,
        };
      } else {
        this.gesture = { kind: 'pan', x: sx, y: sy, startX: sx, startY: sy, body: i, moved: false };
      }
    });
    c.addEventListener('pointermove', (e) => {
      const [sx, sy] = local(e);
      const g = this.gesture;
      if (!g) {
        this.hover(sx, sy);
        return;
      }
      if (!g.moved && Math.hypot(sx - g.startX, sy - g.startY) < CLICK_SLOP_PX) return;
      g.moved = true;
      const body = g.kind === 'pan' ? undefined : this.scene?.bodies[g.body];
      if (g.kind === 'pan') {
        panBy(this.view, sx - g.x, sy - g.y);
        g.x = sx;
        g.y = sy;
      } else if (g.kind === 'move' && body) {
        this.painter!.poseOf(g.body, this.time, this.drag, this.pose);
        this.drag = {
          index: g.body,
          x: toWorldX(this.view, sx) + g.grabDX,
          y: toWorldY(this.view, sy) + g.grabDY,
          angle: this.pose.angle,
          version: g.version,
        };
      } else if (g.kind === 'rotate' && body) {
        this.painter!.poseOf(g.body, this.time, this.drag, this.pose);
        const angle = Math.atan2(toWorldY(this.view, sy) - this.pose.y, toWorldX(this.view, sx) - this.pose.x);
        this.drag = { index: g.body, x: this.pose.x, y: this.pose.y, angle, version: g.version };
      }
      this.invalidate();
    });
    const end = (e: PointerEvent, cancelled: boolean): void => {
      const g = this.gesture;
      this.gesture = null;
      if (!g || !this.scene) return;
      if (c.hasPointerCapture(e.pointerId)) c.releasePointerCapture(e.pointerId);
      if (!g.moved) {
        if (!cancelled) this.click(g.body, e.shiftKey);
        return;
      }
      if (g.kind === 'pan') {
        this.saveState();
        // Frames during the pan may have been rounded to whole device pixels: draw it crisp.
        this.invalidate();
        return;
      }
      const body = this.scene.bodies[g.body];
      const drag = this.drag;
      if (cancelled || !body || !drag || drag.index !== g.body) {
        this.drag = null;
        this.invalidate();
        return;
      }
      // The drag moved the pose shown at the scrubber's time; `at` and `angle` are the pose at
      // t = 0, so take the motion back out.
      const decimals = decimalsForZoom(this.view.zoom);
      if (g.kind === 'move') {
        const at: [number, number] = [round(drag.x - body.velocity[0] * this.time, decimals), round(drag.y - body.velocity[1] * this.time, decimals)];
        this.post({ type: 'editPose', version: g.version, body: body.name, at, decimals });
      } else {
        const angle = round(drag.angle - body.spin * this.time, 4);
        this.post({ type: 'editPose', version: g.version, body: body.name, angle, decimals: 4 });
      }
      this.invalidate();
    };
    c.addEventListener('pointerup', (e) => end(e, false));
    c.addEventListener('pointercancel', (e) => end(e, true));
    c.addEventListener('pointerleave', () => {
      if (!this.gesture && this.hovered !== -1) {
        this.hovered = -1;
        this.tooltip.hidden = true;
        this.invalidate();
      }
    });
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const [sx, sy] = local(e);
        const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
        zoomAbout(this.view, sx, sy, Math.exp(-e.deltaY * unit * 0.0015));
        this.saveState();
        this.zooming = true;
        this.armZoomSettle();
        this.invalidate();
      },
      { passive: false },
    );
    c.addEventListener('dblclick', (e) => {
      const [sx, sy] = local(e as unknown as PointerEvent);
      if (this.bodyAt(sx, sy) < 0) this.fit();
    });
    c.addEventListener('keydown', (e) => {
      if (e.key === 'f' || e.key === 'F') this.fit();
      else if (e.key === 'Escape') {
        this.selected = -1;
        this.closePair();
      }
    });
  }

  /**
   * A click selects a body and reveals its source; shift-click on a second body opens the pair
   * inspector for the two (any pair, finding or not); a click on empty space clears.
   */
  private click(i: number, shift: boolean): void {
    if (!this.scene) return;
    if (i < 0) {
      this.selected = -1;
      this.invalidate();
      return;
    }
    const name = this.scene.bodies[i]!.name;
    if (shift && this.selected >= 0 && this.selected !== i) {
      this.openPair(this.scene.bodies[this.selected]!.name, name);
    }
    this.selected = i;
    this.post({ type: 'reveal', version: this.scene.version, body: name });
    this.invalidate();
  }

  private hover(sx: number, sy: number): void {
    const i = this.bodyAt(sx, sy);
    if (i !== this.hovered) {
      this.hovered = i;
      this.invalidate();
    }
    if (i < 0 || !this.scene) {
      this.tooltip.hidden = true;
      return;
    }
    const b = this.scene.bodies[i]!;
    this.painter!.poseOf(i, this.time, this.drag, this.pose);
    const lines = [
      `${b.name} — ${b.kind} ${b.sourceKind}${b.layer ? `, layer ${b.layer}` : ''}`,
      `at (${fmt(this.pose.x)}, ${fmt(this.pose.y)}), angle ${fmt((this.pose.angle * 180) / Math.PI)}°`,
    ];
    if (b.velocity[0] !== 0 || b.velocity[1] !== 0) lines.push(`velocity (${fmt(b.velocity[0])}, ${fmt(b.velocity[1])})`);
    if (b.spin !== 0) lines.push(`spin ${fmt(b.spin)} rad/s`);
    for (const f of this.scene.findings) {
      if (f.ia !== i && f.ib !== i) continue;
      lines.push(describeFinding(f));
      if (lines.length > 10) break;
    }
    this.tooltip.replaceChildren(...lines.map((l) => el('div', { text: l })));
    this.tooltip.hidden = false;
    const w = this.view.width;
    this.tooltip.style.left = `${Math.min(sx + 14, Math.max(0, w - 260))}px`;
    this.tooltip.style.top = `${sy + 14}px`;
  }

  /** (Re)start the wait after which a wheel zoom counts as settled and is redrawn crisply. */
  private armZoomSettle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    if (this.settleHeld) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = undefined;
      this.zooming = false;
      this.invalidate();
    }, ZOOM_SETTLE_MS);
  }

  /**
   * Debug hook for the tests: while held, a wheel zoom does not settle, so what a test reads
   * between wheel events and frames does not depend on whether a loaded machine took longer
   * than ZOOM_SETTLE_MS between them. Releasing restarts the wait as a last wheel event would,
   * so the settle itself still runs through the timer.
   */
  holdZoomSettle(hold: boolean): void {
    this.settleHeld = hold;
    if (this.zooming) this.armZoomSettle();
  }

  /** State for tests and the frame-time benchmark (read-only use). */
  debugState(): { time: number; selected: number; pair: [string, string] | null; view: Viewport; version: number | null; frame: FrameKind; gesture: boolean } {
    return {
      time: this.time,
      selected: this.selected,
      pair: this.pair,
      view: { ...this.view },
      version: this.scene?.version ?? null,
      frame: this.lastFrame,
      gesture: this.inGesture(),
    };
  }
}

/**
 * A toolbar text that may be cut short with an ellipsis in a narrow panel (preview.css): its
 * title carries the whole text, so hovering it always shows what was cut.
 */
function setText(e: HTMLElement, text: string): void {
  e.textContent = text;
  e.title = text;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function describeFinding(f: PreviewFinding): string {
  if (f.kind === 'overlap') return `overlap ${f.a} – ${f.b}: depth ${fmt(f.depth ?? 0)}`;
  // A time of impact of 0 without an overlap is a contact that starts at rest and deepens
  // (scene-language.md, "Findings"): "t = 0 s" alone would read as a bug.
  if ((f.toi ?? 0) === 0) return `${f.kind} ${f.a} – ${f.b}: from resting contact at t = 0 s`;
  return `${f.kind} ${f.a} – ${f.b}: t = ${fmt(f.toi!)} s`;
}

function round(x: number, decimals: number): number {
  const m = Math.pow(10, decimals);
  const r = Math.round(x * m) / m;
  return Object.is(r, -0) ? 0 : r;
}

function basename(uri: string): string {
  const i = uri.lastIndexOf('/');
  try {
    return decodeURIComponent(uri.slice(i + 1));
  } catch {
    return uri.slice(i + 1);
  }
}
