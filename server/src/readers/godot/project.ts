// The project a scene belongs to: the nearest `project.godot` walking up from the scene's folder
// (Godot's `res://` is that folder), and the physics settings a check needs from it. A missing
// project is no error: `res://` then resolves against the scene's own folder and the defaults hold.
import { LEVEL_DT, LEVEL_SLOP, type LevelHost } from '../level-scene';
import { dirnameOf, joinPath } from '../paths';
import { parseSections, property } from './sections';

export interface GodotProject {
  /** The folder `res://` stands for. */
  readonly root: string;
  /** The project.godot read, when there is one. */
  readonly file?: string;
  readonly dt: number;
  readonly slop: number;
  /** Settings present but unusable (a ticks value of 0, a negative penetration). */
  readonly problems: readonly string[];
}

/** Folders climbed at most: deeper paths are not plausible and the walk stays bounded. */
const MAX_CLIMB = 64;

export function findProject(scenePath: string, host: LevelHost): GodotProject {
  let folder = dirnameOf(scenePath);
  for (let i = 0; i < MAX_CLIMB; i++) {
    const file = folder === '/' ? '/project.godot' : `${folder}/project.godot`;
    const text = host.readFile(file);
    if (text !== undefined) return { root: folder, file, ...projectSettings(text) };
    if (folder === '/' || /^[A-Za-z]:$/.test(folder) || !folder.includes('/')) break;
    folder = dirnameOf(folder);
  }
  return { root: dirnameOf(scenePath), dt: LEVEL_DT, slop: LEVEL_SLOP, problems: [] };
}

/** dt and slop from a project.godot's text: `[physics]` `common/physics_ticks_per_second`, `2d/solver/contact_max_allowed_penetration`. */
export function projectSettings(text: string): { dt: number; slop: number; problems: string[] } {
  const parsed = parseSections(text);
  const problems: string[] = [];
  let dt = LEVEL_DT;
  let slop = LEVEL_SLOP;
  const physics = parsed.sections.find((s) => s.tag === 'physics');
  if (physics !== undefined) {
    const ticks = property(physics.properties, 'common/physics_ticks_per_second')?.value;
    if (ticks !== undefined) {
      if (ticks.kind === 'number' && Number.isFinite(ticks.value) && ticks.value >= 1) dt = 1 / ticks.value;
      else problems.push('physics/common/physics_ticks_per_second is not a number of at least 1; dt stays 1/60.');
    }
    const penetration = property(physics.properties, '2d/solver/contact_max_allowed_penetration')?.value;
    if (penetration !== undefined) {
      if (penetration.kind === 'number' && Number.isFinite(penetration.value) && penetration.value >= 0) slop = penetration.value;
      else problems.push(`physics/2d/solver/contact_max_allowed_penetration is not a non-negative number; slop stays ${LEVEL_SLOP}.`);
    }
  }
  return { dt, slop, problems };
}

/**
 * A resource path as a scene or resource names it: `res://x` against the project root, `uid://`
 * unresolvable without Godot's cache (undefined), anything else relative to `fromFolder`.
 */
export function resolveResourcePath(path: string, fromFolder: string, project: GodotProject): string | undefined {
  if (path.startsWith('res://')) return joinPath(project.root, path.slice('res://'.length));
  if (/^[a-z]+:\/\//.test(path)) return undefined;
  return joinPath(fromFolder, path);
}
