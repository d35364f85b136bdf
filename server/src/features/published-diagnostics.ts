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
 * Candidates are found by walking the previous publication alongside the new one (both are in
 * position order): the next previous entry, else one a little further on (diagnostics removed
 * before this one), compared by message first. The finding diagnostics of an unchanged pair keep
 * their message (analysis/pipeline.ts, FindingDiagnostics) while their range objects may be new.
 * A diagnostic found neither way (new, changed, or moved far in the list) is converted afresh.
 */
export class PublishedDiagnostics {
  private previous: Entry[] = [];

  /** The document's diagnostics as publishedDiagnostics(doc) gives them, unchanged ones reused. */
  publish(doc: AnalyzedDocument): LspDiagnostic[] {
    const old = this.previous;
    const next: Entry[] = [];
    const out: LspDiagnostic[] = [];
    let j = 0;
    for (const d of doc.analysis.diagnostics) {
      const severity = effectiveSeverity(doc, d);
      if (severity === null) continue;
      let entry: Entry | undefined;
      const stop = Math.min(old.length, j + LOOK_AHEAD);
      for (let i = j; i < stop; i++) {
        const e = old[i]!;
        if (e.lsp.message === d.message && matches(doc, d, severity, e)) {
          entry = e;
          j = i + 1;
          break;
        }
      }
      entry ??= { code: d.code, severity, data: d.data, tags: d.tags, uri: doc.uri, lsp: toLspDiagnostic(doc, d, severity) };
      next.push(entry);
      out.push(entry.lsp);
    }
    this.previous = next;
    return out;
  }

  /** Forgets the previous publication (document closed, or its diagnostics cleared). */
  clear(): void {
    this.previous = [];
  }
}

/** How far past the expected place a diagnostic of the previous publication is looked for. */
const LOOK_AHEAD = 32;

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
 * Whether LineIndex.positionAt(offset) is `p` in the current text, in constant time: `p`'s line
 * must start at offset - character and reach offset before its line break (then it is the line
 * of `offset`, and the character is not clamped). A position positionAt clamped (an offset inside
 * a CR LF) fails the test and is converted afresh, which is only slower.
 */
function at(lines: LineIndex, offset: number, p: Position): boolean {
  const start = offset - p.character;
  return p.line >= 0 && p.line < lines.lineCount && lines.lineStart(p.line) === start && start <= offset && offset <= lines.lineEnd(p.line);
}

function sameTags(x: Diagnostic['tags'], y: Diagnostic['tags']): boolean {
  if (x === y) return true;
  const a = x ?? [];
  const b = y ?? [];
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
