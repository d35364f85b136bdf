import type { BroadPhaseKind } from '../../../core';
import type { AnalysisOptions } from '../analysis/pipeline';
import { DEFAULT_BROAD_PHASE } from '../analysis/analyze';
import type { Severity } from '../common/diagnostic';

/**
 * The server's settings (the `collide.*` contributions in package.json), as plain data. They are
 * resource-scoped: the server asks the client for them per document (workspace/configuration
 * with the document's URI as scope), so a folder can turn a code off for its own files only.
 */
export type SeveritySetting = Severity | 'off';

export interface CollideSettings {
  /** Overrides of the default severity, by diagnostic code; `off` drops the code. */
  readonly severity: Readonly<Record<string, SeveritySetting>>;
  /** Whether continuous detection (tunnelling, collision) runs. */
  readonly continuous: boolean;
  readonly broadPhase: BroadPhaseKind;
  /**
   * The most diagnostics published for one document, the limit's own note included
   * (lsp/publish/diagnostic-limit.ts); 0 publishes them all.
   */
  readonly diagnosticsLimit: number;
  /**
   * The most bodies with findings that get code lenses, the first in document order, and never
   * more than the diagnostics limit (features/code-lens.ts, lensCutoff); 0: as many as that.
   */
  readonly codeLensLimit: number;
}

/**
 * VS Code shows at most 1,000 diagnostics of one file: its extension host receives, converts and
 * keeps every one a server sends, and passes on the first 1,000 by severity (vs/workbench/api/
 * common/extHostDiagnostics.ts, `_maxDiagnosticsPerFile`). Sending more costs every keystroke
 * their bytes, twice their parse (language client and extension host) and their conversion, for
 * problems no editor panel shows. The same limit, applied by the server, shows the same problems.
 */
export const DEFAULT_DIAGNOSTICS_LIMIT = 1000;

/**
 * VS Code keeps a row and a widget in the editor's DOM for every lensed line of a file, on screen
 * or not (its CodeLensWidget), and every layout of the workbench (a split, the preview opening
 * beside the file, a keystroke's render) lays all of them out. Lenses without commands would be
 * resolved only on screen, but VS Code asks for them at least 250 ms after a scroll (its
 * `CodeLensResolve` debounce) and shows blank rows meanwhile.
 */
export const DEFAULT_CODE_LENS_LIMIT = 200;

export const DEFAULT_SETTINGS: CollideSettings = Object.freeze({
  severity: Object.freeze({}),
  continuous: true,
  broadPhase: DEFAULT_BROAD_PHASE,
  diagnosticsLimit: DEFAULT_DIAGNOSTICS_LIMIT,
  codeLensLimit: DEFAULT_CODE_LENS_LIMIT,
});

/** The analysis options that the settings select. */
export function analysisOptions(settings: CollideSettings): AnalysisOptions {
  return { continuous: settings.continuous, broadPhase: settings.broadPhase };
}
