import { inflateRawStream } from '../../../protocol/deflate-raw';
import type { HostToWebview } from '../../../protocol/preview-messages';

/**
 * The host's messages in the order they came, with a whole scene that came deflated
 * (`sceneBytes` with `deflated`) inflated before it is handed on: the inflate is asynchronous
 * (DecompressionStream), and every message after it waits for it, since a delta or a highlight
 * is against the scene before it. A message with none pending is handed on at once, so the
 * uncompressed path stays synchronous.
 *
 * Bytes that do not inflate to the size they came with (corrupt, truncated, expanding past it)
 * are handed on as empty `sceneBytes`, which fail to decode like any bytes that do not hold a
 * scene; the messages behind them go on.
 */
export class SceneInbox {
  /** The last message waiting (or being inflated); null when none is. */
  private tail: Promise<void> | null = null;

  constructor(
    private readonly deliver: (m: HostToWebview) => void,
    /** Told when a deflated scene arrives and when it is inflated (the editor benchmark's marks). */
    private readonly mark: (name: 'inflating' | 'inflated') => void = () => undefined,
  ) {}

  /** Whether a message is waiting for an inflate. */
  get pending(): boolean {
    return this.tail !== null;
  }

  /** Resolves once every message received so far has been handed on. */
  async settled(): Promise<void> {
    while (this.tail) await this.tail;
  }

  receive(m: HostToWebview): void {
    const inflate = m.type === 'sceneBytes' && m.deflated !== undefined ? this.inflate(m.bytes, m.deflated) : null;
    if (!inflate && this.tail === null) {
      this.deliver(m);
      return;
    }
    const before = this.tail ?? Promise.resolve();
    // The inflate starts at once; the message is handed on after those before it.
    const next = before
      .then(async () => this.deliver(inflate ? { type: 'sceneBytes', bytes: await inflate } : m))
      // A message that throws is reported as an uncaught error (the page's reportError), and those behind it go on.
      .catch(report);
    this.tail = next;
    void next.then(() => {
      if (this.tail === next) this.tail = null;
    });
  }

  private async inflate(bytes: Uint8Array, size: number): Promise<Uint8Array> {
    this.mark('inflating');
    const out = await inflateRawStream(bytes, size);
    this.mark('inflated');
    return out ?? new Uint8Array(0);
  }
}

function report(e: unknown): void {
  const scope = globalThis as { reportError?: (e: unknown) => void };
  if (scope.reportError) scope.reportError(e);
  else
    setTimeout(() => {
      throw e;
    });
}
