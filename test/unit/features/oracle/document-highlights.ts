import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { documentHighlightsWith, type Occurrence } from '../../../../server/src/features/document-highlights';

/** Highlights' look-up as of 576ff7e: a set of every definition's name start. */
export function documentHighlights(doc: AnalyzedDocument, offset: number): Occurrence[] {
  const definitionStarts = new Set(doc.analysis.semantics.symbols.definitions.map((d) => d.nameRange.start));
  return documentHighlightsWith(doc, offset, (start) => definitionStarts.has(start));
}
