/**
 * A turn of a worker's event loop: a message through a MessageChannel, which is a task like the
 * messages the page posts, so those already waiting are handled first, with no delay of its own.
 * A zero-delay timer is clamped to 4 ms once timers nest five deep (HTML, "timer
 * initialization steps"), which a long run of slices does; a microtask would run before any
 * waiting message, which is no turn at all.
 */
interface Channel {
  readonly port1: { onmessage: ((e: unknown) => void) | null; unref?(): void };
  readonly port2: { postMessage(message: unknown): void };
}

export function channelTurns(): () => Promise<void> {
  const channel = new (globalThis as unknown as { MessageChannel: new () => Channel }).MessageChannel();
  const waiting: (() => void)[] = [];
  let head = 0;
  channel.port1.onmessage = () => {
    const resolve = waiting[head++];
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
    }
    resolve?.();
  };
  // Node's ports (where the tests run this) would otherwise keep the process alive; browsers have no unref.
  channel.port1.unref?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}
