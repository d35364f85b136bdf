import { DiagnosticSeverity, DiagnosticTag, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../common/diagnostic';
import type { AnalyzedDocument } from '../features/document';
import { DIAGNOSTIC_SOURCE } from '../../../protocol/lsp';
import { toRange } from './convert';

/**
 * Publishing diagnostics: the pipeline's plain diagnostics, with the user's severity settings
 * applied, as LSP diagnostics. Every one carries its stable code and the source `collide` (the
 * client's status bar counts `overlap` and `tunnelling` by that pair), and related information
 * points at the other body or the earlier definition.
 */
export { DIAGNOSTIC_SOURCE };

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The severity the settings give `d`, or null when its code is turned off. */
export function effectiveSeverity(doc: AnalyzedDocument, d: Diagnostic): Severity | null {
  const override = doc.settings.severity[d.code];
  if (override === 'off') return null;
  return override ?? d.severity;
}

/** The document's diagnostics as published: settings applied, codes turned off left out. */
export function publishedDiagnostics(doc: AnalyzedDocument): LspDiagnostic[] {
  const out: LspDiagnostic[] = [];
  for (const d of doc.analysis.diagnostics) {
    const severity = effectiveSeverity(doc, d);
    if (severity === null) continue;
    out.push(toLspDiagnostic(doc, d, severity));
  }
  return out;
}

/**
 * One diagnostic in LSP terms. No `data` but what the diagnostic is to send (`sentData`): the quick fixes find the plain diagnostic, data and
 * all, in the analysis of the version they are asked about (plainDiagnosticOf, by code, range
 * and message), so nothing a fix needs travels to the editor and back; shipping the vertex lists
 * of every polygon diagnostic on every publication bought nothing.
 */
export function toLspDiagnostic(doc: AnalyzedDocument, d: Diagnostic, severity: Severity = d.severity): LspDiagnostic {
  const lsp: LspDiagnostic = {
    range: toRange(doc.lines, d.range),
    severity: LSP_SEVERITY[severity],
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
  };
  if (d.related?.length) {
    lsp.relatedInformation = d.related.map((r) => ({
      location: { uri: doc.uri, range: toRange(doc.lines, r.range) },
      message: r.message,
    }));
  }
  if (d.tags?.length) lsp.tags = d.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
  if (d.sentData !== undefined) lsp.data = d.sentData;
  return lsp;
}

/**
 * The plain diagnostic an editor sent back (in a code action request), matched on code and
 * range against the analysis of the same version; undefined when it is not one of ours.
 */
export function plainDiagnosticOf(doc: AnalyzedDocument, lsp: LspDiagnostic): Diagnostic | undefined {
  if (lsp.source !== undefined && lsp.source !== DIAGNOSTIC_SOURCE) return undefined;
  const start = doc.lines.offsetAt(lsp.range.start);
  const end = doc.lines.offsetAt(lsp.range.end);
  let fallback: Diagnostic | undefined;
  for (const d of doc.analysis.diagnostics) {
    if (d.code !== lsp.code) continue;
    // Read once: a finding's diagnostic makes its range on each read (analysis/finding-diagnostic.ts).
    const range = d.range;
    if (range.start !== start || range.end !== end) continue;
    if (d.message === lsp.message) return d;
    fallback ??= d;
  }
  return fallback;
}
