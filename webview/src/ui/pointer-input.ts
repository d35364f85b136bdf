import type { WebviewToHost } from '../../../protocol/preview-messages';
import { formatNumber as fmt } from '../../../protocol/format';
import { decimalsForZoom, panBy, toWorldX, toWorldY, zoomAbout } from '../../../render/viewport';
import { el } from './dom';
import { describeFinding } from './finding-text';
import type { PreviewState } from './preview-state';

/** A press that moves less than this many pixels is a click, not a drag. */
const CLICK_SLOP_PX = 3;
/** A zoom gesture has settled when no wheel event came for this long; then the frame is redrawn crisply. */
const ZOOM_SETTLE_MS = 150;

type Gesture =
  | { kind: 'pan'; x: number; y: number; startX: number; startY: number; body: number; moved: boolean }
  | { kind: 'move'; body: number; startX: number; startY: number; grabDX: number; grabDY: number; moved: boolean; version: number }
  | { kind: 'rotate'; body: number; version: number; moved: boolean; startX: number; startY: number };

/** What the pointer input asks of the preview's controller. */
export interface PointerActions {
  /** Schedule a redraw. */
  invalidate(): void;
  /** Frame the bodies that matter, or with `all` the whole scene. */
  fit(all: boolean): void;
  openPair(a: string, b: string): void;
  closePair(): void;
  post(message: WebviewToHost): void;
}

/**
 * The canvas's pointer, wheel and keyboard input: a press on a body drags it, on the selected
 * body's handle rotates it, elsewhere (or with shift) pans; a press that does not move is a click;
 * the wheel zooms about the pointer. A finished drag becomes a pose edit for the host; the dragged
 * pose is drawn until the text reflects it.
 */
export class PointerInput {
  private gesture: Gesture | null = null;
  /** A wheel zoom is in progress (until ZOOM_SETTLE_MS pass without a wheel event). */
  private zooming = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by the tests through holdZoomSettle: a zoom gesture stays open until released. */
  private settleHeld = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly tooltip: HTMLElement,
    private readonly state: PreviewState,
    private readonly actions: PointerActions,
  ) {
    this.attach();
  }

  /** A pan drag or a wheel zoom is in progress: frames may be approximate until it ends. */
  inGesture(): boolean {
    return this.zooming || (this.gesture?.kind === 'pan' && this.gesture.moved);
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

  private attach(): void {
    const c = this.canvas;
    const s = this.state;
    const local = (e: PointerEvent | WheelEvent): [number, number] => {
      const r = c.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || !s.scene) return;
      const [sx, sy] = local(e);
      c.setPointerCapture(e.pointerId);
      this.tooltip.hidden = true;
      const version = s.scene.version;
      if (s.onHandle(sx, sy)) {
        this.gesture = { kind: 'rotate', body: s.selected, version, moved: false, startX: sx, startY: sy };
        return;
      }
      const i = s.bodyAt(sx, sy);
      if (i >= 0 && !e.shiftKey) {
        s.painter!.poseOf(i, s.time, s.drag, s.pose);
        this.gesture = {
          kind: 'move',
          body: i,
          startX: sx,
          startY: sy,
          grabDX: s.pose.x - toWorldX(s.view, sx),
          grabDY: s.pose.y - toWorldY(s.view, sy),
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
      const body = g.kind === 'pan' ? undefined : s.scene?.bodies[g.body];
      if (g.kind === 'pan') {
        panBy(s.view, sx - g.x, sy - g.y);
        g.x = sx;
        g.y = sy;
      } else if (g.kind === 'move' && body) {
        s.painter!.poseOf(g.body, s.time, s.drag, s.pose);
        s.drag = {
          index: g.body,
          x: toWorldX(s.view, sx) + g.grabDX,
          y: toWorldY(s.view, sy) + g.grabDY,
          angle: s.pose.angle,
          version: g.version,
        };
      } else if (g.kind === 'rotate' && body) {
        s.painter!.poseOf(g.body, s.time, s.drag, s.pose);
        const angle = Math.atan2(toWorldY(s.view, sy) - s.pose.y, toWorldX(s.view, sx) - s.pose.x);
        s.drag = { index: g.body, x: s.pose.x, y: s.pose.y, angle, version: g.version };
      }
      this.actions.invalidate();
    });
    const end = (e: PointerEvent, canceled: boolean): void => {
      const g = this.gesture;
      this.gesture = null;
      if (!g || !s.scene) return;
      if (c.hasPointerCapture(e.pointerId)) c.releasePointerCapture(e.pointerId);
      if (!g.moved) {
        if (!canceled) this.click(g.body, e.shiftKey);
        return;
      }
      if (g.kind === 'pan') {
        s.save();
        // Frames during the pan may have been rounded to whole device pixels: draw it crisp.
        this.actions.invalidate();
        return;
      }
      const body = s.scene.bodies[g.body];
      const drag = s.drag;
      if (canceled || !body || !drag || drag.index !== g.body) {
        s.drag = null;
        this.actions.invalidate();
        return;
      }
      // The drag moved the pose shown at the scrubber's time; `at` and `angle` are the pose at
      // t = 0, so take the motion back out.
      const decimals = decimalsForZoom(s.view.zoom);
      if (g.kind === 'move') {
        const at: [number, number] = [round(drag.x - body.velocity[0] * s.time, decimals), round(drag.y - body.velocity[1] * s.time, decimals)];
        this.actions.post({ type: 'editPose', version: g.version, body: body.name, at, decimals });
      } else {
        const angle = round(drag.angle - body.spin * s.time, 4);
        this.actions.post({ type: 'editPose', version: g.version, body: body.name, angle, decimals: 4 });
      }
      this.actions.invalidate();
    };
    c.addEventListener('pointerup', (e) => end(e, false));
    c.addEventListener('pointercancel', (e) => end(e, true));
    c.addEventListener('pointerleave', () => {
      if (!this.gesture && s.hovered !== -1) {
        s.hovered = -1;
        this.tooltip.hidden = true;
        this.actions.invalidate();
      }
    });
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const [sx, sy] = local(e);
        const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
        zoomAbout(s.view, sx, sy, Math.exp(-e.deltaY * unit * 0.0015));
        s.save();
        this.zooming = true;
        this.armZoomSettle();
        this.actions.invalidate();
      },
      { passive: false },
    );
    c.addEventListener('dblclick', (e) => {
      const [sx, sy] = local(e as unknown as PointerEvent);
      if (s.bodyAt(sx, sy) < 0) this.actions.fit(e.shiftKey);
    });
    c.addEventListener('keydown', (e) => {
      if (e.key === 'f' || e.key === 'F') this.actions.fit(e.shiftKey);
      else if (e.key === 'Escape') {
        s.selected = -1;
        this.actions.closePair();
      }
    });
  }

  /**
   * A click selects a body and reveals its source; shift-click on a second body opens the pair
   * inspector for the two (any pair, finding or not); a click on empty space clears.
   */
  private click(i: number, shift: boolean): void {
    const s = this.state;
    if (!s.scene) return;
    if (i < 0) {
      s.selected = -1;
      this.actions.invalidate();
      return;
    }
    const name = s.scene.bodies[i]!.name;
    if (shift && s.selected >= 0 && s.selected !== i) {
      this.actions.openPair(s.scene.bodies[s.selected]!.name, name);
    }
    s.selected = i;
    this.actions.post({ type: 'reveal', version: s.scene.version, body: name });
    this.actions.invalidate();
  }

  private hover(sx: number, sy: number): void {
    const s = this.state;
    const i = s.bodyAt(sx, sy);
    if (i !== s.hovered) {
      s.hovered = i;
      this.actions.invalidate();
    }
    if (i < 0 || !s.scene) {
      this.tooltip.hidden = true;
      return;
    }
    const b = s.scene.bodies[i]!;
    s.painter!.poseOf(i, s.time, s.drag, s.pose);
    const lines = [
      `${b.name} — ${b.kind} ${b.sourceKind}${b.layer ? `, layer ${b.layer}` : ''}`,
      `at (${fmt(s.pose.x)}, ${fmt(s.pose.y)}), angle ${fmt((s.pose.angle * 180) / Math.PI)}°`,
    ];
    if (b.velocity[0] !== 0 || b.velocity[1] !== 0) lines.push(`velocity (${fmt(b.velocity[0])}, ${fmt(b.velocity[1])})`);
    if (b.spin !== 0) lines.push(`spin ${fmt(b.spin)} rad/s`);
    for (const f of s.scene.findings) {
      if (f.ia !== i && f.ib !== i) continue;
      lines.push(describeFinding(f));
      if (lines.length > 10) break;
    }
    this.tooltip.replaceChildren(...lines.map((l) => el('div', { text: l })));
    this.tooltip.hidden = false;
    const w = s.view.width;
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
      this.actions.invalidate();
    }, ZOOM_SETTLE_MS);
  }
}

function round(x: number, decimals: number): number {
  const m = Math.pow(10, decimals);
  const r = Math.round(x * m) / m;
  return Object.is(r, -0) ? 0 : r;
}
