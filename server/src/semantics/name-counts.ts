// A count of declarations per name, for duplicate checks kept up to date across edits.

/**
 * How many times each name is declared: a set of the names, and the counts of the few that
 * repeat. Nearly every name of a large scene is declared once, and a Set entry is two words
 * where a Map entry is three.
 */
export class NameCounts {
  private readonly names = new Set<string>();
  /** Names declared more than once, with their count (>= 2). */
  private readonly repeated = new Map<string, number>();

  count(name: string): number {
    return this.repeated.get(name) ?? (this.names.has(name) ? 1 : 0);
  }

  /** Counts one more declaration of `name`; returns the count before it. */
  add(name: string): number {
    const size = this.names.size;
    this.names.add(name);
    if (this.names.size > size) return 0;
    const count = this.repeated.get(name) ?? 1;
    this.repeated.set(name, count + 1);
    return count;
  }

  /** Counts `delta` more (or fewer) declarations of `name`. */
  adjust(name: string, delta: number): void {
    const n = this.count(name) + delta;
    if (n > 1) this.repeated.set(name, n);
    else this.repeated.delete(name);
    if (n > 0) this.names.add(name);
    else this.names.delete(name);
  }
}
