// The checker's first layer: names and values. It holds the run's state (definitions,
// references, diagnostics, use counts), collects every statement's definition, resolves names
// to constants and layers, evaluates constants in dependency order, and evaluates value slots.
import type { Vec2 } from '../../../core';
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { Expression, Identifier, LayerStatement, LetStatement, SettingStatement, ShapeStatement } from '../syntax/ast';
import { forEachChild, type Node } from '../syntax/ast';
import { ownString } from '../syntax/grammar';
import { dependencyOrder } from './dependency-order';
import { Evaluator, formatValue, type Value, type ValueRole } from './evaluate';
import { NameCounts } from './name-counts';
import * as result from './result';
import type { SemanticInput, SemanticOptions } from './result';
import { SceneBody, type SceneShape } from './scene';
import { closestName } from './suggest';
import type { DefinitionEntry, SymbolDefinition, SymbolReference } from './symbols';
import type { ValueTable } from './value-table';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { MAX_MAGNITUDE } = result;

export type MutableDefinition = { -readonly [K in keyof SymbolDefinition]: SymbolDefinition[K] };

interface ValueEntry {
  readonly def: MutableDefinition;
  readonly stmt: LetStatement | ShapeStatement;
}

/** A setting's value role (the same for a broken setting, whose value is evaluated all the same). */
export function settingRole(keyword: SettingStatement['keyword']): ValueRole {
  return keyword === 'dt' ? 'time' : keyword === 'frames' ? 'count' : 'length';
}

export abstract class Resolver {
  protected diagnostics: Diagnostic[] = [];
  protected definitions: DefinitionEntry[] = [];
  protected references: SymbolReference[] = [];
  /**
   * Where evaluated values go: nowhere in a run (results evaluate them again on request, see
   * SemanticResult.valuesOf), `valuesOf`'s table while it runs, the whole table for `record`.
   */
  protected values: ValueTable | null = null;
  protected readonly evaluator: Evaluator;
  /** SemanticOptions.editorData: whether to record what only editor features read. */
  protected readonly editorData: boolean;
  /** Body statements declaring each name. */
  readonly bodyNameCount = new NameCounts();
  /** References from bodies to each definition, and definitions used by other statements. */
  readonly bodyUses = new Map<SymbolDefinition, number>();
  readonly headerUsed = new Set<SymbolDefinition>();
  /** Whether a body is being evaluated (for the use counts). */
  protected inBody = false;
  /** Off while evaluating a window's bodies: the caller adjusts the counts once it commits. */
  protected countUses = true;

  /** First definition of each name, per namespace. */
  protected readonly valueNames = new Map<string, ValueEntry>();
  protected readonly layerNames = new Map<string, { def: MutableDefinition; stmt: LayerStatement }>();
  protected readonly bodyNames = new Map<string, DefinitionEntry>();

  /** A body's definition, counted under its name, and reported when the name is taken already. */
  protected collectBody(id: Identifier, range: TextRange): MutableDefinition {
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
  protected firstBodyNamed(name: string): DefinitionEntry {
    if (this.bodyNames.size === 0) {
      for (let i = 0; i < this.definitions.length; i++) {
        const d = this.definitions[i]!;
        if ((d instanceof SceneBody || d.kind === 'body') && !this.bodyNames.has(d.name)) this.bodyNames.set(d.name, d);
      }
    }
    return this.bodyNames.get(name)!;
  }

  protected readonly letValues = new Map<LetStatement, Value | undefined>();
  protected readonly shapeValues = new Map<ShapeStatement, SceneShape | undefined>();
  protected readonly used = new Set<SymbolDefinition>();
  /** Definition made for each declared name, by the name's offset (a stub's name and its body's agree). */
  protected readonly definitionOf = new Map<number, MutableDefinition>();
  /** The definition of each body statement in order (undefined: no name), until the bodies are checked. */
  protected readonly bodyDefinitions: (MutableDefinition | undefined)[] = [];
  /** Where each of `bodyDefinitions` is in `definitions` (-1: no name): a body in the scene takes its place. */
  protected readonly bodyDefinitionAt: number[] = [];
  /** Definitions made by broken statements: never reported as unused (the statement said enough). */
  protected readonly brokenDefinitions = new Set<SymbolDefinition>();
  /** Where the diagnostics of a broken statement go: checked, then dropped. */
  protected readonly dropped: Diagnostic[] = [];
  /**
   * Starts of the let and shape statements on a dependency cycle, for `valuesOf`, whose
   * statements are parsed afresh for each request: known by position, not by node. The
   * positions hold for every version that shares this checker: a window edit
   * (analysis/statement-window.ts) has bodies only after it, so no let or shape moves.
   */
  protected readonly cyclic = new Set<number>();

  constructor(
    protected input: SemanticInput,
    options: SemanticOptions,
  ) {
    this.editorData = options.editorData ?? true;
    this.evaluator = new Evaluator((id) => this.resolveValue(id), this.diagnostics, null);
  }

  // ── Helpers ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Runs `check` with its diagnostics dropped when `statement` is broken, so that a statement the
   * parser recovered from reports only its syntax error, while its names still resolve (references
   * for navigation) and its values are still recorded (hovers).
   */
  protected quietlyIf<T>(broken: boolean | undefined, check: () => T): T {
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

  protected error(range: TextRange, code: string, message: string, extra?: Partial<Diagnostic>): void {
    this.diagnostics.push({ range, severity: 'error', code, message, ...extra });
  }

  protected warning(range: TextRange, code: string, message: string, extra?: Partial<Diagnostic>): void {
    this.diagnostics.push({ range, severity: 'warning', code, message, ...extra });
  }

  protected source(range: TextRange, max = 60): string {
    const s = this.input.text.slice(range.start, range.end).replace(/\s+/g, ' ').trim();
    // Its own copy: a definition's detail may outlive this version of the text.
    return ownString(s.length > max ? `${s.slice(0, max - 1)}…` : s);
  }

  /**
   * A body's definition. Not in `definitionOf`: each body statement is handed its own, and a large
   * scene's bodies need no map by offset. The scene body shares its ranges (see `bodyOf`).
   */
  protected defineBody(name: Identifier, range: TextRange): MutableDefinition {
    const def: MutableDefinition = { kind: 'body', name: name.name, nameRange: name.range, range, detail: '', duplicate: false };
    this.definitions.push(def);
    return def;
  }

  protected define(kind: SymbolDefinition['kind'], name: Identifier, range: TextRange): MutableDefinition {
    const def: MutableDefinition = { kind, name: name.name, nameRange: name.range, range, detail: '', duplicate: false };
    this.definitions.push(def);
    this.definitionOf.set(name.range.start, def);
    return def;
  }

  protected duplicate(def: MutableDefinition, first: DefinitionEntry, what: string): void {
    def.duplicate = true;
    this.error(def.nameRange, 'duplicate-definition', `'${def.name}' is already defined as ${what}.`, {
      related: [{ range: first.nameRange, message: `First definition of '${def.name}'.` }],
    });
  }

  /**
   * Evaluates one value slot: checks its type, warns about an angle unit on a non-angle value,
   * and records the value for hovers and inlay hints.
   */
  protected slot(e: Expression, role: ValueRole, type: 'number', what: string): number | undefined;
  protected slot(e: Expression, role: ValueRole, type: 'vector', what: string): Vec2 | undefined;
  protected slot(e: Expression, role: ValueRole, type: 'any', what: string): Value | undefined;
  protected slot(e: Expression, role: ValueRole, type: 'number' | 'vector' | 'any', what: string): Value | undefined {
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

  protected use(def: SymbolDefinition): void {
    this.used.add(def);
    if (!this.countUses) return;
    if (this.inBody) this.bodyUses.set(def, (this.bodyUses.get(def) ?? 0) + 1);
    else this.headerUsed.add(def);
  }

  // ── Definitions ─────────────────────────────────────────────────────────────────────────────

  protected collectDefinitions(): void {
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
  protected resolveValue(id: Identifier): Value | undefined {
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
  protected reportCycles<S extends LetStatement | ShapeStatement>(cycles: readonly S[][], code: string, message: (name: string, path: string) => string): Set<S> {
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
  protected letDependencies(stmt: LetStatement): LetStatement[] {
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

  protected evaluateConstants(): void {
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

  /** A layer name used by a body or a `collides` list. */
  protected layerReference(id: Identifier): boolean {
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

  protected reportUnused(): void {
    const definitions = this.definitions;
    for (let i = 0; i < definitions.length; i++) {
      const d = definitions[i]!;
      if (d instanceof SceneBody || d.duplicate || d.kind === 'body' || this.used.has(d) || this.brokenDefinitions.has(d)) continue;
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
