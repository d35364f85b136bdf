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
}

/**
 * The one order of diagnostics by position: by start, then by end. Every list of diagnostics is
 * kept in it (parser, semantics, findings), and the analysis merges those lists assuming they
 * agree, so they all sort and merge with this comparator.
 */
export function byPosition(a: { readonly range: TextRange }, b: { readonly range: TextRange }): number {
  return a.range.start - b.range.start || a.range.end - b.range.end;
}

/**
 * A diagnostic on one range with at most one related location, held as four offsets and the
 * related location's message: what every finding's diagnostic is (analysis/overlap.ts,
 * continuous.ts). A 100k-body level keeps one per finding, tens of thousands, and as a plain
 * object with a `related` array of a `{ range, message }` record each cost about 160 bytes
 * (without pointer compression) where this costs 88; the range objects are made on each read.
 * Immutable: the incremental analysis makes a moved copy (`at`) when its bodies' names move.
 */
export class OffsetDiagnostic implements Diagnostic {
  constructor(
    readonly severity: Severity,
    readonly code: string,
    readonly message: string,
    readonly start: number,
    readonly end: number,
    /** The related location's offsets (start -1: none) and its message. */
    readonly relatedStart: number,
    readonly relatedEnd: number,
    readonly relatedMessage: string,
  ) {}

  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  get related(): readonly RelatedInformation[] | undefined {
    return this.relatedStart < 0 ? undefined : [{ range: { start: this.relatedStart, end: this.relatedEnd }, message: this.relatedMessage }];
  }

  /** The same diagnostic at other offsets (its related location's start stays -1 when it has none). */
  at(start: number, end: number, relatedStart: number, relatedEnd: number): OffsetDiagnostic {
    if (start === this.start && end === this.end && relatedStart === this.relatedStart && relatedEnd === this.relatedEnd) return this;
    return new OffsetDiagnostic(this.severity, this.code, this.message, start, end, this.relatedStart < 0 ? -1 : relatedStart, this.relatedStart < 0 ? -1 : relatedEnd, this.relatedMessage);
  }
}
