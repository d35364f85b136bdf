import { SEVERITY_ORDER, severityCodicon, type IconSeverity } from '../../protocol/severity-icons';

/**
 * The status bar's icon for the findings it counts: the codicon of the most severe of them
 * (protocol/severity-icons.ts), so that a scene whose only tunnelling is a bullet's (information)
 * shows the information icon the lenses and the preview show for it, not a warning.
 * `severities` are VS Code's DiagnosticSeverity numbers (Error 0 ... Hint 3); none gives undefined.
 */
export function mostSevere(severities: Iterable<number>): IconSeverity | undefined {
  let best = SEVERITY_ORDER.length;
  for (const s of severities) if (Number.isInteger(s) && s >= 0 && s < best) best = s;
  return SEVERITY_ORDER[best];
}

/** The status bar text's icon for `severity`; `$(warning)` when the counts came without one. */
export function summaryIcon(severity: IconSeverity | undefined): string {
  return severityCodicon(severity ?? 'warning');
}
