import type { PairDetail, PreviewScene } from '../../../protocol/preview-model';
import { CanvasPainter } from '../paint/canvas-painter';
import { drawPair, type StepKind } from '../../../render/pair-painter';
import { pairDetailOf, pairInstant, withPose, type PairInstant, type PoseOverride } from '../../../render/pair-live';
import type { Theme } from '../../../render/theme';
import { el, fillTable } from './dom';
import { pairRows, stepAtTime, stepRows, type InstantNumbers } from './pair-rows';

const STEP_NAMES: Record<StepKind, string> = { gjk: 'GJK simplices', epa: 'EPA polytopes', advancement: 'Conservative advancement' };
/** The order the trace kinds are offered in. */
const STEP_KINDS: readonly StepKind[] = ['gjk', 'epa', 'advancement'];

/** One algorithm's recorded steps of a pair. */
function stepsOf(d: PairDetail, kind: StepKind): readonly unknown[] {
  return kind === 'gjk' ? d.gjk : kind === 'epa' ? d.epa : d.advancement;
}

/**
 * The pair inspector: the configuration-space canvas (drawPair), a step slider through the
 * algorithm traces, and the numbers of the result and of the current step.
 *
 * It shows the pair at the scene's time and as the preview draws it: the server's detail while
 * it matches the scene and nothing is dragged; otherwise, at every frame, the same numbers
 * computed here from the preview model (render/pair-live.ts), for the dragged pose or for a newer
 * scene whose detail is on its way. The conservative-advancement steps and the scene's time drive
 * each other: choosing a step moves the time to it (`onTime`), and a new time (`setTime`)
 * selects the step at or before it.
 */
export class Inspector {
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly kind: HTMLSelectElement;
  private readonly slider: HTMLInputElement;
  private readonly stepLabel: HTMLOutputElement;
  private readonly numbers: HTMLTableElement;
  private readonly stepNumbers: HTMLTableElement;
  private readonly status: HTMLElement;
  /** The server's answer for the open pair. */
  private detail: PairDetail | null = null;
  private scene: PreviewScene | null = null;
  private time = 0;
  private drag: (PoseOverride & { readonly version: number }) | null = null;
  /** What is shown: the detail, or the one computed here; and the pair at the scene's time. */
  private shown: PairDetail | null = null;
  private instant: PairInstant | null = null;
  /** The detail computed here for a scene newer than the server's detail (see live). */
  private newer: { readonly scene: PreviewScene; readonly detail: PairDetail; readonly shown: PairDetail | null } | null = null;
  /** Whether `shown` is computed here for a dragged pose. */
  private dragged = false;
  private theme: Theme;
  /** The scene's y axis points down: B ⊖ A is drawn in its frame. */
  private yDown = false;
  /** Frames drawn on the canvas (for the tests). */
  private frames = 0;

  constructor(
    theme: Theme,
    onClose: () => void,
    private readonly onTime: (t: number) => void = () => {},
  ) {
    this.theme = theme;
    this.title = el('h2', { text: '' });
    const close = el('button', { class: 'icon', title: 'Close the pair inspector', text: '×', attrs: { 'aria-label': 'Close' } });
    close.addEventListener('click', onClose);
    this.canvas = el('canvas', { id: 'cspace', attrs: { 'aria-label': 'Configuration space' } });
    this.kind = el('select', { id: 'step-kind', attrs: { 'aria-label': 'Algorithm trace' } });
    this.slider = el('input', { id: 'step', attrs: { type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'Step' } });
    this.stepLabel = el('output', { id: 'step-label' });
    this.numbers = el('table', { id: 'pair-numbers', class: 'numbers' });
    this.stepNumbers = el('table', { id: 'step-numbers', class: 'numbers' });
    this.status = el('p', { class: 'status' });
    this.kind.addEventListener('change', () => {
      this.syncSlider(true);
      this.redraw();
    });
    this.slider.addEventListener('input', () => {
      this.redraw();
      // An advancement step is an instant: the scene goes there.
      const s = this.kind.value === 'advancement' ? this.shown?.advancement[Number(this.slider.value)] : undefined;
      if (s) this.onTime(s.t);
    });
    this.root = el('section', { id: 'inspector', attrs: { hidden: '' } }, [
      el('header', {}, [this.title, close]),
      this.canvas,
      el('div', { class: 'steps' }, [this.kind, this.slider, this.stepLabel]),
      this.status,
      this.numbers,
      this.stepNumbers,
    ]);
    // Its size follows the panel's layout (beside the scene or below it), not the scene's.
    new ResizeObserver(() => this.redraw()).observe(this.canvas);
  }

  /** Open for a pair whose detail is on its way. */
  open(a: string, b: string): void {
    this.root.hidden = false;
    this.title.textContent = `${b} ⊖ ${a}`;
    if (!this.detail || this.detail.a !== a || this.detail.b !== b) {
      this.detail = null;
      this.shown = null;
      this.instant = null;
      this.status.textContent = 'Computing…';
      this.numbers.replaceChildren();
      this.stepNumbers.replaceChildren();
      this.kind.replaceChildren();
      this.clearCanvas();
    }
  }

  /** Draw in a y-down frame (the scene's) or a y-up one. */
  setYDown(yDown: boolean): void {
    if (yDown === this.yDown) return;
    this.yDown = yDown;
    this.redraw();
  }

  close(): void {
    this.root.hidden = true;
    this.detail = null;
    this.shown = null;
    this.newer = null;
    this.instant = null;
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    this.redraw();
  }

  /** The scene the preview shows (its bodies give the live numbers). */
  setScene(scene: PreviewScene | null): void {
    if (scene === this.scene) return;
    this.scene = scene;
    this.refresh(false);
  }

  /** The scene's time changed: the numbers and the picture follow, and the advancement step at or before it is chosen. */
  setTime(t: number): void {
    if (t === this.time) return;
    this.time = t;
    const d = this.shown;
    if (d && this.kind.value === 'advancement') {
      const k = stepAtTime(d, t);
      if (k >= 0) this.slider.value = String(k);
    }
    this.refresh(false);
  }

  /** The body dragged in the preview (preview-state.ts `drag`), drawn at its pose until the text has it. */
  setDrag(drag: (PoseOverride & { readonly version: number }) | null): void {
    if (drag === this.drag) return;
    this.drag = drag;
    this.refresh(false);
  }

  /** The overlap region of the pair at the scene's time (world, flat), for the scene view to draw. */
  overlap(): number[] | null {
    return this.root.hidden ? null : (this.instant?.overlap ?? null);
  }

  setDetail(d: PairDetail): void {
    this.detail = d;
    this.root.hidden = false;
    this.title.textContent = `${d.b} ⊖ ${d.a}`;
    this.refresh(true);
  }

  /**
   * Recompute what is shown from the detail, the scene, the drag and the time; `fresh`: a new
   * answer from the server (its notes and trace kinds are offered anew).
   */
  private refresh(fresh: boolean): void {
    const d = this.detail;
    if (!d) return;
    const before = this.shown;
    const next = this.live(d) ?? d;
    this.shown = next;
    if (fresh || !before || before.toi?.state !== next.toi?.state || kindsOf(before).join() !== kindsOf(next).join()) this.offerKinds(next, before);
    else this.syncSlider(false);
    this.status.textContent = next.notes.join(' ');
    this.redraw();
  }

  /** The detail computed here when the server's does not show what the preview draws; else null. */
  private live(d: PairDetail): PairDetail | null {
    const scene = this.scene;
    this.dragged = false;
    this.instant = null;
    if (!scene || scene.uri !== d.uri) return null;
    const ia = scene.bodies.findIndex((b) => b.name === d.a);
    const ib = scene.bodies.findIndex((b) => b.name === d.b);
    if (ia < 0 || ib < 0) return null;
    const drag = this.drag && (this.drag.index === ia || this.drag.index === ib) ? this.drag : null;
    let shown: PairDetail | null = null;
    if (drag) {
      shown = pairDetailOf(withPose(scene, drag, this.time), { ia, ib });
      this.dragged = shown !== null;
    } else if (scene.version > d.version || ia !== d.ia || ib !== d.ib) {
      // It does not depend on the time: computed once per scene and detail, not at every tick.
      if (this.newer?.scene !== scene || this.newer.detail !== d) {
        const finding = scene.findings.find((f) => f.ia === ia && f.ib === ib) ?? null;
        this.newer = { scene, detail: d, shown: pairDetailOf(scene, { ia, ib, parts: [d.partA, d.partB], finding }) };
      }
      shown = this.newer.shown;
    }
    this.instant = pairInstant(scene, shown ?? d, this.time, drag);
    // GJK and EPA at the instant shown, so that their steps are drawn on the B ⊖ A they ran on.
    if (this.instant && (shown || this.time !== 0)) shown = { ...(shown ?? d), gjk: this.instant.gjk, epa: this.instant.epa };
    return shown;
  }

  private offerKinds(d: PairDetail, before: PairDetail | null): void {
    const sameKinds = before && before.a === d.a && before.b === d.b;
    const prev = this.kind.value;
    const kinds = kindsOf(d);
    this.kind.replaceChildren(...kinds.map((k) => el('option', { text: `${STEP_NAMES[k]} (${stepsOf(d, k).length})`, attrs: { value: k } })));
    if (sameKinds && kinds.includes(prev as StepKind)) this.kind.value = prev;
    this.kind.disabled = kinds.length === 0;
    this.syncSlider(!sameKinds);
  }

  private syncSlider(toEnd: boolean): void {
    const n = this.stepCount();
    const old = Number(this.slider.value);
    this.slider.max = String(Math.max(0, n - 1));
    this.slider.value = String(toEnd ? Math.max(0, n - 1) : Math.min(old, Math.max(0, n - 1)));
    this.slider.disabled = n <= 1;
  }

  private stepCount(): number {
    const d = this.shown;
    if (!d) return 0;
    const k = this.kind.value;
    return STEP_KINDS.includes(k as StepKind) ? stepsOf(d, k as StepKind).length : 0;
  }

  private clearCanvas(): void {
    const ctx = this.canvas.getContext('2d');
    if (ctx) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
  }

  /**
   * The pair at the scene's time: the server's numbers at t = 0 when they are what is shown
   * (an overlap's push-out is then the analysis' own), else the instant computed here.
   */
  private now(d: PairDetail): InstantNumbers {
    const i = this.instant;
    if (!i || (d === this.detail && this.time === 0)) {
      return { t: 0, distance: d.distance, closest: d.closest, normal: d.normal, pushOut: d.pushOut, overlapArea: i?.overlapArea ?? 0 };
    }
    return i;
  }

  redraw(): void {
    const d = this.shown;
    if (!d || this.root.hidden) return;
    const now = this.now(d);
    // Read the layout before the tables change it (one layout a frame, not one per redraw).
    const rect = this.canvas.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width));
    const h = Math.max(1, Math.round(rect.height));
    const dpr = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const kind = this.kind.value as StepKind;
    const index = Number(this.slider.value);
    const n = this.stepCount();
    const step = n > 0 ? { kind, index } : null;
    // B ⊖ A, the closest point and the push-out at the scene's time; the traces as recorded.
    const picture: PairDetail = { ...d, minkowski: this.instant?.minkowski ?? d.minkowski, distance: now.distance, closest: now.closest, pushOut: now.pushOut };
    drawPair(new CanvasPainter(ctx, w, h, this.theme.fontFamily, dpr), picture, this.theme, { step, yDown: this.yDown, time: now.t });
    this.frames++;
    fillTable(this.numbers, pairRows(d, now, this.dragged));
    this.stepLabel.textContent = n > 0 ? `${index + 1} / ${n}` : '';
    fillTable(this.stepNumbers, step ? stepRows(d, kind, index, now.t) : []);
  }
}

function kindsOf(d: PairDetail): StepKind[] {
  return STEP_KINDS.filter((k) => stepsOf(d, k).length > 0);
}
