// Global transforms of the node tree, as CanvasItem::get_global_transform composes them: a node's
// transform is its parent's global transform times its own, but only while the parent is a
// CanvasItem (get_parent_item casts the parent to CanvasItem; a plain Node or a CanvasLayer ends
// the chain, and so does the node's own `top_level`). A node's own transform is its `transform`
// when written, else position, rotation, scale and skew as Node2D composes them.
import type { TextRange } from '../../common/diagnostic';
import type { Loader, NodeProperty, TreeNode } from './scene-tree';
import { type Affine, IDENTITY } from '../affine';
import { fromColumns, nodeTransform } from './transform';
import { readBool, readNumber, readTransformNumbers, readVector } from './values';

/** Types that are not CanvasItems: their children's transforms start afresh. */
const NOT_CANVAS_ITEMS = new Set([
  'Node', 'CanvasLayer', 'ParallaxBackground', 'Timer', 'AnimationPlayer', 'AnimationTree', 'AudioStreamPlayer',
  'HTTPRequest', 'ResourcePreloader', 'NavigationAgent2D', 'MultiplayerSpawner', 'MultiplayerSynchronizer',
  'WorldEnvironment', 'Tween', 'ShaderGlobalsOverride', 'StatusIndicator',
]);

/** True when `node` is known not to be a CanvasItem. Unknown types pass their transform on. */
export function endsTransformChain(node: TreeNode): boolean {
  return node.type !== undefined && NOT_CANVAS_ITEMS.has(node.type);
}

/** The range to underline for a property: its value in the scene read, else the node's anchor. */
export function rangeOf(loader: Loader, node: TreeNode, p: NodeProperty): TextRange {
  return p.file === loader.top ? p.property.value.range : node.anchor.range;
}

export function numberProp(loader: Loader, node: TreeNode, key: string, fallback: number): number {
  const p = node.props.get(key);
  if (p === undefined) return fallback;
  const r = readNumber(p.property.value, key);
  if (r.ok) return r.value;
  loader.report(p.file, rangeOf(loader, node, p), node.anchor, 'warning', 'godot-bad-value', `${r.problem} ${fallback} is used.`);
  return fallback;
}

export function vectorProp(loader: Loader, node: TreeNode, key: string, fallback: [number, number]): [number, number] {
  const p = node.props.get(key);
  if (p === undefined) return fallback;
  const r = readVector(p.property.value, key);
  if (r.ok) return r.value;
  loader.report(p.file, rangeOf(loader, node, p), node.anchor, 'warning', 'godot-bad-value', `${r.problem} Vector2(${fallback.join(', ')}) is used.`);
  return fallback;
}

export function boolProp(loader: Loader, node: TreeNode, key: string, fallback: boolean): boolean {
  const p = node.props.get(key);
  if (p === undefined) return fallback;
  const r = readBool(p.property.value, key);
  if (r.ok) return r.value;
  loader.report(p.file, rangeOf(loader, node, p), node.anchor, 'warning', 'godot-bad-value', `${r.problem} ${fallback} is used.`);
  return fallback;
}

/** The node's own transform (identity for nodes that write none). */
export function localTransform(loader: Loader, node: TreeNode): Affine {
  const written = node.props.get('transform');
  if (written !== undefined) {
    const r = readTransformNumbers(written.property.value, 'transform');
    if (r.ok) return fromColumns(r.value)!;
    loader.report(written.file, rangeOf(loader, node, written), node.anchor, 'warning', 'godot-bad-value', `${r.problem} position, rotation, scale and skew are used instead.`);
  }
  const has = ['position', 'rotation', 'rotation_degrees', 'scale', 'skew'].some((k) => node.props.has(k));
  if (!has) return IDENTITY;
  const [x, y] = vectorProp(loader, node, 'position', [0, 0]);
  // Godot 3 writes rotation_degrees; Godot 4 writes rotation in radians.
  const rotation = node.props.has('rotation') || !node.props.has('rotation_degrees') ? numberProp(loader, node, 'rotation', 0) : (numberProp(loader, node, 'rotation_degrees', 0) * Math.PI) / 180;
  const [sx, sy] = vectorProp(loader, node, 'scale', [1, 1]);
  const skew = numberProp(loader, node, 'skew', 0);
  return nodeTransform(x, y, rotation, sx, sy, skew);
}

/** The transform a node's own transform is composed onto: its parent's global one, or identity. */
export function parentFrame(loader: Loader, node: TreeNode, parentGlobal: Affine): Affine {
  if (node.parent === undefined || endsTransformChain(node.parent)) return IDENTITY;
  if (boolProp(loader, node, 'top_level', false)) return IDENTITY;
  return parentGlobal;
}
