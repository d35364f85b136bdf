/**
 * How VS Code times the requests it sends after an edit, reduced to what the "typing" bench
 * needs: its adaptive debounce and its run-once scheduler. Paths are in microsoft/vscode.
 *
 * - `LanguageFeatureDebounceService` (src/vs/editor/common/services/languageFeatureDebounce.ts):
 *   each feature asks `for(registry, name, { min, max })`; `get(model)` is the sliding-window
 *   average of the last 6 request durations, clamped to [min, max] (max defaults to min²), and
 *   before any sample the default min × 1.5. So a server that answers in 10 ms is asked at `min`.
 * - `RunOnceScheduler` (src/vs/base/common/async.ts): `schedule(delay)` restarts the timer, so a
 *   feature that reschedules on every content change fires only after the typing pauses.
 */

/** A feature's debounce information: clamp(sliding average of 6 durations, min, max). */
export class FeatureDebounce {
  private readonly samples: number[] = [];
  constructor(
    readonly min: number,
    readonly max: number = min * min,
  ) {}

  get(): number {
    if (this.samples.length === 0) return clamp(this.min * 1.5, this.min, this.max);
    return clamp(this.samples.reduce((a, b) => a + b, 0) / this.samples.length, this.min, this.max);
  }

  update(durationMs: number): number {
    this.samples.push(durationMs);
    if (this.samples.length > 6) this.samples.shift();
    return this.get();
  }
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

/** VS Code's RunOnceScheduler: one pending run; `schedule` replaces the pending timer. */
export class RunOnce {
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly run: () => void) {}

  schedule(delayMs: number): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, delayMs);
  }

  isScheduled(): boolean {
    return this.timer !== undefined;
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * The client's preview throttle (client/src/preview/throttle.ts): leading and trailing, at most
 * one run per `interval` ms, the last trigger always reflected.
 */
export class LeadingTrailingThrottle {
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(
    private readonly run: () => void,
    private readonly interval: number,
  ) {}

  trigger(): void {
    if (this.timer !== undefined) return;
    const wait = this.last + this.interval - performance.now();
    if (wait <= 0) return this.fire();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, wait);
  }

  isPending(): boolean {
    return this.timer !== undefined;
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire(): void {
    this.last = performance.now();
    this.run();
  }
}
