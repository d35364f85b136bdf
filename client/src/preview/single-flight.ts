/**
 * At most one run of an async task at a time. A call while a run is under way does not start
 * another: it asks for one more run when the current one ends, and any further calls meanwhile
 * join that same run. So a burst of calls costs at most two runs, the last one starting after
 * every call, and a slow answer never piles up requests behind it (the language server answers
 * one message at a time, so a queue of scene requests would hold back its diagnostics).
 */
export class SingleFlight {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly task: () => Promise<void>) {}

  /** Runs the task now, or once more after the run under way; resolves when that run ends. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const loop = async (): Promise<void> => {
      try {
        do {
          this.again = false;
          await this.task().catch(() => undefined);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    };
    this.running = loop();
    return this.running;
  }

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }
}
