import { isBroadPhaseKind, type BroadPhaseKind } from '../../../core/broad/broad-phase';
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
   * (features/diagnostic-limit.ts); 0 publishes them all.
   */
  readonly diagnosticsLimit: number;
}

/**
 * VS Code shows at most 1,000 diagnostics of one file: its extension host receives, converts and
 * keeps every one a server sends, and passes on the first 1,000 by severity (vs/workbench/api/
 * common/extHostDiagnostics.ts, `_maxDiagnosticsPerFile`). Sending more costs every keystroke
 * their bytes, twice their parse (language client and extension host) and their conversion, for
 * problems no editor panel shows. The same limit, applied by the server, shows the same problems.
 */
export const DEFAULT_DIAGNOSTICS_LIMIT = 1000;

export const DEFAULT_SETTINGS: CollideSettings = Object.freeze({
  severity: Object.freeze({}),
  continuous: true,
  broadPhase: DEFAULT_BROAD_PHASE,
  diagnosticsLimit: DEFAULT_DIAGNOSTICS_LIMIT,
});

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'information', 'hint', 'off']);

/**
 * The `collide` section as a client returned it, checked field by field: anything malformed (a
 * hand-edited settings.json, an editor that answers null) falls back to the default for that
 * field instead of failing the analysis. Unknown codes in `severity` are kept: a code added in a
 * later version can be configured before the server knows it.
 */
export function parseSettings(raw: unknown): CollideSettings {
  if (!raw || typeof raw !== 'object') return DEFAULT_SETTINGS;
  const r = raw as Record<string, unknown>;
  const severity: Record<string, SeveritySetting> = {};
  const sev = r['severity'];
  if (sev && typeof sev === 'object' && !Array.isArray(sev)) {
    for (const [code, value] of Object.entries(sev as Record<string, unknown>)) {
      if (typeof value === 'string' && SEVERITIES.has(value)) severity[code] = value as SeveritySetting;
    }
  }
  // VS Code nests dotted keys (`collide.continuous.enabled` arrives as continuous: {enabled});
  // other editors often send the flat spelling, so both are read.
  let continuous = DEFAULT_SETTINGS.continuous;
  const cont = r['continuous'];
  if (cont && typeof cont === 'object' && typeof (cont as Record<string, unknown>)['enabled'] === 'boolean') {
    continuous = (cont as Record<string, boolean>)['enabled']!;
  } else if (typeof r['continuous.enabled'] === 'boolean') {
    continuous = r['continuous.enabled'] as boolean;
  } else if (typeof cont === 'boolean') {
    continuous = cont;
  }
  const bp = r['broadPhase'];
  const broadPhase = isBroadPhaseKind(bp) ? bp : DEFAULT_SETTINGS.broadPhase;
  const diag = r['diagnostics'];
  const nested = diag && typeof diag === 'object' ? (diag as Record<string, unknown>)['limit'] : undefined;
  const limit = nested !== undefined ? nested : r['diagnostics.limit'];
  const diagnosticsLimit = typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : DEFAULT_SETTINGS.diagnosticsLimit;
  return { severity, continuous, broadPhase, diagnosticsLimit };
}

/** The analysis options that the settings select. */
export function analysisOptions(settings: CollideSettings): AnalysisOptions {
  return { continuous: settings.continuous, broadPhase: settings.broadPhase };
}
