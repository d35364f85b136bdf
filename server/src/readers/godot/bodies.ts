// A physics body node as a LevelBody: its kind (static, dynamic, sensor), motion, layers, pose
// and the parts its CollisionShape2D and CollisionPolygon2D children give it. Godot attaches a
// shape node only to its direct parent (CollisionShape2D's NOTIFICATION_PARENTED casts
// get_parent() to CollisionObject2D), so only direct children count; read-godot.ts reports the
// others. The pose is the translation and rotation of the global transform; its scale and skew
// go into the parts.
import type { LevelBody, LevelMove, LevelPart } from '../level-scene';
import type { Loader, TreeNode } from './scene-tree';
import { boolProp, numberProp, rangeOf, vectorProp } from './poses';
import { shapeOfPolygonNode, shapeOfResource, type ShapeResult } from './shapes';
import { type Property, attribute } from './sections';
import { type Affine, apply, invert, isFiniteAffine, compose, rigid, rigidPart } from '../affine';
import { readInteger, readString, resourceReference } from './values';

export type BodyRole = 'static' | 'dynamic' | 'sensor';

/** CollisionObject2D types and what they are in a check. */
export const BODY_TYPES: ReadonlyMap<string, BodyRole> = new Map<string, BodyRole>([
  ['StaticBody2D', 'static'],
  ['AnimatableBody2D', 'static'],
  ['RigidBody2D', 'dynamic'],
  ['CharacterBody2D', 'dynamic'],
  ['PhysicalBone2D', 'dynamic'],
  // Godot 3's name for CharacterBody2D.
  ['KinematicBody2D', 'dynamic'],
  ['Area2D', 'sensor'],
]);

export const SHAPE_NODE_TYPES = new Set(['CollisionShape2D', 'CollisionPolygon2D']);

/** A number as Godot writes it: shortest round trip, float noise beyond 15 digits dropped. */
export function formatNumber(value: number): string {
  const v = Number(value.toPrecision(15));
  return Object.is(v, -0) ? '0' : String(v);
}

function layerBits(loader: Loader, node: TreeNode, key: string): number {
  const p = node.props.get(key);
  if (p === undefined) return 1;
  const r = readInteger(p.property.value, key);
  if (r.ok && r.value >= 0 && r.value <= 0xffffffff) return r.value;
  loader.report(p.file, rangeOf(loader, node, p), node.anchor, 'warning', 'godot-bad-value', `${key} should be a whole number of 32 bits; Godot's default 1 is used.`);
  return 1;
}

/** The Shape2D resource a CollisionShape2D's `shape` names: its type and properties. */
function shapeResource(loader: Loader, node: TreeNode): { type: string; props: readonly Property[]; format: number } | string {
  const written = node.props.get('shape');
  if (written === undefined || written.property.value.kind === 'null') return 'This CollisionShape2D has no shape.';
  const ref = resourceReference(written.property.value);
  if (ref === undefined) return 'shape should be SubResource("id") or ExtResource("id").';
  const file = written.file;
  if (!ref.external) {
    const section = file.subResources.get(ref.id);
    if (section === undefined) return `There is no sub_resource with id "${ref.id}".`;
    const type = attribute(section, 'type')?.value;
    return { type: type === undefined ? '' : readString(type) ?? '', props: section.properties, format: file.format };
  }
  const target = loader.externalPath(file, ref.id);
  if (target.path === undefined) return target.problem ?? 'The shape resource cannot be found.';
  const resource = loader.load(target.path);
  if (resource === undefined) return `${loader.display(target.path)} cannot be read.`;
  const header = resource.parsed.sections.find((s) => s.tag === 'gd_resource');
  const body = resource.parsed.sections.find((s) => s.tag === 'resource');
  const type = header === undefined ? undefined : attribute(header, 'type')?.value;
  if (header === undefined || body === undefined || type === undefined) return `${loader.display(target.path)} is not a text resource with a [resource] section.`;
  return { type: readString(type) ?? '', props: body.properties, format: resource.format };
}

/** Parts of one shape node under `t` (shape frame → body pose frame); problems reported. */
function partsOf(loader: Loader, shapeNode: TreeNode, t: Affine): LevelPart[] {
  if (boolProp(loader, shapeNode, 'disabled', false)) return [];
  let result: ShapeResult;
  if (shapeNode.type === 'CollisionPolygon2D') {
    result = shapeOfPolygonNode([...shapeNode.props.values()].map((p) => p.property), t);
  } else {
    const resource = shapeResource(loader, shapeNode);
    if (typeof resource === 'string') {
      const written = shapeNode.props.get('shape');
      const range = written !== undefined ? rangeOf(loader, shapeNode, written) : shapeNode.anchor.nameRange;
      loader.report(written?.file ?? loader.top, range, shapeNode.anchor, 'information', 'godot-no-shape', `${resource} The node adds no part.`);
      return [];
    }
    result = shapeOfResource(resource.type, resource.props, t, resource.format < 3);
  }
  for (const note of result.notes) {
    const p = note.property;
    const own = p === undefined ? undefined : [...shapeNode.props.values()].find((np) => np.property === p);
    const range = own !== undefined ? rangeOf(loader, shapeNode, own) : shapeNode.anchor.range;
    loader.diagnostics.push({ range, severity: note.severity, code: note.code, message: note.message });
  }
  if (result.shapes.length > 0 && boolProp(loader, shapeNode, 'one_way_collision', false)) {
    loader.report(loader.top, shapeNode.anchor.range, undefined, 'hint', 'godot-one-way', `'${shapeNode.name}' collides one way in Godot; Collide checks it from every side.`);
  }
  const many = result.shapes.length > 1;
  return result.shapes.map((shape, k) => ({ shape, range: shapeNode.anchor.range, label: many ? `${shapeNode.name}[${k}]` : shapeNode.name }));
}

/**
 * The body of `node` (a CollisionObject2D of `role`), or undefined when it has no usable part.
 * `global` is its global transform, `frame` the transform its own is composed onto, `globals`
 * every node's global transform and `locals` the own transforms of the nodes composed onto
 * their parent's (not top_level).
 */
export function bodyOf(
  loader: Loader,
  node: TreeNode,
  role: BodyRole,
  transforms: { readonly global: Affine; readonly frame: Affine; readonly globals: ReadonlyMap<TreeNode, Affine>; readonly locals: ReadonlyMap<TreeNode, Affine> },
): LevelBody | undefined {
  const { global, frame, globals, locals } = transforms;
  const name = node.path === '' ? node.name : node.path;
  if (!isFiniteAffine(global)) {
    loader.report(loader.top, node.anchor.nameRange, undefined, 'warning', 'godot-degenerate-transform', `'${name}' has a non-finite transform; it is not checked.`);
    return undefined;
  }
  const pose = rigidPart(global);
  const toPose = invert(rigid(pose.x, pose.y, pose.angle))!;
  // The body's scale and skew seen from its pose, without the translation that would cancel
  // (and leave float noise in every part's offset far from the origin).
  const residual = { ...compose(rigid(0, 0, -pose.angle), { ...global, e: 0, f: 0 }), e: 0, f: 0 };
  const parts: LevelPart[] = [];
  for (const child of node.children) {
    if (child.type === undefined || !SHAPE_NODE_TYPES.has(child.type)) continue;
    const local = locals.get(child);
    const t = local !== undefined ? compose(residual, local) : compose(toPose, globals.get(child) ?? global);
    parts.push(...partsOf(loader, child, t));
  }
  if (parts.length === 0) {
    loader.report(loader.top, node.anchor.nameRange, undefined, 'information', 'godot-body-without-shape', `'${name}' (${node.type}) has no enabled collision shape Collide can use; it is not checked.`);
    return undefined;
  }
  let isStatic = role === 'static' || role === 'sensor';
  let vx = 0;
  let vy = 0;
  let spin = 0;
  let bullet = false;
  if (node.type === 'RigidBody2D' || node.type === 'PhysicalBone2D') {
    if (boolProp(loader, node, 'freeze', false)) isStatic = true;
    // Godot 3's RigidBody2D.mode: 1 static, 3 kinematic (moved by script, like a frozen body).
    const mode = node.props.has('mode') ? numberProp(loader, node, 'mode', 0) : 0;
    if (mode === 1 || mode === 3) isStatic = true;
    [vx, vy] = vectorProp(loader, node, 'linear_velocity', [0, 0]);
    spin = numberProp(loader, node, 'angular_velocity', 0);
    bullet = numberProp(loader, node, 'continuous_cd', 0) !== 0;
  } else if (node.type === 'CharacterBody2D') {
    [vx, vy] = vectorProp(loader, node, 'velocity', [0, 0]);
  }
  if (isStatic) [vx, vy, spin, bullet] = [0, 0, 0, false];
  const layers = { layer: layerBits(loader, node, 'collision_layer'), mask: layerBits(loader, node, 'collision_mask') };
  return {
    name,
    isStatic,
    sensor: role === 'sensor',
    bullet,
    x: pose.x,
    y: pose.y,
    angle: pose.angle,
    vx,
    vy,
    spin,
    layers,
    parts,
    range: node.anchor.range,
    nameRange: node.anchor.nameRange,
    move: moveOf(loader, node, frame),
    kind: node.type ?? 'Node',
  };
}

/** Moving the body edits its own `position = Vector2(...)` when the scene read writes it. */
function moveOf(loader: Loader, node: TreeNode, frame: Affine): LevelMove | undefined {
  const position = node.props.get('position');
  if (position === undefined || position.file !== loader.top || node.props.has('transform')) return undefined;
  if (position.property.value.kind !== 'call' || position.property.value.name !== 'Vector2') return undefined;
  const toLocal = invert(frame);
  if (toLocal === undefined) return undefined;
  return {
    ranges: [position.property.value.range],
    edit: (x, y) => {
      const [lx, ly] = apply(toLocal, x, y);
      return [`Vector2(${formatNumber(lx)}, ${formatNumber(ly)})`];
    },
  };
}
