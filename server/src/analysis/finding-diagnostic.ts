import type { Vec2 } from '../../../core/math/vec2';
import { formatNumber } from '../../../protocol/format';
import type { Diagnostic, RelatedInformation, Severity, TextRange } from '../common/diagnostic';
import type { Finding, OverlapFinding } from './findings';
import { flatText } from './flat-text';

/**
 * The diagnostic of a finding, as little as it takes to make the rest on request: the finding,
 * the offsets of the name it sits on and of its related location (the other body's name), and a
 * few bits of the bodies' labels. Code, severity, ranges, the related record and, for overlaps,
 * the message are made on each read. A 100k-body level keeps one per finding, tens of thousands,
 * and a plain diagnostic with its message string, related array and related record cost about
 * 180 bytes each at 100k bodies (V8 without pointer compression) where this costs 80.
 *
 * An impact's message depends on its bodies' speeds and spins and on dt, which the finding does
 * not hold: it is made when the diagnostic is (continuous.ts) and kept. An overlap's depends only
 * on the finding and on whether either body is a compound (`labels`).
 *
 * `messageKey` stands for the message, the related message, the code and the severity without
 * making them: the finding's packed numbers, which a relabelled finding shares (findings.ts).
 * Equal numbers arrays mean the same pair result of the same two bodies (the incremental
 * analysis, whose cache entries are per pair of bodies by name, is the only sharer), and with it
 * the same words. The publication compares it instead of the strings (published-diagnostics.ts).
 * Immutable; `at` and `of` give copies at other offsets or for a relabelled finding.
 */
export class FindingDiagnostic implements Diagnostic {
  constructor(
    readonly finding: Finding,
    /** Where it sits: the name of one of the pair's bodies. */
    readonly start: number,
    readonly end: number,
    /** The related location (the other body's name; start -1: none). */
    readonly relatedStart: number,
    readonly relatedEnd: number,
    /** LABEL_* bits. */
    readonly labels: number,
    /** The message when the finding alone does not give it (impacts), else undefined. */
    readonly text: string | undefined,
  ) {}

  get code(): string {
    const f = this.finding;
    if (f.kind === 'overlap') return 'overlap';
    return f.undecided !== undefined ? 'analysis-not-converged' : f.kind;
  }

  get severity(): Severity {
    return this.labels & LABEL_INFORMATION ? 'information' : 'warning';
  }

  get message(): string {
    return this.text ?? overlapMessage(this.finding as OverlapFinding, this.labels);
  }

  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  /** The related location's message: the other body's name. */
  get relatedMessage(): string {
    return this.labels & LABEL_RELATED_B ? this.finding.b : this.finding.a;
  }

  get related(): readonly RelatedInformation[] | undefined {
    return this.relatedStart < 0 ? undefined : [{ range: { start: this.relatedStart, end: this.relatedEnd }, message: this.relatedMessage }];
  }

  /** What stands for the words of the diagnostic (see the class comment). */
  get messageKey(): readonly number[] {
    return this.finding.data;
  }

  /** The same diagnostic at other offsets (its related start stays -1 when it has none). */
  at(start: number, end: number, relatedStart: number, relatedEnd: number): FindingDiagnostic {
    if (start === this.start && end === this.end && relatedStart === this.relatedStart && relatedEnd === this.relatedEnd) return this;
    const none = this.relatedStart < 0;
    return new FindingDiagnostic(this.finding, start, end, none ? -1 : relatedStart, none ? -1 : relatedEnd, this.labels, this.text);
  }

  /** The same diagnostic of `f`, the finding relabelled (same numbers, other indices). */
  of(f: Finding): FindingDiagnostic {
    return f === this.finding ? this : new FindingDiagnostic(f, this.start, this.end, this.relatedStart, this.relatedEnd, this.labels, this.text);
  }
}

/** Bits of FindingDiagnostic.labels: its severity is information (else warning). */
export const LABEL_INFORMATION = 1;
/** The related location is b's name (else a's). */
export const LABEL_RELATED_B = 2;
/** Overlap: a, or b, is a compound (the message names the parts that overlap). */
export const LABEL_COMPOUND_A = 4;
export const LABEL_COMPOUND_B = 8;

/**
 * The push-out vector depth × normal that an overlap's message states: components that are only
 * rounding of an axis-aligned normal (below 1e-12 of the depth) are written as 0.
 */
function overlapPushOut(f: OverlapFinding): Vec2 {
  return { x: cleanComponent(f.normalX) * f.depth, y: cleanComponent(f.normalY) * f.depth };
}

function cleanComponent(v: number): number {
  return Math.abs(v) <= 1e-12 ? 0 : v;
}

/** The message of an overlap (overlap.ts, overlapDiagnostic): whom b overlaps, by how much, and the least move that separates it. */
function overlapMessage(f: OverlapFinding, labels: number): string {
  const move = overlapPushOut(f);
  const parts =
    labels & (LABEL_COMPOUND_A | LABEL_COMPOUND_B)
      ? ` (${describePart(f.b, labels & LABEL_COMPOUND_B, f.partB)} against ${describePart(f.a, labels & LABEL_COMPOUND_A, f.partA)})`
      : '';
  return flatText(f.b, ' overlaps ', f.a, ' by ', formatNumber(f.depth), parts, ': move it by (', formatNumber(move.x), ', ', formatNumber(move.y), ') to separate');
}

function describePart(name: string, compound: number, part: number): string {
  return compound ? `part ${part + 1} of ${name}` : name;
}
