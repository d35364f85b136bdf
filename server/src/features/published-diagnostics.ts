import type { Diagnostic as LspDiagnostic, Position } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../common/diagnostic';
import type { LineIndex } from '../syntax/positions';
import { effectiveSeverity, toLspDiagnostic } from './diagnostics';
import type { AnalyzedDocument } from './document';

/**
 * The diagnostics of successive versions of one document as published, reusing the LSP object of
 * every diagnostic that reads the same as in the previous publication. An edit of one body in a
 * 10k-body scene changes a handful of its ~6k diagnostics; the rest are the same objects again,
 * so the wire encoder (diagnostics-json.ts) serialises only the new ones.
 *
 * A reused object is exactly what a fresh conversion would give, by construction: it is taken
 * only when everything toLspDiagnostic reads is equal — code, effective severity, message, the
 * start and end positions (line and character, recomputed from the current text: a line inserted
 * above moves a diagnostic whose offsets did not change, and the reverse), each related
 * location's positions and message, the tags, the data (by identity) and the document's URI.
 * Objects handed out are never modified afterwards, here or by the encoder.
 *
 * Candidates are found by message: the finding diagnostics of an unchanged pair keep their
 * message (analysis/pipeline.ts, FindingDiagnostics) while their range objects may be new.
 */
export class PublishedDiagnostics {
  private previous = new Map<string, Entry | Entry[]>();

  /** The document's diagnostics as publishedDiagnostics(doc) gives them, unchanged ones reused. */
  publish(doc: AnalyzedDocument): LspDiagnostic[] {
    const out: LspDiagnostic[] = [];
    const next = new Map<string, Entry | Entry[]>();
    for (const d of doc.analysis.diagnostics) {
      const severity = effectiveSeverity(doc, d);
      if (severity === null) continue;
      let entry = this.reusable(doc, d, severity);
      entry ??= { code: d.code, severity, data: d.data, tags: d.tags, uri: doc.uri, lsp: toLspDiagnostic(doc, d, severity) };
      out.push(entry.lsp);
      const there = next.get(d.message);
      if (there === undefined) next.set(d.message, entry);
      else if (Array.isArray(there)) there.push(entry);
      else if (there !== entry) next.set(d.message, [there, entry]);
    }
    this.previous = next;
    return out;
  }

  /** Forgets the previous publication (document closed, or its diagnostics cleared). */
  clear(): void {
    this.previous = new Map();
  }

  private reusable(doc: AnalyzedDocument, d: Diagnostic, severity: Severity): Entry | undefined {
    const there = this.previous.get(d.message);
    if (there === undefined) return undefined;
    if (!Array.isArray(there)) return matches(doc, d, severity, there) ? there : undefined;
    for (const e of there) if (matches(doc, d, severity, e)) return e;
    return undefined;
  }
}

interface Entry {
  readonly code: string;
  readonly severity: Severity;
  readonly data: unknown;
  readonly tags: Diagnostic['tags'];
  readonly uri: string;
  readonly lsp: LspDiagnostic;
}

function matches(doc: AnalyzedDocument, d: Diagnostic, severity: Severity, e: Entry): boolean {
  if (e.code !== d.code || e.severity !== severity || e.data !== d.data || e.uri !== doc.uri || !sameTags(e.tags, d.tags)) return false;
  const lsp = e.lsp;
  if (!at(doc.lines, d.range.start, lsp.range.start) || !at(doc.lines, d.range.end, lsp.range.end)) return false;
  const related = d.related?.length ? d.related : undefined;
  const was = lsp.relatedInformation;
  if (related === undefined || was === undefined) return related === was;
  if (related.length !== was.length) return false;
  for (let k = 0; k < related.length; k++) {
    const r = related[k]!;
    const w = was[k]!;
    if (r.message !== w.message || !at(doc.lines, r.range.start, w.location.range.start) || !at(doc.lines, r.range.end, w.location.range.end)) return false;
  }
  return true;
}

/**
 * Whether `offset` is at `p` in the current text: LineIndex.positionAt without making the
 * position (four per diagnostic, thousands per publication).
 */
function at(lines: LineIndex, offset: number, p: Position): boolean {
  if (!(offset > 0)) offset = 0;
  if (offset > lines.text.length) offset = lines.text.length;
  offset = Math.floor(offset);
  const line = lines.lineAt(offset);
  return line === p.line && Math.min(offset, lines.lineEnd(line)) - lines.lineStart(line) === p.character;
}

function sameTags(x: Diagnostic['tags'], y: Diagnostic['tags']): boolean {
  if (x === y) return true;
  const a = x ?? [];
  const b = y ?? [];
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
