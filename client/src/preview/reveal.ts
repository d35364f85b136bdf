import type { PreviewScene } from '../../../protocol/preview-model';

/** Where the text editor shows a body clicked in the preview, and what it selects. */
export interface RevealPlan {
  /** The body's name, in UTF-16 offsets of the document's current version: selected. */
  readonly start: number;
  readonly end: number;
  /**
   * The column of a text editor showing the document, or 'beside' the preview when none does
   * (the preview was opened in the text's own column, over it): the text must not cover the
   * preview it was revealed from.
   */
  readonly column: number | 'beside';
}

/**
 * The reveal of body `name`, clicked in the preview: its name in the scene the host holds, when
 * that scene is of the document's current version (its ranges are then the text's), whatever
 * version the webview drew (a body keeps its name while the text around it changes). Null when
 * the host's scene is behind the text or has no such body.
 *
 * @param visibleColumns the columns of the visible text editors that show the document
 * @param previewColumn the preview's column: an editor there is hidden behind it
 */
export function revealPlan(scene: PreviewScene | null, docVersion: number, name: string, visibleColumns: readonly (number | undefined)[], previewColumn: number | undefined): RevealPlan | null {
  if (!scene || scene.version !== docVersion) return null;
  const body = scene.bodies.find((b) => b.name === name);
  if (!body) return null;
  const column = visibleColumns.find((c) => c !== undefined && c !== previewColumn);
  return { start: body.nameRange.start, end: body.nameRange.end, column: column ?? 'beside' };
}
