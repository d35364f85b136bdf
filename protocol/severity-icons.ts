/**
 * One icon per diagnostic severity, the same wherever a finding is shown: the code lenses and the
 * status bar draw VS Code's codicon (`$(warning)`), the preview's findings list and the hover,
 * which cannot draw codicons, its glyph. The codicons are those VS Code's Problems panel and
 * editor use for the four LSP severities (vs/platform/severityIcon: error, warning, info; a hint
 * has no Problems entry and is drawn as an ellipsis under the text).
 */
export type IconSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface SeverityIcon {
  /** The codicon's id, written `$(id)` in a lens or status bar text. */
  readonly codicon: string;
  /** A text glyph of the same shape, for places that draw text only. */
  readonly glyph: string;
}

export const SEVERITY_ICONS: Readonly<Record<IconSeverity, SeverityIcon>> = Object.freeze({
  error: Object.freeze({ codicon: 'error', glyph: '⊗' }),
  warning: Object.freeze({ codicon: 'warning', glyph: '⚠' }),
  information: Object.freeze({ codicon: 'info', glyph: 'ⓘ' }),
  hint: Object.freeze({ codicon: 'lightbulb', glyph: '…' }),
});

/** Most severe first, as VS Code orders problems. */
export const SEVERITY_ORDER: readonly IconSeverity[] = ['error', 'warning', 'information', 'hint'];

/** `$(codicon)` of a severity, for a lens title or a status bar item. */
export function severityCodicon(s: IconSeverity): string {
  return `$(${SEVERITY_ICONS[s].codicon})`;
}
