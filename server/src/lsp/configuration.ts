import { isBroadPhaseKind } from '../../../core';
import { DEFAULT_SETTINGS, type CollideSettings, type SeveritySetting } from '../features/settings';

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
  const diagnosticsLimit = countSetting(r, 'diagnostics', DEFAULT_SETTINGS.diagnosticsLimit);
  const codeLensLimit = countSetting(r, 'codeLens', DEFAULT_SETTINGS.codeLensLimit);
  return { severity, continuous, broadPhase, diagnosticsLimit, codeLensLimit };
}

/** `<section>.limit`, nested or flat: a non-negative integer, else `fallback`. */
function countSetting(r: Record<string, unknown>, section: string, fallback: number): number {
  const s = r[section];
  const nested = s && typeof s === 'object' ? (s as Record<string, unknown>)['limit'] : undefined;
  const limit = nested !== undefined ? nested : r[`${section}.limit`];
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : fallback;
}
