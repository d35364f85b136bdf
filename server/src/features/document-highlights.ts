import type { TextRange } from '../common/diagnostic';
import { occurrencesOf, symbolAt, type DefinitionEntry } from '../semantics/symbols';
import { lowerBoundBy } from '../syntax/positions';
import type { AnalyzedDocument } from './document';

/** One occurrence of a symbol: where its name is, and whether a definition names it there. */
export interface Occurrence {
  readonly range: TextRange;
  readonly defines: boolean;
}

/** Document highlights: every occurrence of the symbol under the cursor, in source order. */
export function documentHighlights(doc: AnalyzedDocument, offset: number): Occurrence[] {
  const definitions = doc.analysis.semantics.symbols.entries;
  return documentHighlightsWith(doc, offset, (start) => definesAt(definitions, start));
}

/**
 * The highlights at `offset`, where `defines` tells whether a definition's name starts at an
 * offset: found by binary search here, by a set of the file's definitions in the equivalence
 * test's oracle (test/unit/features/oracle/document-highlights.ts).
 */
export function documentHighlightsWith(doc: AnalyzedDocument, offset: number, defines: (start: number) => boolean): Occurrence[] {
  const table = doc.analysis.semantics.symbols;
  const s = symbolAt(table, offset);
  if (!s) return [];
  return occurrencesOf(table, s.definition).map((range) => ({ range, defines: defines(range.start) }));
}

/**
 * Whether a definition's name starts at `offset`. Definitions are in source order, each name
 * inside its statement, so a binary search on the statements finds the candidates (asked for each
 * occurrence on every cursor move, instead of a set of every definition of the file).
 */
function definesAt(definitions: readonly DefinitionEntry[], offset: number): boolean {
  for (let i = lowerBoundBy(definitions, offset, (d) => d.range.end); i < definitions.length && definitions[i]!.range.start <= offset; i++) {
    if (definitions[i]!.nameRange.start === offset) return true;
  }
  return false;
}
