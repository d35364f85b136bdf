/**
 * A promise that resolves on a later turn of the event loop, after the I/O and the messages
 * already waiting: `setImmediate` where it exists (Node), `setTimeout(0)` elsewhere (a browser
 * worker), so that code which pauses this way runs in both.
 */
export function nextTurn(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === 'function') {
    const setImmediate = g.setImmediate;
    return new Promise<void>((resolve) => void setImmediate(resolve));
  }
  return new Promise<void>((resolve) => void setTimeout(resolve, 0));
}
