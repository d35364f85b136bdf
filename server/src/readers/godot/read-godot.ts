// The Godot 4 reader: a text scene (.tscn) and what it pulls in (project.godot, instanced
// scenes, .tres shapes) as a LevelScene (levels-and-tiles.md §1). The node tree is built with
// instances expanded (scene-tree.ts), every node's global transform composed as Godot does
// (poses.ts), each CollisionObject2D becomes a body (bodies.ts) and each tile map layer with
// collision one static body per physics layer (tile-maps.ts). Settings come from the
// project and may be overridden by the root node's metadata (collide_slop, collide_dt,
// collide_frames).
import { type Diagnostic, byPosition } from '../../common/diagnostic';
import { DEFAULT_FRAMES, MAX_FRAMES } from '../../semantics/result';
import type { LevelBody, LevelReader, LevelScene } from '../level-scene';
import { BODY_TYPES, SHAPE_NODE_TYPES, bodyOf } from './bodies';
import { localTransform, parentFrame, rangeOf } from './poses';
import { findProject } from './project';
import { Loader, type TreeNode, buildTree } from './scene-tree';
import { attribute } from './sections';
import { TILE_MAP_TYPES, tileMapBodies } from './tile-maps';
import { type Affine, IDENTITY, compose } from '../affine';

export const readGodotScene: LevelReader = (text, path, host) => {
  const project = findProject(path, host);
  const top = Loader.file(path, text);
  const loader = new Loader(host, project, top);
  if (project.file !== undefined) loader.dependencies.add(project.file);
  const first = top.parsed.sections[0];
  const headerRange = first?.headerRange ?? { start: 0, end: 0 };
  for (const e of top.parsed.errors) loader.diagnostics.push({ range: e.range, severity: 'warning', code: 'godot-syntax', message: e.message });
  if (first?.tag === 'gd_resource') {
    loader.diagnostics.push({ range: headerRange, severity: 'information', code: 'godot-not-a-scene', message: 'This is a Godot resource, not a scene: it has no bodies to check.' });
  } else if (first !== undefined && first.tag !== 'gd_scene') {
    loader.diagnostics.push({ range: headerRange, severity: 'warning', code: 'godot-not-a-scene', message: `A Godot text scene starts with [gd_scene ...], not [${first.tag}].` });
  }
  const format = first?.tag === 'gd_scene' ? attribute(first, 'format')?.value : undefined;
  if (format?.kind === 'number' && format.value < 3) {
    loader.diagnostics.push({ range: format.range, severity: 'information', code: 'godot-old-format', message: "This scene is in Godot 3's format. Collide reads KinematicBody2D, rotation_degrees, RigidBody2D's mode and Godot 3's capsules, and otherwise Godot 4's rules." });
  }
  for (const problem of project.problems) loader.diagnostics.push({ range: headerRange, severity: 'warning', code: 'godot-project-setting', message: `In res://project.godot: ${problem}` });

  const root = buildTree(loader, top, [path], undefined);
  const bodies: LevelBody[] = [];
  if (root !== undefined) collectBodies(loader, root, bodies);
  const settings = rootSettings(loader, root, project.dt, project.slop);
  loader.diagnostics.sort(byPosition);
  const scene: LevelScene = {
    format: 'godot',
    dt: settings.dt,
    slop: settings.slop,
    frames: settings.frames,
    bodies,
    diagnostics: loader.diagnostics,
    dependencies: [...loader.dependencies],
  };
  return scene;
};

/** Nodes in document order (pre-order), each after its parent; iterative for deep trees. */
function preorder(root: TreeNode): TreeNode[] {
  const out: TreeNode[] = [];
  const stack: TreeNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

function collectBodies(loader: Loader, root: TreeNode, bodies: LevelBody[]): void {
  const order = preorder(root);
  const globals = new Map<TreeNode, Affine>();
  const frames = new Map<TreeNode, Affine>();
  const locals = new Map<TreeNode, Affine>();
  for (const node of order) {
    const parentGlobal = node.parent === undefined ? IDENTITY : globals.get(node.parent) ?? IDENTITY;
    const frame = parentFrame(loader, node, parentGlobal);
    const local = localTransform(loader, node);
    frames.set(node, frame);
    if (frame === parentGlobal && node.parent !== undefined) locals.set(node, local);
    globals.set(node, compose(frame, local));
  }
  for (const node of order) {
    const type = node.type;
    if (type === undefined) continue;
    const role = BODY_TYPES.get(type);
    if (role !== undefined) {
      const body = bodyOf(loader, node, role, { global: globals.get(node)!, frame: frames.get(node)!, globals, locals });
      if (body !== undefined) bodies.push(body);
    } else if (SHAPE_NODE_TYPES.has(type) && (node.parent?.type === undefined || !BODY_TYPES.has(node.parent.type))) {
      loader.diagnostics.push({
        range: node.anchor.nameRange,
        severity: 'warning',
        code: 'godot-detached-shape',
        message: `${type} '${node.path}' is not a direct child of a physics body or area, so Godot gives it to none (it attaches a shape only to its parent); it is not checked.`,
      });
    } else if (TILE_MAP_TYPES.has(type)) {
      bodies.push(...tileMapBodies(loader, node, globals.get(node)!));
    }
  }
}

function rootSettings(loader: Loader, root: TreeNode | undefined, dt: number, slop: number): { dt: number; slop: number; frames: number } {
  const out = { dt, slop, frames: DEFAULT_FRAMES };
  if (root === undefined) return out;
  const meta = (key: string, valid: (v: number) => boolean, rule: string): number | undefined => {
    const p = root.props.get(`metadata/${key}`);
    if (p === undefined) return undefined;
    const v = p.property.value;
    if (v.kind === 'number' && valid(v.value)) return v.value;
    const d: Diagnostic = { range: rangeOf(loader, root, p), severity: 'warning', code: 'godot-bad-metadata', message: `metadata/${key} should be ${rule}; it is ignored.` };
    loader.diagnostics.push(d);
    return undefined;
  };
  out.slop = meta('collide_slop', (v) => Number.isFinite(v) && v >= 0, 'a non-negative number') ?? out.slop;
  out.dt = meta('collide_dt', (v) => Number.isFinite(v) && v > 0, 'a positive number of seconds') ?? out.dt;
  out.frames = meta('collide_frames', (v) => Number.isInteger(v) && v >= 1 && v <= MAX_FRAMES, `a whole number from 1 to ${MAX_FRAMES}`) ?? out.frames;
  return out;
}
