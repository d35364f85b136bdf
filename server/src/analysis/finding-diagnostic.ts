import { overlapMessage } from '../../../protocol/overlap-message';
import type { Diagnostic, RelatedInformation, Severity, TextRange } from '../common/diagnostic';
import type { Finding, GhostBumpFinding, OverlapFinding } from './findings';

/**
 * The diagnostic of a finding, as little as it takes to make the rest on request: the finding,
 * where it sits (the name of one of the pair's bodies) and its related location (the other
 * body's name), and a few bits of the bodies' labels. Code, severity, ranges, the related record
 * and, for overlaps, the message are made on each read. A large level keeps one per finding,
 * tens of thousands: a plain diagnostic with its message string, related array and related
 * record would cost several times this.
 * The two ends are kept as the lengths of the two names, 13 bits each beside the four label
 * bits in one small integer (`bits`), since names are short: four fields where the seven of a
 * plain record of them took 80 bytes.
 *
 * An impact's message depends on its bodies' speeds and spins and on dt, which the finding does
 * not hold: it is made when the diagnostic is (continuous.ts) and kept, in a `SpelledDiagnostic`
 * (below), which also keeps the ends of a name too long for `bits`. An overlap's message depends
 * only on the finding and on whether either body is a compound (`labels`).
 *
 * `messageKey` stands for the message, the related message, the code and the severity without
 * making them: the finding's packed numbers, which a relabeled finding shares (findings.ts).
 * Equal numbers arrays mean the same pair result of the same two bodies (the incremental
 * analysis, whose cache entries are per pair of bodies by name, is the only sharer), and with it
 * the same words. The publication compares it instead of the strings (published-diagnostics.ts).
 * Immutable; made by `FindingDiagnostic.make` (not `new`); `at` and `of` give copies at other
 * offsets or for a relabeled finding.
 */
export class FindingDiagnostic implements Diagnostic {
  protected constructor(
    readonly finding: Finding,
    /** Where it sits: the name of one of the pair's bodies. */
    readonly start: number,
    /** The related location (the other body's name; -1: none). */
    readonly relatedStart: number,
    /** LABEL_* bits, then the range's length, then the related range's (LENGTH_BITS each). */
    protected readonly bits: number,
  ) {}

  /**
   * The diagnostic of `finding` on [start, end), its related location [relatedStart, relatedEnd)
   * (relatedStart -1: none), with LABEL_* `labels` and, when the finding alone does not give it
   * (impacts), its message `text`.
   */
  static make(finding: Finding, start: number, end: number, relatedStart: number, relatedEnd: number, labels: number, text: string | undefined): FindingDiagnostic {
    const none = relatedStart < 0;
    const length = end - start;
    const relatedLength = none ? 0 : relatedEnd - relatedStart;
    if (text === undefined && length >= 0 && length <= LENGTH_MASK && relatedLength >= 0 && relatedLength <= LENGTH_MASK) {
      return new FindingDiagnostic(finding, start, none ? -1 : relatedStart, labels | (length << LENGTH_AT) | (relatedLength << (LENGTH_AT + LENGTH_BITS)));
    }
    return new SpelledDiagnostic(finding, start, end, none ? -1 : relatedStart, none ? -1 : relatedEnd, labels, text);
  }

  get end(): number {
    return this.start + ((this.bits >>> LENGTH_AT) & LENGTH_MASK);
  }

  /** The related location's end (-1: none). */
  get relatedEnd(): number {
    return this.relatedStart < 0 ? -1 : this.relatedStart + (this.bits >>> (LENGTH_AT + LENGTH_BITS));
  }

  /** LABEL_* bits. */
  get labels(): number {
    return this.bits & LABEL_MASK;
  }

  /** The message when the finding alone does not give it (impacts), else undefined. */
  get text(): string | undefined {
    return undefined;
  }

  get code(): string {
    const f = this.finding;
    if (f.kind === 'overlap') return 'overlap';
    if (f.kind === 'ghost-bump') return 'ghost-bump';
    return f.undecided !== undefined ? 'analysis-not-converged' : f.kind;
  }

  get severity(): Severity {
    return this.bits & LABEL_INFORMATION ? 'information' : 'warning';
  }

  get message(): string {
    return this.text ?? labeledOverlapMessage(this.finding as OverlapFinding, this.labels);
  }

  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  /** The related location's message: the other body's name. */
  get relatedMessage(): string {
    return this.bits & LABEL_RELATED_B ? this.finding.b : this.finding.a;
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
    return FindingDiagnostic.make(this.finding, start, end, none ? -1 : relatedStart, none ? -1 : relatedEnd, this.labels, this.text);
  }

  /** The same diagnostic of `f`, the finding relabeled (same numbers, other indices). */
  of(f: Finding): FindingDiagnostic {
    return f === this.finding ? this : FindingDiagnostic.make(f, this.start, this.end, this.relatedStart, this.relatedEnd, this.labels, this.text);
  }
}

/**
 * A name's length in FindingDiagnostic.bits: 12 bits (names up to 4095 characters), twice, after
 * the labels: 29 bits in all, a small integer. A longer name is spelled out (SpelledDiagnostic).
 */
const LENGTH_AT = 5;
const LENGTH_BITS = 12;
const LENGTH_MASK = (1 << LENGTH_BITS) - 1;
const LABEL_MASK = (1 << LENGTH_AT) - 1;

/**
 * A finding diagnostic whose ends and message are spelled out: an impact's (its message is kept,
 * see FindingDiagnostic), or one on a name too long for `bits`. Few, so the seven fields cost
 * little; the readers see one class with two shapes.
 */
class SpelledDiagnostic extends FindingDiagnostic {
  constructor(
    finding: Finding,
    start: number,
    private readonly spelledEnd: number,
    relatedStart: number,
    private readonly spelledRelatedEnd: number,
    labels: number,
    private readonly spelledText: string | undefined,
  ) {
    super(finding, start, relatedStart, labels);
  }

  override get end(): number {
    return this.spelledEnd;
  }

  override get relatedEnd(): number {
    return this.spelledRelatedEnd;
  }

  override get text(): string | undefined {
    return this.spelledText;
  }
}

/**
 * The diagnostic of a ghost bump (ghost-bump.ts): on the moving body's name, with its message
 * spelled out and one related location per static piece (the piece's body name). Made afresh
 * by every analysis, as ghost bumps are.
 */
export class GhostBumpDiagnostic extends FindingDiagnostic {
  constructor(
    finding: GhostBumpFinding,
    start: number,
    private readonly spelledEnd: number,
    /** Start and end of each piece's body name, then the related messages. */
    private readonly pieceRanges: readonly [number, number, number, number],
    private readonly spelledText: string,
  ) {
    super(finding, start, pieceRanges[0], 0);
  }

  override get end(): number {
    return this.spelledEnd;
  }

  override get relatedEnd(): number {
    return this.pieceRanges[1];
  }

  override get text(): string {
    return this.spelledText;
  }

  override get related(): readonly RelatedInformation[] {
    const f = this.finding as GhostBumpFinding;
    const r = this.pieceRanges;
    return [
      { range: { start: r[0], end: r[1] }, message: f.pieces[0] },
      { range: { start: r[2], end: r[3] }, message: f.pieces[1] },
    ];
  }

  override at(start: number, end: number): FindingDiagnostic {
    return start === this.start && end === this.end ? this : new GhostBumpDiagnostic(this.finding as GhostBumpFinding, start, end, this.pieceRanges, this.spelledText);
  }

  override of(f: Finding): FindingDiagnostic {
    return f === this.finding ? this : new GhostBumpDiagnostic(f as GhostBumpFinding, this.start, this.end, this.pieceRanges, this.spelledText);
  }
}

/** Bits of FindingDiagnostic.labels: its severity is information (else warning). */
export const LABEL_INFORMATION = 1;
/** The related location is b's name (else a's). */
export const LABEL_RELATED_B = 2;
/** Overlap: a, or b, is a compound (the message names the parts that overlap). */
export const LABEL_COMPOUND_A = 4;
export const LABEL_COMPOUND_B = 8;
/** Overlap: the move that separates is a's, since b is static and a is not (else b's). */
export const LABEL_MOVE_A = 16;

/**
 * The message of an overlap (overlap.ts, overlapDiagnostic): whom b overlaps, by how much, and
 * the least move that separates them: b's, or a's when b is static and a is not (LABEL_MOVE_A).
 */
function labeledOverlapMessage(f: OverlapFinding, labels: number): string {
  const parts =
    labels & (LABEL_COMPOUND_A | LABEL_COMPOUND_B)
      ? ` (${describePart(f.b, labels & LABEL_COMPOUND_B, f.partB)} against ${describePart(f.a, labels & LABEL_COMPOUND_A, f.partA)})`
      : '';
  return overlapMessageWith(f, parts, (labels & LABEL_MOVE_A) !== 0);
}

/**
 * An overlap's message with the words that name the parts (` (part 2 of b against a)`, or ''
 * when none are named) given: a level's findings name the level's parts and cells
 * (analysis/level-analysis.ts). `moveA`: b is static and a is not, so the move named is a's (the
 * opposite of b's): a static body is the level's frame, never the one to move.
 */
export function overlapMessageWith(f: OverlapFinding, parts: string, moveA = false): string {
  return overlapMessage(f.a, f.b, featurePhrase(f), parts, f.depth, f.normalX, f.normalY, moveA);
}

function describePart(name: string, compound: number, part: number): string {
  return compound ? `part ${part + 1} of ${name}` : name;
}

/** Where a finding against a chain or tile grid touched it, as a phrase after the names: ' at edge 3', ' at cell [4, 2]'. */
export function featurePhrase(f: Finding): string {
  const edge = f.edge;
  if (edge !== undefined) return ` at edge ${edge}`;
  const cell = f.cell;
  return cell === undefined ? '' : ` at cell [${cell[0]}, ${cell[1]}]`;
}
