import { definitionOf, isSceneBody, type SymbolDefinition, type SymbolTable } from '../semantics/symbols';
import type { LineIndex } from '../syntax/positions';

/**
 * Workspace symbols: every named body, shape, constant and layer of the given
 * documents whose name matches the query as a case-insensitive subsequence (`cr1` finds
 * `crate_1`), the way editors' symbol pickers filter. Results are ranked: exact, then prefix,
 * then contiguous, then scattered matches, and capped so a huge workspace stays responsive.
 */
export const MAX_WORKSPACE_SYMBOLS = 500;

/** The names of one file: an open document's analysis, or a file on disk read for its names. */
export interface SymbolSource {
  readonly uri: string;
  readonly lines: LineIndex;
  readonly symbols: SymbolTable;
}

/** A definition whose name matches the query, and the file it is in. */
export interface SymbolMatch {
  readonly source: SymbolSource;
  readonly definition: SymbolDefinition;
}

export function workspaceSymbols(sources: Iterable<SymbolSource>, query: string): SymbolMatch[] {
  const q = query.toLowerCase();
  const scored: { score: number; match: SymbolMatch }[] = [];
  for (const doc of sources) {
    for (const entry of doc.symbols.entries) {
      if ((!isSceneBody(entry) && entry.duplicate) || entry.name === '') continue;
      const score = matchScore(entry.name.toLowerCase(), q);
      if (score < 0) continue;
      scored.push({ score, match: { source: doc, definition: definitionOf(entry) } });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.match.definition.name.localeCompare(b.match.definition.name));
  return scored.slice(0, MAX_WORKSPACE_SYMBOLS).map((s) => s.match);
}

/** -1 when `query` is not a subsequence of `name`; else lower is better. */
export function matchScore(name: string, query: string): number {
  if (query === '') return 3;
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.includes(query)) return 2;
  let j = 0;
  for (let i = 0; i < name.length && j < query.length; i++) if (name[i] === query[j]) j++;
  return j === query.length ? 3 : -1;
}
