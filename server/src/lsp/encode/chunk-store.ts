/**
 * Where a document's published diagnostics keep their bytes (publish/published-diagnostics.ts),
 * and how those bytes are compressed while the server is idle and expanded when read again.
 *
 * Freeing the raw bytes is the hard part: malloc keeps freed small blocks for later rather than
 * returning them to the system. So the bytes of a large publication are written into slabs of
 * SLAB_BYTES, which malloc maps on their own and unmaps when freed, and whose pages become
 * resident only as they are written. Once every chunk is compressed, the slabs are released at
 * once (their buffers detached, not left for a full collection), and the next expansion writes
 * into a fresh slab.
 *
 * Only bulk writes go to slabs (a publication converted from scratch, the expansion after a
 * pause); chunks rewritten by an edit are arrays of their own, so a slab never holds more than
 * one publication's worth of bytes that later edits have replaced.
 *
 * The codec is given (node/zlib-codec.ts in Node): nothing here needs a Node API.
 */

/**
 * Compresses and expands chunk bytes. A compressed chunk is a segment that stands alone and
 * that concatenates: the segments of several chunks, one after the other, expand in one call to
 * their bytes one after the other (raw DEFLATE segments each ended by a sync flush, as pigz
 * writes its independently compressed blocks), so that expanding a whole publication is one
 * call that writes into one slab, with no per-chunk buffer in between.
 */
export interface ChunkCodec {
  /** The compressed segment of `bytes`, in an array of its own (never a view of a larger buffer that would be kept alive with it). */
  pack(bytes: Uint8Array): Uint8Array;
  /**
   * The `size` bytes the segments `packed` stand for, in order, in an array the store may
   * release (a view of a buffer of at least `slabSize` bytes of its own, so that it is mapped on
   * its own: see SLAB_BYTES). Throws if they do not expand to exactly `size` bytes.
   */
  unpack(packed: readonly Uint8Array[], size: number, slabSize: number): Uint8Array;
  /**
   * Frees the memory of `buffer` now, leaving it empty (detached). Only called for a slab no
   * live chunk and no pending write still refers to.
   */
  release(buffer: ArrayBufferLike): void;
}

/**
 * The bytes of one chunk: raw, compressed, or both (compressed, then read again: the raw bytes
 * are dropped again at the next compaction without compressing anew). Shared by every
 * publication that shares the chunk, so that compressing or expanding it once serves them all.
 */
export class ChunkBytes {
  constructor(
    public raw: Uint8Array | null,
    /** Its length, raw. */
    readonly size: number,
  ) {}
  packed: Uint8Array | null = null;
  /** Whether `raw` is a view of one of the store's slabs (else an array of its own). */
  inSlab = false;
}

/** A chunk whose bytes could not be had back (the codec failed): the publisher starts over. */
export class LostChunkError extends Error {}

/**
 * The slabs and the compression state of one document's publications. `allocate` and `bytes`
 * are what a publication calls; `compact` and `release` are the idle-time work (lsp/server.ts).
 */
export class ChunkStore {
  private slab: Uint8Array = EMPTY_SLAB;
  private used = 0;
  /** Every slab still holding bytes of a live chunk, the current one included, and the expansions' buffers. */
  private readonly slabs: Uint8Array[] = [];

  constructor(
    private readonly codec: ChunkCodec | null = null,
    /** The size of a slab (SLAB_BYTES; tests use small ones). */
    private readonly slabSize: number = SLAB_BYTES,
  ) {}

  /** Whether this store compresses at all (a codec was given). */
  get compresses(): boolean {
    return this.codec !== null;
  }

  /**
   * `size` new bytes for a chunk: in the current slab when `bulk` (a whole publication being
   * written) and the store compresses, else an array of their own.
   */
  allocate(size: number, bulk: boolean): ChunkBytes {
    if (!bulk || this.codec === null) return new ChunkBytes(new Uint8Array(size), size);
    const bytes = new ChunkBytes(this.slabView(size), size);
    bytes.inSlab = true;
    return bytes;
  }

  /** The raw bytes of `b`, expanded first if it is compressed only (expand() does all of a publication's at once). */
  bytes(b: ChunkBytes): Uint8Array {
    const raw = b.raw;
    if (raw !== null) return raw;
    this.expand([b]);
    return b.raw!;
  }

  /**
   * Expands every chunk of `chunks` that is compressed only, in one call of the codec into one
   * buffer (a slab: released with the others), so that the first publication after a pause
   * makes no small buffer per chunk for the C heap to keep. Throws a LostChunkError if the codec
   * fails.
   */
  expand(chunks: readonly ChunkBytes[]): void {
    let size = 0;
    const packed: Uint8Array[] = [];
    for (let c = 0; c < chunks.length; c++) {
      const b = chunks[c]!;
      if (b.raw !== null) continue;
      if (b.packed === null) throw new LostChunkError('a published chunk has neither raw nor compressed bytes');
      packed.push(b.packed);
      size += b.size;
    }
    if (packed.length === 0) return;
    if (this.codec === null) throw new LostChunkError('a published chunk is compressed, and there is no codec');
    let all: Uint8Array;
    try {
      all = this.codec.unpack(packed, size, this.slabSize);
    } catch (e) {
      throw new LostChunkError(`published chunks could not be expanded: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (all.length !== size) throw new LostChunkError(`published chunks expanded to ${all.length} bytes, ${size} expected`);
    this.slabs.push(all);
    let at = 0;
    for (let c = 0; c < chunks.length; c++) {
      const b = chunks[c]!;
      if (b.raw !== null) continue;
      b.raw = all.subarray(at, at + b.size);
      b.inSlab = true;
      at += b.size;
    }
  }


  private slabView(size: number): Uint8Array {
    if (this.used + size > this.slab.length) {
      this.slab = new Uint8Array(Math.max(this.slabSize, size));
      this.slabs.push(this.slab);
      this.used = 0;
    }
    const view = this.slab.subarray(this.used, this.used + size);
    this.used += size;
    return view;
  }

  /**
   * Compresses the chunks of `chunks` that are not yet, one at a time, until `shouldYield` says
   * to stop: true when all of them are. Raw bytes stay as they are (anything may still read
   * them); `release` drops them.
   */
  compact(chunks: readonly ChunkBytes[], shouldYield: () => boolean): boolean {
    const codec = this.codec;
    if (codec === null) return true;
    for (let c = 0; c < chunks.length; c++) {
      const b = chunks[c]!;
      if (b.packed !== null || b.raw === null) continue;
      if (shouldYield()) return false;
      try {
        b.packed = codec.pack(b.raw);
      } catch {
        // Kept raw: only memory is lost, and the next compaction tries again.
      }
    }
    return true;
  }

  /**
   * Drops the raw bytes of every chunk of `chunks` that is compressed, and frees the slabs when
   * none of their bytes is left: `chunks` must be every chunk of this store that is still
   * referenced (a publication's chunks and the ones it shares), and no list published from
   * them may be read afterwards (a write still in progress included: the caller waits for it).
   * Returns the bytes freed from slabs.
   */
  release(chunks: readonly ChunkBytes[]): number {
    if (this.codec === null) return 0;
    let raw = 0;
    for (let c = 0; c < chunks.length; c++) {
      const b = chunks[c]!;
      if (b.raw === null) continue;
      if (b.packed === null) {
        if (b.inSlab) raw++;
        continue;
      }
      b.raw = null;
      b.inSlab = false;
    }
    // A chunk left raw in a slab (its compression failed) keeps every slab.
    if (raw > 0) return 0;
    return this.freeSlabs(this.codec);
  }

  /**
   * Gives the slabs back without compressing: for a publication too small to be compressed
   * (one that shrank since it was written, or none at all now), whose chunks still in a slab
   * get arrays of their own (a copy of at most COMPACT_MIN_BYTES), so that the slabs, up to
   * a whole earlier publication's worth of resident pages, do not stay for as long as the
   * document is open. Same conditions as release(); returns the bytes freed from slabs.
   */
  unslab(chunks: readonly ChunkBytes[]): number {
    if (this.codec === null || this.slabs.length === 0) return 0;
    for (let c = 0; c < chunks.length; c++) {
      const b = chunks[c]!;
      if (!b.inSlab || b.raw === null) continue;
      // A copy, never slice(): an expanded chunk is a view of the codec's buffer, a Node Buffer
      // in the server, whose slice() is another view of the memory released just below.
      b.raw = new Uint8Array(b.raw);
      b.inSlab = false;
    }
    return this.freeSlabs(this.codec);
  }

  private freeSlabs(codec: ChunkCodec): number {
    let freed = 0;
    for (const s of this.slabs) {
      freed += s.buffer.byteLength;
      codec.release(s.buffer);
    }
    this.slabs.length = 0;
    this.slab = EMPTY_SLAB;
    this.used = 0;
    return freed;
  }

  /** The slabs' total size (virtual: only what was written is resident). */
  get slabBytes(): number {
    let n = 0;
    for (const s of this.slabs) n += s.buffer.byteLength;
    return n;
  }
}

const EMPTY_SLAB = new Uint8Array(0);

/**
 * The size of a slab: above glibc's largest dynamic mmap threshold (32 MiB on 64-bit,
 * DEFAULT_MMAP_THRESHOLD_MAX), so that it is always mapped on its own and given back whole when
 * freed, however far glibc has raised its threshold (it does on freeing any larger mapped block).
 * Only the pages written are resident.
 */
export const SLAB_BYTES = 34 * 1024 * 1024;

/**
 * The least size of a publication worth compressing. Compressing costs the first edit after each
 * pause the expansion of the whole list, and saves most of its bytes; under a few megabytes the
 * saving is not worth a slower edit.
 */
export const COMPACT_MIN_BYTES = 4 * 1024 * 1024;
