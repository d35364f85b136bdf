import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { check, errors, found } from './helpers';
import { DEFAULT_DT, DEFAULT_FRAMES, DEFAULT_SLOP, MAX_FRAMES } from '../../../server/src/semantics/check';
import { canCollide, type SceneBody, type SceneShape } from '../../../server/src/semantics/scene';
import { bodyDefinition, occurrencesOf, referencesTo, symbolAt } from '../../../server/src/semantics/symbols';
import type { PolygonFixData } from '../../../server/src/semantics/polygon-validation';
import { shapeNormals, shapeVertices } from '../../../core';

const close = (a: number, b: number, tol = 1e-12) => Math.abs(a - b) <= tol;
function pts(vs: readonly { x: number; y: number }[]): number[][] {
  return vs.map((v) => [Math.round(v.x * 1e9) / 1e9 + 0, Math.round(v.y * 1e9) / 1e9 + 0]);
}

describe('semantics/check: the scene', () => {
  it('uses the defaults when nothing is set', () => {
    const r = check('body a circle(1)');
    assert.equal(r.scene.dt, DEFAULT_DT);
    assert.equal(DEFAULT_DT, 1 / 60);
    assert.equal(r.scene.frames, DEFAULT_FRAMES);
    assert.equal(DEFAULT_FRAMES, 1);
    assert.equal(r.scene.slop, DEFAULT_SLOP);
    assert.equal(DEFAULT_SLOP, 0.005);
    const b = r.scene.bodies[0]!;
    assert.deepEqual([b.position, b.angle, b.velocity, b.spin, b.layer], [{ x: 0, y: 0 }, 0, { x: 0, y: 0 }, 0, null]);
    assert.deepEqual([b.isStatic, b.isSensor, b.isBullet], [false, false, false]);
    assert.deepEqual(b.props, {});
  });

  it('reads the settings', () => {
    const r = check('dt 0.01\nframes 20\nslop 0');
    assert.deepEqual([r.scene.dt, r.scene.frames, r.scene.slop], [0.01, 20, 0]);
    assert.deepEqual(found(r), []);
  });

  it('builds each shape kind in body-local coordinates', () => {
    const r = check(
      'body c circle(2)\nbody b box(4, 2)\nbody p polygon((0, 0), (2, 0), (0, 1))\nbody k capsule(3, 0.5)\nbody s segment((-1, 0), (1, 1))',
    );
    const [c, b, p, k, s] = r.scene.bodies;
    assert.deepEqual([c!.parts[0]!.shape.kind, c!.parts[0]!.shape.radius, pts(shapeVertices(c!.parts[0]!.shape))], ['circle', 2, [[0, 0]]]);
    assert.deepEqual(pts(shapeVertices(b!.parts[0]!.shape)), [[-2, -1], [2, -1], [2, 1], [-2, 1]]);
    assert.equal(b!.parts[0]!.shape.kind, 'polygon');
    assert.equal(b!.sourceKind, 'box');
    assert.deepEqual(pts(shapeVertices(p!.parts[0]!.shape)), [[0, 0], [2, 0], [0, 1]]);
    assert.equal(shapeNormals(p!.parts[0]!.shape).length, 3);
    assert.deepEqual([k!.parts[0]!.shape.kind, k!.parts[0]!.shape.radius, pts(shapeVertices(k!.parts[0]!.shape))], ['capsule', 0.5, [[-1.5, 0], [1.5, 0]]]);
    assert.deepEqual([s!.parts[0]!.shape.kind, s!.parts[0]!.shape.radius, pts(shapeVertices(s!.parts[0]!.shape))], ['segment', 0, [[-1, 0], [1, 1]]]);
    assert.deepEqual(found(r), []);
  });

  it('offsets and rotates compound parts, nested compounds included', () => {
    const r = check('body car compound(box(2, 1) at (0, 1), circle(0.5) at (1, 0), compound(box(2, 2) angle 90deg) at (5, 0) angle 45deg)');
    const car = r.scene.bodies[0]!;
    assert.equal(car.sourceKind, 'compound');
    assert.equal(car.parts.length, 3);
    assert.deepEqual(pts(shapeVertices(car.parts[0]!.shape)), [[-1, 0.5], [1, 0.5], [1, 1.5], [-1, 1.5]]);
    assert.deepEqual(pts(shapeVertices(car.parts[1]!.shape)), [[1, 0]]);
    const h = Math.SQRT2;
    // The 2 × 2 square turned by 90° + 45° about its own center, then moved to (5, 0): a diamond
    // whose corners are √2 from (5, 0) along the axes.
    const diamond = pts(shapeVertices(car.parts[2]!.shape)).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    assert.deepEqual(diamond, pts([{ x: 5 - h, y: 0 }, { x: 5, y: -h }, { x: 5, y: h }, { x: 5 + h, y: 0 }]));
    assert.equal(car.parts[2]!.sourceKind, 'box');
    assert.equal(r.text.slice(car.parts[1]!.range.start, car.parts[1]!.range.end), 'circle(0.5)');
  });

  it('reads pose, motion, modifiers and layer, with the ranges quick fixes edit', () => {
    const text = 'layer l\nbody b bullet sensor box(1, 1) at (1, 2) angle 90deg velocity (3, -4) spin -2 layer l';
    const r = check(text);
    const b = r.scene.bodies[0]!;
    assert.deepEqual(b.position, { x: 1, y: 2 });
    assert.ok(close(b.angle, Math.PI / 2));
    assert.deepEqual(b.velocity, { x: 3, y: -4 });
    assert.equal(b.spin, -2);
    assert.equal(b.layer, 'l');
    assert.deepEqual([b.isStatic, b.isSensor, b.isBullet], [false, true, true]);
    assert.equal(text.slice(b.props.at!.range.start, b.props.at!.range.end), 'at (1, 2)');
    assert.equal(text.slice(b.props.at!.valueRange.start, b.props.at!.valueRange.end), '(1, 2)');
    assert.equal(text.slice(b.props.layer!.range.start, b.props.layer!.range.end), 'layer l');
    assert.equal(text.slice(b.nameRange.start, b.nameRange.end), 'b');
    // The name's range is kept as two offsets and made on each read (scene.ts SceneBody): a
    // stored range was one more object a body for every scavenge of a large check to copy.
    assert.deepEqual([b.nameStart, b.nameEnd], [b.nameRange.start, b.nameRange.end]);
    assert.ok(!Object.prototype.hasOwnProperty.call(b, 'nameRange'));
    assert.notEqual(b.nameRange, b.nameRange);
    assert.equal(text.slice(b.shapeRange.start, b.shapeRange.end), 'box(1, 1)');
    assert.equal(text.slice(b.range.start, b.range.end), text.slice(text.indexOf('body')));
  });

  it('gives every clause its ranges, in any order and with comments between', () => {
    // The clauses' offsets are kept relative to the statement (semantics/scene.ts SceneBody).
    const text = 'layer l\n// lead\nbody b box(1, 1) spin /* c */ 2 layer l\n  velocity (1, 0) angle 0.5 at (1, 2)';
    const b = check(text).scene.bodies[0]!;
    const clause = (p: { range: { start: number; end: number }; valueRange: { start: number; end: number } } | undefined) =>
      p && [text.slice(p.range.start, p.range.end), text.slice(p.valueRange.start, p.valueRange.end)];
    const props = b.props;
    assert.deepEqual(Object.keys(props).sort(), ['angle', 'at', 'layer', 'spin', 'velocity']);
    assert.deepEqual(clause(props.at), ['at (1, 2)', '(1, 2)']);
    assert.deepEqual(clause(props.angle), ['angle 0.5', '0.5']);
    assert.deepEqual(clause(props.velocity), ['velocity (1, 0)', '(1, 0)']);
    assert.deepEqual(clause(props.spin), ['spin /* c */ 2', '2']);
    assert.deepEqual(clause(props.layer), ['layer l', 'l']);
    assert.deepEqual([b.x, b.y, b.angle, b.spin, b.velocity], [1, 2, 0.5, 2, { x: 1, y: 0 }]);
    assert.deepEqual(check('body a circle(1) angle 1').scene.bodies[0]!.props.at, undefined);
  });

  it('keeps a body in the scene as its own entry, and a body left out as a plain definition', () => {
    const r = check('body a static box(1, 1) at (1, 0)\nbody b circle(1) at (unknown, 0)\nbody a circle(1)');
    const [a] = r.scene.bodies;
    assert.equal(r.scene.bodies.length, 1);
    const defs = r.symbols.definitions;
    assert.deepEqual(defs.map((d) => [d.kind, d.name, d.duplicate, d.detail]), [
      ['body', 'a', false, 'static box'],
      ['body', 'b', false, 'dynamic circle'],
      ['body', 'a', true, 'dynamic circle'],
    ]);
    assert.equal(r.symbols.entries[0], a);
    assert.deepEqual(defs[0], bodyDefinition(a!));
    assert.deepEqual([defs[0]!.range, defs[0]!.nameRange], [a!.range, a!.nameRange]);
    // On a name from its start to its end, both ends included, for a body of the scene (whose
    // name is kept as offsets: symbols.ts onName) and for one left out (a plain definition).
    assert.deepEqual([4, 5, 6, 7].map((o) => symbolAt(r.symbols, o)?.definition), [undefined, defs[0], defs[0], undefined]);
    const later = r.text.lastIndexOf('a circle');
    assert.deepEqual([later - 1, later, later + 1, later + 2].map((o) => symbolAt(r.symbols, o)?.definition), [undefined, defs[2], defs[2], undefined]);
    // The detail of a body left out is made apart from the scene's (made on read): both name a
    // named shape by its name.
    const named = check('shape s = circle(1)\nbody a static s\nbody b static s at (unknown, 0)\nbody a sensor s');
    assert.equal(named.scene.bodies.length, 1);
    assert.deepEqual(named.symbols.definitions.map((d) => [d.name, d.duplicate, d.detail]), [
      ['s', false, 'circle(1)'],
      ['a', false, 'static s'],
      ['b', false, 'static s'],
      ['a', true, 'sensor s'],
    ]);
  });

  it('makes a what-if copy of a body with another position, velocity or spin, leaving the body as it was', () => {
    const b = check('body b bullet box(1, 1) at (1, 2) velocity (3, 0)').scene.bodies[0]!;
    const moved = b.withMotion({ position: { x: 5, y: 6 } });
    assert.deepEqual([moved.position, moved.velocity, moved.spin, moved.isBullet, moved.props.at?.valueRange], [{ x: 5, y: 6 }, { x: 3, y: 0 }, 0, true, b.props.at?.valueRange]);
    const slower = b.withMotion({ velocity: { x: 1, y: 0 }, spin: 0.5 });
    assert.deepEqual([slower.position, slower.velocity, slower.spin], [{ x: 1, y: 2 }, { x: 1, y: 0 }, 0.5]);
    assert.deepEqual([b.position, b.velocity, b.spin], [{ x: 1, y: 2 }, { x: 3, y: 0 }, 0]);
  });

  it('uses a named shape and remembers its name', () => {
    const r = check('shape crate = box(1, 1)\nbody a crate at (3, 0)');
    const a = r.scene.bodies[0]!;
    assert.equal(a.shapeName, 'crate');
    assert.equal(a.sourceKind, 'box');
    assert.equal(r.text.slice(a.parts[0]!.range.start, a.parts[0]!.range.end), 'box(1, 1)');
  });

  it('gives every body its parts through partCount, partShape, partKind and partRange, whatever holds them', () => {
    // Memory, not meaning: a shape written in the body statement is held alone (scene.ts
    // BODY_ONE_SHAPE), a named shape's parts are one list for all its bodies, a compound has its own.
    const text = 'shape crate = box(1, 1)\nbody a crate at (3, 0)\nbody b crate\nbody c circle(0.5)\nbody d compound(box(2, 1), capsule(2, 0.5) at (0, 1))';
    const r = check(text);
    const [a, b, c, d] = r.scene.bodies;
    const slices = (x: SceneBody) => Array.from({ length: x.partCount }, (_, i) => [x.partKind(i), text.slice(x.partRange(i).start, x.partRange(i).end), x.partShape(i).kind]);
    assert.deepEqual(slices(a!), [['box', 'box(1, 1)', 'polygon']]);
    assert.deepEqual(slices(c!), [['circle', 'circle(0.5)', 'circle']]);
    assert.deepEqual(slices(d!), [['box', 'box(2, 1)', 'polygon'], ['capsule', 'capsule(2, 0.5)', 'capsule']]);
    assert.equal(a!.geometry, b!.geometry);
    assert.equal(c!.geometry, c!.partShape(0));
    assert.deepEqual(c!.parts.map((p) => [p.shape, p.sourceKind, p.range]), [[c!.partShape(0), 'circle', c!.shapeRange]]);
    assert.equal(d!.parts, (d!.geometry as SceneShape).parts);
    assert.deepEqual([a!.shapeName, b!.shapeName, c!.shapeName, d!.shapeName], ['crate', 'crate', undefined, undefined]);
    assert.deepEqual([a!.sourceKind, c!.sourceKind, d!.sourceKind], ['box', 'circle', 'compound']);
  });

  it("makes a body's detail from its modifiers and shape, and keeps its velocity among its data", () => {
    // A body holds no detail string and no velocity object (scene.ts SceneBody); both are made on read.
    const r = check('shape crate = box(1, 1)\nbody a bullet sensor crate velocity (1, -2)\nbody b static circle(1) velocity (3, 0)\nbody c segment((0, 0), (1, 0)) at (5, 5) velocity (0, 0) angle 1');
    const [a, b, c] = r.scene.bodies;
    assert.deepEqual(r.scene.bodies.map((x) => x.detail), ['sensor bullet crate', 'static circle', 'dynamic segment']);
    assert.deepEqual(r.scene.bodies.map((x) => [x.vx, x.vy, x.velocity]), [[1, -2, { x: 1, y: -2 }], [0, 0, { x: 0, y: 0 }], [0, 0, { x: 0, y: 0 }]]);
    // x, y, angle; the spin and velocity if any; one double per clause (scene.ts packClauses);
    // after the segment's 4 coordinates, in its shape's array (scene.ts SceneBody data).
    assert.deepEqual([a!.data.length, b!.data.length, c!.data.length], [3 + 2 + 1, 3 + 1, 4 + 3 + 2 + 3]);
    assert.equal(c!.partShape(0).xy, c!.data);
    assert.deepEqual(
      [c!.props.at?.valueRange, c!.props.velocity?.valueRange, c!.props.angle?.valueRange].map((v) => r.text.slice(v!.start, v!.end)),
      ['(5, 5)', '(0, 0)', '1'],
    );
    const slower = b!.withMotion({ velocity: { x: 0.5, y: 0 } });
    assert.deepEqual([slower.velocity, slower.props.velocity?.valueRange, slower.detail], [{ x: 0.5, y: 0 }, b!.props.velocity?.valueRange, 'static circle']);
    const turning = a!.withMotion({ spin: 2 });
    assert.deepEqual([turning.velocity, turning.spin, turning.withMotion({ velocity: { x: 0, y: 1 } }).spin, b!.spin, turning.props.velocity?.valueRange], [{ x: 1, y: -2 }, 2, 2, 0, a!.props.velocity?.valueRange]);
  });

  it('keeps exact clause ranges however far into its statement a clause or its value lies', () => {
    // One double per clause holds offsets up to 2^21 into the statement and 2^16 within the
    // clause; past that a body keeps three doubles per clause (scene.ts packClauses).
    const far = ' '.repeat(2_100_000);
    const wideValue = ' '.repeat(70_000);
    const text = `body a circle(1) at (1, 2) spin 1\nbody b circle(1)${far}angle 2 at (3, 4)\nbody c circle(1) at${wideValue}(5, 6) angle 0.5\nlayer l\nbody d box(1, 1) layer${wideValue}l`;
    const r = check(text);
    const slices = (x: SceneBody) => Object.entries(x.props).map(([k, p]) => [k, r.text.slice(p.start, p.end), r.text.slice(p.valueStart, p.end)]);
    const [a, b, c, d] = r.scene.bodies;
    assert.deepEqual(slices(a!), [['at', 'at (1, 2)', '(1, 2)'], ['spin', 'spin 1', '1']]);
    assert.deepEqual(slices(b!), [['at', 'at (3, 4)', '(3, 4)'], ['angle', 'angle 2', '2']]);
    assert.deepEqual(slices(c!), [['at', `at${wideValue}(5, 6)`, '(5, 6)'], ['angle', 'angle 0.5', '0.5']]);
    assert.deepEqual(slices(d!), [['layer', `layer${wideValue}l`, 'l']]);
    // The bodies with a far clause keep their shape's and statement's offsets wide too: the rest of
    // the statement after the shape is past 2^11 characters (scene.ts bodySpans), and their ranges
    // stay exact.
    assert.deepEqual([a!.data.length, b!.data.length, c!.data.length, d!.data.length], [3 + 1 + 2, 3 + 6 + 4, 3 + 6 + 4, 8 + 3 + 3 + 4]);
    assert.deepEqual([a!.x, a!.y, a!.spin, b!.x, b!.y, b!.angle, c!.x, c!.y, c!.angle], [1, 2, 1, 3, 4, 2, 5, 6, 0.5]);
    const ranges = (x: SceneBody) => [x.nameRange, x.shapeRange, x.range].map((g) => r.text.slice(g.start, g.end));
    assert.deepEqual(ranges(a!), ['a', 'circle(1)', 'body a circle(1) at (1, 2) spin 1']);
    assert.deepEqual(ranges(b!), ['b', 'circle(1)', `body b circle(1)${far}angle 2 at (3, 4)`]);
    assert.deepEqual(ranges(d!), ['d', 'box(1, 1)', `body d box(1, 1) layer${wideValue}l`]);
  });

  it('numbers bodies in declaration order', () => {
    const r = check('body a circle(1)\nbody b circle(1)\nbody c circle(1)');
    assert.deepEqual(r.scene.bodies.map((b) => [b.index, b.name]), [[0, 'a'], [1, 'b'], [2, 'c']]);
  });

  it('filters pairs by layers symmetrically, with no layer colliding with everything', () => {
    const r = check('layer a collides b\nlayer b\nlayer c\nbody x circle(1) layer a\nbody y circle(1) layer b\nbody z circle(1) layer c\nbody w circle(1)\nbody s static circle(1)\nbody t static circle(1)');
    const [x, y, z, w, s, t] = r.scene.bodies;
    assert.equal(canCollide(r.scene, x!, y!), true);
    assert.equal(canCollide(r.scene, y!, x!), true);
    assert.equal(canCollide(r.scene, x!, z!), false);
    assert.equal(canCollide(r.scene, z!, z!), false, 'a layer does not collide with itself unless named');
    assert.equal(canCollide(r.scene, w!, z!), true);
    assert.equal(canCollide(r.scene, s!, t!), false);
    assert.deepEqual(r.scene.layers.get('a')!.collides, ['b']);
  });

  it('keeps statements after a broken one in the scene', () => {
    const r = check('body a circle(1)\nbody b circle( at (1, 1)\nbody c box(1, 1) at (5, 0)\nlet k = \nbody d circle(k2)\nbody e circle(1)');
    assert.deepEqual(r.scene.bodies.map((b) => b.name), ['a', 'c', 'e']);
    assert.deepEqual(r.syntax.map((d) => d.code), ['syntax-expected-expression', 'syntax-expected-expression']);
    assert.deepEqual(errors(r), [['unknown-name', 'k2']]);
  });

  it('leaves a body whose values failed out of the scene but keeps its symbol', () => {
    const r = check('body a circle(1) at (1 / 0, 0)\nbody b circle(1)');
    assert.deepEqual(r.scene.bodies.map((b) => b.name), ['b']);
    assert.deepEqual(r.symbols.definitions.map((d) => d.name), ['a', 'b']);
  });
});

describe('semantics/check: errors on their exact ranges', () => {
  const cases: [string, string[][]][] = [
    ['body a circle(0)', [['invalid-size', '0']]],
    ['body a circle(-1)', [['invalid-size', '-1']]],
    ['body a box(1, -2 * 1)', [['invalid-size', '-2 * 1']]],
    ['body a capsule(0, 1)', [['invalid-size', '0']]],
    ['body a capsule(1, 0)', [['invalid-size', '0']]],
    ['body a circle(1, 2)', [['argument-count', 'circle(1, 2)']]],
    ['body a box(1)', [['argument-count', 'box(1)']]],
    ['body a polygon((0, 0), (1, 0))', [['argument-count', 'polygon((0, 0), (1, 0))']]],
    ['body a compound()', [['argument-count', 'compound()']]],
    ['body a circle((1, 2))', [['type-mismatch', '(1, 2)']]],
    ['body a circle(1) at 3', [['type-mismatch', '3']]],
    ['body a circle(1) angle (1, 0)', [['type-mismatch', '(1, 0)']]],
    ['body a segment((1, 1), (1, 1))', [['segment-zero-length', 'segment((1, 1), (1, 1))']]],
    ['body a circle(1) layer nowhere', [['unknown-layer', 'nowhere']]],
    ['layer a collides nowhere', [['unknown-layer', 'nowhere']]],
    ['body a blob', [['unknown-shape', 'blob']]],
    ['dt 0', [['invalid-dt', '0']]],
    ['dt -1/60', [['invalid-dt', '-1/60']]],
    ['frames 0', [['invalid-frames', '0']]],
    ['frames 2.5', [['invalid-frames', '2.5']]],
    [`frames ${MAX_FRAMES + 1}`, [['invalid-frames', String(MAX_FRAMES + 1)]]],
    ['slop -0.1', [['invalid-slop', '-0.1']]],
    ['body a circle(2e9)', [['value-too-large', '2e9']]],
    ['body a circle(1) at (0, -1e10)', [['value-too-large', '(0, -1e10)']]],
    ['body a circle(1) spin 1e300', [['value-too-large', '1e300']]],
    ['body a circle(30deg)', [['unit-not-angle', '30deg']]],
    ['let a = 1\nlet a = 2\nbody b circle(a)', [['duplicate-definition', 'a']]],
    ['shape a = circle(1)\nlet a = 2\nbody b a', [['duplicate-definition', 'a']]],
    ['body a circle(1)\nbody a circle(1)', [['duplicate-definition', 'a']]],
    ['layer l\nlayer l\nbody a circle(1) layer l', [['duplicate-definition', 'l']]],
    ['dt 0.1\ndt 0.2', [['duplicate-setting', 'dt']]],
    ['body a circle(1) at (0, 0) at (1, 1)', [['duplicate-property', 'at']]],
    ['body a compound(circle(1) at (0, 0) at (1, 1))', [['duplicate-property', 'at']]],
    ['body a static static circle(1)', [['duplicate-modifier', 'static']]],
    ['body a static circle(1) velocity (1, 0)', [['static-motion', 'velocity (1, 0)']]],
    ['let a = b\nlet b = a\nbody x circle(a)', [['let-cycle', 'a'], ['let-cycle', 'b']]],
    ['let a = a + 1\nbody x circle(a)', [['let-cycle', 'a']]],
    ['shape s = compound(t)\nshape t = compound(circle(1), s)\nbody x s', [['shape-cycle', 's'], ['shape-cycle', 't']]],
    ['body a polygon((0, 0), (1, 1), (1, 0), (0, 1))', [['polygon-self-intersecting', 'polygon((0, 0), (1, 1), (1, 0), (0, 1))']]],
    ['body a polygon((0, 0), (1, 1), (2, 2))', [['polygon-zero-area', 'polygon((0, 0), (1, 1), (2, 2))']]],
    ['body a polygon((0, 0), (0, 0), (0, 0))', [['polygon-zero-area', 'polygon((0, 0), (0, 0), (0, 0))']]],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${expected.map((e) => e[0]).join(', ')}`, () => {
      const r = check(text);
      assert.deepEqual(r.syntax, []);
      assert.deepEqual(errors(r), expected);
    });
  }

  it('names the whole cycle, as found, in the error on each of its definitions', () => {
    const lets = check('let a = b\nlet b = a\nbody x circle(a)').diagnostics.filter((d) => d.code === 'let-cycle');
    assert.deepEqual(lets.map((d) => d.message), [
      "'a' is defined in terms of itself: a → b → a.",
      "'b' is defined in terms of itself: a → b → a.",
    ]);
    const shapes = check('shape s = compound(t)\nshape t = compound(circle(1), s)\nbody x s').diagnostics.filter((d) => d.code === 'shape-cycle');
    assert.deepEqual(shapes.map((d) => d.message), ["Shape 's' is made of itself: s → t → s.", "Shape 't' is made of itself: s → t → s."]);
  });

  it('gives severities: errors for bad values, warnings for suspicious ones', () => {
    const r = check('dt 0.1\ndt 0.2\nbody a static static circle(30deg) velocity (1, 0)\nbody b circle(0)');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity]),
      [
        ['duplicate-setting', 'warning'],
        ['duplicate-modifier', 'warning'],
        ['unit-not-angle', 'warning'],
        ['static-motion', 'warning'],
        ['invalid-size', 'error'],
      ],
    );
  });

  it('uses the later value of a repeated setting, and ignores a static body\'s motion', () => {
    const r = check('dt 0.1\ndt 0.2\nbody a static circle(1) velocity (1, 0) spin 3');
    assert.equal(r.scene.dt, 0.2);
    assert.deepEqual([r.scene.bodies[0]!.velocity, r.scene.bodies[0]!.spin], [{ x: 0, y: 0 }, 0]);
  });

  it("uses the later of a repeated clause, as the duplicate-property warning says, for every clause of a body and a part", () => {
    const text =
      'layer k\nlayer l\nbody b circle(1) at (1, 1) angle 1 velocity (1, 1) spin 1 layer k\n' +
      '  at (2, 3) angle 0.5 velocity (4, 5) spin 6 layer l\n' +
      'body c compound(box(4, 2) at (9, 9) angle 0.25 at (7, 8) angle 90deg)';
    const r = check(text);
    const [b, c] = r.scene.bodies;
    assert.deepEqual([b!.position, b!.angle, b!.velocity, b!.spin, b!.layer], [{ x: 2, y: 3 }, 0.5, { x: 4, y: 5 }, 6, 'l']);
    assert.deepEqual(
      Object.entries(b!.props).map(([k, p]) => [k, text.slice(p!.valueRange.start, p!.valueRange.end)]).sort(),
      [['angle', '0.5'], ['at', '(2, 3)'], ['layer', 'l'], ['spin', '6'], ['velocity', '(4, 5)']],
    );
    // The part's 4 × 2 box turned by the later 90deg about its center, then moved to the later (7, 8).
    const corners = pts(shapeVertices(c!.parts[0]!.shape)).sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);
    assert.deepEqual(corners, [[6, 6], [6, 10], [8, 6], [8, 10]]);
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === 'duplicate-property').map((d) => text.slice(d.range.start, d.range.end)),
      ['at', 'angle', 'velocity', 'spin', 'layer', 'at', 'angle'],
    );
  });

  it('points related information at the first definition of a duplicate', () => {
    const r = check('let a = 1\nlet a = 2\nbody b circle(a)');
    const d = r.diagnostics.find((x) => x.code === 'duplicate-definition')!;
    assert.deepEqual(d.related?.map((x) => r.text.slice(x.range.start, x.range.end)), ['a']);
    assert.equal(d.related![0]!.range.start, 4);
    assert.equal(r.constants.get('a'), 1, 'the first definition is the one used');
  });

  it("gives a polygon's fix data the index of the vertex kept when one constant is written twice", () => {
    // `p` evaluates to one value object; the polygon's vertices must still be told apart (check.ts
    // copies a name's value), or the kept first `p` would be reported as the dropped second.
    const r = check('let p = (0, 0)\nbody b polygon(p, p, (0, 1), (1, 1), (1, 0))');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.data]),
      [
        ['polygon-winding', { counterClockwise: { indices: [4, 3, 2, 0], points: [[1, 0], [1, 1], [0, 1], [0, 0]] } }],
        ['polygon-redundant-vertex', { dropped: 1 }],
      ],
    );
  });

  it('words the redundant-vertex messages as documented (CLI output users may match on)', () => {
    const r = check('body b polygon((0, 0), (0, 0), (1, 0), (2, 0), (2, 2))');
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === 'polygon-redundant-vertex').map((d) => d.message),
      ['Vertex 2 repeats its neighbor; it is dropped.', 'Vertex 3 lies on the line through its neighbors (a straight angle); it is dropped.'],
    );
  });

  it('points each repeated body name at the first body of that name, before and after the first repeat', () => {
    // The index of body names by first definition is made at the first repeat (check.ts
    // firstBodyNamed): names first seen before it and after it must both find their first body.
    const text = 'body a circle(1)\nbody b circle(1)\nbody a circle(1)\nbody c circle(1)\nbody b circle(1)\nbody c circle(1)\nbody a circle(1)';
    const r = check(text);
    const related = r.diagnostics
      .filter((d) => d.code === 'duplicate-definition')
      .map((d) => [text.slice(d.range.start, d.range.end), d.range.start, d.related![0]!.range.start]);
    assert.deepEqual(related, [
      ['a', text.indexOf('a', 34), 5],
      ['b', text.lastIndexOf('b circle'), 22],
      ['c', text.lastIndexOf('c circle'), text.indexOf('c circle')],
      ['a', text.lastIndexOf('a circle'), 5],
    ]);
    assert.deepEqual(r.scene.bodies.map((b) => [b.name, b.range.start]), [['a', 0], ['b', 17], ['c', 51]]);
  });

  it('marks unused constants, shapes and layers with an unnecessary hint', () => {
    const r = check('let k = 1\nshape s = circle(1)\nlayer l\nbody a circle(1)');
    assert.deepEqual(found(r, true), [
      ['hint', 'unused-definition', 'k'],
      ['hint', 'unused-definition', 's'],
      ['hint', 'unused-definition', 'l'],
    ]);
    assert.deepEqual(r.diagnostics[0]!.tags, ['unnecessary']);
  });

  it('survives a chain of 20 000 forward references without deep recursion', () => {
    const lines: string[] = [];
    for (let i = 20000; i > 0; i--) lines.push(`let a${i} = a${i - 1} + 1`);
    lines.push('let a0 = 0', 'body b circle(a20000)');
    const r = check(lines.join('\n'));
    assert.equal(r.constants.get('a20000'), 20000);
    const shapes: string[] = [];
    for (let i = 5000; i > 0; i--) shapes.push(`shape s${i} = compound(s${i - 1})`);
    shapes.push('shape s0 = circle(1)', 'body b s5000');
    assert.equal(check(shapes.join('\n')).scene.bodies.length, 1);
  });
});

describe('semantics/check: polygons', () => {
  it('accepts a counter-clockwise convex polygon silently', () => {
    assert.deepEqual(found(check('body a polygon((0, 0), (2, 0), (2, 1), (0, 1))')), []);
  });

  it('normalizes clockwise winding to counter-clockwise, with a hint carrying the new order', () => {
    const r = check('body a polygon((0, 0), (0, 1), (2, 1), (2, 0))');
    assert.deepEqual(found(r, true), [['hint', 'polygon-winding', 'polygon((0, 0), (0, 1), (2, 1), (2, 0))']]);
    const shape = r.scene.bodies[0]!.parts[0]!.shape;
    assert.deepEqual(pts(shapeVertices(shape)), [[2, 0], [2, 1], [0, 1], [0, 0]]);
    assert.deepEqual((r.diagnostics[0]!.data as PolygonFixData).counterClockwise!.indices, [3, 2, 1, 0]);
    for (const n of shapeNormals(shape)) assert.ok(close(Math.hypot(n.x, n.y), 1));
  });

  it('drops repeated and collinear vertices with an unnecessary hint on each', () => {
    const r = check('body a polygon((0, 0), (1, 0), (2, 0), (2, 2), (2, 2), (0, 2))');
    assert.deepEqual(found(r), [
      ['polygon-redundant-vertex', '(1, 0)'],
      ['polygon-redundant-vertex', '(2, 2)'],
    ]);
    assert.ok(r.diagnostics.length > 0);
    assert.ok(r.diagnostics.every((d) => d.severity === 'hint' && d.tags?.includes('unnecessary')));
    assert.equal(r.scene.bodies[0]!.parts[0]!.shape.count, 4);
  });

  it('rejects a concave polygon, offering its hull and a convex decomposition', () => {
    const text = 'body a polygon((0, 0), (4, 0), (4, 4), (2, 1), (0, 4))';
    const r = check(text);
    assert.deepEqual(found(r), [['polygon-not-convex', text.slice(7)]]);
    assert.equal(r.scene.bodies.length, 0);
    const data = r.diagnostics[0]!.data as PolygonFixData;
    assert.deepEqual(data.hull!.indices, [0, 1, 2, 4]);
    assert.ok(data.parts!.length >= 2);
    // The parts cover the polygon: their areas add up to its area (16 - 6 = 10).
    const area = (p: readonly (readonly [number, number])[]) =>
      p.reduce((s, [x, y], i) => s + x * p[(i + 1) % p.length]![1] - p[(i + 1) % p.length]![0] * y, 0) / 2;
    assert.ok(close(data.parts!.reduce((s, p) => s + area(p.points), 0), 10, 1e-9));
    for (const p of data.parts!) assert.ok(area(p.points) > 0, 'each part counter-clockwise');
  });

  it('never throws on random polygons, and accepts exactly the convex simple ones', () => {
    const coord = fc.integer({ min: -5, max: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 8 }), (vs) => {
        const r = check(`body a polygon(${vs.map(([x, y]) => `(${x}, ${y})`).join(', ')})`);
        const errs = r.diagnostics.filter((d) => d.severity === 'error');
        assert.equal(r.scene.bodies.length, errs.length === 0 ? 1 : 0);
        if (r.scene.bodies.length === 1) {
          const v = shapeVertices(r.scene.bodies[0]!.parts[0]!.shape);
          for (let i = 0; i < v.length; i++) {
            const a = v[i]!;
            const b = v[(i + 1) % v.length]!;
            const c = v[(i + 2) % v.length]!;
            assert.ok((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) > 0, 'strictly convex, counter-clockwise');
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('semantics/check: symbols', () => {
  const text = 'let r = 1\nshape s = circle(r)\nlayer l collides l\nbody a s layer l\nbody b circle(r * 2) layer l';
  const r = check(text);

  it('lists every definition with kind, name range and detail', () => {
    assert.deepEqual(
      r.symbols.definitions.map((d) => [d.kind, d.name, text.slice(d.nameRange.start, d.nameRange.end), d.detail]),
      [
        ['let', 'r', 'r', '1'],
        ['shape', 's', 's', 'circle(r)'],
        ['layer', 'l', 'l', 'collides l'],
        ['body', 'a', 'a', 'dynamic s'],
        ['body', 'b', 'b', 'dynamic circle'],
      ],
    );
  });

  it('resolves every reference', () => {
    assert.deepEqual(
      r.symbols.references.map((x) => [x.kind, x.name, x.definition?.kind]),
      [
        ['let', 'r', 'let'],
        ['layer', 'l', 'layer'],
        ['shape', 's', 'shape'],
        ['layer', 'l', 'layer'],
        ['let', 'r', 'let'],
        ['layer', 'l', 'layer'],
      ],
    );
  });

  it('answers go-to-definition, references and rename occurrences by look-up', () => {
    const useOfR = text.lastIndexOf('r * 2');
    const hit = symbolAt(r.symbols, useOfR)!;
    assert.equal(hit.definition.name, 'r');
    assert.equal(hit.definition.nameRange.start, 4);
    assert.equal(referencesTo(r.symbols, hit.definition).length, 2);
    assert.deepEqual(
      occurrencesOf(r.symbols, hit.definition).map((x) => x.start),
      [4, text.indexOf('(r)') + 1, useOfR],
    );
    assert.equal(symbolAt(r.symbols, text.indexOf('circle')), undefined);
  });

  it('records unknown references without a definition', () => {
    const u = check('body a circle(q)');
    assert.deepEqual(u.symbols.references.map((x) => [x.name, x.definition]), [['q', undefined]]);
  });
});

describe('semantics/check: hostile input', () => {
  const alphabet = [
    'body', 'let', 'shape', 'layer', 'collides', 'dt', 'frames', 'slop', 'static', 'sensor', 'bullet', 'circle', 'box',
    'polygon', 'capsule', 'segment', 'compound', 'at', 'angle', 'velocity', 'spin', 'pi', 'a', 'b', 's', 'sqrt', '0', '1',
    '-1', '1e400', '30deg', '(', ')', ',', '=', '+', '-', '*', '/', '\n', '@',
  ];
  const fragments = [
    'body a circle(1)', 'body b box(2, 1e9)', 'at (1e9, -1e9)', 'velocity (1e308, 0)', 'spin 1e300', 'angle 1e300',
    'polygon((0, 0), (1, 0), (0, 1))', 'compound(box(1e9, 1e9) at (1e9, 1e9) angle 1, circle(1))', 'let a = 1e308 * 1e308',
    'shape s = compound(s)', 'layer l collides l', 'layer l', 'dt 1e-300', 'frames 1e9', 'segment((0, 0), (1e9, 1e9))',
  ];
  it('never throws on random token soup, and every body in the scene is well formed', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...alphabet), fc.constantFrom(...fragments)), { maxLength: 40 }), (parts) => {
        const r = check(parts.join(' '));
        r.scene.bodies.forEach((b, i) => {
          assert.equal(b.index, i);
          assert.ok(b.parts.length > 0);
          for (const v of [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.spin]) assert.ok(Number.isFinite(v));
          for (const p of b.parts) for (const v of shapeVertices(p.shape)) assert.ok(Number.isFinite(v.x) && Number.isFinite(v.y));
        });
        assert.ok(r.scene.dt > 0 && Number.isInteger(r.scene.frames) && r.scene.slop >= 0);
        for (const d of r.diagnostics) assert.ok(d.range.start >= 0 && d.range.end <= r.text.length);
      }),
      { numRuns: 2000 },
    );
  });
});
