/**
 * Plain diagnostics, in scene terms: ranges are UTF-16 offsets into the document text
 * (`[start, end)`). The LSP layer and the CLI convert them to line/character with `LineIndex`
 * (server/src/syntax/positions.ts). No LSP types below server/src/features.
 */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface RelatedInformation {
  readonly range: TextRange;
  readonly message: string;
}

export interface Diagnostic {
  readonly range: TextRange;
  readonly severity: Severity;
  /** Stable kebab-case code, documented in docs/diagnostics.md. */
  readonly code: string;
  readonly message: string;
  readonly related?: readonly RelatedInformation[];
  /** Marks unnecessary/deprecated text (LSP diagnostic tags), e.g. dropped polygon vertices. */
  readonly tags?: readonly ('unnecessary' | 'deprecated')[];
  /** Plain data a quick fix needs (e.g. the convex hull of a concave polygon). */
  readonly data?: unknown;
  /**
   * Data the editor is sent with the diagnostic (the LSP diagnostic's `data`). Only the diagnostics
   * limit's note has any (server/src/lsp/publish/diagnostic-limit.ts). A publication reuses the bytes
   * of a diagnostic that has some only for the very same object (lsp/publish/published-diagnostics.ts,
   * messageKeyOf), never for another with the same words.
   */
  readonly sentData?: unknown;
}

/**
 * The one order of diagnostics by position: by start, then by end. Every list of diagnostics is
 * kept in it (parser, semantics, findings), and the analysis merges those lists assuming they
 * agree, so they all sort and merge with this comparator.
 */
export function byPosition(a: { readonly range: TextRange }, b: { readonly range: TextRange }): number {
  return a.range.start - b.range.start || a.range.end - b.range.end;
}

/** Lists each in position order, merged into one, ties going to the earlier list. */
export function mergeDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[], c: readonly Diagnostic[] = []): Diagnostic[] {
  const diagnostics = new Array<Diagnostic>(a.length + b.length + c.length);
  let i = 0;
  let j = 0;
  let k = 0;
  for (let o = 0; o < diagnostics.length; o++) {
    let pick = c[k];
    let from = 2;
    if (j < b.length && (pick === undefined || byPosition(b[j]!, pick) <= 0)) {
      pick = b[j];
      from = 1;
    }
    if (i < a.length && (pick === undefined || byPosition(a[i]!, pick) <= 0)) {
      pick = a[i];
      from = 0;
    }
    diagnostics[o] = pick!;
    if (from === 0) i++;
    else if (from === 1) j++;
    else k++;
  }
  return diagnostics;
}
