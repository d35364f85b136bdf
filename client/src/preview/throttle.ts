/**
 * Leading-and-trailing throttle for preview updates: render at once the first time, then at
 * most every `interval` ms while typing. A trigger when the last run is older than the
 * interval runs now; triggers inside the interval coalesce into one run at its end, so the last
 * keystroke is always reflected. Timers are injectable for the unit tests.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Throttle {
  private last = -Infinity;
  private timer: unknown = undefined;

  constructor(
    private readonly run: () => void,
    private readonly interval = 100,
    private readonly clock: Clock = realClock,
  ) {}

  trigger(): void {
    if (this.timer !== undefined) return;
    const wait = this.last + this.interval - this.clock.now();
    if (wait <= 0) {
      this.fire();
      return;
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, wait);
  }

  /** Run now (a new document, a reload): cancels a pending trailing run. */
  flush(): void {
    this.cancel();
    this.fire();
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire(): void {
    this.last = this.clock.now();
    this.run();
  }
}
