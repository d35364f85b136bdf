/**
 * The words of an overlap finding: whom b overlaps, by how much, and the least move that
 * separates them. The server words its diagnostics with it (server/src/analysis/
 * finding-diagnostic.ts), and a scene's bytes leave out a message that this makes again from the
 * finding's names and numbers (preview-scene-bytes.ts), so the two cannot drift apart. No Node
 * or DOM API: the server and the webview both bundle this module.
 */
import { formatNumber } from './format';

/**
 * The message of an overlap of b into a by `depth` along the unit normal from a towards b.
 * `feature` and `parts` are the phrases after a's name and after the depth (' at edge 3',
 * ' (part 2 of b against a)'; '' when none). The move is b's by depth × normal, or a's, the
 * opposite, when `moveA` (b is static and a is not); a normal component that is only rounding of
 * an axis-aligned normal (at most 1e-12) is written as 0.
 *
 * One flat string (Array.prototype.join, not `+`): a diagnostic's message lives as long as its
 * analysis, and a rope of its parts would keep every join alive.
 */
export function overlapMessage(a: string, b: string, feature: string, parts: string, depth: number, normalX: number, normalY: number, moveA: boolean): string {
  const x = cleanComponent(normalX) * depth;
  const y = cleanComponent(normalY) * depth;
  if (moveA) {
    return [b, ' overlaps ', a, feature, ' by ', formatNumber(depth), parts, ': move ', a, ' by (', formatNumber(-x), ', ', formatNumber(-y), ') to separate (', b, ' is static)'].join('');
  }
  return [b, ' overlaps ', a, feature, ' by ', formatNumber(depth), parts, ': move it by (', formatNumber(x), ', ', formatNumber(y), ') to separate'].join('');
}

function cleanComponent(v: number): number {
  return Math.abs(v) <= 1e-12 ? 0 : v;
}
