import { isHostToWebview, type HostToWebview, type WebviewToHost } from '../../../protocol/preview-messages';
import { formatNumber as fmt } from '../../../protocol/format';
import type { PairDetail, PreviewScene } from '../../../protocol/preview-model';
import { applySceneDelta, type PreviewSceneDelta } from '../../../protocol/preview-delta';
import { decodeSceneBytes } from '../../../protocol/preview-scene-bytes';
import { changedWorldBoxes } from '../paint/delta-region';
import { CanvasPainter } from '../paint/canvas-painter';
import { ScenePainter } from '../../../render/scene/scene-painter';
import { drawOverlapRegion } from '../../../render/scene/overlap-region';
import type { Theme } from '../../../render/theme';
import { boundsAt, focusBounds, pairBounds } from '../../../render/focus';
import { fitBounds, revealBounds, type RevealOptions, type Viewport } from '../../../render/viewport';
import { WorldLayer, type LayerFrame } from '../paint/world-layer';
import { editControls } from './edit-controls';
import { el } from './dom';
import { basename, exportView } from './export-view';
import { FindingsPanel } from './findings-panel';
import { WhatIfControl } from './what-if';
import { Inspector } from './inspector';
import { DebugToggles } from './debug-toggles';
import { PointerInput } from './pointer-input';
import { PreviewState, type VsCodeApi } from './preview-state';
import { readTheme, watchTheme } from './theme-css';
import { TimeBar } from './time-bar';
import { SceneInbox } from './scene-inbox';
import { countFindings, statusLine } from './status-line';

/**
 * From this many bodies the scene's world layer is cached as a bitmap (panning shifts it, a
 * zoom gesture scales it until it settles); smaller scenes redraw everything every frame, which
 * costs less than compositing a layer.
 */
const LAYER_MIN_BODIES = 500;
/** A revealed pair smaller than this many pixels on screen is zoomed in on. */
const REVEAL_MIN_PX = 48;

/** How a frame was drawn: on the canvas directly, through the cached world layer, or empty. */
export type FrameKind = 'direct' | 'empty' | LayerFrame;

/**
 * The preview's controller: receives validated messages, keeps the view state, draws the scene
 * on a canvas (at most once per animation frame) and turns pointer input into selections,
 * reveals and pose edits for the host.
 */
export class PreviewApp {
  private readonly state: PreviewState;
  private theme: Theme;
  readonly view: Viewport;
  private framePending = false;
  private readonly layer = new WorldLayer(() => this.theme.fontFamily);
  /** How the last frame was drawn (for the tests and the benchmark). */
  private lastFrame: FrameKind = 'empty';
  /** Scene deltas applied, and whole scenes taken (for the tests). */
  private deltas = 0;
  private scenes = 0;
  /** The value of `scenes` when a frame was last drawn (marks the first draw of a whole scene). */
  private scenesDrawn = 0;
  /** The shown scene's findings by kind, for the status line and the what-if control. */
  private findingCounts = countFindings([]);

  private readonly canvas: HTMLCanvasElement;
  private readonly tooltip: HTMLElement;
  private readonly status: HTMLElement;
  private readonly timeBar: TimeBar;
  private readonly findings: FindingsPanel;
  private readonly whatIf: WhatIfControl;
  private readonly inspector: Inspector;
  private readonly empty: HTMLElement;
  private readonly input: PointerInput;
  /** The box last revealed, kept in view through resizes until the user moves the view. */
  private revealed: { box: readonly number[]; options: RevealOptions } | null = null;
  /**
   * A fit made while the canvas had no size (a scene that came before the page's layout), made
   * again once it has one.
   */
  private fitUnsized: { all: boolean } | null = null;

  constructor(
    root: HTMLElement,
    private readonly api: VsCodeApi,
  ) {
    this.theme = readTheme(document);
    this.state = new PreviewState(api);
    this.view = this.state.view;

    const fit = el('button', { id: 'fit', text: 'Fit', title: 'Fit the bodies with findings and the moving ones (F); Shift+click: the whole scene (Shift+F)' });
    fit.addEventListener('click', (e) => this.fit(e.shiftKey));
    const edits = editControls(this.state, (m) => this.post(m), () => this.invalidate());
    const sweeps = el('input', { id: 'sweeps', attrs: { type: 'checkbox', checked: '' } });
    sweeps.addEventListener('change', () => {
      this.state.showSweeps = sweeps.checked;
      this.invalidate();
    });
    const show = new DebugToggles(this.state.show, (checked) => {
      this.state.show = checked;
      this.state.save();
      this.invalidate();
    });
    this.timeBar = new TimeBar((t) => this.setTime(t));
    const labels = el('input', { id: 'all-labels', attrs: { type: 'checkbox' } });
    labels.addEventListener('change', () => {
      this.state.allLabels = labels.checked;
      this.invalidate();
    });
    this.status = el('span', { id: 'status' });
    this.canvas = el('canvas', { id: 'scene', attrs: { tabindex: '0', 'aria-label': 'Scene' } });
    this.tooltip = el('div', { id: 'tooltip', attrs: { role: 'tooltip', hidden: '' } });
    this.empty = el('div', { id: 'empty', text: 'Open a .collide file to preview its scene.' });
    this.findings = new FindingsPanel();
    this.whatIf = new WhatIfControl((m) => this.post(m), (outcomes) => this.findings.markWhatIf(outcomes));
    this.inspector = new Inspector(
      this.theme,
      () => this.closePair(),
      (t) => this.setTime(t),
    );

    root.replaceChildren(
      el('div', { class: 'toolbar' }, [
        fit,
        ...edits,
        el('label', { title: 'Show the swept area of tunnelling pairs' }, [sweeps, 'Swept paths']),
        el('label', { title: 'Label every body on screen: a crowded one beside its body, with a leader line (zoom in for the rest)' }, [labels, 'All labels']),
        show.root,
        this.status,
      ]),
      this.timeBar.root,
      el('div', { class: 'main' }, [
        el('div', { class: 'scene-wrap' }, [this.canvas, this.tooltip, this.empty]),
        el('aside', { id: 'side' }, [el('section', { id: 'findings' }, [this.findings.title, this.whatIf.root, this.findings.list]), this.inspector.root]),
      ]),
    );

    this.input = new PointerInput(this.canvas, this.tooltip, this.state, {
      invalidate: () => this.invalidate(),
      fit: (all) => this.fit(all),
      openPair: (a, b) => this.openPair(a, b),
      closePair: () => this.closePair(),
      post: (m) => this.post(m),
    });
    this.timeBar.bindKeys(this.canvas);
    new ResizeObserver(() => this.resize()).observe(this.canvas.parentElement!);
    // A gesture of the user's own ends what a reveal holds in view.
    for (const type of ['pointerdown', 'wheel', 'keydown'] as const) this.canvas.addEventListener(type, () => (this.revealed = null), { passive: true });
    watchTheme(document, () => {
      this.theme = readTheme(document);
      this.inspector.setTheme(this.theme);
      this.invalidate();
    });
    this.resize();
  }

  /** Every message from the host goes through here; anything that fails validation is dropped. */
  receive(data: unknown): void {
    const whole = isWholeScene(data);
    if (whole) mark('message');
    if (!isHostToWebview(data)) return;
    if (whole) mark('validated');
    this.inbox.receive(data);
  }

  /** The messages in order, a deflated scene inflated first, a scene in parts read as a `scene` (scene-inbox.ts). */
  private readonly inbox = new SceneInbox((m) => {
    this.handle(m);
    if (isWholeScene(m)) mark('handled');
  }, mark);

  private post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  private handle(m: HostToWebview): void {
    const s = this.state;
    switch (m.type) {
      case 'scene':
        this.scenes++;
        this.setScene(m.scene);
        break;
      case 'sceneBytes': {
        const scene = decodeSceneBytes(m.bytes);
        if (!scene) {
          // Not a valid scene (or bytes that did not inflate): dropped, as a `scene` message that does not fit.
          setText(this.status, 'The preview could not read the scene it was sent; the last one it read stays.');
          return;
        }
        mark('decoded');
        this.scenes++;
        this.setScene(scene);
        break;
      }
      case 'sceneDelta':
        this.applyDelta(m.delta);
        break;
      case 'sceneSent':
        // The host posted the whole scene before this message: none held, and none being read in parts, means it was lost.
        if (!s.scene && !this.inbox.assembling) this.post({ type: 'ready' });
        break;
      case 'pair':
        this.setPair(m.pair);
        break;
      case 'highlight': {
        const next = new Set<number>();
        for (const name of m.bodies) {
          const i = s.byName.get(name);
          if (i !== undefined) next.add(i);
        }
        const moved = [...next].some((i) => !s.highlighted.has(i));
        s.highlighted = next;
        if (moved) this.revealBodies(next);
        this.invalidate();
        break;
      }
      case 'selectPair':
        this.openPair(m.a, m.b, true);
        break;
      case 'export':
        this.post({ type: 'exported', requestId: m.requestId, format: m.format, data: this.exportView(m.format) });
        break;
      case 'empty':
        s.scene = null;
        s.painter = null;
        s.byName.clear();
        this.empty.textContent = m.reason;
        this.empty.hidden = false;
        setText(this.status, '');
        this.findings.clear();
        this.whatIf.setScene(null, false);
        this.inspector.close();
        this.timeBar.setScene(null);
        this.invalidate();
        break;
      case 'fit':
        this.fit();
        break;
      case 'whatIf':
        this.whatIf.show(m.result);
        break;
      case 'editRefused':
        // The file keeps what it had: draw the body from it again, and say why.
        s.drag = null;
        s.handleDrag = null;
        setText(this.status, m.reason);
        this.invalidate();
        break;
    }
  }

  /**
   * A delta against the scene shown (protocol/preview-delta.ts): applied, and the cached world
   * layer told which areas changed, so that it draws only those again. A delta this view cannot
   * apply to the scene it holds asks the host for the whole scene; with none held, the whole is
   * on its way already (the host answers this page's first `ready` with it, or with `sceneSent`).
   */
  private applyDelta(delta: PreviewSceneDelta): void {
    const old = this.state.scene;
    if (old && old.uri === delta.uri && delta.version < old.version) return; // stale
    // Text offsets are the host's business (it maps cursor and clicks by name): left unshifted.
    const next = old ? applySceneDelta(old, delta, { offsets: false }) : null;
    if (!next) {
      if (old) this.post({ type: 'ready' });
      return;
    }
    this.deltas++;
    this.setScene(next, delta);
  }

  private setScene(scene: PreviewScene, delta?: PreviewSceneDelta): void {
    const s = this.state;
    const old = s.scene;
    const sameDoc = old !== null && old.uri === scene.uri;
    // Skip a stale version: an answer that arrives after a newer one was shown.
    if (sameDoc && scene.version < old.version) return;
    const before = s.painter;
    s.scene = scene;
    // The view and the pair inspector draw in the scene's frame (y down for a level file's).
    if (scene.yDown) s.view.yDown = true;
    else delete s.view.yDown;
    this.inspector.setYDown(scene.yDown === true);
    this.inspector.setScene(scene);
    const changed = delta && before ? replacedInPlace(delta) : null;
    s.painter = before && changed ? ScenePainter.following(before, scene, changed) : new ScenePainter(scene);
    if (delta && before) this.layer.changed(before, s.painter, changedWorldBoxes(before, s.painter, delta));
    // Names and indices stay when the delta replaced bodies in place under their own names.
    if (!(changed && old && changed.every((i) => old.bodies[i]!.name === scene.bodies[i]!.name))) {
      s.byName.clear();
      for (const b of scene.bodies) s.byName.set(b.name, b.index);
    }
    // The text now reflects a finished drag: stop drawing the dragged pose.
    if (s.drag && scene.version > s.drag.version) s.drag = null;
    if (s.handleDrag && (scene.version > s.handleDrag.version || !sameDoc)) s.handleDrag = null;
    const selectedName = old && s.selected >= 0 ? old.bodies[s.selected]?.name : undefined;
    s.selected = selectedName !== undefined ? (s.byName.get(selectedName) ?? -1) : -1;
    s.hovered = -1;
    if (!sameDoc) s.highlighted = new Set();
    this.empty.hidden = true;
    let time = s.time;
    if (!sameDoc) {
      const r = s.restored;
      if (r && r.uri === scene.uri && r.center && r.zoom) {
        s.view.cx = r.center[0];
        s.view.cy = r.center[1];
        s.view.zoom = r.zoom;
        time = r.time ?? 0;
        if (r.pair) s.pair = r.pair;
      } else {
        this.fit();
        time = 0;
        s.pair = null;
        this.inspector.close();
      }
      s.restored = null;
      this.timeBar.pause();
    }
    this.timeBar.setScene({ duration: s.painter.duration, dt: scene.dt, frames: scene.frames, findings: scene.findings });
    // Saves the view state (nothing below changes it but openPair and closePair, which save) and
    // asks for the frame.
    this.setTime(time);
    this.findings.render(scene.findings, s.pair, (a, b) => this.openPair(a, b, true));
    // A delta that splices no findings keeps all of them (their bodies' indices may follow): the
    // counts stay, and a keystroke does not count every finding again.
    if (!delta || delta.findings.length > 0) this.findingCounts = countFindings(scene.findings);
    const counts = this.findingCounts;
    this.whatIf.setScene(scene, counts.tunnelling > 0);
    setText(this.status, statusLine(scene.bodies.length, counts, scene.errorCount));
    // The inspector follows the text: ask again for the open pair, if both bodies still exist.
    if (s.pair) {
      if (s.byName.has(s.pair[0]) && s.byName.has(s.pair[1])) this.openPair(s.pair[0], s.pair[1]);
      else this.closePair();
    }
  }

  private setPair(d: PairDetail): void {
    const s = this.state;
    if (!s.scene || d.uri !== s.scene.uri || !s.pair) return;
    if (d.a !== s.pair[0] || d.b !== s.pair[1]) return;
    this.inspector.setDetail(d);
    this.invalidate();
  }

  /** Open the pair inspector for a and b; with `reveal`, bring both bodies into view too. */
  private openPair(a: string, b: string, reveal = false): void {
    const s = this.state;
    if (!s.scene) return;
    const ia = s.byName.get(a);
    const ib = s.byName.get(b);
    if (ia === undefined || ib === undefined || ia === ib) return;
    // Findings name the earlier-declared body `a`; keep that order so B ⊖ A matches them.
    const [first, second] = ia < ib ? [a, b] : [b, a];
    s.pair = [first, second];
    this.inspector.open(first, second);
    if (reveal) this.revealPair(Math.min(ia, ib), Math.max(ia, ib));
    this.post({ type: 'requestPair', version: s.scene.version, a: first, b: second });
    s.save();
    this.invalidate();
    this.findings.select(first, second);
  }

  private closePair(): void {
    this.state.pair = null;
    this.inspector.close();
    this.findings.unselect();
    this.state.save();
    this.invalidate();
  }

  /**
   * The one way the preview's time changes (the time bar's controls, playback, a new scene, an
   * advancement step chosen in the inspector): clamped to the scene's interval [0, frames dt],
   * shown on the bar and in the inspector, saved and drawn.
   */
  setTime(t: number): void {
    const s = this.state;
    const T = s.painter?.duration ?? 0;
    s.time = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), T);
    this.timeBar.show(s.time);
    this.inspector.setTime(s.time);
    s.save();
    this.invalidate();
  }

  /**
   * Frame the bodies that matter (render/focus.ts: those with findings, the moving ones), or
   * with `all` the whole scene.
   */
  fit(all = false): void {
    const scene = this.state.scene;
    this.revealed = null;
    fitBounds(this.view, scene ? (all ? scene.bounds : focusBounds(scene)) : null);
    this.fitUnsized = this.view.width > 1 && this.view.height > 1 ? null : { all };
    this.state.save();
    this.invalidate();
  }

  /**
   * Bring a pair into view (a finding chosen in the list or a code lens): both bodies, and the
   * finding's time of impact, on screen, the zoom kept unless they do not fit or are too small
   * to see.
   */
  private revealPair(ia: number, ib: number): void {
    const scene = this.state.scene;
    if (!scene) return;
    const f = scene.findings.find((f) => f.ia === ia && f.ib === ib);
    this.reveal(pairBounds(scene, ia, ib, f?.toi), { minPx: REVEAL_MIN_PX });
  }

  /** Pan to the bodies under the editor's cursor when they are off screen; the zoom stays. */
  private revealBodies(bodies: ReadonlySet<number>): void {
    const s = this.state;
    if (!s.scene || bodies.size === 0) return;
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of bodies) {
      const b = boundsAt(s.scene.bodies[i]!, s.time);
      box[0] = Math.min(box[0]!, b[0]);
      box[1] = Math.min(box[1]!, b[1]);
      box[2] = Math.max(box[2]!, b[2]);
      box[3] = Math.max(box[3]!, b[3]);
    }
    this.reveal(box, { panOnly: true, marginPx: 16 });
  }

  /**
   * Reveal a box in the view at its size now (opening the inspector may just have made the
   * canvas shorter: the layout is read at once), and again whenever the canvas is resized, until
   * the user moves the view: the inspector's content, arriving later, resizes it again.
   */
  private reveal(box: readonly number[] | null, options: RevealOptions): void {
    this.revealed = box ? { box, options } : null;
    this.fitUnsized = null;
    this.measure();
    if (revealBounds(this.view, box, options)) this.state.save();
  }

  private resize(): void {
    this.measure();
    if (this.fitUnsized && this.view.width > 1 && this.view.height > 1) this.fit(this.fitUnsized.all);
    else if (this.revealed && revealBounds(this.view, this.revealed.box, this.revealed.options)) this.state.save();
    this.drawNow();
  }

  /** The view's and the canvas's size from the canvas's box in the page's layout. */
  private measure(): void {
    const parent = this.canvas.parentElement!;
    const rect = parent.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width));
    const h = Math.max(1, Math.round(rect.height));
    const dpr = window.devicePixelRatio || 1;
    this.view.width = w;
    this.view.height = h;
    // Setting a canvas's size clears it, even to the same size: only when it changed.
    if (this.canvas.width !== Math.round(w * dpr)) this.canvas.width = Math.round(w * dpr);
    if (this.canvas.height !== Math.round(h * dpr)) this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
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

  /**
   * Draw the scene now; the animation frame calls this with 'frame', the benchmark and the tests
   * through the debug hook. 'frame' may show a shifted or scaled copy of the cached world layer
   * while a gesture is in progress; 'exact' draws the current view crisply (still shifting the
   * cached layer when that is exact); 'full' redraws the cached layer too.
   */
  drawNow(mode: 'frame' | 'exact' | 'full' = 'exact'): FrameKind {
    const first = this.scenes !== this.scenesDrawn && this.state.painter !== null;
    this.lastFrame = this.draw(mode);
    if (first) {
      this.scenesDrawn = this.scenes;
      mark('drawn');
      // The next frame's start: the one that drew the scene was presented by then.
      globalThis.requestAnimationFrame?.(() => mark('shown'));
      this.post({ type: 'drawn', version: this.state.scene!.version });
    }
    return this.lastFrame;
  }

  private draw(mode: 'frame' | 'exact' | 'full'): FrameKind {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return 'empty';
    const dpr = window.devicePixelRatio || 1;
    const painter = this.state.painter;
    // The inspector follows a drag at every frame (its numbers and picture for the dragged pose).
    this.inspector.setDrag(this.state.drag);
    if (!painter) {
      new CanvasPainter(ctx, this.view.width, this.view.height, this.theme.fontFamily, dpr).clear(this.theme.background);
      return 'empty';
    }
    let frame: FrameKind;
    if (painter.scene.bodies.length < LAYER_MIN_BODIES) {
      const p = new CanvasPainter(ctx, this.view.width, this.view.height, this.theme.fontFamily, dpr);
      painter.draw(p, this.view, this.theme, this.state.drawOptions());
      frame = 'direct';
    } else {
      if (mode === 'full') this.layer.invalidate();
      frame = this.layer.paint(ctx, this.view, dpr, painter, this.theme, this.state.drawOptions(), mode === 'frame' && this.input.inGesture()).frame;
    }
    const overlap = this.inspector.overlap();
    if (overlap) drawOverlapRegion(new CanvasPainter(ctx, this.view.width, this.view.height, this.theme.fontFamily, dpr), this.view, overlap, this.theme);
    return frame;
  }

  /** The current view as SVG text or a PNG data URL, drawn by the same ScenePainter. */
  exportView(format: 'svg' | 'png'): string {
    const s = this.state;
    const caption = s.scene ? `${basename(s.scene.uri)} · t = ${fmt(s.time)} s` : undefined;
    return exportView(format, s.painter, { ...this.view }, this.theme, { ...s.drawOptions(), hovered: -1, caption }, this.inspector.overlap());
  }

  /** See PointerInput.holdZoomSettle (a debug hook for the tests). */
  holdZoomSettle(hold: boolean): void {
    this.input.holdZoomSettle(hold);
  }

  /** State for tests and the frame-time benchmark (read-only use). */
  debugState(): {
    time: number;
    selected: number;
    pair: [string, string] | null;
    view: Viewport;
    version: number | null;
    frame: FrameKind;
    gesture: boolean;
    scenes: number;
    deltas: number;
    labels: string[];
    editable: boolean;
  } {
    const s = this.state;
    return {
      time: s.time,
      selected: s.selected,
      pair: s.pair,
      view: { ...this.view },
      version: s.scene?.version ?? null,
      frame: this.lastFrame,
      gesture: this.input.inGesture(),
      scenes: this.scenes,
      deltas: this.deltas,
      labels: s.painter ? s.painter.labeled.map((i) => s.scene!.bodies[i]!.name) : [],
      editable: s.editable,
    };
  }
}

/**
 * The indices of the bodies a delta replaced when it moved no body (each splice puts as many
 * bodies as it removes), as typing into a body does; null when it moved some.
 */
function replacedInPlace(delta: PreviewSceneDelta): number[] | null {
  const out: number[] = [];
  for (const s of delta.bodies) {
    if (s.bodies.length !== s.deleteCount) return null;
    for (let k = 0; k < s.deleteCount; k++) out.push(s.start + k);
  }
  return out;
}

/**
 * A performance mark on the way of a whole scene (`collide:message`, `collide:validated`,
 * `collide:decoded`, `collide:handled`, `collide:drawn`, `collide:shown`): the editor benchmark reads them in the
 * preview's frame.
 */
function mark(name: string): void {
  globalThis.performance?.mark?.(`collide:${name}`);
}

function isWholeScene(data: unknown): boolean {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return type === 'scene' || type === 'sceneBytes';
}

/**
 * A toolbar text that may be cut short with an ellipsis in a narrow panel (preview.css): its
 * title carries the whole text, so hovering it always shows what was cut.
 */
function setText(e: HTMLElement, text: string): void {
  e.textContent = text;
  e.title = text;
}
