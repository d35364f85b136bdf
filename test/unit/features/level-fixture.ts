import { analyzeLevel, type LevelAnalysis } from '../../../server/src/analysis/level-analysis';
import { makeAnalyzedDocument, type AnalyzedDocument } from '../../../server/src/features/document';
import { DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { readLevel } from '../../../server/src/readers/index';

/** A level text analyzed as the server does, with the lowered text's document beside it. */
export function analyzedLevel(text: string, path: string): { level: LevelAnalysis; lowered: AnalyzedDocument } {
  const level = analyzeLevel(readLevel(text, path, { readFile: () => undefined, inflate: () => undefined }), text);
  return { level, lowered: makeAnalyzedDocument(`file://${path}`, 1, level.analysis, DEFAULT_SETTINGS) };
}

/** A Godot scene: a floor, a ball sunk 11 px into it, and a sensor area over both. */
export const GODOT_SCENE = `[gd_scene load_steps=3 format=3]

[sub_resource type="RectangleShape2D" id="RectangleShape2D_1"]
size = Vector2(320, 16)

[sub_resource type="CircleShape2D" id="CircleShape2D_1"]
radius = 16.0

[node name="Main" type="Node2D"]

[node name="Walls" type="Node2D" parent="."]
position = Vector2(0, 8)

[node name="Floor" type="StaticBody2D" parent="Walls"]
position = Vector2(160, 200)
collision_mask = 3

[node name="CollisionShape2D" type="CollisionShape2D" parent="Walls/Floor"]
shape = SubResource("RectangleShape2D_1")

[node name="Ball" type="RigidBody2D" parent="."]
position = Vector2(100, 195)
linear_velocity = Vector2(30, 0)

[node name="CollisionShape2D" type="CollisionShape2D" parent="Ball"]
shape = SubResource("CircleShape2D_1")
`;
