// What semantic analysis gives and takes: its options, its result (the Scene, diagnostics,
// symbols, and the values statements evaluate to), its input, and the settings' defaults and
// limits. The checker itself is resolve.ts → environment.ts → bodies.ts → session.ts.
import type { Diagnostic } from '../common/diagnostic';
import type { BodyStatement, Statement } from '../syntax/ast';
import type { Value } from './evaluate';
import type { Scene, SceneBody, SceneLayer, ScenePart, SourceShapeKind } from './scene';
import type { SymbolTable } from './symbols';
import { ValueTable } from './value-table';

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
   * are empty, `valuesOf` finds no values, and every detail is '' but a scene body's (made from
   * the scene's record, which does not depend on this option). Definitions
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
   * (the hovered one, the viewport's for inlay hints, the settings for the outline), while a kept
   * table of the whole document would be built on every whole-file run, spliced on every edit,
   * and held by the idle language server for every value of the file. A statement that
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
 * prototype. An object literal with a getter of its own would be a dictionary-mode object (V8
 * gives a literal with an own accessor no fast map), each property read a dictionary look-up,
 * and the windowed one's getter a closure made per edit in a context holding that version's
 * whole text, which scavenges promote until the next full collection.
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
export const NO_VALUES: StatementValues = { valuesOf: () => new ValueTable(0) };

/**
 * A scene of these settings, bodies and layers, always built in this one property order, so that
 * every scene, the checker's or a windowed edit's, has one hidden class (a spread of the settings
 * gave the checker's another one, and the incremental update, which reads both, deoptimized on
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
