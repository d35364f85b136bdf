// The checker's last layer and its front: a whole-file run (Checker), and the session that keeps
// its environment to evaluate an edited window's bodies again (incremental analysis), or that a
// stream of bodies feeds one at a time.
import { byPosition, type Diagnostic } from '../common/diagnostic';
import type { BodyStatement, Statement } from '../syntax/ast';
import { BodyChecker } from './bodies';
import type { Value } from './evaluate';
import { settingRole } from './resolve';
import { DEFAULT_DT, DEFAULT_FRAMES, DEFAULT_SLOP, NO_VALUES, sceneOf, SemanticResults, type NamedShapeValue, type SemanticInput, type SemanticOptions, type SemanticResult, type StatementValues } from './result';
import type { SceneBody, SceneLayer } from './scene';
import { DefinitionTable, type DefinitionEntry, type SymbolDefinition, type SymbolReference } from './symbols';
import { ValueTable } from './value-table';

/**
 * What the body statements of an edited window evaluate to against the unchanged rest of the
 * file (see `SemanticSession.evaluateBodies`), each list in source order.
 */
export interface BodyWindowResult {
  /** Bodies that enter the scene, indexed from the `firstIndex` given. */
  readonly bodies: SceneBody[];
  readonly diagnostics: Diagnostic[];
  readonly definitions: DefinitionEntry[];
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

/** What a released Checker refers to instead of the whole file it checked (nothing reads it). */
const RELEASED: SemanticInput = { text: '', statements: [] };

export class Checker extends BodyChecker implements StatementValues {
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
  protected sceneSettings = { dt: DEFAULT_DT, frames: DEFAULT_FRAMES, slop: DEFAULT_SLOP };
  protected sceneLayers = new Map<string, SceneLayer>();
  /** The scene's bodies so far (until `release`: the result holds them). */
  protected bodies: SceneBody[] = [];

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
    // One list for the scene's bodies and the table's entries when they are the same (symbols.ts
    // definitionsAreBodies): every body of the scene took the place of its own definition, in
    // statement order, so as many definitions as bodies means each is its body. Told by the
    // counts, not a loop over them: a loop over every body would be compiled (on-stack
    // replacement) for one run.
    const n = bodies.length;
    const definitions = this.definitions.length === n && (n === 0 || (this.definitions[0] === bodies[0] && this.definitions[n - 1] === bodies[n - 1])) ? bodies : this.definitions;
    return new SemanticResults(sceneOf(settings, bodies, layers), this.diagnostics, new DefinitionTable(definitions, this.references), this.environment(), constants, shapes);
  }

  /** The value of each constant and the geometry of each named shape (first definition of each name). */
  protected namedValues(constants: Map<string, Value>, shapes: Map<string, NamedShapeValue>): void {
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
}
