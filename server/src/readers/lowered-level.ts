// What lowering gives (lower.ts): the .collide text of a level, its source map back into the
// level file, and the table from the text's identifiers to the level's body names.
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { LevelBody, LevelPart, LevelScene } from './level-scene';

/** One part of a lowered body: a level part, or one convex piece of a decomposed polygon. */
export interface LoweredPart {
  /** The part's shape expression in the lowered text (`circle(8)`, `polygon(...)`). */
  readonly generated: TextRange;
  /** The shape expression with the ` at (x, y)` and ` angle a` a compound's part may have. */
  readonly generatedPart: TextRange;
  /** Index of the level part it comes from in LevelBody.parts (several pieces may share one). */
  readonly levelPart: number;
  /** The level part's range in the level file. */
  readonly range: TextRange;
  readonly label?: string;
  /** A tile layer's cell: [column, row], zero-based, row 0 at the top. */
  readonly cell?: readonly [number, number];
}

/** A body of the lowered scene, with where it comes from. */
export interface LoweredBody {
  /** Its index in the lowered scene (declaration order): Finding.ia and ib, SceneBody.index. */
  readonly index: number;
  /** Its index in LevelScene.bodies (bodies left out make the two differ). */
  readonly levelIndex: number;
  /** Its name in the lowered text. */
  readonly identifier: string;
  /** Its name in the level (levels-and-tiles.md §1): what findings and messages say. */
  readonly name: string;
  /** The `body` statement in the lowered text (without its line break). */
  readonly generated: TextRange;
  /** The identifier in the lowered text. */
  readonly generatedName: TextRange;
  /** The whole node or object in the level file. */
  readonly range: TextRange;
  /** Where a finding on it is underlined in the level file. */
  readonly nameRange: TextRange;
  /** Made on each read: compare by content. */
  readonly parts: readonly LoweredPart[];
  readonly partCount: number;
  /** Part `p` alone, or undefined (`parts[p]` without making the others). */
  part(p: number): LoweredPart | undefined;
  /** The level part that part `p` comes from, or undefined (`part(p)`'s, without making it). */
  levelPart(p: number): LevelPart | undefined;
}

/** The pieces' offsets of a whole lowered level, which its bodies' records share. */
export class LoweredMap {
  constructor(
    readonly level: LevelScene,
    /** Per piece: its shape expression's start and end, and the end of its placement. */
    readonly offsets: Int32Array,
    /** Per piece: the index of the level part it comes from in its body. */
    readonly levelParts: Int32Array,
  ) {}
}

/**
 * A lowered body as lowering makes it: offsets, and its pieces as a run of the shared map's;
 * ranges and parts are made on request. A level of 100k objects has one per object, and the
 * records of six ranges and a part each were most of lowering's work.
 */
export class LoweredBodyRecord implements LoweredBody {
  constructor(
    private readonly map: LoweredMap,
    readonly index: number,
    readonly levelIndex: number,
    readonly identifier: string,
    private readonly start: number,
    private readonly end: number,
    private readonly firstPiece: number,
    readonly partCount: number,
  ) {}

  private get level(): LevelBody {
    return this.map.level.bodies[this.levelIndex]!;
  }

  get name(): string {
    return this.level.name;
  }

  get range(): TextRange {
    return this.level.range;
  }

  get nameRange(): TextRange {
    return this.level.nameRange;
  }

  get generated(): TextRange {
    return { start: this.start, end: this.end };
  }

  /** After `body `. */
  get generatedName(): TextRange {
    return { start: this.start + 5, end: this.start + 5 + this.identifier.length };
  }

  get parts(): readonly LoweredPart[] {
    const parts: LoweredPart[] = [];
    for (let p = 0; p < this.partCount; p++) parts.push(this.part(p)!);
    return parts;
  }

  levelPart(p: number): LevelPart | undefined {
    if (!(p >= 0 && p < this.partCount)) return undefined;
    return this.level.parts[this.map.levelParts[this.firstPiece + p]!];
  }

  /** Part `p` alone (undefined beyond the last). */
  part(p: number): LoweredPart | undefined {
    if (!(p >= 0 && p < this.partCount)) return undefined;
    const piece = this.firstPiece + p;
    const o = this.map.offsets;
    const levelPart = this.map.levelParts[piece]!;
    return loweredPart(o[3 * piece]!, o[3 * piece + 1]!, o[3 * piece + 2]!, levelPart, this.level.parts[levelPart]!);
  }
}

function loweredPart(start: number, shapeEnd: number, end: number, levelPart: number, level: LevelPart): LoweredPart {
  const part: { -readonly [K in keyof LoweredPart]: LoweredPart[K] } = { generated: { start, end: shapeEnd }, generatedPart: { start, end }, levelPart, range: level.range };
  if (level.label !== undefined) part.label = level.label;
  if (level.cell !== undefined) part.cell = level.cell;
  return part;
}

/** The lowered scene's names and the level's. */
export interface LevelNames {
  /** Identifier in the lowered text → level name. */
  readonly byIdentifier: ReadonlyMap<string, string>;
  /** Lowered body index → level name. */
  readonly byIndex: readonly string[];
}

/**
 * A lowered level: `text` is a .collide scene whose analysis is the level's, `bodies` its source
 * map (in lowered order, so that `bodies[i]` is the scene's body i), `diagnostics` what lowering
 * itself found (ranges in the level file), `names` the way from identifiers to level names.
 */
export class LoweredLevel {
  private table: LevelNames | undefined;
  private byIdentifier: Map<string, LoweredBody> | undefined;

  constructor(
    readonly text: string,
    readonly level: LevelScene,
    readonly bodies: readonly LoweredBody[],
    readonly diagnostics: readonly Diagnostic[],
    /** Where what belongs to no body goes: the level file's first line. */
    readonly fallback: TextRange,
  ) {}

  /** Made on first read (a check reads names from the bodies, and never needs the table). */
  get names(): LevelNames {
    if (this.table === undefined) {
      const byIdentifier = new Map<string, string>();
      const byIndex = new Array<string>(this.bodies.length);
      for (const b of this.bodies) {
        byIdentifier.set(b.identifier, b.name);
        byIndex[b.index] = b.name;
      }
      this.table = { byIdentifier, byIndex };
    }
    return this.table;
  }

  /** The lowered body whose statement contains [range.start, range.end], or undefined. */
  bodyAtGenerated(range: TextRange): LoweredBody | undefined {
    const bodies = this.bodies;
    let lo = 0;
    let hi = bodies.length;
    // The last body starting at or before range.start (statements are in text order).
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bodies[mid]!.generated.start <= range.start) lo = mid + 1;
      else hi = mid;
    }
    const b = bodies[lo - 1];
    return b !== undefined && range.end <= b.generated.end ? b : undefined;
  }

  /**
   * A range of the lowered text in the level file: the innermost thing that contains it, the
   * part (its level range), the body's identifier (the body's name range), the body (its level
   * range), else the level file's first line (the header, `dt`, `slop`, `frames`, layers).
   */
  toLevelRange(range: TextRange): TextRange {
    const b = this.bodyAtGenerated(range);
    if (b === undefined) return this.fallback;
    for (let k = 0; k < b.partCount; k++) {
      const p = b.part(k)!;
      if (p.generatedPart.start <= range.start && range.end <= p.generatedPart.end) return p.range;
    }
    if (b.generatedName.start <= range.start && range.end <= b.generatedName.end) return b.nameRange;
    return b.range;
  }

  /** The lowered body whose level range contains `offset` (its end included); the innermost wins. */
  bodyAtLevelOffset(offset: number): LoweredBody | undefined {
    let best: LoweredBody | undefined;
    for (const b of this.bodies) {
      const r = b.range;
      if (r.start <= offset && offset <= r.end && (best === undefined || r.end - r.start < best.range.end - best.range.start)) best = b;
    }
    return best;
  }

  /** The level name of an identifier of the lowered text (undefined for one that names no body). */
  levelName(identifier: string): string | undefined {
    return this.names.byIdentifier.get(identifier);
  }

  /** The lowered body of an identifier of the lowered text (the preview names bodies so). */
  bodyNamed(identifier: string): LoweredBody | undefined {
    if (this.byIdentifier === undefined) {
      this.byIdentifier = new Map();
      for (const b of this.bodies) this.byIdentifier.set(b.identifier, b);
    }
    return this.byIdentifier.get(identifier);
  }
}
