import { makeTransform, type Vec2 } from '../../../core/math/vec2';
import { makeCapsule, makePolygon, makeSegment, makeSharedBox, transformShape } from '../../../core/shapes/factory';
import { packedCoordinates, type ConvexShape } from '../../../core/shapes/shape';
import { byPosition, type Diagnostic, type TextRange } from '../common/diagnostic';
import type {
  BodyStatement,
  Clause,
  CompoundShape,
  Expression,
  Identifier,
  LayerStatement,
  LetStatement,
  ShapeCall,
  ShapeExpression,
  SettingStatement,
  ShapeStatement,
  Statement,
} from '../syntax/ast';
import { forEachChild, type Node } from '../syntax/ast';
import { ownString } from '../syntax/grammar';
import type { ParseResult } from '../syntax/parser';
import { dependencyOrder } from './dependency-order';
import { Evaluator, formatValue, type Value, type ValueRole } from './evaluate';
import { validatePolygon } from './polygon-validation';
import { ValueTable } from './value-table';
import { BODY_BULLET, BODY_MOVING, BODY_ONE_SHAPE, BODY_SPINNING, BODY_SENSOR, BODY_CLAUSES, BODY_STATIC, BODY_WIDE_SPANS, bodyData, bodyDetail, bodySpans, clauseFlag, DATA_AT_LIMIT, dataAtFlags, nameAtFlags, packClauses, SceneBody, ScenePart, SceneShape, sourceKindFlags, WIDE_SPANS, type Scene, type SceneLayer, type SourceShapeKind } from './scene';
import { SHAPE_SIGNATURES } from './signatures';
import { closestName } from './suggest';
import type { SymbolDefinition, SymbolReference, SymbolTable } from './symbols';

/**
 * Semantic analysis: resolves names, evaluates expressions, validates values and builds the Scene
 * (scene-language.md, "Statements" and "Motion and time"). Plain data in, plain data out; never
 * throws. Every statement is analysed on its own, so one broken statement costs only itself:
 * everything after it still reaches the Scene.
 *
 * A body enters the Scene only when its shape and every pose/motion value it wrote evaluated
 * cleanly: analysing a body whose position failed to evaluate would report overlaps that are not
 * there. Its definition, references and diagnostics are still recorded. The same holds for a body
 * that repeats an earlier body's name (the first definition is the body of that name), and for a
 * statement the parser recovered from (ast.ts `Recoverable`): it reports its syntax error and
 * nothing else, since checks on a guessed tree would only add errors that the fix removes.
 */

/** Defaults of the settings (scene-language.md). */
export const DEFAULT_DT = 1 / 60;
export const DEFAULT_FRAMES = 1;
export const DEFAULT_SLOP = 0.005;
/**
 * Largest `frames`: 100 000 steps (about 28 minutes at 60 Hz) bounds the swept interval so that
 * per-frame work in the continuous check stays bounded while covering any realistic look-ahead.
 */
export const MAX_FRAMES = 100_000;
/**
 * Largest magnitude of a size, coordinate, speed or spin. Far beyond any scene (the collision
 * core is specified for coordinates up to 1e6), yet small enough that squared distances and
 * rotated coordinates in the analysis stay finite in double precision.
 */
export const MAX_MAGNITUDE = 1e9;

/**
 * How much semantics records. The scene and the diagnostics never depend on it.
 */
export interface SemanticOptions {
  /**
   * Record what only editor features read (default true): symbol references (navigation,
   * rename, highlights), definitions' details (outline, hovers), the `constants` and `shapes`
   * maps (hovers), and the environment `valuesOf` evaluates statements in (hovers, inlay hints).
   * A batch run such as `collide check` turns it off: the references are then empty, the maps
   * are empty, `valuesOf` finds no values, and every detail is '' but a scene body's (a body in
   * the scene is its own definition, and the scene does not depend on this option). Definitions
   * themselves are still made (duplicate and unused-name checks read them).
   */
  readonly editorData?: boolean;
}

export interface SemanticResult {
  readonly scene: Scene;
  /** Semantic diagnostics (syntax ones stay in the ParseResult), in source order. */
  readonly diagnostics: Diagnostic[];
  readonly symbols: SymbolTable;
  /**
   * The evaluated values (value-table.ts) of `statements`, statements of this result's version
   * as a whole-file parse makes them (syntax/statement-index.ts `parse`), in source order: the
   * values of settings, constants, shape arguments, properties and angle literals, but not bare
   * numbers (they say their value already), exactly as the whole-file run evaluated them
   * (`recordedValues`). Evaluated again on each call, in this version's environment (constants,
   * named shapes, layers), never kept: features read the values of a few statements at a time
   * (the hovered one, the viewport's for inlay hints, the settings for the outline), and a kept
   * table of the whole document was built on every whole-file run and spliced on every edit, and
   * at 100k bodies held 283k values, 7.1 MB of the idle language server's heap. A statement that
   * does not evaluate (or a defect: the call never throws) has no values.
   */
  valuesOf(statements: readonly Statement[]): ValueTable;
  /** Value of each constant that evaluated (first definition of each name). */
  readonly constants: ReadonlyMap<string, Value>;
  /** Geometry of each named shape that evaluated (first definition of each name), for hovers. */
  readonly shapes: ReadonlyMap<string, NamedShapeValue>;
}

/**
 * The semantic result, whole (the checker's) or windowed (analysis/statement-window.ts): one
 * class for both, so that every result has one hidden class and `valuesOf` is a method on the
 * prototype. As an object literal with a getter of its own, a result was a dictionary-mode
 * object (V8 gives a literal with an own accessor no fast map), each property read a dictionary
 * look-up, and the windowed one's getter was a closure made per edit in a context holding that
 * version's whole text: every edit's context survived each scavenge until the next full
 * collection (measured in the language server on the bench's 10k-body edits: each scavenge
 * promoted every text since the last one, 16 MB, and 0.5 MB of array buffers per edit that only
 * full collections freed; with a class, one text per scavenge. What held them was not found:
 * not a strong reference, since a full collection freed them and a heap snapshot shows none).
 */
export class SemanticResults implements SemanticResult {
  /**
   * The environment of the run this result comes from (a windowed one shares its session's). A
   * private field: no own property, so results compare (assert.deepStrictEqual) by what they
   * say, not by the checker that made them.
   */
  readonly #environment: StatementValues;

  constructor(
    readonly scene: Scene,
    readonly diagnostics: Diagnostic[],
    readonly symbols: SymbolTable,
    environment: StatementValues,
    readonly constants: ReadonlyMap<string, Value>,
    readonly shapes: ReadonlyMap<string, NamedShapeValue>,
  ) {
    this.#environment = environment;
  }

  valuesOf(statements: readonly Statement[]): ValueTable {
    return this.#environment.valuesOf(statements);
  }
}

/** What evaluates statements again for their values (see SemanticResult.valuesOf). */
export interface StatementValues {
  valuesOf(statements: readonly Statement[]): ValueTable;
}

/**
 * The environment of a run without editor data: no values, and no checker kept alive by the
 * result (a batch run reads none).
 */
const NO_VALUES: StatementValues = { valuesOf: () => new ValueTable(0) };

/**
 * Every value a whole-file run over `parse` evaluates (with editor data), in table order: what
 * `SemanticResult.valuesOf` must give statement by statement. The oracle of the tests; the
 * language server never records the whole table (see `valuesOf`).
 */
export function recordedValues(parse: ParseResult): ValueTable {
  const checker = new Checker({ text: parse.text, statements: parse.file.statements }, {});
  const values = checker.record();
  checker.run();
  return values;
}

/**
 * A scene of these settings, bodies and layers, always built in this one property order, so that
 * every scene, the checker's or a windowed edit's, has one hidden class (a spread of the settings
 * gave the checker's another one, and the incremental update, which reads both, deoptimised on
 * 'wrong map' in its first edits).
 */
export function sceneOf(settings: { readonly dt: number; readonly frames: number; readonly slop: number }, bodies: readonly SceneBody[], layers: ReadonlyMap<string, SceneLayer>): Scene {
  return { dt: settings.dt, frames: settings.frames, slop: settings.slop, bodies, layers };
}

/** A named shape's evaluated geometry: its parts in the shape's own frame. */
export interface NamedShapeValue {
  readonly parts: readonly ScenePart[];
  readonly sourceKind: SourceShapeKind;
}

type MutableDefinition = { -readonly [K in keyof SymbolDefinition]: SymbolDefinition[K] };

interface ValueEntry {
  readonly def: MutableDefinition;
  readonly stmt: LetStatement | ShapeStatement;
}

export function analyzeSemantics(parse: ParseResult, options: SemanticOptions = {}): SemanticResult {
  return new Checker({ text: parse.text, statements: parse.file.statements }, options).run();
}

/**
 * What semantics reads: the text and its statements. Bodies may be stubs (syntax/reparsing.ts
 * `skimFile`) that `expandBody` parses when their turn comes, so that their trees do not all
 * live at once.
 */
export interface SemanticInput {
  readonly text: string;
  readonly statements: readonly Statement[];
  readonly expandBody?: (stub: BodyStatement) => BodyStatement;
  readonly options?: SemanticOptions;
}

/**
 * What the body statements of an edited window evaluate to against the unchanged rest of the
 * file (see `SemanticSession.evaluateBodies`), each list in source order.
 */
export interface BodyWindowResult {
  /** Bodies that enter the scene, indexed from the `firstIndex` given. */
  readonly bodies: SceneBody[];
  readonly diagnostics: Diagnostic[];
  readonly definitions: SymbolDefinition[];
  readonly references: SymbolReference[];
}

/**
 * Semantics that can be re-run for a few body statements (incremental analysis): a whole-file
 * run, after which the environment bodies are evaluated in (constants, named shapes, layers,
 * settings) stays available. A body's result depends on that environment and on nothing else in
 * the file except two whole-file facts the caller checks itself: whether its name is declared by
 * another body too (`duplicate-definition`), and whether a definition it refers to is used by
 * anything else (`unused-definition`, see `useCount`).
 */
export class SemanticSession {
  private readonly checker: Checker;
  /**
   * The whole-file result until `takeResult` hands it over. The session outlives it (it serves
   * every later edit), so it must not keep it: an incremental front end would otherwise hold the
   * first version's scene, symbols and values alive next to each edited version's.
   */
  private pending: SemanticResult | null;

  /** Whole-file semantics of `input`, or the end of a stream of bodies. */
  constructor(input: SemanticInput | SemanticStream) {
    if (input instanceof SemanticStream) {
      this.checker = input.checker;
      this.pending = this.checker.finish();
    } else {
      this.checker = new Checker(input, input.options ?? {});
      this.pending = this.checker.run();
    }
    this.checker.release();
  }

  /** The whole-file result, once: the session forgets it (see `pending`). */
  takeResult(): SemanticResult {
    const result = this.pending;
    if (result === null) throw new Error('SemanticSession: the result was taken already');
    this.pending = null;
    return result;
  }

  /** How many body statements declare `name`. */
  bodyNameCount(name: string): number {
    return this.checker.bodyNameCount.count(name);
  }

  /** How many references from bodies resolve to `def`, and whether a non-body statement uses it. */
  useCount(def: SymbolDefinition): number {
    return (this.checker.bodyUses.get(def) ?? 0) + (this.checker.headerUsed.has(def) ? 1 : 0);
  }

  /** Records that bodies now refer to `def` `delta` more (or fewer) times. */
  adjustUse(def: SymbolDefinition, delta: number): void {
    this.checker.bodyUses.set(def, (this.checker.bodyUses.get(def) ?? 0) + delta);
  }

  /** Records a body name declared (+1) or gone (-1). */
  adjustBodyName(name: string, delta: number): void {
    this.checker.bodyNameCount.adjust(name, delta);
  }

  /** Evaluates body statements in the environment of the whole-file run; see BodyWindowResult. */
  evaluateBodies(statements: readonly BodyStatement[], firstIndex: number): BodyWindowResult {
    return this.checker.evaluateBodies(statements, firstIndex);
  }

  /**
   * The environment results read values in (SemanticResult.valuesOf): a windowed result's is its
   * session's, since a window changes bodies only.
   */
  get values(): StatementValues {
    return this.checker.environment();
  }
}

/**
 * Whole-file semantics fed one body at a time, for a file whose other statements all come before
 * its first body (`headers`, in order; the caller checks the order): the environment a body is
 * evaluated in (constants, named shapes, layers) is then complete when the body arrives, so each
 * body's tree can be parsed, evaluated and dropped in one pass over the text. `add` the bodies in
 * order, then `new SemanticSession(stream)`: the result equals the whole-file run over the same
 * statements (definitions, diagnostics and everything else in the same order).
 */
export class SemanticStream {
  /** @internal */
  readonly checker: Checker;

  constructor(text: string, headers: readonly Statement[], options: SemanticOptions = {}) {
    this.checker = new Checker({ text, statements: headers }, options);
    this.checker.prepare();
  }

  add(body: BodyStatement): void {
    this.checker.streamBody(body);
  }
}

/**
 * Shared by every body that does not move (and every static one): a large scene's resting bodies
 * need no velocity object each. Never mutated (Vec2 fields are read-only everywhere).
 */
const AT_REST: Vec2 = Object.freeze({ x: 0, y: 0 });

/**
 * A circle's core (its centre, the body origin, packed as shape.ts stores it) and its lack of
 * normals, shared by every circle. Not frozen: freezing would move the arrays to a frozen
 * elements kind that the support functions would meet beside every other shape's packed doubles.
 * Nothing writes a shape's arrays.
 */
const CIRCLE_CENTRE: readonly number[] = packedCoordinates(2);
const NO_NORMALS: readonly number[] = packedCoordinates(0);

/** makeCircle at the origin with the shared centre and normals: the same shape, no new arrays. */
function circleAtOrigin(r: number): ConvexShape {
  return { kind: 'circle', count: 1, xy: CIRCLE_CENTRE, radius: Math.abs(r), nxy: NO_NORMALS };
}

/**
 * A body's or a part's clauses, the last of each keyword (see `clausesByKeyword`), indexed in
 * BODY_CLAUSES order: AT, ANGLE, VELOCITY, SPIN, LAYER. An array indexed by number rather than an
 * object indexed by the keyword: a property looked up by a string that varies from clause to
 * clause was a megamorphic keyed access, twice per clause of a file.
 */
type ClauseSlots = (Clause | undefined)[];
const AT = BODY_CLAUSES.indexOf('at');
const ANGLE = BODY_CLAUSES.indexOf('angle');
const VELOCITY = BODY_CLAUSES.indexOf('velocity');
const SPIN = BODY_CLAUSES.indexOf('spin');
const LAYER = BODY_CLAUSES.indexOf('layer');

/** Whether `e` is a name, parenthesised or not: the expressions whose value is not made afresh. */
function namesValue(e: Expression): boolean {
  while (e.kind === 'Paren') e = e.expression;
  return e.kind === 'Identifier';
}

/** 'vertex 1', 'vertex 2' ...: what a polygon's vertex is called in messages, made once each. */
const VERTEX_NAMES: string[] = [];
function vertexName(i: number): string {
  while (VERTEX_NAMES.length <= i && VERTEX_NAMES.length < 64) VERTEX_NAMES.push(`vertex ${VERTEX_NAMES.length + 1}`);
  return VERTEX_NAMES[i] ?? `vertex ${i + 1}`;
}

/**
 * Where a body's clause offsets, then any offsets scene.ts `bodySpans` writes there, are
 * gathered before scene.ts `bodyData` copies them into the body's data. Written by index, never
 * shortened.
 */
const CLAUSES: number[] = Array.from({ length: 3 * BODY_CLAUSES.length + WIDE_SPANS }, () => 0);

/**
 * Writes a written clause's start, value start and end, relative to its statement's `start`, into
 * CLAUSES at `at`; returns where the next clause goes.
 */
function clauseOffsets(c: Clause, at: number, start: number): number {
  // A clause ends with its value (a Missing value sits at the keyword's end): one end for both.
  CLAUSES[at] = c.range.start - start;
  CLAUSES[at + 1] = c.value.range.start - start;
  CLAUSES[at + 2] = c.value.range.end - start;
  return at + 3;
}

/**
 * How many times each name is declared: a set of the names, and the counts of the few that
 * repeat. Nearly every name of a large scene is declared once, and a Set entry is two words
 * where a Map entry is three (100k body names: 2.5 MB against 3.6).
 */
class NameCounts {
  private readonly names = new Set<string>();
  /** Names declared more than once, with their count (>= 2). */
  private readonly repeated = new Map<string, number>();

  count(name: string): number {
    return this.repeated.get(name) ?? (this.names.has(name) ? 1 : 0);
  }

  /** Counts one more declaration of `name`; returns the count before it. */
  add(name: string): number {
    const size = this.names.size;
    this.names.add(name);
    if (this.names.size > size) return 0;
    const count = this.repeated.get(name) ?? 1;
    this.repeated.set(name, count + 1);
    return count;
  }

  /** Counts `delta` more (or fewer) declarations of `name`. */
  adjust(name: string, delta: number): void {
    const n = this.count(name) + delta;
    if (n > 1) this.repeated.set(name, n);
    else this.repeated.delete(name);
    if (n > 0) this.names.add(name);
    else this.names.delete(name);
  }
}

/** A setting's value role (the same for a broken setting, whose value is evaluated all the same). */
function settingRole(keyword: SettingStatement['keyword']): ValueRole {
  return keyword === 'dt' ? 'time' : keyword === 'frames' ? 'count' : 'length';
}

/** What a released Checker refers to instead of the whole file it checked (nothing reads it). */
const RELEASED: SemanticInput = { text: '', statements: [] };

class Checker implements StatementValues {
  private diagnostics: Diagnostic[] = [];
  private definitions: SymbolDefinition[] = [];
  private references: SymbolReference[] = [];
  /**
   * Where evaluated values go: nowhere in a run (results evaluate them again on request, see
   * SemanticResult.valuesOf), `valuesOf`'s table while it runs, the whole table for `record`.
   */
  private values: ValueTable | null = null;
  private readonly evaluator: Evaluator;
  /** SemanticOptions.editorData: whether to record what only editor features read. */
  private readonly editorData: boolean;
  /** Body statements declaring each name. */
  readonly bodyNameCount = new NameCounts();
  /** References from bodies to each definition, and definitions used by other statements. */
  readonly bodyUses = new Map<SymbolDefinition, number>();
  readonly headerUsed = new Set<SymbolDefinition>();
  /** Whether a body is being evaluated (for the use counts). */
  private inBody = false;
  /** Off while evaluating a window's bodies: the caller adjusts the counts once it commits. */
  private countUses = true;

  /** First definition of each name, per namespace. */
  private readonly valueNames = new Map<string, ValueEntry>();
  private readonly layerNames = new Map<string, { def: MutableDefinition; stmt: LayerStatement }>();
  private readonly bodyNames = new Map<string, MutableDefinition>();

  /** A body's definition, counted under its name, and reported when the name is taken already. */
  private collectBody(id: Identifier, range: TextRange): MutableDefinition {
    const def = this.defineBody(id, range);
    const name = id.name;
    const count = this.bodyNameCount.add(name);
    if (count > 0) this.duplicate(def, this.firstBodyNamed(name), 'a body');
    else if (this.bodyNames.size > 0) this.bodyNames.set(name, def);
    return def;
  }

  /**
   * The first body definition named `name`, which has been counted already. The index by name is
   * made when a second body of some name is first seen (most scenes have none), from the
   * definitions so far, and kept up to date after.
   */
  private firstBodyNamed(name: string): MutableDefinition {
    if (this.bodyNames.size === 0) {
      for (let i = 0; i < this.definitions.length; i++) {
        const d = this.definitions[i]!;
        if (d.kind === 'body' && !this.bodyNames.has(d.name)) this.bodyNames.set(d.name, d);
      }
    }
    return this.bodyNames.get(name)!;
  }

  private readonly letValues = new Map<LetStatement, Value | undefined>();
  private readonly shapeValues = new Map<ShapeStatement, SceneShape | undefined>();
  private readonly used = new Set<SymbolDefinition>();
  /** Definition made for each declared name, by the name's offset (a stub's name and its body's agree). */
  private readonly definitionOf = new Map<number, MutableDefinition>();
  /** The definition of each body statement in order (undefined: no name), until the bodies are checked. */
  private readonly bodyDefinitions: (MutableDefinition | undefined)[] = [];
  /** Where each of `bodyDefinitions` is in `definitions` (-1: no name): a body in the scene takes its place. */
  private readonly bodyDefinitionAt: number[] = [];
  /** Definitions made by broken statements: never reported as unused (the statement said enough). */
  private readonly brokenDefinitions = new Set<SymbolDefinition>();
  /** Where the diagnostics of a broken statement go: checked, then dropped. */
  private readonly dropped: Diagnostic[] = [];
  /**
   * Starts of the let and shape statements on a dependency cycle, for `valuesOf`, whose
   * statements are parsed afresh for each request: known by position, not by node. The
   * positions hold for every version that shares this checker: a window edit
   * (analysis/statement-window.ts) has bodies only after it, so no let or shape moves.
   */
  private readonly cyclic = new Set<number>();

  constructor(
    private input: SemanticInput,
    options: SemanticOptions,
  ) {
    this.editorData = options.editorData ?? true;
    this.evaluator = new Evaluator((id) => this.resolveValue(id), this.diagnostics, null);
  }

  /** Makes the run record every value it evaluates, into the table returned (see `recordedValues`). */
  record(): ValueTable {
    this.values = new ValueTable(256);
    this.evaluator.values = this.values;
    return this.values;
  }

  /** What results evaluate values in: this checker, once its run is done; nothing without editor data. */
  environment(): StatementValues {
    return this.editorData ? this : NO_VALUES;
  }

  /**
   * See SemanticResult.valuesOf: each statement evaluated as the run evaluated it (the same
   * methods, in this environment), with everything but its values dropped (diagnostics,
   * references, definitions, use counts: the run has them) and no body made. Values lie inside
   * their statement, so the statements' values in table order are each statement's, sorted, one
   * statement after the other, as in the run's table. A let or named shape on a dependency cycle
   * is evaluated as the run did (names resolved, no value), known by its start (`cyclic`).
   */
  valuesOf(statements: readonly Statement[]): ValueTable {
    // A hover's one statement (or none, in a gap) holds a few values; a viewport's, a few hundred.
    const out = new ValueTable(statements.length <= 1 ? 16 : 256);
    const saved = [this.diagnostics, this.references, this.values] as const;
    this.diagnostics = this.dropped;
    this.evaluator.diagnostics = this.dropped;
    this.references = [];
    this.values = out;
    this.evaluator.values = out;
    this.countUses = false;
    try {
      for (let i = 0; i < statements.length; i++) {
        const s = statements[i]!;
        switch (s.kind) {
          case 'Setting':
            this.slot(s.value, settingRole(s.keyword), 'number', s.keyword);
            break;
          case 'Let':
            if (this.cyclic.has(s.range.start)) this.evaluator.evaluate(s.value);
            else this.slot(s.value, 'constant', 'any', 'a constant');
            break;
          case 'Shape':
            if (!this.cyclic.has(s.range.start)) this.shape(s.shape);
            break;
          case 'Body':
            // No definition: the body is evaluated, never made (bodyOf stops before that).
            this.body(s, undefined, -1, [], 0);
            break;
          default:
            break;
        }
      }
      out.sort();
      return out;
    } catch {
      // Not expected; a request gets no values rather than an error.
      return new ValueTable(0);
    } finally {
      this.countUses = true;
      [this.diagnostics, this.references, this.values] = saved;
      this.evaluator.diagnostics = this.diagnostics;
      this.evaluator.values = this.values;
      this.dropped.length = 0;
    }
  }

  /**
   * Drops what only the whole-file run needed: the name nodes of every statement, and the lists
   * the result now owns (its diagnostics, definitions, references and values), which later
   * windows never read (evaluateBodies collects into lists of its own) and which would otherwise
   * keep the first version's results alive for as long as the session serves edits.
   */
  release(): void {
    this.definitionOf.clear();
    this.brokenDefinitions.clear();
    this.bodyNames.clear();
    this.bodies = [];
    this.input = RELEASED;
    this.dropped.length = 0;
    this.diagnostics = [];
    this.definitions = [];
    this.references = [];
    this.evaluator.diagnostics = this.diagnostics;
  }

  /** See SemanticSession.evaluateBodies. */
  evaluateBodies(statements: readonly BodyStatement[], firstIndex: number): BodyWindowResult {
    const saved = [this.diagnostics, this.definitions, this.references] as const;
    const out: BodyWindowResult = { bodies: [], diagnostics: [], definitions: [], references: [] };
    this.diagnostics = out.diagnostics;
    this.definitions = out.definitions;
    this.references = out.references;
    this.evaluator.diagnostics = out.diagnostics;
    this.countUses = false;
    try {
      for (const s of statements) {
        const def = s.name ? this.defineBody(s.name, s.range) : undefined;
        this.body(s, def, this.definitions.length - 1, out.bodies, firstIndex);
      }
    } finally {
      this.countUses = true;
      [this.diagnostics, this.definitions, this.references] = saved;
      this.evaluator.diagnostics = this.diagnostics;
      this.definitionOf.clear();
    }
    out.diagnostics.sort(byPosition);
    out.references.sort((a, b) => a.range.start - b.range.start);
    return out;
  }

  run(): SemanticResult {
    const statements = this.input.statements;
    this.prepare();
    const bodies = this.bodies;
    const expand = this.input.expandBody;
    // Body definitions were made in statement order (collectDefinitions): the k-th is the k-th body's.
    let k = 0;
    for (let i = 0; i < statements.length; i++) {
      const s = statements[i]!;
      if (s.kind === 'Body') {
        this.body(expand ? expand(s) : s, this.bodyDefinitions[k], this.bodyDefinitionAt[k]!, bodies, 0);
        k++;
      }
    }
    this.bodyDefinitions.length = 0;
    this.bodyDefinitionAt.length = 0;
    return this.finish();
  }

  /** Scene settings and layers, set by `prepare`. */
  private sceneSettings = { dt: DEFAULT_DT, frames: DEFAULT_FRAMES, slop: DEFAULT_SLOP };
  private sceneLayers = new Map<string, SceneLayer>();
  /** The scene's bodies so far (until `release`: the result holds them). */
  private bodies: SceneBody[] = [];

  /** Everything but the bodies' evaluation: definitions, constants, named shapes, settings, layers. */
  prepare(): void {
    this.collectDefinitions();
    this.evaluateConstants();
    this.evaluateNamedShapes();
    this.sceneSettings = this.settings();
    this.sceneLayers = this.layers();
  }

  /**
   * One more body, after `prepare` over statements that all come before it (see SemanticStream):
   * defined (collectDefinitions' body case) and evaluated.
   */
  streamBody(s: BodyStatement): void {
    const def = s.name ? this.collectBody(s.name, s.range) : undefined;
    this.body(s, def, this.definitions.length - 1, this.bodies, 0);
  }

  /** The result, once every body has been evaluated. */
  finish(): SemanticResult {
    const settings = this.sceneSettings;
    const layers = this.sceneLayers;
    const bodies = this.bodies;
    this.reportUnused();

    const constants = new Map<string, Value>();
    const shapes = new Map<string, NamedShapeValue>();
    if (this.editorData) this.namedValues(constants, shapes);
    this.diagnostics.sort(byPosition);
    if (this.editorData) this.references.sort((a, b) => a.range.start - b.range.start);
    this.values?.sort();
    // One list for the scene's bodies and the definitions when they are the same (scene.ts
    // definitionsAreBodies): every body of the scene took the place of its own definition, in
    // statement order, so as many definitions as bodies means each is its body. Told by the
    // counts, not a loop over them: a loop over 10k entries is compiled (on-stack replacement)
    // for one run, 0.3% of a 10k-body check's instructions.
    const n = bodies.length;
    const definitions = this.definitions.length === n && (n === 0 || (this.definitions[0] === bodies[0] && this.definitions[n - 1] === bodies[n - 1])) ? bodies : this.definitions;
    return new SemanticResults(sceneOf(settings, bodies, layers), this.diagnostics, { definitions, references: this.references }, this.environment(), constants, shapes);
  }

  /** The value of each constant and the geometry of each named shape (first definition of each name). */
  private namedValues(constants: Map<string, Value>, shapes: Map<string, NamedShapeValue>): void {
    for (const [name, entry] of this.valueNames) {
      if (entry.stmt.kind !== 'Let') continue;
      const v = this.letValues.get(entry.stmt);
      if (v !== undefined) constants.set(name, v);
    }
    for (const [name, entry] of this.valueNames) {
      if (entry.stmt.kind !== 'Shape') continue;
      const v = this.shapeValues.get(entry.stmt);
      if (v !== undefined) shapes.set(name, v);
    }
  }

  // ── Helpers ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Runs `check` with its diagnostics dropped when `statement` is broken, so that a statement the
   * parser recovered from reports only its syntax error, while its names still resolve (references
   * for navigation) and its values are still recorded (hovers).
   */
  private quietlyIf<T>(broken: boolean | undefined, check: () => T): T {
    if (!broken) return check();
    const saved = this.diagnostics;
    this.diagnostics = this.dropped;
    this.evaluator.diagnostics = this.dropped;
    try {
      return check();
    } finally {
      this.diagnostics = saved;
      this.evaluator.diagnostics = saved;
      this.dropped.length = 0;
    }
  }

  private error(range: TextRange, code: string, message: string, extra?: Partial<Diagnostic>): void {
    this.diagnostics.push({ range, severity: 'error', code, message, ...extra });
  }

  private warning(range: TextRange, code: string, message: string, extra?: Partial<Diagnostic>): void {
    this.diagnostics.push({ range, severity: 'warning', code, message, ...extra });
  }

  private source(range: TextRange, max = 60): string {
    const s = this.input.text.slice(range.start, range.end).replace(/\s+/g, ' ').trim();
    // Its own copy: a definition's detail may outlive this version of the text.
    return ownString(s.length > max ? `${s.slice(0, max - 1)}…` : s);
  }

  /**
   * A body's definition. Not in `definitionOf`: each body statement is handed its own, and a large
   * scene's bodies need no map by offset. The scene body shares its ranges (see `bodyOf`).
   */
  private defineBody(name: Identifier, range: TextRange): MutableDefinition {
    const def: MutableDefinition = { kind: 'body', name: name.name, nameRange: name.range, range, detail: '', duplicate: false };
    this.definitions.push(def);
    return def;
  }

  private define(kind: SymbolDefinition['kind'], name: Identifier, range: TextRange): MutableDefinition {
    const def: MutableDefinition = { kind, name: name.name, nameRange: name.range, range, detail: '', duplicate: false };
    this.definitions.push(def);
    this.definitionOf.set(name.range.start, def);
    return def;
  }

  private duplicate(def: MutableDefinition, first: SymbolDefinition, what: string): void {
    def.duplicate = true;
    this.error(def.nameRange, 'duplicate-definition', `'${def.name}' is already defined as ${what}.`, {
      related: [{ range: first.nameRange, message: `First definition of '${def.name}'.` }],
    });
  }

  /**
   * Evaluates one value slot: checks its type, warns about an angle unit on a non-angle value,
   * and records the value for hovers and inlay hints.
   */
  private slot(e: Expression, role: ValueRole, type: 'number', what: string): number | undefined;
  private slot(e: Expression, role: ValueRole, type: 'vector', what: string): Vec2 | undefined;
  private slot(e: Expression, role: ValueRole, type: 'any', what: string): Value | undefined;
  private slot(e: Expression, role: ValueRole, type: 'number' | 'vector' | 'any', what: string): Value | undefined {
    this.evaluator.sawAngleUnit = false;
    const v =
      type === 'number'
        ? this.evaluator.evaluateNumber(e, what)
        : type === 'vector'
          ? this.evaluator.evaluateVector(e, what)
          : this.evaluator.evaluate(e);
    if (this.evaluator.sawAngleUnit && role !== 'angle' && role !== 'spin' && role !== 'constant') {
      this.warning(e.range, 'unit-not-angle', `'deg' and 'rad' mark angles, but ${what} is not an angle.`);
    }
    if (v !== undefined && (role === 'length' || role === 'position' || role === 'velocity' || role === 'spin')) {
      const m = typeof v === 'number' ? Math.abs(v) : Math.max(Math.abs(v.x), Math.abs(v.y));
      if (m > MAX_MAGNITUDE) {
        this.error(e.range, 'value-too-large', `Collide handles sizes, coordinates and speeds up to ${MAX_MAGNITUDE.toExponential()} in magnitude; this is ${formatValue(v)}.`);
        return undefined;
      }
    }
    // A bare number says its value already: no hover, hint or outline shows it, and a large
    // scene's table would hold a third more values (value-table.ts).
    if (v !== undefined && this.values !== null && !(e.kind === 'Number' && e.unit === null)) this.values.push(e.range, v, role);
    return v;
  }

  private use(def: SymbolDefinition): void {
    this.used.add(def);
    if (!this.countUses) return;
    if (this.inBody) this.bodyUses.set(def, (this.bodyUses.get(def) ?? 0) + 1);
    else this.headerUsed.add(def);
  }

  // ── Definitions ─────────────────────────────────────────────────────────────────────────────

  private collectDefinitions(): void {
    const statements = this.input.statements;
    for (let i = 0; i < statements.length; i++) {
      const s = statements[i]!;
      switch (s.kind) {
        // A broken statement's name is still reported when it repeats one: the name is no guess,
        // and a body stub (reparsing.ts skimFile) cannot tell whether its statement is broken.
        case 'Let':
        case 'Shape': {
          if (!s.name) break;
          const def = this.define(s.kind === 'Let' ? 'let' : 'shape', s.name, s.range);
          if (s.broken) this.brokenDefinitions.add(def);
          const first = this.valueNames.get(s.name.name);
          if (first) this.duplicate(def, first.def, first.stmt.kind === 'Let' ? 'a constant' : 'a shape');
          else this.valueNames.set(s.name.name, { def, stmt: s });
          break;
        }
        case 'Layer': {
          if (!s.name) break;
          const def = this.define('layer', s.name, s.range);
          if (s.broken) this.brokenDefinitions.add(def);
          const first = this.layerNames.get(s.name.name);
          if (first) this.duplicate(def, first.def, 'a layer');
          else this.layerNames.set(s.name.name, { def, stmt: s });
          if (this.editorData) def.detail = s.collides.length ? `collides ${s.collides.map((c) => c.name).join(' ')}` : 'collides with nothing';
          break;
        }
        case 'Body':
          this.bodyDefinitions.push(s.name ? this.collectBody(s.name, s.range) : undefined);
          this.bodyDefinitionAt.push(s.name ? this.definitions.length - 1 : -1);
          break;
        default:
          break;
      }
    }
  }

  /** A name in an expression: a constant's value, or an error on the name's range. */
  private resolveValue(id: Identifier): Value | undefined {
    const entry = this.valueNames.get(id.name);
    if (this.editorData) this.references.push({ kind: 'let', name: id.name, range: id.range, definition: entry?.def });
    if (!entry) {
      const guess = closestName(id.name, [...this.valueNames.keys()].filter((n) => this.valueNames.get(n)!.stmt.kind === 'Let'));
      this.error(id.range, 'unknown-name', `Unknown name '${id.name}'.${guess ? ` Did you mean '${guess}'?` : ' Define it with let.'}`);
      return undefined;
    }
    this.use(entry.def);
    if (entry.stmt.kind === 'Shape') {
      this.error(id.range, 'wrong-kind', `'${id.name}' is a shape, not a number or vector.`, {
        related: [{ range: entry.def.nameRange, message: `'${id.name}' is defined here.` }],
      });
      return undefined;
    }
    // Constants are evaluated in dependency order, so a known constant has its value already
    // (or failed, and said so, in which case this use stays quiet).
    return this.letValues.get(entry.stmt);
  }

  /**
   * Reports each definition on a dependency cycle (dependency-order.ts) once, on its name, with
   * the cycle as `a → b → a`; returns them all, since none of them gets a value.
   */
  private reportCycles<S extends LetStatement | ShapeStatement>(cycles: readonly S[][], code: string, message: (name: string, path: string) => string): Set<S> {
    const inCycle = new Set<S>();
    for (const cycle of cycles) {
      const path = [...cycle, cycle[0]!].map((s) => s.name?.name ?? '?').join(' → ');
      for (const s of cycle) {
        if (inCycle.has(s)) continue;
        inCycle.add(s);
        if (s.name && !s.broken) this.error(s.name.range, code, message(s.name.name, path));
      }
    }
    return inCycle;
  }

  /** Names a let statement's expression refers to, as the let statements they resolve to. */
  private letDependencies(stmt: LetStatement): LetStatement[] {
    const deps: LetStatement[] = [];
    const visit = (n: Node): void => {
      if (n.kind === 'Identifier') {
        const e = this.valueNames.get(n.name);
        if (e && e.stmt.kind === 'Let') deps.push(e.stmt);
        return;
      }
      if (n.kind === 'Call') {
        for (const a of n.args) visit(a);
        return;
      }
      forEachChild(n, visit);
    };
    visit(stmt.value);
    return deps;
  }

  private evaluateConstants(): void {
    const lets = this.input.statements.filter((s): s is LetStatement => s.kind === 'Let');
    const { order, cycles } = dependencyOrder(lets, (s) => this.letDependencies(s));
    const inCycle = this.reportCycles(cycles, 'let-cycle', (name, path) => `'${name}' is defined in terms of itself: ${path}.`);
    for (const s of order) {
      if (inCycle.has(s)) {
        this.cyclic.add(s.range.start);
        // Still resolve the names inside (references for navigation), without a value.
        this.quietlyIf(s.broken, () => this.evaluator.evaluate(s.value));
        this.letValues.set(s, undefined);
        continue;
      }
      // A broken constant has no value: what uses it is left out quietly, as after any error.
      const v = this.quietlyIf(s.broken, () => this.slot(s.value, 'constant', 'any', 'a constant'));
      this.letValues.set(s, s.broken ? undefined : v);
    }
    if (!this.editorData) return;
    for (const s of lets) {
      if (!s.name) continue;
      const def = this.definitionOf.get(s.name.range.start);
      const v = this.letValues.get(s);
      if (def) def.detail = v === undefined ? '(no value)' : formatValue(v);
    }
  }

  // ── Shapes ──────────────────────────────────────────────────────────────────────────────────

  private shapeDependencies(stmt: ShapeStatement): ShapeStatement[] {
    const deps: ShapeStatement[] = [];
    const visit = (n: Node): void => {
      if (n.kind === 'ShapeRef') {
        const e = this.valueNames.get(n.name.name);
        if (e && e.stmt.kind === 'Shape') deps.push(e.stmt);
        return;
      }
      if (n.kind === 'Compound' || n.kind === 'Part') forEachChild(n, visit);
    };
    visit(stmt.shape);
    return deps;
  }

  private evaluateNamedShapes(): void {
    const shapes = this.input.statements.filter((s): s is ShapeStatement => s.kind === 'Shape');
    const { order, cycles } = dependencyOrder(shapes, (s) => this.shapeDependencies(s));
    const inCycle = this.reportCycles(cycles, 'shape-cycle', (name, path) => `Shape '${name}' is made of itself: ${path}.`);
    for (const s of order) {
      if (inCycle.has(s)) {
        this.cyclic.add(s.range.start);
        this.quietlyIf(s.broken, () => this.recordShapeReferences(s.shape));
        this.shapeValues.set(s, undefined);
        continue;
      }
      const value = this.quietlyIf(s.broken, () => this.shape(s.shape));
      // Under its own name (`shape a = b` names b's parts a): bodies that use it read the name.
      this.shapeValues.set(s, s.broken || !value ? undefined : new SceneShape(value.parts, value.sourceKind, s.name?.name));
    }
    if (!this.editorData) return;
    for (const s of shapes) {
      if (!s.name) continue;
      const def = this.definitionOf.get(s.name.range.start);
      if (def) def.detail = this.source(s.shape.range);
    }
  }

  /** Records references inside a shape that is not evaluated (part of a cycle). */
  private recordShapeReferences(node: Node): void {
    if (node.kind === 'ShapeRef') {
      this.shapeReference(node.name);
      return;
    }
    if (node.kind === 'Identifier') {
      this.resolveValue(node);
      return;
    }
    forEachChild(node, (c) => this.recordShapeReferences(c));
  }

  /** A name in a shape's place: the named shape's statement, or an error on the name's range. */
  private shapeReference(id: Identifier): ShapeStatement | undefined {
    const entry = this.valueNames.get(id.name);
    if (this.editorData) this.references.push({ kind: 'shape', name: id.name, range: id.range, definition: entry?.def });
    if (!entry) {
      const guess = closestName(id.name, [...this.valueNames.keys()].filter((n) => this.valueNames.get(n)!.stmt.kind === 'Shape'));
      this.error(
        id.range,
        'unknown-shape',
        `Unknown shape '${id.name}'.${guess ? ` Did you mean '${guess}'?` : ' Write a shape constructor, or define it with shape.'}`,
      );
      return undefined;
    }
    this.use(entry.def);
    if (entry.stmt.kind === 'Let') {
      this.error(id.range, 'wrong-kind', `'${id.name}' is a constant, not a shape.`, {
        related: [{ range: entry.def.nameRange, message: `'${id.name}' is defined here.` }],
      });
      return undefined;
    }
    return entry.stmt;
  }

  private shape(node: ShapeExpression): SceneShape | undefined {
    switch (node.kind) {
      case 'ShapeCall': {
        const shape = this.primitive(node);
        return shape && new SceneShape([new ScenePart(shape, node.constructorName, node.range.start, node.range.end)], node.constructorName, undefined);
      }
      case 'Compound':
        return this.compound(node);
      case 'ShapeRef': {
        const stmt = this.shapeReference(node.name);
        // Named shapes are evaluated in dependency order: a known one has its value (or failed).
        return stmt ? this.shapeValues.get(stmt) : undefined;
      }
      case 'Missing':
      case 'Error':
        return undefined;
    }
  }

  private argumentCount(node: ShapeCall): boolean {
    const sig = SHAPE_SIGNATURES[node.constructorName];
    const n = node.args.length;
    if (sig.variadic ? n >= sig.minArgs : n === sig.minArgs) return true;
    const expected = sig.variadic ? `at least ${sig.minArgs} vertices` : `${sig.minArgs} argument${sig.minArgs === 1 ? '' : 's'}`;
    this.error(node.range, 'argument-count', `${sig.label} takes ${expected}; this has ${n}.`);
    // Still evaluate what is there so that names inside resolve (and report).
    for (const a of node.args) this.evaluator.evaluate(a);
    return false;
  }

  private positive(e: Expression, what: string): number | undefined {
    const v = this.slot(e, 'length', 'number', what);
    if (v === undefined) return undefined;
    if (!(v > 0)) {
      this.error(e.range, 'invalid-size', `${what[0]!.toUpperCase()}${what.slice(1)} must be greater than 0; it is ${formatValue(v)}.`);
      return undefined;
    }
    return v;
  }

  /** The geometry of a constructor call (its range and constructor are the node's). */
  private primitive(node: ShapeCall): ConvexShape | undefined {
    if (!this.argumentCount(node)) return undefined;
    const a = node.args;
    let shape: ConvexShape | undefined;
    switch (node.constructorName) {
      case 'circle': {
        const r = this.positive(a[0]!, 'the radius');
        if (r !== undefined) shape = circleAtOrigin(r);
        break;
      }
      case 'box': {
        const w = this.positive(a[0]!, 'the width');
        const h = this.positive(a[1]!, 'the height');
        if (w !== undefined && h !== undefined) shape = makeSharedBox(w, h);
        break;
      }
      case 'capsule': {
        const length = this.positive(a[0]!, 'the length');
        const r = this.positive(a[1]!, 'the radius');
        if (length !== undefined && r !== undefined) shape = makeCapsule(length, r);
        break;
      }
      case 'segment': {
        const p = this.slot(a[0]!, 'position', 'vector', 'the first end');
        const q = this.slot(a[1]!, 'position', 'vector', 'the second end');
        if (p === undefined || q === undefined) break;
        if (p.x === q.x && p.y === q.y) {
          this.error(node.range, 'segment-zero-length', 'The two ends of this segment are the same point.');
          break;
        }
        shape = makeSegment(p, q);
        break;
      }
      case 'polygon': {
        const points: Vec2[] = [];
        let failed = false;
        for (let i = 0; i < a.length; i++) {
          const e = a[i]!;
          const v = this.slot(e, 'position', 'vector', vertexName(i));
          if (v === undefined) failed = true;
          // validatePolygon tells vertices apart by identity: a constant's vector (the one value
          // object a name evaluates to) is copied, any other is a fresh object (evaluate.ts).
          else points.push(namesValue(e) ? { x: v.x, y: v.y } : v);
        }
        if (failed) break;
        const checked = validatePolygon(points, a, node.range, this.diagnostics);
        if (checked.vertices) shape = makePolygon(checked.vertices);
        break;
      }
    }
    return shape;
  }

  /**
   * Reports a clause written twice (the later one wins) and returns the clauses by keyword.
   * `owner` names what the clauses belong to in that message: a body's name, `undefined` for a
   * body without one, or 'part'.
   */
  private clausesByKeyword(clauses: readonly Clause[], owner: Identifier | undefined | 'part'): ClauseSlots {
    const slots: ClauseSlots = [undefined, undefined, undefined, undefined, undefined];
    for (const c of clauses) {
      // Every clause keyword, a part's (at, angle) too, is one of BODY_CLAUSES; both are
      // internalized string literals, so this compares pointers.
      const k = BODY_CLAUSES.indexOf(c.keyword);
      const first = slots[k];
      if (first) {
        const where = owner === 'part' ? 'this part' : owner ? `body '${owner.name}'` : 'this body';
        this.error(c.keywordRange, 'duplicate-property', `'${c.keyword}' is given twice for ${where}; the later one is used.`, {
          related: [{ range: first.range, message: `The earlier '${c.keyword}'.` }],
        });
      }
      slots[k] = c;
    }
    return slots;
  }

  private compound(node: CompoundShape): SceneShape | undefined {
    if (node.parts.length === 0) {
      this.error(node.range, 'argument-count', 'A compound needs at least one part.');
      return undefined;
    }
    const parts: ScenePart[] = [];
    let failed = false;
    for (const part of node.parts) {
      const sub = this.shape(part.shape);
      const clauses = this.clausesByKeyword(part.clauses, 'part');
      const at = clauses[AT];
      const angle = clauses[ANGLE];
      const offset = at ? this.slot(at.value, 'position', 'vector', "the part's position") : { x: 0, y: 0 };
      const turn = angle ? this.slot(angle.value, 'angle', 'number', "the part's angle") : 0;
      if (!sub || offset === undefined || turn === undefined) {
        failed = true;
        continue;
      }
      const xf = makeTransform(offset.x, offset.y, turn);
      const identity = offset.x === 0 && offset.y === 0 && turn === 0;
      for (const p of sub.parts) {
        parts.push(identity ? p : new ScenePart(transformShape(p.shape, xf), p.sourceKind, p.start, p.end));
      }
    }
    return failed ? undefined : new SceneShape(parts, 'compound', undefined);
  }

  // ── Settings and layers ─────────────────────────────────────────────────────────────────────

  private settings(): { dt: number; frames: number; slop: number } {
    const result = { dt: DEFAULT_DT, frames: DEFAULT_FRAMES, slop: DEFAULT_SLOP };
    const seen = new Map<string, TextRange>();
    const statements = this.input.statements;
    for (let i = 0; i < statements.length; i++) {
      const s = statements[i]!;
      if (s.kind !== 'Setting') continue;
      if (s.broken) {
        // Not applied: the setting keeps its earlier value (or default) until this one parses.
        this.quietlyIf(true, () => this.slot(s.value, settingRole(s.keyword), 'number', s.keyword));
        continue;
      }
      const earlier = seen.get(s.keyword);
      if (earlier) {
        this.warning(s.keywordRange, 'duplicate-setting', `'${s.keyword}' is set more than once; this later value is the one used.`, {
          related: [{ range: earlier, message: `The earlier '${s.keyword}'.` }],
        });
      }
      seen.set(s.keyword, s.range);
      switch (s.keyword) {
        case 'dt': {
          const v = this.slot(s.value, 'time', 'number', 'dt');
          if (v === undefined) break;
          if (!(v > 0)) this.error(s.value.range, 'invalid-dt', `dt is the length of a step in seconds and must be greater than 0; it is ${formatValue(v)}.`);
          else result.dt = v;
          break;
        }
        case 'frames': {
          const v = this.slot(s.value, 'count', 'number', 'frames');
          if (v === undefined) break;
          if (!Number.isInteger(v) || v < 1 || v > MAX_FRAMES) {
            this.error(s.value.range, 'invalid-frames', `frames must be a whole number from 1 to ${MAX_FRAMES}; it is ${formatValue(v)}.`);
          } else result.frames = v;
          break;
        }
        case 'slop': {
          const v = this.slot(s.value, 'length', 'number', 'slop');
          if (v === undefined) break;
          if (!(v >= 0)) this.error(s.value.range, 'invalid-slop', `slop is a depth and must be 0 or more; it is ${formatValue(v)}.`);
          else result.slop = v;
          break;
        }
      }
    }
    return result;
  }

  /** A layer name used by a body or a `collides` list. */
  private layerReference(id: Identifier): boolean {
    const entry = this.layerNames.get(id.name);
    if (this.editorData) this.references.push({ kind: 'layer', name: id.name, range: id.range, definition: entry?.def });
    if (!entry) {
      const guess = closestName(id.name, [...this.layerNames.keys()]);
      this.error(id.range, 'unknown-layer', `Unknown layer '${id.name}'.${guess ? ` Did you mean '${guess}'?` : ` Declare it with: layer ${id.name}`}`);
      return false;
    }
    this.use(entry.def);
    return true;
  }

  private layers(): Map<string, SceneLayer> {
    const layers = new Map<string, SceneLayer>();
    const statements = this.input.statements;
    for (let i = 0; i < statements.length; i++) {
      const s = statements[i]!;
      if (s.kind !== 'Layer') continue;
      this.quietlyIf(s.broken, () => {
        for (const c of s.collides) this.layerReference(c);
      });
      // A broken layer declares its name but no relation: its bodies collide with everything
      // (scene.ts `layersCollide`), which hides no finding while the list is being written.
      if (!s.name || s.broken || this.layerNames.get(s.name.name)?.stmt !== s) continue;
      layers.set(s.name.name, { name: s.name.name, collides: s.collides.map((c) => c.name), range: s.range, nameRange: s.name.range });
    }
    return layers;
  }

  // ── Bodies ──────────────────────────────────────────────────────────────────────────────────

  /** `defAt`: where `def` is in `definitions` (the body, if it enters the scene, replaces it). */
  private body(s: BodyStatement, def: MutableDefinition | undefined, defAt: number, bodies: SceneBody[], firstIndex: number): void {
    // quietlyIf written out: a closure per body was a visible share of a large file's semantics.
    const saved = this.diagnostics;
    if (s.broken) {
      this.diagnostics = this.dropped;
      this.evaluator.diagnostics = this.dropped;
    }
    this.inBody = true;
    try {
      this.bodyOf(s, def, defAt, bodies, firstIndex);
    } finally {
      this.inBody = false;
      if (s.broken) {
        this.diagnostics = saved;
        this.evaluator.diagnostics = saved;
        this.dropped.length = 0;
      }
    }
  }

  private bodyOf(s: BodyStatement, def: MutableDefinition | undefined, defAt: number, bodies: SceneBody[], firstIndex: number): void {
    let isStatic = false;
    let isSensor = false;
    let isBullet = false;
    for (const m of s.modifiers) {
      const seen = m.modifier === 'static' ? isStatic : m.modifier === 'sensor' ? isSensor : isBullet;
      if (seen) this.warning(m.range, 'duplicate-modifier', `'${m.modifier}' is written twice.`, { tags: ['unnecessary'] });
      if (m.modifier === 'static') isStatic = true;
      else if (m.modifier === 'sensor') isSensor = true;
      else isBullet = true;
    }

    // A constructor written in the statement is the body's one shape (scene.ts BODY_ONE_SHAPE):
    // no part object or list per body.
    const one = s.shape.kind === 'ShapeCall' ? this.primitive(s.shape) : undefined;
    const shape = s.shape.kind === 'ShapeCall' ? undefined : this.shape(s.shape);
    const clauses = this.clausesByKeyword(s.properties, s.name);
    let failed = (!one && !shape) || !s.name;

    let position: Vec2 | undefined;
    let angle = 0;
    let velocity: Vec2 = AT_REST;
    let spin = 0;
    let layer: string | null = null;
    const at = clauses[AT];
    if (at) {
      const v = this.slot(at.value, 'position', 'vector', 'the position');
      if (v === undefined) failed = true;
      else position = v;
    }
    const angleClause = clauses[ANGLE];
    if (angleClause) {
      const v = this.slot(angleClause.value, 'angle', 'number', 'the angle');
      if (v === undefined) failed = true;
      else angle = v;
    }
    const velocityClause = clauses[VELOCITY];
    if (velocityClause) {
      const v = this.slot(velocityClause.value, 'velocity', 'vector', 'the velocity');
      if (v === undefined) failed = true;
      else velocity = v;
    }
    const spinClause = clauses[SPIN];
    if (spinClause) {
      const v = this.slot(spinClause.value, 'spin', 'number', 'the spin');
      if (v === undefined) failed = true;
      else spin = v;
    }
    const layerClause = clauses[LAYER];
    if (layerClause && layerClause.value.kind === 'Identifier') {
      this.layerReference(layerClause.value);
      // An unknown layer is reported; the body keeps the name so that it still collides with
      // everything (scene.ts `layersCollide`) rather than hiding findings.
      layer = layerClause.value.name;
    }

    if (isStatic) {
      if (velocityClause && (velocity.x !== 0 || velocity.y !== 0)) this.staticMotion(velocityClause);
      if (spinClause && spin !== 0) this.staticMotion(spinClause);
      velocity = AT_REST;
      spin = 0;
    }

    const sourceKind: SourceShapeKind =
      s.shape.kind === 'ShapeCall' ? s.shape.constructorName : (shape?.sourceKind ?? (s.shape.kind === 'Compound' ? 'compound' : 'polygon'));
    const modifiers = (isStatic ? BODY_STATIC : 0) | (isSensor ? BODY_SENSOR : 0) | (isBullet ? BODY_BULLET : 0);
    // Out of the Scene: a failed value, a broken statement, or a second body of the same name
    // (the first definition is the body of that name; analysing both would pair them). Only such
    // a body's plain definition keeps a detail string: a body in the scene replaces its definition
    // below and makes its detail on read.
    const geometry = one ?? shape;
    if (failed || !geometry || !s.name || !def || s.broken || def.duplicate) {
      if (def && this.editorData) def.detail = bodyDetail(modifiers, s.shape.kind === 'ShapeRef' ? s.shape.name.name : sourceKind);
      return;
    }

    // The clauses' offsets (in BODY_CLAUSES order), then the body's packed data (scene.ts bodyData).
    // One loop over BODY_CLAUSES for both, so that the offsets' order and the flag bits cannot drift apart.
    const start = def.range.start;
    let n = 0;
    let flags = modifiers;
    for (let k = 0; k < BODY_CLAUSES.length; k++) {
      const c = clauses[k];
      if (!c) continue;
      n = clauseOffsets(c, n, start);
      flags |= clauseFlag(k);
    }
    if (one) flags |= BODY_ONE_SHAPE;
    // A body without a velocity clause, or static, rests and holds no velocity.
    const moving = velocity !== AT_REST;
    if (moving) flags |= BODY_MOVING;
    // Likewise a body without a spin clause, or static, holds no spin.
    const spinning = spinClause !== undefined && !isStatic;
    if (spinning) flags |= BODY_SPINNING;
    flags |= sourceKindFlags(sourceKind);
    const packed = packClauses(CLAUSES, n);
    // The definition's name range, which its duplicates' diagnostics point at already; the shape's
    // and the statement's offsets after it, packed, or after the clauses when they do not fit.
    const nameRange = def.nameRange;
    const spans = bodySpans(CLAUSES, packed, start, nameRange.start, nameRange.end, s.shape.range.start, s.shape.range.end, def.range.end);
    flags |= spans < 0 ? BODY_WIDE_SPANS : nameAtFlags(start, nameRange.start);
    // The body's numbers go after its own shape's vertices, in the one array (scene.ts SceneBody
    // `data`), when the shape is this statement's alone and its vertex array is not shared (a
    // circle's centre is: an array of its own would cost what it saves).
    const dataAt = one && one.xy !== CIRCLE_CENTRE && 2 * one.count < DATA_AT_LIMIT ? 2 * one.count : 0;
    const data = bodyData(position?.x ?? 0, position?.y ?? 0, angle, spinning ? spin : undefined, moving ? velocity : undefined, CLAUSES, 0, spans < 0 ? packed + WIDE_SPANS : packed, one?.xy, dataAt);
    if (dataAt > 0) {
      // `one` was made by `primitive` for this statement and nothing else holds it yet: its
      // vertices are the array's first `dataAt` numbers, so it takes the array in place of its own
      // (a store to a field that has held arrays only: the shape keeps its one hidden class).
      (one as { xy: readonly number[] }).xy = data;
      flags |= dataAtFlags(dataAt);
    }
    const body = new SceneBody(
      firstIndex + bodies.length,
      s.name.name,
      nameRange.start,
      spans,
      flags,
      layer,
      // The evaluated geometry itself: a named shape's SceneShape is shared by every body that uses it.
      geometry,
      data,
    );
    bodies.push(body);
    // The body is its own definition from now on (scene.ts SceneBody): one object, not two.
    this.definitions[defAt] = body;
  }

  private staticMotion(c: Clause): void {
    this.warning(c.range, 'static-motion', `A static body never moves; its ${c.keyword} is ignored.`, { tags: ['unnecessary'] });
  }

  private reportUnused(): void {
    const definitions = this.definitions;
    for (let i = 0; i < definitions.length; i++) {
      const d = definitions[i]!;
      if (d.duplicate || d.kind === 'body' || this.used.has(d) || this.brokenDefinitions.has(d)) continue;
      const what = d.kind === 'let' ? 'Constant' : d.kind === 'shape' ? 'Shape' : 'Layer';
      this.diagnostics.push({
        range: d.nameRange,
        severity: 'hint',
        code: 'unused-definition',
        message: `${what} '${d.name}' is never used.`,
        tags: ['unnecessary'],
      });
    }
  }
}
