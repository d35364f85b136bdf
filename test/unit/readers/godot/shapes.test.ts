import { strict as assert } from 'node:assert';
import { parseSections } from '../../../../server/src/readers/godot/sections';
import { CURVE_POINTS, shapeOfPolygonNode, shapeOfResource } from '../../../../server/src/readers/godot/shapes';
import { type Affine, IDENTITY } from '../../../../server/src/readers/affine';
import { nodeTransform } from '../../../../server/src/readers/godot/transform';

function shape(type: string, props: string, t: Affine = IDENTITY) {
  const section = parseSections(`[resource]\n${props}\n`).sections[0]!;
  return shapeOfResource(type, section.properties, t);
}

function polygonNode(props: string, t: Affine = IDENTITY) {
  return shapeOfPolygonNode(parseSections(`[node name="P" type="CollisionPolygon2D"]\n${props}\n`).sections[0]!.properties, t);
}

function near(a: number, b: number): void {
  assert.ok(Math.abs(a - b) <= 1e-9, `${a} vs ${b}`);
}

describe('readers/godot/shapes', () => {
  it('reads each kind with Godot defaults', () => {
    assert.deepEqual(shape('CircleShape2D', '').shapes, [{ kind: 'circle', radius: 10, x: 0, y: 0 }]);
    assert.deepEqual(shape('RectangleShape2D', '').shapes, [{ kind: 'box', width: 20, height: 20, x: 0, y: 0, angle: 0 }]);
    assert.deepEqual(shape('RectangleShape2D', 'extents = Vector2(4, 5)').shapes, [{ kind: 'box', width: 8, height: 10, x: 0, y: 0, angle: 0 }]);
    assert.deepEqual(shape('SegmentShape2D', 'b = Vector2(3, 4)').shapes, [{ kind: 'segment', ax: 0, ay: 0, bx: 3, by: 4 }]);
    assert.deepEqual(shape('ConvexPolygonShape2D', 'points = PackedVector2Array(0, 0, 4, 0, 0, 4)').shapes, [{ kind: 'polygon', points: [0, 0, 4, 0, 0, 4] }]);
    assert.deepEqual(shape('ConcavePolygonShape2D', 'segments = PackedVector2Array(0, 0, 4, 0, 4, 0, 4, 4)').shapes, [
      { kind: 'segment', ax: 0, ay: 0, bx: 4, by: 0 },
      { kind: 'segment', ax: 4, ay: 0, bx: 4, by: 4 },
    ]);
  });

  it("turns Godot's vertical capsule (height with caps) into a capsule along local x, rotated by pi/2", () => {
    const [c] = shape('CapsuleShape2D', 'radius = 5.0\nheight = 30.0').shapes;
    assert.ok(c?.kind === 'capsule');
    near(c.length, 20);
    near(c.radius, 5);
    near(c.angle, Math.PI / 2);
    const [d] = shape('CapsuleShape2D', '').shapes;
    assert.ok(d?.kind === 'capsule');
    near(d.length, 10);
    near(d.radius, 10);
  });

  it('applies a transform exactly where the kind survives it', () => {
    const t = nodeTransform(10, 20, Math.PI / 2, 2, 2, 0);
    const [c] = shape('CircleShape2D', 'radius = 3.0', t).shapes;
    assert.deepEqual(c, { kind: 'circle', radius: 6, x: 10, y: 20 });
    const [b] = shape('RectangleShape2D', 'size = Vector2(4, 6)', nodeTransform(1, 2, 0.5, 2, 3, 0)).shapes;
    assert.ok(b?.kind === 'box');
    near(b.width, 8);
    near(b.height, 18);
    near(b.angle, 0.5);
    const [s] = shape('SegmentShape2D', 'a = Vector2(1, 0)\nb = Vector2(2, 0)', t).shapes;
    assert.ok(s?.kind === 'segment');
    near(s.ax, 10);
    near(s.ay, 22);
    near(s.bx, 10);
    near(s.by, 24);
  });

  it('approximates a circle or capsule under non-uniform scale or skew, with a hint', () => {
    const ellipse = shape('CircleShape2D', 'radius = 1.0', nodeTransform(0, 0, 0, 2, 1, 0));
    assert.equal(ellipse.shapes.length, 1);
    const p = ellipse.shapes[0]!;
    assert.ok(p.kind === 'polygon' && p.points.length === 2 * CURVE_POINTS);
    near(Math.max(...p.points.filter((_, i) => i % 2 === 0)), 2);
    assert.deepEqual(ellipse.notes.map((n) => [n.code, n.severity]), [['godot-approximated-shape', 'hint']]);
    const capsule = shape('CapsuleShape2D', '', nodeTransform(0, 0, 0, 1, 1, 0.3));
    assert.equal(capsule.shapes[0]?.kind, 'polygon');
    assert.equal(capsule.notes[0]?.code, 'godot-approximated-shape');
    // A skewed rectangle is exactly a parallelogram: no hint.
    const skewed = shape('RectangleShape2D', '', nodeTransform(0, 0, 0, 1, 1, 0.3));
    assert.equal(skewed.shapes[0]?.kind, 'polygon');
    assert.deepEqual(skewed.notes, []);
  });

  it('reports unsupported, unknown, empty and degenerate shapes', () => {
    assert.equal(shape('WorldBoundaryShape2D', '').notes[0]?.code, 'godot-unsupported-shape');
    assert.equal(shape('SeparationRayShape2D', '').notes[0]?.severity, 'hint');
    assert.equal(shape('SphereShape3D', '').notes[0]?.code, 'godot-unknown-shape');
    assert.equal(shape('RectangleShape2D', 'size = Vector2(0, 0)').notes[0]?.code, 'godot-empty-shape');
    assert.equal(shape('ConvexPolygonShape2D', 'points = PackedVector2Array(0, 0, 1, 1)').notes[0]?.code, 'godot-empty-shape');
    assert.equal(shape('CircleShape2D', '', nodeTransform(0, 0, 0, 0, 1, 0)).notes[0]?.code, 'godot-degenerate-transform');
    const bad = shape('CircleShape2D', 'radius = "big"');
    assert.deepEqual(bad.shapes, [{ kind: 'circle', radius: 10, x: 0, y: 0 }]);
    assert.equal(bad.notes[0]?.code, 'godot-bad-value');
    // The note is about the bad property: its key, ranged from the key to the end of the value.
    const p = bad.notes[0]?.property;
    assert.equal(p?.key, 'radius');
    assert.equal(p.range.end - p.range.start, 'radius = "big"'.length);
  });

  it('reads CollisionPolygon2D as one solid or as a closed loop of segments', () => {
    const square = 'polygon = PackedVector2Array(0, 0, 4, 0, 4, 4, 0, 4)';
    assert.deepEqual(polygonNode(square).shapes, [{ kind: 'polygon', points: [0, 0, 4, 0, 4, 4, 0, 4] }]);
    const loop = polygonNode(`${square}\nbuild_mode = 1`).shapes;
    assert.equal(loop.length, 4);
    assert.deepEqual(loop[3], { kind: 'segment', ax: 0, ay: 4, bx: 0, by: 0 });
    assert.equal(polygonNode('polygon = PackedVector2Array(0, 0, 4, 0)\nbuild_mode = 1').shapes.length, 1);
    assert.equal(polygonNode('').notes[0]?.code, 'godot-empty-shape');
  });
});
