import { analyzeText, type AnalyzedDocument } from '../../../server/src/features/document';
import { DEFAULT_SETTINGS, type CollideSettings } from '../../../server/src/features/settings';

/**
 * Inline fixtures with a cursor marker: `|` (a character the scene language never uses) marks
 * the offset a feature is asked about; the marker is removed from the analyzed text.
 */
export function cursor(marked: string, settings: CollideSettings = DEFAULT_SETTINGS): { doc: AnalyzedDocument; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0 || marked.indexOf('|', offset + 1) >= 0) throw new Error('a fixture needs exactly one | marker');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { doc: analyzeText(text, 'file:///test.collide', settings), offset };
}

export function scene(text: string, settings: CollideSettings = DEFAULT_SETTINGS): AnalyzedDocument {
  return analyzeText(text, 'file:///test.collide', settings);
}
