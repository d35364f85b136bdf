// Identifiers for the lowered scene: a level's body names (`Walls/Wall3`, `Objects#12`) are not
// identifiers of the scene language, so lowering writes one made from each and keeps the way back
// (lower.ts, LevelNames).
import { KEYWORDS } from '../syntax/tokens';

/** A name that is already word characters only (most names). */
const IDENTIFIER = /^[A-Za-z0-9_]+$/;

/**
 * An identifier of the language (`[A-Za-z_][A-Za-z0-9_]*`, not a keyword) made from `name`: every
 * other character becomes `_` (a surrogate pair, one character, becomes one `_`), a leading digit
 * or a keyword gets a `_` in front, and an empty name is `_`.
 */
export function identifierOf(name: string): string {
  let id = IDENTIFIER.test(name) ? name : '';
  if (id === '') {
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
      id += word ? name[i] : '_';
      // A surrogate pair is one character: one `_`.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < name.length && (name.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
    if (id === '') return '_';
  }
  if (/^[0-9]/.test(id) || KEYWORDS.has(id)) return `_${id}`;
  return id;
}

/**
 * Hands out identifiers that are unique among those already given (and any `reserved`): the
 * first body named so gets `identifierOf(name)`, the next ones that identifier with `_2`, `_3`,
 * ... (the first such suffix not yet taken).
 */
export class IdentifierPool {
  private readonly taken = new Set<string>();
  /** Per base identifier, the next suffix to try: repeated names stay linear. */
  private readonly nextSuffix = new Map<string, number>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.add(r);
  }

  /** A fresh identifier for `name`. */
  take(name: string): string {
    const base = identifierOf(name);
    if (!this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    let k = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(`${base}_${k}`)) k++;
    const id = `${base}_${k}`;
    this.nextSuffix.set(base, k + 1);
    this.taken.add(id);
    return id;
  }
}
