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

/** The bullet example's case: a tunnelling shot marked `bullet` (information), a plain one (warning), a slow ball (collision). */
export const SHOTS = [
  'dt 1/60',
  'body wall static box(0.1, 4) at (2, 0)',
  'body shot circle(0.05) at (-1, 0) velocity (600, 0)',
  'body wall2 static box(0.1, 4) at (2, 10)',
  'body dart bullet circle(0.05) at (-1, 10) velocity (600, 0)',
  'body wall3 static box(0.1, 4) at (2, 20)',
  'body ball circle(0.25) at (1, 20) velocity (60, 0)',
  'body floor static box(4, 1) at (0, 29.5)',
  'body crate box(1, 1) at (0, 30.45)',
  '',
].join('\n');
