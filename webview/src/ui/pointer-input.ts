import type { WebviewToHost } from '../../../protocol/preview-messages';
import { formatNumber as fmt } from '../../../protocol/format';
import { motionScales } from '../../../render/scene/edit-handles';
import { decimalsForZoom, panBy, toWorldX, toWorldY, zoomAbout } from '../../../render/viewport';
import { el } from './dom';
import { describeFinding } from './finding-text';
import { finishedChange, moveHandleDrag, startHandleDrag, type HandleDrag } from './handle-drag';
import type { PreviewState } from './preview-state';

/** A press that moves less than this many pixels is a click, not a drag. */
const CLICK_SLOP_PX = 3;
/** A zoom gesture has settled when no wheel event came for this long; then the frame is redrawn crisply. */
const ZOOM_SETTLE_MS = 150;

type Gesture =
  /** `click`: a press that does not move is a click on `body` (not for the middle button or Space). */
  | { kind: 'pan'; x: number; y: number; startX: number; startY: number; body: number; moved: boolean; click: boolean }
  | { kind: 'handle'; drag: HandleDrag; startX: number; startY: number; body: number; moved: boolean }
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
 * The canvas's pointer, wheel and keyboard input. A press that does not move is a click; the
 * wheel zooms about the pointer; the middle button, Space held or Shift pan. With edits locked
 * (the default) a left drag anywhere pans too, so that reading a scene never writes it. Unlocked,
 * a drag on a body moves it and the selected body's handles (edit-handles.ts) rotate it, resize
 * its shape and set its velocity and spin. A finished drag becomes one edit for the host (pose
 * edits here, sizes and motion through the server); the dragged pose or outline is drawn until
 * the text reflects it. Ctrl/Cmd+Z and Ctrl+Shift+Z or Ctrl+Y ask the host to undo or redo in the
 * document; Escape drops a drag in progress.
 */
export class PointerInput {
  private gesture: Gesture | null = null;
  /** A wheel zoom is in progress (until ZOOM_SETTLE_MS pass without a wheel event). */
  private zooming = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by the tests through holdZoomSettle: a zoom gesture stays open until released. */
  private settleHeld = false;
  /** Space is held: a left drag pans. */
  private spaceHeld = false;

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
      if ((e.button !== 0 && e.button !== 1) || !s.scene) return;
      const [sx, sy] = local(e);
      c.setPointerCapture(e.pointerId);
      // Keys (Space, Escape, undo) then go to the scene, not to a toolbar button pressed before.
      c.focus({ preventScroll: true });
      this.tooltip.hidden = true;
      const version = s.scene.version;
      const pan = (body: number, click: boolean): Gesture => ({ kind: 'pan', x: sx, y: sy, startX: sx, startY: sy, body, moved: false, click });
      if (e.button === 1) {
        e.preventDefault(); // no autoscroll
        this.gesture = pan(-1, false);
        return;
      }
      if (this.spaceHeld) {
        this.gesture = pan(-1, false);
        return;
      }
      const handle = e.shiftKey ? undefined : s.handleAt(sx, sy);
      if (handle?.kind === 'rotate') {
        this.gesture = { kind: 'rotate', body: s.selected, version, moved: false, startX: sx, startY: sy };
        return;
      }
      if (handle) {
        const i = s.selected;
        const body = s.scene.bodies[i]!;
        s.painter!.poseOf(i, s.time, s.drag, s.pose);
        const scales = s.overlay()?.scales ?? motionScales(body, s.view.zoom, s.painter!.duration, s.painter!.radii[i]!);
        s.handleDrag = startHandleDrag(handle.kind, i, version, s.pose, scales, s.view.zoom, s.painter!.radii[i]!, body);
        this.gesture = { kind: 'handle', drag: s.handleDrag, startX: sx, startY: sy, body: i, moved: false };
        return;
      }
      const i = s.bodyAt(sx, sy);
      if (i >= 0 && !e.shiftKey && s.editable) {
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
        this.gesture = pan(i, true);
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
      } else if (g.kind === 'handle' && body) {
        moveHandleDrag(g.drag, body, toWorldX(s.view, sx), toWorldY(s.view, sy));
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
        if (g.kind === 'handle') s.handleDrag = null;
        if (!canceled && (g.kind !== 'pan' || g.click)) this.click(g.body, e.shiftKey);
        return;
      }
      if (g.kind === 'pan') {
        s.save();
        // Frames during the pan may have been rounded to whole device pixels: draw it crisp.
        this.actions.invalidate();
        return;
      }
      const body = s.scene.bodies[g.body];
      if (g.kind === 'handle') {
        // The outline stays drawn until a scene of a later version (the edited text) arrives.
        const change = canceled || !body ? null : finishedChange(g.drag);
        if (change && body) this.actions.post({ type: 'editBody', version: g.drag.version, body: body.name, change });
        else s.handleDrag = null;
        this.actions.invalidate();
        return;
      }
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
        // The tooltip belongs to where the pointer was over the scene, which the zoom moves.
        this.tooltip.hidden = true;
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
    // A control that Space activates (a button, a checkbox, the Show menu's summary) keeps it.
    const formControl = (t: EventTarget | null): boolean => t instanceof HTMLElement && /^(INPUT|BUTTON|SELECT|TEXTAREA|SUMMARY)$/.test(t.tagName);
    window.addEventListener('keydown', (e) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && !e.altKey && (key === 'z' || key === 'y')) {
        e.preventDefault();
        this.actions.post({ type: 'history', action: key === 'y' || e.shiftKey ? 'redo' : 'undo' });
      } else if (e.key === ' ' && !mod && !formControl(e.target)) {
        e.preventDefault(); // no page scroll
        this.spaceHeld = true;
        c.classList.add('panning');
      } else if (e.key === 'Escape' && this.gesture) {
        this.cancelGesture();
        e.stopImmediatePropagation();
      }
    }, true);
    // The middle button pans: no autoscroll.
    c.addEventListener('mousedown', (e) => {
      if (e.button === 1) e.preventDefault();
    });
    const releaseSpace = (): void => {
      this.spaceHeld = false;
      c.classList.remove('panning');
    };
    window.addEventListener('keyup', (e) => {
      if (e.key === ' ') releaseSpace();
    });
    window.addEventListener('blur', releaseSpace);
    c.addEventListener('keydown', (e) => {
      if (e.key === 'f' || e.key === 'F') this.actions.fit(e.shiftKey);
      else if (e.key === 'Escape') {
        s.selected = -1;
        this.actions.closePair();
      }
    });
  }

  /** Escape during a drag: nothing is written, the body is drawn as the file has it. */
  private cancelGesture(): void {
    const g = this.gesture;
    this.gesture = null;
    if (!g) return;
    if (g.kind === 'move' || g.kind === 'rotate') this.state.drag = null;
    if (g.kind === 'handle') this.state.handleDrag = null;
    if (g.kind === 'pan') this.state.save();
    this.actions.invalidate();
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
    // What a press here would do: grab a handle, move a body (unlocked), or pan (the sheet's grab).
    this.canvas.style.cursor = this.spaceHeld ? '' : s.handleAt(sx, sy) ? 'pointer' : i >= 0 && s.editable ? 'move' : '';
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
