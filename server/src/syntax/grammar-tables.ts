// Keyword ids and keyword classes the grammar's pieces share, made once from the lexer's table.
import { KEYWORD_ID, MODIFIER_KEYWORDS, PROPERTY_KEYWORDS, SHAPE_KEYWORDS, STATEMENT_KEYWORDS } from './tokens';

/** How deep parentheses, calls, compounds and operator chains may nest. */
export const MAX_NESTING = 256;

const kw = (word: string): number => KEYWORD_ID.get(word)!;
export const KW_DT = kw('dt');
export const KW_FRAMES = kw('frames');
export const KW_SLOP = kw('slop');
export const KW_LET = kw('let');
export const KW_SHAPE = kw('shape');
export const KW_LAYER = kw('layer');
export const KW_BODY = kw('body');
export const KW_TILES = kw('tiles');
export const KW_COLLIDES = kw('collides');
export const KW_COMPOUND = kw('compound');
export const KW_AT = kw('at');
export const KW_ANGLE = kw('angle');
export const KW_PI = kw('pi');

/** Keyword id → membership in each class. */
const keywordClass = (words: readonly string[]): Uint8Array => {
  const set = new Uint8Array(KEYWORD_ID.size);
  for (const w of words) set[kw(w)] = 1;
  return set;
};
export const IS_STATEMENT = keywordClass(STATEMENT_KEYWORDS);
export const IS_MODIFIER = keywordClass(MODIFIER_KEYWORDS);
export const IS_SHAPE = keywordClass(SHAPE_KEYWORDS);
export const IS_PROPERTY = keywordClass(PROPERTY_KEYWORDS);

/** What `listStart` and `afterListItem` return while a list has more items (no token index). */
export const LIST_GOES_ON = -2;
