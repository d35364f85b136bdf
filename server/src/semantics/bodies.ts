// The checker's third layer: body statements. A body's modifiers, shape and clauses are checked
// and evaluated; a body that evaluated cleanly enters the Scene as a packed SceneBody.
import type { Vec2 } from '../../../core';
import type { BodyStatement, Clause, ShapeCall } from '../syntax/ast';
import * as environment from './environment';
import { ChainChecker } from './chain-checks';
import type { MutableDefinition } from './resolve';
import { BODY_BULLET, BODY_MOVING, BODY_ONE_SHAPE, BODY_SPINNING, BODY_SENSOR, BODY_CLAUSES, BODY_STATIC, BODY_WIDE_SPANS, bodyData, bodySpans, clauseFlag, DATA_AT_LIMIT, dataAtFlags, nameAtFlags, packClauses, sourceKindFlags, WIDE_SPANS } from './body-layout';
import { bodyDetail, SceneBody, type SourceShapeKind } from './scene';

// Bound once as module-local constants: hot loops read them, and an imported binding is a
// property read of the exporting module's object wherever modules are not bundled (tsx).
const { ANGLE, AT, CIRCLE_CENTER, LAYER, SPIN, VELOCITY } = environment;

/**
 * Shared by every body that does not move (and every static one): a large scene's resting bodies
 * need no velocity object each. Never mutated (Vec2 fields are read-only everywhere).
 */
const AT_REST: Vec2 = Object.freeze({ x: 0, y: 0 });

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

export abstract class BodyChecker extends ChainChecker {
  // ── Bodies ──────────────────────────────────────────────────────────────────────────────────

  /** `defAt`: where `def` is in `definitions` (the body, if it enters the scene, replaces it). */
  protected body(s: BodyStatement, def: MutableDefinition | undefined, defAt: number, bodies: SceneBody[], firstIndex: number): void {
    // quietlyIf written out: no closure per body.
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

  protected bodyOf(s: BodyStatement, def: MutableDefinition | undefined, defAt: number, bodies: SceneBody[], firstIndex: number): void {
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

    // A tile grid is static; a chain or a grid is geometry of its own (scene-chains.ts).
    const tiles = s.shape.kind === 'Tiles';
    if (tiles) isStatic = true;
    const chained = tiles || (s.shape.kind === 'ShapeCall' && s.shape.constructorName === 'chain');
    // A constructor written in the statement is the body's one shape (scene.ts BODY_ONE_SHAPE):
    // no part object or list per body.
    const one = s.shape.kind === 'ShapeCall' && !chained ? this.primitive(s.shape) : undefined;
    const shape = !chained
      ? s.shape.kind === 'ShapeCall'
        ? undefined
        : this.shape(s.shape)
      : s.shape.kind === 'Tiles'
        ? this.tileGeometry(s.shape)
        : this.chainGeometry(s.shape as ShapeCall, isStatic, s.name?.name);
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
      s.shape.kind === 'ShapeCall' ? s.shape.constructorName : s.shape.kind === 'Tiles' ? 'tiles' : (shape?.sourceKind ?? (s.shape.kind === 'Compound' ? 'compound' : 'polygon'));
    const modifiers = (isStatic ? BODY_STATIC : 0) | (isSensor ? BODY_SENSOR : 0) | (isBullet ? BODY_BULLET : 0);
    // Out of the Scene: a failed value, a broken statement, or a second body of the same name
    // (the first definition is the body of that name; analyzing both would pair them). Only such
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
    // circle's center is: an array of its own would cost what it saves).
    const dataAt = one && one.xy !== CIRCLE_CENTER && 2 * one.count < DATA_AT_LIMIT ? 2 * one.count : 0;
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
    // The body takes its definition's place in the table from now on (symbols.ts
    // DefinitionEntry): one object, not two.
    this.definitions[defAt] = body;
  }

  protected staticMotion(c: Clause): void {
    this.warning(c.range, 'static-motion', `A static body never moves; its ${c.keyword} is ignored.`, { tags: ['unnecessary'] });
  }
}
