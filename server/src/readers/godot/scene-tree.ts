// A scene's node tree as Godot builds it at load time: the `[node]` sections of a .tscn, with
// instanced sub-scenes (`instance=ExtResource(...)`) expanded in place, their root renamed to the
// instancing node and overridden by its properties, and later sections overriding nodes inside
// an instance (`[node name="Sprite" parent="Ball"]` without a type). Every node knows where the
// author looks for it in the scene being read (its anchor): its own section there, or for nodes
// that come from a sub-scene, the instancing node. Files are read once; instancing is bounded in
// depth (MAX_INSTANCE_DEPTH), cycles are refused and the node count is capped (MAX_NODES).
import type { Diagnostic, Severity, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import { dirnameOf } from '../paths';
import { type GodotProject, resolveResourcePath } from './project';
import { type Property, type Section, type SectionText, attribute, parseSections } from './sections';
import { readString, resourceReference } from './values';

export const MAX_INSTANCE_DEPTH = 16;
export const MAX_NODES = 100_000;

export interface GodotFile {
  readonly path: string;
  /** The header's format: 3 for Godot 4 (the default), 2 for Godot 3. */
  readonly format: number;
  readonly text: string;
  readonly parsed: SectionText;
  readonly subResources: ReadonlyMap<string, Section>;
  readonly extResources: ReadonlyMap<string, Section>;
}

export interface NodeProperty {
  readonly property: Property;
  readonly file: GodotFile;
}

/** Where a node is shown in the scene being read. */
export interface Anchor {
  readonly range: TextRange;
  readonly nameRange: TextRange;
}

export interface TreeNode {
  name: string;
  type: string | undefined;
  /** Relative to the root as Godot writes `parent=`: '' for the root, `Walls/Wall3` below. */
  path: string;
  readonly props: Map<string, NodeProperty>;
  readonly children: TreeNode[];
  parent: TreeNode | undefined;
  anchor: Anchor;
  /** Declared in a sub-scene rather than in the scene being read. */
  readonly instanced: boolean;
}

/** What the reader shares while it reads a scene and everything it pulls in. */
export class Loader {
  readonly diagnostics: Diagnostic[] = [];
  readonly dependencies = new Set<string>();
  private readonly files = new Map<string, GodotFile | undefined>();
  private budget = MAX_NODES;
  private budgetReported = false;
  private readonly reported = new Set<string>();

  constructor(
    readonly host: LevelHost,
    readonly project: GodotProject,
    readonly top: GodotFile,
  ) {}

  static file(path: string, text: string): GodotFile {
    const parsed = parseSections(text);
    const subResources = new Map<string, Section>();
    const extResources = new Map<string, Section>();
    for (const s of parsed.sections) {
      if (s.tag !== 'sub_resource' && s.tag !== 'ext_resource') continue;
      const id = attribute(s, 'id')?.value;
      const key = id?.kind === 'string' ? id.value : id?.kind === 'number' ? String(id.value) : undefined;
      if (key !== undefined) (s.tag === 'sub_resource' ? subResources : extResources).set(key, s);
    }
    const first = parsed.sections[0];
    const written = first === undefined ? undefined : attribute(first, 'format')?.value;
    const format = written?.kind === 'number' && Number.isFinite(written.value) ? written.value : 3;
    return { path, format, text, parsed, subResources, extResources };
  }

  /** A diagnostic on `range` of `file`, or at `anchor` when the file is not the one being read. */
  report(file: GodotFile, range: TextRange, anchor: Anchor | undefined, severity: Severity, code: string, message: string): void {
    const local = file === this.top || anchor === undefined;
    const at = local ? range : anchor.range;
    const text = local ? message : `In ${this.display(file.path)}: ${message}`;
    // A sub-scene instanced many times would repeat its problems at one anchor: say each once.
    const key = `${at.start}:${at.end}:${code}:${text}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push({ range: at, severity, code, message: text });
  }

  /** A path as the author knows it: `res://...` inside the project. */
  display(path: string): string {
    const root = this.project.root.endsWith('/') ? this.project.root : `${this.project.root}/`;
    return path.startsWith(root) ? `res://${path.slice(root.length)}` : path;
  }

  /** The file at an absolute path, parsed once; undefined when it cannot be read. */
  load(path: string): GodotFile | undefined {
    if (path === this.top.path) return this.top;
    if (this.files.has(path)) return this.files.get(path);
    this.dependencies.add(path);
    const text = this.host.readFile(path);
    const file = text === undefined ? undefined : Loader.file(path, text);
    this.files.set(path, file);
    return file;
  }

  /** The absolute path an `ext_resource` of `file` names. */
  externalPath(file: GodotFile, id: string): { path?: string; section?: Section; problem?: string } {
    const section = file.extResources.get(id);
    if (section === undefined) return { problem: `There is no ext_resource with id "${id}".` };
    const pathValue = attribute(section, 'path')?.value;
    const written = pathValue === undefined ? undefined : readString(pathValue);
    if (written === undefined) return { section, problem: `The ext_resource "${id}" has no path.` };
    const path = resolveResourcePath(written, dirnameOf(file.path), this.project);
    if (path === undefined) return { section, problem: `The path "${written}" of ext_resource "${id}" cannot be resolved without Godot.` };
    return { path, section };
  }

  /**
   * Takes one node from the budget of nodes brought in by instances (the scene's own nodes are
   * bounded by its text); false (reported once) when instancing has expanded too much.
   */
  takeNode(file: GodotFile, range: TextRange, anchor: Anchor | undefined): boolean {
    if (anchor === undefined) return true;
    if (this.budget > 0) {
      this.budget--;
      return true;
    }
    if (!this.budgetReported) {
      this.budgetReported = true;
      this.report(file, range, anchor, 'error', 'godot-too-many-nodes', `Instances expand to more than ${MAX_NODES} nodes; the rest is not read.`);
    }
    return false;
  }
}

function stringAttribute(section: Section, key: string): string | undefined {
  const value = attribute(section, key)?.value;
  return value?.kind === 'string' ? value.value : undefined;
}

function register(byPath: Map<string, TreeNode>, node: TreeNode): void {
  // Iterative: an instanced subtree may be deep.
  const stack: TreeNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    n.path = n.parent === undefined ? '' : n.parent.path === '' ? n.name : `${n.parent.path}/${n.name}`;
    byPath.set(n.path, n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
}

/**
 * The node tree of `file`. `stack` holds the scene files being expanded (for cycles); `anchor`
 * is set when `file` is a sub-scene, and becomes every node's anchor.
 */
export function buildTree(loader: Loader, file: GodotFile, stack: readonly string[], anchor: Anchor | undefined): TreeNode | undefined {
  const byPath = new Map<string, TreeNode>();
  let root: TreeNode | undefined;
  for (const section of file.parsed.sections) {
    if (section.tag !== 'node') continue;
    const nameValue = attribute(section, 'name')?.value;
    const name = nameValue === undefined ? undefined : readString(nameValue);
    if (name === undefined || name === '') {
      loader.report(file, section.headerRange, anchor, 'warning', 'godot-malformed-node', 'This node has no name; it is not read.');
      continue;
    }
    const own: Anchor = anchor ?? { range: section.range, nameRange: nameValue!.range };
    const parentValue = attribute(section, 'parent')?.value;
    let parent: TreeNode | undefined;
    if (parentValue === undefined) {
      if (root !== undefined) {
        loader.report(file, section.headerRange, anchor, 'warning', 'godot-malformed-node', `The scene already has a root ('${root.name}'); this node without parent= is not read.`);
        continue;
      }
    } else {
      const written = readString(parentValue);
      const parentPath = written === undefined ? undefined : written.replace(/^\.\//, '');
      parent = parentPath === '.' ? root : parentPath === undefined ? undefined : byPath.get(parentPath);
      if (parent === undefined) {
        loader.report(file, parentValue.range, anchor, 'warning', 'godot-missing-parent', `The parent ${written === undefined ? 'value' : `'${written}'`} of '${name}' is not a node read above it; the node and its children are not read.`);
        continue;
      }
    }
    const path = parent === undefined ? '' : parent.path === '' ? name : `${parent.path}/${name}`;
    const existing = parent === undefined ? undefined : byPath.get(path);
    const type = stringAttribute(section, 'type');
    const instance = attribute(section, 'instance')?.value;
    if (instance === undefined && type === undefined && existing !== undefined) {
      // An override of a node that an instance brought in; written in the scene being read, it
      // is where the author looks for that node.
      for (const p of section.properties) existing.props.set(p.key, { property: p, file });
      if (anchor === undefined) existing.anchor = own;
      continue;
    }
    if (!loader.takeNode(file, section.headerRange, anchor)) break;
    if (existing !== undefined) loader.report(file, own.nameRange, anchor, 'warning', 'godot-duplicate-node', `'${path}' is declared twice; Godot would rename the second.`);
    let node: TreeNode | undefined;
    if (instance !== undefined) node = instantiate(loader, file, stack, instance, own, anchor);
    if (attribute(section, 'instance_placeholder') !== undefined) {
      loader.report(file, section.headerRange, anchor, 'hint', 'godot-instance-placeholder', `'${name}' is an instance placeholder, loaded only when a script asks; its contents are not read.`);
    }
    node ??= { name, type, path, props: new Map(), children: [], parent: undefined, anchor: own, instanced: anchor !== undefined };
    node.name = name;
    for (const p of section.properties) node.props.set(p.key, { property: p, file });
    node.parent = parent;
    if (parent === undefined) root = node;
    else parent.children.push(node);
    register(byPath, node);
  }
  return root;
}

/** The root of the scene `instance` names, or undefined (reported) when it cannot be used. */
function instantiate(loader: Loader, file: GodotFile, stack: readonly string[], instance: Property['value'], own: Anchor, anchor: Anchor | undefined): TreeNode | undefined {
  const ref = resourceReference(instance);
  if (ref === undefined || !ref.external) {
    loader.report(file, instance.range, anchor, 'warning', 'godot-bad-instance', 'instance= should be ExtResource("id"); the instance is not read.');
    return undefined;
  }
  const target = loader.externalPath(file, ref.id);
  if (target.path === undefined) {
    loader.report(file, instance.range, anchor, 'warning', 'godot-missing-instance', `${target.problem} The instance is not read.`);
    return undefined;
  }
  if (stack.includes(target.path)) {
    loader.report(file, instance.range, anchor, 'error', 'godot-cyclic-instance', `${loader.display(target.path)} instances itself (through ${stack.map((p) => loader.display(p)).join(' → ')}); the inner instance is not expanded.`);
    return undefined;
  }
  if (stack.length > MAX_INSTANCE_DEPTH) {
    loader.report(file, instance.range, anchor, 'warning', 'godot-instance-too-deep', `Instances nest deeper than ${MAX_INSTANCE_DEPTH} scenes; ${loader.display(target.path)} is not read.`);
    return undefined;
  }
  const sub = loader.load(target.path);
  if (sub === undefined) {
    loader.report(file, instance.range, anchor, 'warning', 'godot-missing-instance', `${loader.display(target.path)} cannot be read; the instance is not read.`);
    return undefined;
  }
  const firstError = sub.parsed.errors[0];
  if (firstError !== undefined) {
    loader.report(file, instance.range, anchor, 'warning', 'godot-malformed-instance', `${loader.display(target.path)} has ${sub.parsed.errors.length} malformed line(s), the first: ${firstError.message}`);
  }
  const root = buildTree(loader, sub, [...stack, target.path], anchor ?? own);
  if (root === undefined) loader.report(file, instance.range, anchor, 'warning', 'godot-missing-instance', `${loader.display(target.path)} has no root node; the instance is empty.`);
  return root;
}
