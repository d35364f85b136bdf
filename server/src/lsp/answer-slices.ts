import { clock, nextTurn } from '../common/steps';

/**
 * How the server keeps whole-document answers (outline, lenses, folding, semantic tokens) from
 * holding up an edit's diagnostics: such an answer waits until no message is waiting, and is then
 * made in slices with a turn of the event loop between them.
 */

/** The longest slice of an answer between two turns of the event loop (ms). */
export const SLICE_MS = 8;

/**
 * Counts the messages the server takes in (`took`, called by the handlers). vscode-jsonrpc
 * dispatches the messages it has read one a turn of the event loop, so a turn that takes none in
 * means none is waiting: `quiet` resolves then, so that an edit sent after a request is taken in,
 * analyzed and published before the request is answered. A message the server does not count
 * may end a wait early, never make an answer wrong.
 */
export class MessageWatch {
  private taken = 0;

  took(): void {
    this.taken++;
  }

  async quiet(): Promise<void> {
    for (let seen = -1; seen !== this.taken; ) {
      seen = this.taken;
      // Two turns: the dispatcher's turn may come before or after this one in a loop iteration.
      await nextTurn();
      await nextTurn();
    }
  }
}

/**
 * Runs `steps` a slice of at most SLICE_MS at a time, with a turn of the event loop between
 * slices: its value, or `stop()`'s reason to stop ('stale' or 'canceled') as checked after each
 * turn (the run is then dropped).
 */
export async function inSlices<R>(steps: Generator<void, R, void>, stop: () => 'stale' | 'canceled' | undefined): Promise<{ readonly value: R } | 'stale' | 'canceled'> {
  for (;;) {
    const end = clock() + SLICE_MS;
    let step = steps.next();
    while (!step.done && clock() < end) step = steps.next();
    if (step.done) return { value: step.value };
    await nextTurn();
    const why = stop();
    if (why !== undefined) return why;
  }
}
