// The checker's second layer: what bodies are evaluated in. Named shapes in dependency order,
// shape expressions (constructors, compounds, references), the settings and the layers.
import {
  makeCapsule,
  makePolygon,
  makeSegment,
  makeSharedBox,
  makeTransform,
  packedCoordinates,
  transformShape,
} from '../../../core';
import type { ConvexShape, Vec2 } from '../../../core';
import type { TextRange } from '../common/diagnostic';
import type { Clause, CompoundShape, Expression, Identifier, ShapeCall, ShapeExpression, ShapeStatement } from '../syntax/ast';
import { forEachChild, type Node } from '../syntax/ast';
import { dependencyOrder } from './dependency-order';
import { formatValue } from './evaluate';
import { validatePolygon } from './polygon-validation';
import { Resolver, settingRole } from './resolve';
import { DEFAULT_DT, DEFAULT_FRAMES, DEFAULT_SLOP, MAX_FRAMES } from './result';
import { BODY_CLAUSES } from './body-layout';
import { ScenePart, SceneShape, type SceneLayer } from './scene';
import { SHAPE_SIGNATURES } from './signatures';
import { closestName } from './suggest';

/**
 * A circle's core (its center, the body origin, packed as shape.ts stores it) and its lack of
 * normals, shared by every circle. Not frozen: freezing would move the arrays to a frozen
 * elements kind that the support functions would meet beside every other shape's packed doubles.
 * Nothing writes a shape's arrays.
 */
export const CIRCLE_CENTER: readonly number[] = packedCoordinates(2);
const NO_NORMALS: readonly number[] = packedCoordinates(0);

/** makeCircle at the origin with the shared center and normals: the same shape, no new arrays. */
function circleAtOrigin(r: number): ConvexShape {
  return { kind: 'circle', count: 1, xy: CIRCLE_CENTER, radius: Math.abs(r), nxy: NO_NORMALS };
}

/**
 * A body's or a part's clauses, the last of each keyword (see `clausesByKeyword`), indexed in
 * BODY_CLAUSES order: AT, ANGLE, VELOCITY, SPIN, LAYER. An array indexed by number rather than an
 * object indexed by the keyword: a property looked up by a string that varies from clause to
 * clause is a megamorphic keyed access, twice per clause of a file.
 */
export type ClauseSlots = (Clause | undefined)[];
export const AT = BODY_CLAUSES.indexOf('at');
export const ANGLE = BODY_CLAUSES.indexOf('angle');
export const VELOCITY = BODY_CLAUSES.indexOf('velocity');
export const SPIN = BODY_CLAUSES.indexOf('spin');
export const LAYER = BODY_CLAUSES.indexOf('layer');

/** Whether `e` is a name, parenthesized or not: the expressions whose value is not made afresh. */
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

export abstract class EnvironmentChecker extends Resolver {
  // ── Shapes ──────────────────────────────────────────────────────────────────────────────────

  protected shapeDependencies(stmt: ShapeStatement): ShapeStatement[] {
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

  protected evaluateNamedShapes(): void {
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
  protected recordShapeReferences(node: Node): void {
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
  protected shapeReference(id: Identifier): ShapeStatement | undefined {
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

  protected shape(node: ShapeExpression): SceneShape | undefined {
    switch (node.kind) {
      case 'ShapeCall': {
        if (node.constructorName === 'chain') {
          // Evaluated for its names' sake, then refused: a chain is not a convex part.
          for (const a of node.args) this.evaluator.evaluate(a);
          this.error(node.constructorRange, 'chain-not-body-shape', "A chain is a static body's whole shape (body name static chain(...)): it cannot be a named shape or a compound's part.");
          return undefined;
        }
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
      case 'Tiles':
      case 'Missing':
      case 'Error':
        return undefined;
    }
  }

  protected argumentCount(node: ShapeCall): boolean {
    const sig = SHAPE_SIGNATURES[node.constructorName];
    const n = node.args.length;
    if (sig.variadic ? n >= sig.minArgs : n === sig.minArgs) return true;
    const expected = sig.variadic ? `at least ${sig.minArgs} vertices` : `${sig.minArgs} argument${sig.minArgs === 1 ? '' : 's'}`;
    this.error(node.range, 'argument-count', `${sig.label} takes ${expected}; this has ${n}.`);
    // Still evaluate what is there so that names inside resolve (and report).
    for (const a of node.args) this.evaluator.evaluate(a);
    return false;
  }

  protected positive(e: Expression, what: string): number | undefined {
    const v = this.slot(e, 'length', 'number', what);
    if (v === undefined) return undefined;
    if (!(v > 0)) {
      this.error(e.range, 'invalid-size', `${what[0]!.toUpperCase()}${what.slice(1)} must be greater than 0; it is ${formatValue(v)}.`);
      return undefined;
    }
    return v;
  }

  /** The geometry of a constructor call (its range and constructor are the node's). */
  protected primitive(node: ShapeCall): ConvexShape | undefined {
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
  protected clausesByKeyword(clauses: readonly Clause[], owner: Identifier | undefined | 'part'): ClauseSlots {
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

  protected compound(node: CompoundShape): SceneShape | undefined {
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

  protected settings(): { dt: number; frames: number; slop: number } {
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

  protected layers(): Map<string, SceneLayer> {
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
}
