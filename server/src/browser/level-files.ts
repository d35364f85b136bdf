import type { LevelFiles } from '../lsp/level-documents';
import { uriOfPath } from '../lsp/level-paths';

/**
 * What a level reads besides itself, in a browser worker, which has no file system: files are
 * asked of the client (`read`, the `collide/readFile` request of protocol/lsp.ts) and Tiled's
 * compressed layers inflated by the platform's DecompressionStream, both asynchronous where a
 * reader is a synchronous function of its inputs. So the first read of a level answers a file
 * not had yet as unreadable and starts getting it; `settle` waits for those, and the level is
 * read again with them (lsp/level-documents.ts), which gives the result a synchronous file
 * system gives. Texts are kept until the client says the file changed (`forget`).
 */
export class ClientLevelFiles implements LevelFiles {
  /** URI → its text, or undefined when the client could not read it. */
  private readonly texts = new Map<string, string | undefined>();
  /** URIs asked of the client and not answered yet. */
  private readonly asking = new Set<string>();
  private readonly inflated = new InflateCache();
  private readonly pending = new Set<Promise<void>>();
  private started = false;

  constructor(private readonly read: (uri: string) => Promise<string | undefined>) {}

  readFile(path: string, near: string): string | undefined {
    const uri = uriOfPath(path, near);
    if (this.texts.has(uri)) return this.texts.get(uri);
    if (this.asking.has(uri)) return undefined;
    this.asking.add(uri);
    this.start(
      this.read(uri)
        .then(
          (text) => void this.texts.set(uri, text !== undefined && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text),
          () => void this.texts.set(uri, undefined),
        )
        .finally(() => this.asking.delete(uri)),
    );
    return undefined;
  }

  inflate(data: Uint8Array, format: 'zlib' | 'gzip'): Uint8Array | undefined {
    const had = this.inflated.get(data, format);
    if (had !== null) return had;
    this.start(this.inflated.fill(data, format));
    return undefined;
  }

  async settle(): Promise<boolean> {
    const started = this.started;
    this.started = false;
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    return started;
  }

  forget(uri: string): void {
    this.texts.delete(uri);
  }

  private start(work: Promise<void>): void {
    this.started = true;
    const done = work.finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
}

interface Inflation {
  readonly format: 'zlib' | 'gzip';
  readonly data: Uint8Array;
  /** Undefined when the data is malformed. */
  out: Uint8Array | undefined;
}

/** Inflated layers by their compressed bytes (a hash to find them, the bytes compared). */
class InflateCache {
  private readonly entries = new Map<number, Inflation[]>();

  /** The inflated bytes (undefined: malformed), or null when not inflated yet. */
  get(data: Uint8Array, format: 'zlib' | 'gzip'): Uint8Array | undefined | null {
    const found = this.entries.get(hashOf(data))?.find((e) => e.format === format && sameBytes(e.data, data));
    return found === undefined ? null : found.out;
  }

  async fill(data: Uint8Array, format: 'zlib' | 'gzip'): Promise<void> {
    const entry: Inflation = { format, data: data.slice(), out: undefined };
    const hash = hashOf(data);
    const list = this.entries.get(hash) ?? [];
    list.push(entry);
    this.entries.set(hash, list);
    entry.out = await inflateAsync(entry.data, format);
  }
}

/** FNV-1a over the bytes. */
function hashOf(data: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
  return h >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface StreamPlatform {
  DecompressionStream?: new (format: string) => { readable: unknown; writable: unknown };
  Blob: new (parts: Uint8Array[]) => { stream(): { pipeThrough(t: unknown): unknown } };
  Response: new (body: unknown) => { arrayBuffer(): Promise<ArrayBuffer> };
}

/** zlib ('deflate' to the platform: RFC 1950) or gzip data inflated; undefined when malformed. */
async function inflateAsync(data: Uint8Array, format: 'zlib' | 'gzip'): Promise<Uint8Array | undefined> {
  const p = globalThis as unknown as StreamPlatform;
  if (p.DecompressionStream === undefined) return undefined;
  try {
    const stream = new p.Blob([data]).stream().pipeThrough(new p.DecompressionStream(format === 'zlib' ? 'deflate' : 'gzip'));
    return new Uint8Array(await new p.Response(stream).arrayBuffer());
  } catch {
    return undefined;
  }
}
