/**
 * Work in steps: a generator that pauses (yields) between slices of a long computation, so that
 * the language server can give its event loop a turn between them (lsp/server.ts), and that
 * anything else runs to its end at once (`finish`). Nothing here uses a Node API: the same code
 * runs in a browser worker.
 */

/** The value of a run of steps, run to its end. */
export function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * How the server gives its event loop a turn: a promise that resolves after the messages and
 * I/O already waiting have been handled. The entry that starts the server picks it
 * (server/src/browser/main.ts installs one for a worker); the default fits Node.
 */
export type TurnScheduler = () => Promise<void>;

/** `setImmediate` where it exists (Node), else a zero-delay timer. */
function defaultTurn(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === 'function') {
    const setImmediate = g.setImmediate;
    return new Promise<void>((resolve) => void setImmediate(resolve));
  }
  return new Promise<void>((resolve) => void setTimeout(resolve, 0));
}

let turn: TurnScheduler = defaultTurn;

/** Installs the scheduler every later `nextTurn` uses; returns the one it replaces. */
export function useTurnScheduler(scheduler: TurnScheduler): TurnScheduler {
  const previous = turn;
  turn = scheduler;
  return previous;
}

/** A promise that resolves on a later turn of the event loop (the installed TurnScheduler). */
export function nextTurn(): Promise<void> {
  return turn();
}

/** A monotonic clock in milliseconds: `performance.now` where there is one, else `Date.now`. */
export const clock: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();
