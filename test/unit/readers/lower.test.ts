import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { identifierOf, IdentifierPool } from '../../../server/src/readers/identifiers';
import { annotatedText, lowerLevel, lowerLevelSteps, sceneNumber } from '../../../server/src/readers/lower';
import { lex } from '../../../server/src/syntax/lexer';
import { KEYWORDS } from '../../../server/src/syntax/tokens';
import { box, capsule, circle, levelBody, levelScene, placedLevel, polygon, segment } from './level-fixture';

/** The lowered text's analysis, which must have no diagnostic of its own for a clean level. */
function analyzed(text: string) {
  const analysis = analyzeDocument(text);
  assert.deepEqual(
    analysis.diagnostics.filter((d) => !['overlap', 'tunnelling', 'collision'].includes(d.code)).map((d) => `${d.code}: ${d.message}`),
    [],
  );
  return analysis;
}

/** The body statements of a lowered text. */
const bodyLines = (text: string) => text.split('\n').filter((l) => l.startsWith('body '));

describe('readers: lowering a level to .collide text', () => {
  it('writes a header comment, dt, slop and frames, and one body statement per body', () => {
    const lowered = lowerLevel(levelScene([levelBody('a', [circle(1)])], { dt: 0.02, slop: 0.25, frames: 3, format: 'godot' }));
    const lines = lowered.text.split('\n');
    assert.match(lines[0]!, /^\/\/ .*Godot scene/);
    assert.deepEqual(lines.slice(1, 4), ['dt 0.02', 'slop 0.25', 'frames 3']);
    assert.deepEqual(bodyLines(lowered.text), ['body a circle(1)']);
    const scene = analyzed(lowered.text).semantics.scene;
    assert.equal(scene.dt, 0.02);
    assert.equal(scene.slop, 0.25);
    assert.equal(scene.frames, 3);
  });

  it("leaves a setting that is not finite to the language's default, with a diagnostic", () => {
    const lowered = lowerLevel(levelScene([levelBody('a', [circle(1)])], { dt: NaN, slop: Infinity }), 'first line\nsecond');
    assert.deepEqual(
      lowered.diagnostics.map((d) => [d.code, d.range]),
      [
        ['level-value-invalid', { start: 0, end: 10 }],
        ['level-value-invalid', { start: 0, end: 10 }],
      ],
    );
    assert.deepEqual(lowered.text.split('\n').slice(1, 3), ['frames 1', 'body a circle(1)']);
    analyzed(lowered.text);
  });

  it('writes each shape kind, its pose and motion, and the modifiers', () => {
    const lowered = lowerLevel(
      levelScene([
        levelBody('c', [circle(2)], { x: 1, y: -2, angle: 0.5, vx: 3, vy: 4, spin: -1 }),
        levelBody('b', [box(3, 4)], { isStatic: true }),
        levelBody('p', [capsule(6, 1)], { bullet: true, vx: 100 }),
        levelBody('s', [segment(0, 0, 5, 1)], { isStatic: true, sensor: true }),
        levelBody('q', [polygon(0, 0, 0, 2, 2, 2, 2, 0)], { y: 9 }),
        levelBody('round', [capsule(0, 3)]),
      ]),
    );
    assert.deepEqual(bodyLines(lowered.text), [
      'body c circle(2) at (1, -2) angle 0.5 velocity (3, 4) spin -1',
      'body b static box(3, 4)',
      'body p bullet capsule(6, 1) velocity (100, 0)',
      'body s static sensor segment((0, 0), (5, 1))',
      // Clockwise in the level: written counter-clockwise, as the language wants.
      'body q polygon((2, 0), (2, 2), (0, 2), (0, 0)) at (0, 9)',
      'body round circle(3)',
    ]);
    const scene = analyzed(lowered.text).semantics.scene;
    assert.deepEqual(
      scene.bodies.map((b) => [b.name, b.partCount, b.isStatic, b.isSensor, b.isBullet]),
      [
        ['c', 1, false, false, false],
        ['b', 1, true, false, false],
        ['p', 1, false, false, true],
        ['s', 1, true, true, false],
        ['q', 1, false, false, false],
        ['round', 1, false, false, false],
      ],
    );
  });

  it('writes a part with an offset or an angle, and several parts, as a compound', () => {
    const lowered = lowerLevel(levelScene([levelBody('one', [box(2, 1, 3, 4, 0.25)]), levelBody('two', [circle(1), circle(2, -1, 0)])]));
    assert.deepEqual(bodyLines(lowered.text), ['body one compound(box(2, 1) at (3, 4) angle 0.25)', 'body two compound(circle(1), circle(2) at (-1, 0))']);
    assert.deepEqual(
      analyzed(lowered.text).semantics.scene.bodies.map((b) => b.partCount),
      [1, 2],
    );
    const two = lowered.bodies[1]!;
    assert.deepEqual(
      two.parts.map((p) => lowered.text.slice(p.generated.start, p.generated.end)),
      ['circle(1)', 'circle(2)'],
    );
    assert.deepEqual(
      two.parts.map((p) => lowered.text.slice(p.generatedPart.start, p.generatedPart.end)),
      ['circle(1)', 'circle(2) at (-1, 0)'],
    );
  });

  it('decomposes a concave polygon into convex parts that cover it, all from its one level part', () => {
    // An L: concave at (1, 1).
    const { bodies } = placedLevel([levelBody('L', [polygon(0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3)])]);
    const lowered = lowerLevel(levelScene(bodies));
    assert.deepEqual(lowered.diagnostics, []);
    const body = lowered.bodies[0]!;
    assert.ok(body.parts.length >= 2, lowered.text);
    for (const p of body.parts) {
      assert.equal(p.levelPart, 0);
      assert.deepEqual(p.range, bodies[0]!.parts[0]!.range);
    }
    const scene = analyzed(lowered.text).semantics.scene;
    assert.equal(scene.bodies[0]!.partCount, body.parts.length);
    // Same area as the L (5): the parts tile it.
    let area = 0;
    for (let i = 0; i < scene.bodies[0]!.partCount; i++) {
      const s = scene.bodies[0]!.partShape(i);
      for (let k = 0; k < s.count; k++) {
        const j = (k + 1) % s.count;
        area += (s.xy[2 * k]! * s.xy[2 * j + 1]! - s.xy[2 * j]! * s.xy[2 * k + 1]!) / 2;
      }
    }
    assert.ok(Math.abs(area - 5) < 1e-12, `area ${area}`);
  });

  it('decomposes random star-shaped polygons into parts the language takes, of the same area', () => {
    // Star-shaped about the origin: vertices at distinct angles (multiples of 2π/64) in order,
    // no two more than a quarter turn apart, so that the outline is simple and holds the origin.
    const star = fc
      .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 40 }), fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 44, maxLength: 44 }), fc.constantFrom(1e-3, 1, 1e4))
      .map(([steps, radii, scale]) =>
        [...new Set([...steps, 0, 16, 32, 48])]
          .sort((a, b) => a - b)
          .flatMap((k, i) => {
            const r = radii[i]! * scale;
            return [r * Math.cos((2 * Math.PI * k) / 64), r * Math.sin((2 * Math.PI * k) / 64)];
          }),
      );
    let decomposed = 0;
    fc.assert(
      fc.property(star, (points) => {
        const n = points.length / 2;
        let expected = 0;
        let extent = 0;
        for (let k = 0; k < n; k++) {
          const j = (k + 1) % n;
          expected += (points[2 * k]! * points[2 * j + 1]! - points[2 * j]! * points[2 * k + 1]!) / 2;
          extent = Math.max(extent, Math.hypot(points[2 * k]!, points[2 * k + 1]!));
        }
        // A sliver (area below 1e-6 of its extent squared) is at the tolerances' edge: it may be
        // refused (no area, or edges that cross once rounded), never taken with a diagnostic.
        const sliver = Math.abs(expected) < 1e-6 * extent * extent;
        const lowered = lowerLevel(levelScene([levelBody('p', [polygon(...points)])]));
        if (lowered.bodies.length === 0) {
          assert.ok(sliver, `refused: ${lowered.diagnostics.map((d) => d.message).join(' ')}`);
          assert.equal(lowered.diagnostics.length, 2);
          assert.match(lowered.diagnostics.map((d) => d.code).join(' '), /^polygon-(zero-area|self-intersecting) level-body-empty$/);
          return;
        }
        const body = analyzed(lowered.text).semantics.scene.bodies[0]!;
        if (body.partCount > 1) decomposed++;
        let area = 0;
        for (let i = 0; i < body.partCount; i++) {
          const s = body.partShape(i);
          for (let k = 0; k < s.count; k++) {
            const j = (k + 1) % s.count;
            area += (s.xy[2 * k]! * s.xy[2 * j + 1]! - s.xy[2 * j]! * s.xy[2 * k + 1]!) / 2;
          }
        }
        // Welding moves vertices by up to WELD_TOLERANCE (1e-5) of the extent, along a perimeter
        // of at most 2π times the extent.
        assert.ok(Math.abs(area - Math.abs(expected)) <= 1e-9 * Math.abs(expected) + 1e-4 * extent * extent, `${area} against ${expected}`);
      }),
      { numRuns: 300 },
    );
    assert.ok(decomposed > 50, `${decomposed} decomposed`);
  });

  it('welds a polygon that is convex up to rounding, and drops repeated vertices, without a diagnostic', () => {
    const lowered = lowerLevel(levelScene([levelBody('p', [polygon(0, 0, 10, 0, 10, 0, 10, 10, 5, 10 + 1e-9, 0, 10)])]));
    assert.deepEqual(lowered.diagnostics, []);
    assert.equal(lowered.bodies[0]!.parts.length, 1);
    analyzed(lowered.text);
  });

  it('leaves out an unusable polygon with an error on its level range, and a body without parts with a diagnostic of its own', () => {
    const { text, bodies } = placedLevel([
      levelBody('bowtie', [polygon(0, 0, 1, 1, 0, 1, 1, 0)]),
      levelBody('flat', [polygon(0, 0, 1, 1, 2, 2)]),
      levelBody('two', [polygon(0, 0, 1, 1)]),
      levelBody('mixed', [circle(1), { shape: polygon(0, 0, 1, 0, 2, 0), range: { start: 0, end: 0 }, label: 'Flat' }]),
      levelBody('none', []),
    ]);
    const lowered = lowerLevel(levelScene(bodies), text);
    const at = (d: { range: { start: number; end: number } }) => text.slice(d.range.start, d.range.end);
    assert.deepEqual(
      lowered.diagnostics.map((d) => [d.code, d.severity, at(d)]),
      [
        ['polygon-self-intersecting', 'error', 'part0'],
        ['level-body-empty', 'warning', 'bowtie'],
        ['polygon-zero-area', 'error', 'part0'],
        ['level-body-empty', 'warning', 'flat'],
        ['polygon-zero-area', 'error', 'part0'],
        ['level-body-empty', 'warning', 'two'],
        ['polygon-zero-area', 'error', 'Flat'],
        ['level-body-empty', 'information', 'none'],
      ],
    );
    assert.deepEqual(bodyLines(lowered.text), ['body mixed circle(1)']);
    assert.equal(lowered.bodies[0]!.levelIndex, 3);
    assert.match(lowered.diagnostics[0]!.message, /left out of the check of bowtie/);
  });

  it('leaves out parts with non-finite, out-of-range or non-positive numbers, and bodies with an unusable pose', () => {
    const lowered = lowerLevel(
      levelScene([
        levelBody('a', [circle(0), circle(-1), circle(NaN), box(1, 0), box(Infinity, 1), capsule(-1, 1), segment(1, 1, 1, 1), segment(0, 0, 2e9, 0), polygon(0, 0, 1, NaN, 1, 1), circle(1)]),
        levelBody('b', [circle(1)], { x: NaN }),
        levelBody('c', [circle(1)], { vx: 2e9 }),
      ]),
    );
    assert.deepEqual(
      lowered.diagnostics.map((d) => d.code),
      [...Array<string>(9).fill('level-shape-invalid'), 'level-value-invalid', 'level-value-invalid'],
    );
    assert.deepEqual(bodyLines(lowered.text), ['body a circle(1)']);
    analyzed(lowered.text);
  });

  it('makes identifiers of level names, uniquified, and keeps the table back', () => {
    assert.equal(identifierOf('Walls/Wall3'), 'Walls_Wall3');
    assert.equal(identifierOf('Objects#12'), 'Objects_12');
    assert.equal(identifierOf('3rd'), '_3rd');
    assert.equal(identifierOf('body'), '_body');
    assert.equal(identifierOf(''), '_');
    assert.equal(identifierOf('é😀x'), '__x');
    const pool = new IdentifierPool(['taken']);
    assert.deepEqual(
      ['a/b', 'a#b', 'a_b', 'a_b_2', 'a b', 'taken'].map((n) => pool.take(n)),
      ['a_b', 'a_b_2', 'a_b_3', 'a_b_2_2', 'a_b_4', 'taken_2'],
    );
    const lowered = lowerLevel(levelScene([levelBody('Walls/Wall3', [circle(1)]), levelBody('Walls#Wall3', [circle(1)]), levelBody('pi', [circle(1)])]));
    assert.deepEqual(
      lowered.bodies.map((b) => b.identifier),
      ['Walls_Wall3', 'Walls_Wall3_2', '_pi'],
    );
    assert.equal(lowered.names.byIdentifier.get('Walls_Wall3_2'), 'Walls#Wall3');
    assert.deepEqual(lowered.names.byIndex, ['Walls/Wall3', 'Walls#Wall3', 'pi']);
    assert.equal(lowered.levelName('_pi'), 'pi');
    assert.equal(lowered.bodyNamed('Walls_Wall3_2')?.levelIndex, 1);
    assert.equal(lowered.bodyNamed('Walls/Wall3'), undefined);
    assert.deepEqual(
      analyzed(lowered.text).semantics.scene.bodies.map((b) => b.name),
      ['Walls_Wall3', 'Walls_Wall3_2', '_pi'],
    );
  });

  it('makes a language identifier of any name, and never the same one twice (random names)', () => {
    const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('body', 'pi', 'a_2', 'a', 'a#', '9', '😀', 'Walls/Wall3')), { minLength: 1, maxLength: 30 }), (names) => {
        const pool = new IdentifierPool();
        const ids = names.map((n) => pool.take(n));
        for (const id of ids) {
          assert.match(id, identifier);
          assert.equal(KEYWORDS.has(id), false, id);
        }
        assert.equal(new Set(ids).size, ids.length);
      }),
      { numRuns: 500 },
    );
  });

  it('maps lowered ranges back to the level: part, name, body, else the first line', () => {
    const { text, bodies } = placedLevel([levelBody('Player', [circle(1), { shape: box(1, 1, 2, 0), range: { start: 0, end: 0 }, label: 'Feet' }], { vx: 5 })]);
    const lowered = lowerLevel(levelScene(bodies), text);
    const slice = (r: { start: number; end: number }) => text.slice(r.start, r.end);
    const g = lowered.text;
    const find = (s: string) => ({ start: g.indexOf(s), end: g.indexOf(s) + s.length });
    assert.equal(slice(lowered.toLevelRange(find('box(1, 1)'))), 'Feet');
    assert.equal(slice(lowered.toLevelRange(find('at (2, 0)'))), 'Feet');
    assert.equal(slice(lowered.toLevelRange(find('Player'))), 'Player');
    assert.equal(slice(lowered.toLevelRange(find('velocity (5, 0)'))), 'Player part0 Feet');
    assert.equal(slice(lowered.toLevelRange(find('slop'))), '<level>');
    assert.equal(lowered.bodyAtLevelOffset(text.indexOf('Feet') + 1)?.name, 'Player');
    assert.equal(lowered.bodyAtLevelOffset(2), undefined);
  });

  it('finds the innermost body at a level offset', () => {
    const outer = levelBody('outer', [circle(1)], { range: { start: 0, end: 100 } });
    const inner = levelBody('inner', [circle(1)], { range: { start: 10, end: 20 } });
    const lowered = lowerLevel(levelScene([outer, inner]));
    assert.equal(lowered.bodyAtLevelOffset(15)?.name, 'inner');
    assert.equal(lowered.bodyAtLevelOffset(20)?.name, 'inner');
    assert.equal(lowered.bodyAtLevelOffset(50)?.name, 'outer');
    assert.equal(lowered.bodyAtLevelOffset(101), undefined);
  });

  it('prints a comment with the level name above each body whose identifier differs (collide convert)', () => {
    const lowered = lowerLevel(levelScene([levelBody('Walls/Wall3', [circle(1)]), levelBody('Player', [circle(1)]), levelBody('two\nlines', [circle(1)])]));
    const text = annotatedText(lowered);
    assert.deepEqual(bodyLines(text), bodyLines(lowered.text));
    assert.match(text, /\n\/\/ Walls\/Wall3\nbody Walls_Wall3 circle\(1\)\nbody Player circle\(1\)\n\/\/ two lines\nbody two_lines circle\(1\)\n$/);
    assert.deepEqual(
      analyzeDocument(text).findings.map((f) => [f.a, f.b]),
      analyzeDocument(lowered.text).findings.map((f) => [f.a, f.b]),
    );
  });

  it('writes numbers that the lexer reads back to the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const written = sceneNumber(Math.abs(x));
        const tokens = lex(written).tokens;
        assert.equal(tokens.length, 2, written); // the number and eof
        assert.equal(tokens[0]!.kind, 'number', written);
        assert.equal(tokens[0]!.value, Math.abs(x), written);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every body and part pose through the text (round trip of the numbers in a scene)', () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const size = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(fc.tuple(finite, finite, finite, size, finite, finite), ([x, y, angle, r, vx, vy]) => {
        const lowered = lowerLevel(levelScene([levelBody('b', [circle(r, 0, 0)], { x, y, angle, vx, vy })]));
        const body = analyzeDocument(lowered.text).semantics.scene.bodies[0]!;
        assert.deepEqual([body.x, body.y, body.angle, body.vx, body.vy], [x, y, angle, vx, vy].map((v) => v + 0));
        assert.equal(body.partShape(0).radius, r);
      }),
      { numRuns: 300 },
    );
  });

  it('lowers in steps that pause on a large level and end with lowerLevel\'s result', () => {
    const bodies: ReturnType<typeof levelBody>[] = [];
    for (let i = 0; i < 3000; i++) {
      const shape = i % 3 === 0 ? circle(1 + (i % 7), 0, 0) : i % 3 === 1 ? box(2, 3) : polygon(0, 0, 4, 0, 4, 1, 1, 1, 1, 4, 0, 4);
      bodies.push(levelBody(`b${i % 1000}`, i % 500 === 7 ? [] : [shape], { x: i * 3.25, y: -i / 7 }));
    }
    const scene = levelScene(bodies);
    const steps = lowerLevelSteps(scene, 'first line');
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    assert.ok(pauses >= 4, `${pauses} pauses`);
    const whole = lowerLevel(scene, 'first line');
    const lowered = step.value;
    assert.ok(whole.bodies.length > 0);
    assert.equal(lowered.text, whole.text);
    assert.deepEqual(lowered.diagnostics, whole.diagnostics);
    assert.deepEqual(
      lowered.bodies.map((b) => [b.index, b.levelIndex, b.identifier, b.generated, b.parts]),
      whole.bodies.map((b) => [b.index, b.levelIndex, b.identifier, b.generated, b.parts]),
    );
  });
});
