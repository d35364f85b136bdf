/**
 * A document's diagnostics spread over several collections by line, so that an edit re-sends only
 * the collections whose diagnostics changed. VS Code's API replaces a document's whole list in a
 * collection on every `set`: its extension host converts each diagnostic again and sends the
 * list over to the workbench, which replaces every marker and squiggle of that collection. With
 * the 1,000 problems of a large level that is most of a keystroke's cost in the editor, while a
 * typical edit changes the diagnostics of a line or two.
 *
 * A diagnostic goes to bucket `floor(line / LINES_PER_BLOCK) % count` (blocks of lines dealt
 * round-robin, so that a cluster of problems spreads over every bucket). A bucket is set again
 * only when its list differs from the one it holds (`same`, element by element). The union of
 * the buckets is always the list published last, in the same order within a bucket.
 */
export const LINES_PER_BLOCK = 32;

/** Where a bucket's list goes: a DiagnosticCollection in the extension, an array in the tests. */
export interface BucketSink<D> {
  set(uri: string, diagnostics: readonly D[]): void;
}

export class DiagnosticBuckets<D> {
  private readonly held = new Map<string, (readonly D[])[]>();

  constructor(
    private readonly sinks: readonly BucketSink<D>[],
    private readonly lineOf: (d: D) => number,
    private readonly same: (a: D, b: D) => boolean,
  ) {
    if (sinks.length === 0) throw new Error('DiagnosticBuckets needs at least one sink');
  }

  /** Publishes `diagnostics` for `uri`; returns how many buckets were set. */
  publish(uri: string, diagnostics: readonly D[]): number {
    const n = this.sinks.length;
    const next: D[][] = Array.from({ length: n }, () => []);
    for (const d of diagnostics) next[Math.floor(Math.max(0, this.lineOf(d)) / LINES_PER_BLOCK) % n]!.push(d);
    const before = this.held.get(uri);
    let set = 0;
    for (let k = 0; k < n; k++) {
      const old = before?.[k] ?? [];
      if (this.equal(old, next[k]!)) continue;
      this.sinks[k]!.set(uri, next[k]!);
      set++;
    }
    if (diagnostics.length === 0) this.held.delete(uri);
    else this.held.set(uri, next);
    return set;
  }

  /** Forgets every document (the collections were cleared, e.g. the server stopped). */
  reset(): void {
    this.held.clear();
  }

  private equal(a: readonly D[], b: readonly D[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!this.same(a[i]!, b[i]!)) return false;
    return true;
  }
}
