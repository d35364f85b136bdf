import type { EditOverlay } from './edit-handles';
/**
 * The debug-draw overlays (in the manner of Box2D's debug draw flags and Matter.js's debug
 * render): each body's bounding box and swept box, the broad phase's cells, velocities and
 * spins, the findings' contact points and normals, the polygons' vertex numbers.
 */
export const DEBUG_LAYERS = ['aabb', 'broadphase', 'velocity', 'contacts', 'vertices'] as const;
export type DebugLayerName = (typeof DEBUG_LAYERS)[number];

export function isDebugLayerName(value: unknown): value is DebugLayerName {
  return typeof value === 'string' && (DEBUG_LAYERS as readonly string[]).includes(value);
}

/** What is being shown besides the scene itself (selection, time, a drag in progress). */
export interface SceneDrawOptions {
  /** Scrubber time in seconds, in [0, frames dt]. */
  readonly time: number;
  /** Bodies under the editor's cursor. */
  readonly highlighted: ReadonlySet<number>;
  readonly selected: number;
  readonly hovered: number;
  /** The pair open in the inspector (body indices), drawn with its sweeps and ghosts. */
  readonly pair: readonly [number, number] | null;
  /** Draw the swept area of every tunnelling pair (not just the selected one). */
  readonly showSweeps: boolean;
  /** A body being dragged: drawn at this pose instead of its own. */
  readonly drag?: { readonly index: number; readonly x: number; readonly y: number; readonly angle: number } | null;
  /** Label every body on screen: one left out of its body goes beside it, with a leader line. */
  readonly allLabels?: boolean;
  /** The selected body's edit handles (edits unlocked in the preview); none when absent. */
  readonly edit?: EditOverlay | null;
  /** A line of text drawn in the top-left corner (exports say what they show). */
  readonly caption?: string;
  /** The debug-draw overlays to draw (none when absent). */
  readonly show?: ReadonlySet<DebugLayerName>;
}

/** A rectangle of the screen in CSS pixels (y down): the part of the view being drawn. */
export interface ScreenRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}
