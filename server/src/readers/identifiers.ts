// Identifiers for the lowered scene: a level's body names (`Walls/Wall3`, `Objects#12`) are not
// identifiers of the scene language, so lowering writes one made from each and keeps the way back
// (lower.ts, LevelNames).
import { KEYWORDS } from '../syntax/tokens';

/** A name that is already word characters only (most names). */
const IDENTIFIER = /^[A-Za-z0-9_]+$/;
/** A character outside [A-Za-z0-9_]: a surrogate pair, or one code unit. */
const NOT_WORD = /[\ud800-\udbff][\udc00-\udfff]|[^A-Za-z0-9_]/g;

/**
 * An identifier of the language (`[A-Za-z_][A-Za-z0-9_]*`, not a keyword) made from `name`: every
 * other character becomes `_` (a surrogate pair, one character, becomes one `_`), a leading digit
 * or a keyword gets a `_` in front, and an empty name is `_`.
 */
export function identifierOf(name: string): string {
  // One replace: a flat string, where a loop of `+=` would leave a chain that hashing flattens.
  const id = IDENTIFIER.test(name) ? name : name.replace(NOT_WORD, '_');
  if (id === '') return '_';
  const c = id.charCodeAt(0);
  if ((c >= 48 && c <= 57) || KEYWORDS.has(id)) return `_${id}`;
  return id;
}

/**
 * Hands out identifiers that are unique among those already given (and any `reserved`): the
 * first body named so gets `identifierOf(name)`, the next ones that identifier with `_2`, `_3`,
 * ... (the first such suffix not yet taken).
 */
export class IdentifierPool {
  /**
   * Every identifier given or reserved, each with the next suffix to try after it: one lookup a
   * name, and repeated names stay linear.
   */
  private readonly taken = new Map<string, number>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.set(r, 2);
  }

  /** A fresh identifier for `name`. */
  take(name: string): string {
    const base = identifierOf(name);
    let k = this.taken.get(base);
    if (k === undefined) {
      this.taken.set(base, 2);
      return base;
    }
    while (this.taken.has(`${base}_${k}`)) k++;
    const id = `${base}_${k}`;
    this.taken.set(base, k + 1);
    this.taken.set(id, 2);
    return id;
  }
}
