import { strict as assert } from 'node:assert';
import { attribute, parseSections, property } from '../../../../server/src/readers/godot/sections';

const SCENE = `[gd_scene format=3 uid="uid://x"]

[ext_resource type="PackedScene" uid="uid://b" path="res://ball.tscn" id="2"]

[sub_resource type="RectangleShape2D" id="1"]
size = Vector2(8, 32)

[node name="Pong" type="Node2D"]

[node name="Left" type="Area2D" parent="." instance=ExtResource("2")]
position = Vector2(67.6285, 192.594)
text = "two
lines"
tracks/0/keys = {
"times": PackedFloat32Array(0, 1)
}
libraries/ = SubResource("1")

[connection signal="area_entered" from="Left" to="Left" method="_on_area_entered"]
`;

describe('readers/godot/sections', () => {
  it('reads headers, attributes and properties, with values spanning lines', () => {
    const r = parseSections(SCENE);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.sections.map((s) => s.tag), ['gd_scene', 'ext_resource', 'sub_resource', 'node', 'node', 'connection']);
    const left = r.sections[4]!;
    assert.equal(attribute(left, 'name')?.value.kind, 'string');
    assert.equal(attribute(left, 'instance')?.value.kind, 'call');
    assert.deepEqual(left.properties.map((p) => p.key), ['position', 'text', 'tracks/0/keys', 'libraries/']);
    const position = property(left.properties, 'position')!;
    assert.equal(SCENE.slice(position.value.range.start, position.value.range.end), 'Vector2(67.6285, 192.594)');
    assert.equal(SCENE.slice(position.keyRange.start, position.keyRange.end), 'position');
    // The section runs from its header through its last property.
    assert.equal(SCENE.slice(left.range.start, left.range.end).split('\n')[0], '[node name="Left" type="Area2D" parent="." instance=ExtResource("2")]');
    assert.ok(SCENE.slice(left.range.start, left.range.end).endsWith('libraries/ = SubResource("1")'));
    assert.equal(SCENE.slice(left.headerRange.start, left.headerRange.end).startsWith('[node name="Left"'), true);
  });

  it('reads a ConfigFile: preamble keys, section names, comments', () => {
    const text = '; Engine configuration file.\nconfig_version=5\n\n[physics]\n\ncommon/physics_ticks_per_second=120\n2d/default_gravity=500\n';
    const r = parseSections(text);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.preamble.map((p) => p.key), ['config_version']);
    assert.equal(r.sections[0]!.tag, 'physics');
    const ticks = property(r.sections[0]!.properties, 'common/physics_ticks_per_second')!;
    assert.ok(ticks.value.kind === 'number' && ticks.value.value === 120);
  });

  it('keeps the last of repeated keys, as Godot does', () => {
    const r = parseSections('[node name="A" type="Node2D"]\nposition = Vector2(1, 1)\nposition = Vector2(2, 2)\n');
    const p = property(r.sections[0]!.properties, 'position')!;
    assert.equal(r.sections[0]!.properties.length, 2);
    assert.ok(p.value.kind === 'call' && p.value.args[0]!.kind === 'number' && p.value.args[0].value === 2);
  });

  it('reports a malformed line and resumes at the next header or property', () => {
    const text = '[node name="A" type="StaticBody2D"]\nposition = Vector2(1,\nrotation = 0.5\nthis line is junk\n[node name="B" parent="." type="Node2D"\nscale = Vector2(2, 2)\n[node name="C" parent="."]\n';
    const r = parseSections(text);
    assert.equal(r.errors.length, 3);
    for (const e of r.errors) assert.ok(e.range.start >= 0 && e.range.end <= text.length && e.range.start <= e.range.end);
    assert.deepEqual(r.sections.map((s) => attribute(s, 'name')?.value.kind === 'string' ? (attribute(s, 'name')!.value as { value: string }).value : '?'), ['A', 'B', 'C']);
    assert.deepEqual(r.sections[0]!.properties.map((p) => p.key), ['rotation']);
    assert.deepEqual(r.sections[1]!.properties.map((p) => p.key), ['scale']);
  });

  it('reports text after a value', () => {
    const r = parseSections('[resource]\nradius = 3.0 4.0\nheight = 2\n');
    assert.equal(r.errors.length, 1);
    assert.deepEqual(r.sections[0]!.properties.map((p) => p.key), ['radius', 'height']);
  });
});
