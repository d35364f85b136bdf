import type { TextRange } from '../common/diagnostic';
import { KEYWORDS } from '../syntax/lexer';
import { lookupDefinition, namespaceOf, occurrencesOf, symbolAt } from '../semantics/symbols';
import type { AnalyzedDocument } from './document';

/**
 * Rename and prepare-rename. Prepare answers the range of the name under the
 * cursor (or a reason why nothing there can be renamed); rename rewrites every occurrence after
 * checking that the new name is an identifier, not a keyword, and not already taken in the same
 * namespace (constants and shapes share one). The edits are this document's, in offsets.
 */
export type RenameResult = { readonly edits: readonly { readonly range: TextRange; readonly newText: string }[] } | { readonly error: string };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function prepareRename(doc: AnalyzedDocument, offset: number): { range: TextRange; placeholder: string } | { error: string } {
  const s = symbolAt(doc.analysis.semantics.symbols, offset);
  if (!s) return { error: 'Only the name of a body, shape, constant or layer can be renamed.' };
  const range = s.reference?.range ?? s.definition.nameRange;
  return { range, placeholder: s.definition.name };
}

export function rename(doc: AnalyzedDocument, offset: number, newName: string): RenameResult {
  const table = doc.analysis.semantics.symbols;
  const s = symbolAt(table, offset);
  if (!s) return { error: 'Only the name of a body, shape, constant or layer can be renamed.' };
  if (!IDENTIFIER.test(newName)) return { error: `'${newName}' is not a name: use letters, digits and _, not starting with a digit.` };
  if (KEYWORDS.has(newName)) return { error: `'${newName}' is a keyword and cannot be a name.` };
  const def = s.definition;
  if (newName !== def.name) {
    const taken = lookupDefinition(table, def.kind, newName);
    if (taken) {
      const what = taken.kind === 'let' ? 'a constant' : taken.kind === 'shape' ? 'a shape' : `a ${namespaceOf(taken.kind)}`;
      return { error: `'${newName}' is already ${what} in this file.` };
    }
  }
  return { edits: occurrencesOf(table, def).map((range) => ({ range, newText: newName })) };
}
