import type { DocumentAnalysis } from '../../../../server/src/analysis/pipeline';
import type { AnalyzedDocument } from '../../../../server/src/features/document';
import { recordedValues } from '../../../../server/src/semantics/check';
import type { ValueTable } from '../../../../server/src/semantics/value-table';

/**
 * The whole document's value table, as a whole-file check of its text records it
 * (semantics/check.ts `recordedValues`): the table the language server kept, and every look-up
 * read, at 576ff7e. Made once per analysis; a test that gives an analysis a table of its own
 * sets it here.
 */
export const WHOLE_VALUES = new WeakMap<DocumentAnalysis, ValueTable>();

export function wholeValues(doc: AnalyzedDocument): ValueTable {
  let table = WHOLE_VALUES.get(doc.analysis);
  if (!table) {
    table = recordedValues(doc.analysis.parse);
    WHOLE_VALUES.set(doc.analysis, table);
  }
  return table;
}
