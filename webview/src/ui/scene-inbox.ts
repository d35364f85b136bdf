import { inflateRawStream } from '../../../protocol/deflate-raw';
import type { HostToWebview, ScenePartIndex } from '../../../protocol/preview-messages';
import { SceneAssembly } from '../../../protocol/preview-scene-bytes';

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
 *
 * A whole scene that comes in parts (`sceneBytes` with `part`) is read a part at a time: each
 * part, inflated in its turn, is added to a SceneAssembly (protocol/preview-scene-parts.ts) as
 * soon as it is, so that reading keeps pace with the parts' arrival, and the last hands on the
 * scene as a `scene` message. A part 0 starts a new scene (dropping one whose parts are still
 * coming); a part that does not fit ends it, handed on as empty `sceneBytes`, and the parts
 * after it are dropped, as are parts of no scene begun.
 */
export class SceneInbox {
  /** The last message waiting (or being inflated); null when none is. */
  private tail: Promise<void> | null = null;
  /** The scene whose parts are being read; null when none is. */
  private assembly: SceneAssembly | null = null;

  constructor(
    private readonly deliver: (m: HostToWebview) => void,
    /** Told when a deflated scene or part arrives, when it is inflated, and when a scene in parts is read (the editor benchmark's marks). */
    private readonly mark: (name: 'inflating' | 'inflated' | 'decoded') => void = () => undefined,
  ) {}

  /** Whether a message is waiting for an inflate. */
  get pending(): boolean {
    return this.tail !== null;
  }

  /** Whether the parts of a scene are being read (its first part is handed on, its last not yet). */
  get assembling(): boolean {
    return this.assembly !== null;
  }

  /** Resolves once every message received so far has been handed on. */
  async settled(): Promise<void> {
    while (this.tail) await this.tail;
  }

  receive(m: HostToWebview): void {
    const inflate = m.type === 'sceneBytes' && m.deflated !== undefined ? this.inflate(m.bytes, m.deflated) : null;
    if (!inflate && this.tail === null) {
      this.take(m, null);
      return;
    }
    const before = this.tail ?? Promise.resolve();
    // The inflate starts at once; the message is handed on after those before it.
    const next = before
      .then(async () => this.take(m, inflate && (await inflate)))
      // A message that throws is reported as an uncaught error (the page's reportError), and those behind it go on.
      .catch(report);
    this.tail = next;
    void next.then(() => {
      if (this.tail === next) this.tail = null;
    });
  }

  /** Hands on `m`, or reads it as a part; `inflated`: its bytes inflated, when they came deflated. */
  private take(m: HostToWebview, inflated: Uint8Array | null): void {
    if (m.type !== 'sceneBytes') return this.deliver(m);
    const bytes = inflated ?? m.bytes;
    if (m.part) return this.add(m.part, bytes);
    this.deliver(inflated ? { type: 'sceneBytes', bytes } : m);
  }

  private add(part: ScenePartIndex, bytes: Uint8Array): void {
    if (part.index === 0) this.assembly = new SceneAssembly(part.count);
    const a = this.assembly;
    if (!a) return; // a part of no scene begun, or of one that ended
    if (part.count !== a.count || !a.add(part.index, bytes)) {
      this.assembly = null;
      this.deliver({ type: 'sceneBytes', bytes: new Uint8Array(0) });
      return;
    }
    if (!a.done) return;
    this.assembly = null;
    this.mark('decoded');
    this.deliver({ type: 'scene', scene: a.scene! });
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
