import { formatNumber as fmt } from '../../../protocol/format';
import type { PreviewFinding } from '../../../protocol/preview-model';
import { el } from './dom';
import { impactOf, impactTimes, nextImpact } from './impact-times';
import { timeText } from './time-text';

/** The speeds offered, as fractions of real time (scenes span a few steps of 1/60 s). */
const SPEEDS: readonly (readonly [number, string])[] = [
  [1, '1×'],
  [0.5, '½×'],
  [0.25, '¼×'],
  [0.1, '1/10×'],
  [0.01, '1/100×'],
];

/**
 * The most scene time one animation frame advances, in seconds of the wall clock: a panel that
 * was hidden (no frames) resumes where it stopped instead of jumping ahead by the time away.
 */
const MAX_FRAME_SECONDS = 0.25;

/** The most tick marks drawn: one per thousandth of the slider, whatever the number of findings. */
const TICK_BUCKETS = 1000;

/** What the time bar shows of a scene: its interval [0, duration], its step and its findings. */
export interface TimeBarScene {
  readonly duration: number;
  readonly dt: number;
  readonly frames: number;
  readonly findings: readonly PreviewFinding[];
}

/**
 * The preview's time bar, after Box2D's samples: play and pause (real time or slower, looping
 * or stopping at the end, one advance per animation frame), one step of dt back or forward, a
 * jump to the previous or next time of impact, and a wide slider with a tick at every time of
 * impact. It never changes the time itself: every control asks `setTime`, and the controller
 * calls `show` with the time it settled on.
 *
 * Keys (on the scene canvas and on the bar): K play/pause, `,` and `.` one step back and
 * forward, J and L the previous and next time of impact, Home and End the start and the end.
 */
export class TimeBar {
  readonly root: HTMLElement;
  readonly slider: HTMLInputElement;
  private readonly label: HTMLOutputElement;
  private readonly timePart: HTMLElement;
  private readonly stepPart: HTMLElement;
  /** " · " between the time and the step, when there is a step to show. */
  private readonly separator: Text;
  private readonly playButton: HTMLButtonElement;
  private readonly back: HTMLButtonElement;
  private readonly forward: HTMLButtonElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly speed: HTMLSelectElement;
  private readonly loop: HTMLInputElement;
  private readonly ticks: HTMLElement;

  private duration = 0;
  private dt = 1;
  private frames = 0;
  private time = 0;
  private impacts: number[] = [];
  /** The findings the ticks were drawn for (a delta keeps the finding objects it leaves alone). */
  private tickFindings: readonly PreviewFinding[] = [];
  private tickDuration = -1;

  private playing = false;
  private frameRequest = 0;
  /** The timestamp of the last animation frame of this playback, null before its first. */
  private lastFrame: number | null = null;

  constructor(private readonly setTime: (t: number) => void) {
    const button = (id: string, text: string, title: string, action: () => void): HTMLButtonElement => {
      const b = el('button', { id, text, title, attrs: { type: 'button', 'aria-label': title } });
      b.addEventListener('click', action);
      return b;
    };
    this.playButton = button('play', '▶\uFE0E', 'Play (K)', () => this.toggle());
    this.back = button('time-back', '−1', 'Back one step of dt (,)', () => this.step(-1));
    this.forward = button('time-forward', '+1', 'Forward one step of dt (.)', () => this.step(1));
    this.previous = button('impact-previous', '◂ TOI', 'Previous time of impact (J)', () => this.jump(-1));
    this.next = button('impact-next', 'TOI ▸', 'Next time of impact (L)', () => this.jump(1));

    this.slider = el('input', {
      id: 'time',
      title: 'Time (Home: start, End: end)',
      attrs: { type: 'range', min: '0', max: '1000', step: 'any', value: '0', 'aria-label': 'Time' },
    });
    // The slider runs over [0, 1000] of the interval; its value only ever comes from the user.
    this.slider.addEventListener('input', () => {
      this.pause();
      this.setTime((Number(this.slider.value) / 1000) * this.duration);
    });
    this.slider.addEventListener('pointerdown', () => this.pause());
    this.ticks = el('div', { class: 'ticks', attrs: { 'aria-hidden': 'true' } });

    this.timePart = el('span', { text: 't = 0 s' });
    this.stepPart = el('span', { text: '' });
    this.separator = document.createTextNode('');
    this.label = el('output', { id: 'time-label', attrs: { 'aria-live': 'off' } }, [this.timePart, this.separator, this.stepPart]);

    this.speed = el('select', { id: 'speed', title: 'Playback speed, as a fraction of real time', attrs: { 'aria-label': 'Playback speed' } });
    for (const [value, text] of SPEEDS) this.speed.append(el('option', { text, attrs: { value: String(value) } }));
    this.loop = el('input', { id: 'loop', attrs: { type: 'checkbox' } });

    this.root = el('div', { class: 'time-bar', attrs: { role: 'group', 'aria-label': 'Time' } }, [
      el('span', { class: 'transport' }, [this.playButton, this.back, this.forward, this.previous, this.next]),
      el('span', { class: 'track' }, [this.ticks, this.slider]),
      // In a narrow panel the label and the playback options go to a line of their own (CSS).
      el('span', { class: 'break' }),
      this.label,
      el('span', { class: 'playback' }, [this.speed, el('label', { title: 'Play again from the start at the end' }, [this.loop, 'Loop'])]),
    ]);
    this.bindKeys(this.root);
    this.setScene(null);
  }

  /** Takes a new or edited scene (null: none); the controller then calls `show` with its time. */
  setScene(scene: TimeBarScene | null): void {
    if (!scene) {
      this.pause();
      this.duration = 0;
      this.impacts = [];
      this.tickFindings = [];
      this.tickDuration = -1;
      this.ticks.replaceChildren();
      this.show(0);
      return;
    }
    this.duration = scene.duration;
    this.dt = scene.dt;
    this.frames = scene.frames;
    this.updateTicks(scene.findings);
    this.back.title = `Back one step of dt = ${fmt(scene.dt)} s (,)`;
    this.forward.title = `Forward one step of dt = ${fmt(scene.dt)} s (.)`;
  }

  /** Shows the time `t` the controller settled on. */
  show(t: number): void {
    this.time = t;
    const T = this.duration;
    const active = T > 0;
    this.slider.value = String(active ? (t / T) * 1000 : 0);
    const text = timeText(t, this.dt, this.frames);
    this.timePart.textContent = text.time;
    this.stepPart.textContent = active ? text.step : '';
    this.separator.data = active ? ' · ' : '';
    this.label.title = active ? text.full : '';
    this.slider.setAttribute('aria-valuetext', `${text.time}, ${text.step}`);
    const tolerance = this.tolerance();
    for (const b of [this.playButton, this.slider, this.speed, this.loop]) b.disabled = !active;
    this.back.disabled = !active || t <= 0;
    this.forward.disabled = !active || t >= T;
    this.previous.disabled = !active || nextImpact(this.impacts, t, -1, tolerance) === null;
    this.next.disabled = !active || nextImpact(this.impacts, t, 1, tolerance) === null;
  }

  isPlaying(): boolean {
    return this.playing;
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Plays from the current time, or from the start when at the end. */
  play(): void {
    if (this.playing || this.duration <= 0) return;
    if (this.time >= this.duration) this.setTime(0);
    this.playing = true;
    this.lastFrame = null;
    this.setPlayButton();
    this.frameRequest = requestAnimationFrame((now) => this.tick(now));
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.frameRequest);
    this.setPlayButton();
  }

  /** One step of dt back (-1) or forward (1) from the current time. */
  step(direction: -1 | 1): void {
    if (this.duration <= 0) return;
    this.pause();
    this.setTime(this.time + direction * this.dt);
  }

  /** To the time of impact before (-1) or after (1) the current time, exactly. */
  jump(direction: -1 | 1): void {
    const t = nextImpact(this.impacts, this.time, direction, this.tolerance());
    if (t === null) return;
    this.pause();
    this.setTime(t);
  }

  /** The shortcuts, while `target` (the scene canvas, the bar) or something in it has the focus. */
  bindKeys(target: HTMLElement): void {
    target.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.target instanceof HTMLSelectElement) return;
      if (this.key(e.key)) e.preventDefault();
    });
  }

  /** Runs the shortcut of `key`; false when it has none. */
  private key(key: string): boolean {
    if (this.duration <= 0) return false;
    switch (key) {
      case 'k':
      case 'K':
        this.toggle();
        return true;
      case ',':
        this.step(-1);
        return true;
      case '.':
        this.step(1);
        return true;
      case 'j':
      case 'J':
        this.jump(-1);
        return true;
      case 'l':
      case 'L':
        this.jump(1);
        return true;
      case 'Home':
        this.pause();
        this.setTime(0);
        return true;
      case 'End':
        this.pause();
        this.setTime(this.duration);
        return true;
      default:
        return false;
    }
  }

  /**
   * One animation frame of playback: the time advances by the wall-clock time since the last
   * frame times the speed; at the end it starts over (loop) or stops there.
   */
  private tick(now: number): void {
    if (!this.playing) return;
    const elapsed = this.lastFrame === null ? 0 : Math.min(Math.max(now - this.lastFrame, 0) / 1000, MAX_FRAME_SECONDS);
    this.lastFrame = now;
    const T = this.duration;
    let t = this.time + elapsed * Number(this.speed.value);
    if (t >= T) {
      if (this.loop.checked && T > 0) t %= T;
      else {
        this.pause();
        this.setTime(T);
        return;
      }
    }
    this.setTime(t);
    if (this.playing) this.frameRequest = requestAnimationFrame((n) => this.tick(n));
  }

  private setPlayButton(): void {
    this.playButton.textContent = this.playing ? '❚❚' : '▶\uFE0E';
    this.playButton.title = this.playing ? 'Pause (K)' : 'Play (K)';
    this.playButton.setAttribute('aria-label', this.playing ? 'Pause' : 'Play');
    this.playButton.setAttribute('aria-pressed', String(this.playing));
  }

  /** Times closer than this are the same instant (the slider's resolution is far coarser). */
  private tolerance(): number {
    return this.duration * 1e-9;
  }

  /**
   * A tick per time of impact, colored by its kind, at most one per thousandth of the slider.
   * The ticks of the very same findings are left as they are.
   */
  private updateTicks(findings: readonly PreviewFinding[]): void {
    const T = this.duration;
    if (T === this.tickDuration && findings.length === this.tickFindings.length && findings.every((f, k) => f === this.tickFindings[k])) return;
    this.tickFindings = findings;
    this.tickDuration = T;
    this.impacts = impactTimes(findings, T);
    const seen = new Set<string>();
    const ticks: HTMLElement[] = [];
    if (T > 0) {
      for (const f of findings) {
        const t = impactOf(f);
        if (t === null || t < 0 || t > T) continue;
        const bucket = Math.round((t / T) * TICK_BUCKETS);
        const key = `${f.kind}:${bucket}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const tick = el('span', { class: `tick ${f.kind}`, attrs: { 'data-time': String(t) } });
        tick.style.left = `${(bucket / TICK_BUCKETS) * 100}%`;
        ticks.push(tick);
      }
    }
    this.ticks.replaceChildren(...ticks);
  }
}
