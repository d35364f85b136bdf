import type { PairDetail, PreviewFinding } from '../../../protocol/preview-model';
import { CanvasPainter } from '../paint/canvas-painter';
import { formatNumber as fmt } from '../../../protocol/format';
import { drawPair, type StepKind } from '../../../render/pair-painter';
import type { Theme } from '../../../render/theme';
import { el, fillTable } from './dom';

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
  private detail: PairDetail | null = null;
  private theme: Theme;
  /** The scene's y axis points down: B ⊖ A is drawn in its frame. */
  private yDown = false;

  constructor(theme: Theme, onClose: () => void) {
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
    this.slider.addEventListener('input', () => this.redraw());
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
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    this.redraw();
  }

  setDetail(d: PairDetail): void {
    const sameKinds = this.detail && this.detail.a === d.a && this.detail.b === d.b;
    this.detail = d;
    this.root.hidden = false;
    this.title.textContent = `${d.b} ⊖ ${d.a}`;
    this.status.textContent = d.notes.join(' ');
    const prev = this.kind.value;
    const kinds = STEP_KINDS.filter((k) => stepsOf(d, k).length > 0);
    this.kind.replaceChildren(
      ...kinds.map((k) => el('option', { text: `${STEP_NAMES[k]} (${stepsOf(d, k).length})`, attrs: { value: k } })),
    );
    if (sameKinds && kinds.includes(prev as StepKind)) this.kind.value = prev;
    this.kind.disabled = kinds.length === 0;
    this.syncSlider(!sameKinds);
    fillTable(this.numbers, pairRows(d));
    this.redraw();
  }

  private syncSlider(toEnd: boolean): void {
    const n = this.stepCount();
    const old = Number(this.slider.value);
    this.slider.max = String(Math.max(0, n - 1));
    this.slider.value = String(toEnd ? Math.max(0, n - 1) : Math.min(old, Math.max(0, n - 1)));
    this.slider.disabled = n <= 1;
  }

  private stepCount(): number {
    const d = this.detail;
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

  redraw(): void {
    const d = this.detail;
    if (!d || this.root.hidden) return;
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
    drawPair(new CanvasPainter(ctx, w, h, this.theme.fontFamily, dpr), d, this.theme, { step, yDown: this.yDown });
    this.stepLabel.textContent = n > 0 ? `${index + 1} / ${n}` : '';
    fillTable(this.stepNumbers, step ? stepRows(d, kind, index) : []);
  }
}

const pt = (p: readonly [number, number]): string => `(${fmt(p[0])}, ${fmt(p[1])})`;

/** The result's numbers, as the hover and the diagnostics word them. */
function pairRows(d: PairDetail): [string, string][] {
  const rows: [string, string][] = [];
  if (d.distance < 0) rows.push(['Penetration depth', fmt(-d.distance)]);
  else rows.push(['Distance', fmt(d.distance)]);
  rows.push(['Closest point of B ⊖ A', pt(d.closest)]);
  if (d.pushOut) rows.push(['Push-out (move B)', pt(d.pushOut)]);
  if (d.finding && d.finding.kind !== 'ghost-bump') rows.push(['Normal (A → B)', pt(d.finding.normal)]);
  rows.push(['Relative velocity', pt(d.relativeVelocity)]);
  if (d.relativeSpin !== 0) rows.push(['Relative spin', `${fmt(d.relativeSpin)} rad/s`]);
  if (d.toi) {
    rows.push(['Time of impact', d.toi.state === 'hit' ? `${fmt(d.toi.t)} s` : d.toi.state]);
    if (d.toi.state === 'hit') {
      rows.push(['Contact point', pt(d.toi.point)]);
      rows.push(['Contact normal', pt(d.toi.normal)]);
    }
    rows.push(['Method', `${d.toi.method}, ${d.toi.iterations} iterations`]);
  }
  if (d.finding?.kind === 'ghost-bump') rows.push(...seamRows(d.finding));
  if (d.finding) rows.push(['Finding', d.finding.message]);
  if (d.partA > 0 || d.partB > 0) rows.push(['Parts', `${d.a}[${d.partA}] × ${d.b}[${d.partB}]`]);
  return rows;
}

/** A ghost bump's seam: where, which two pieces meet there, which body slides and when it gets there. */
function seamRows(f: PreviewFinding): [string, string][] {
  const rows: [string, string][] = [];
  if (f.point) rows.push(['Seam', pt(f.point)]);
  if (f.pieces) rows.push(['Pieces', `${f.pieces[0]} | ${f.pieces[1]}`]);
  if (f.moving) rows.push(['Sliding body', f.moving === 'a' ? f.a : f.b]);
  if (f.toi !== undefined) rows.push(['Reaches the seam', `t = ${fmt(f.toi)} s`]);
  return rows;
}

function stepRows(d: PairDetail, kind: StepKind, index: number): [string, string][] {
  if (kind === 'gjk') {
    const s = d.gjk[index];
    if (!s) return [];
    return [
      ['Step', `GJK ${index + 1}`],
      ...s.simplex.map((v, i): [string, string] => [`w${i} = b${v.indexB} − a${v.indexA}`, pt(v.w)]),
      ['Closest to origin', pt(s.closest)],
      ['|closest|', fmt(Math.hypot(s.closest[0], s.closest[1]))],
      ['Search direction', pt(s.direction)],
    ];
  }
  if (kind === 'epa') {
    const s = d.epa[index];
    if (!s) return [];
    return [
      ['Step', `EPA ${index + 1}`],
      ['Polytope vertices', String(s.polytope.length)],
      ['Closest edge', String(s.closestEdge)],
      ['Edge distance', fmt(s.distance)],
    ];
  }
  const s = d.advancement[index];
  if (!s) return [];
  return [
    ['Step', `Advancement ${index + 1}`],
    ['t', `${fmt(s.t)} s`],
    ['Distance', fmt(s.distance)],
    ['Normal', pt(s.normal)],
  ];
}
