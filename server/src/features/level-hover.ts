import type { LevelAnalysis } from '../analysis/level-analysis';
import type { LevelBody } from '../readers/level-scene';
import { bodyModifiers, bodyStateLines, findingLine } from './describe';
import type { HoverText } from './hover';

/**
 * Hover on a level file (levels-and-tiles.md §1): over a body's node or object, what Collide
 * makes of it, in the level's words: its name as findings say it, its node type or object
 * kind, static or dynamic, sensor, bullet, its parts, pose and motion, layers, and every finding
 * that involves it (worded with the level's names). Numbers are the lowered scene's, which are
 * the level's own (pixels, y down). Nothing over the rest of the file: the format's own
 * extension has that.
 */
export function levelHover(level: LevelAnalysis, offset: number): HoverText | null {
  const lowered = level.lowered.bodyAtLevelOffset(offset);
  if (!lowered) return null;
  const body = level.analysis.semantics.scene.bodies[lowered.index];
  const source = level.level.bodies[lowered.levelIndex];
  if (!body || !source) return null;
  const lines = [`**${source.kind}** \`${lowered.name}\` · ${bodyModifiers(body)}`, '', `- parts: ${partsSummary(source)}`, ...bodyStateLines(body)];
  if (source.layers) lines.push(`- collision layer ${bits(source.layers.layer)}, mask ${bits(source.layers.mask)}`);
  const findings = level.findings.filter((f) => f.ia === lowered.index || f.ib === lowered.index);
  lines.push('');
  if (body.isSensor) lines.push('A sensor reports no findings.');
  else if (findings.length === 0) lines.push('No findings.');
  else {
    lines.push(`**Findings** (${findings.length})`, '');
    const scene = level.analysis.semantics.scene;
    for (const f of findings) lines.push(`- ${findingLine(scene, f, lowered.index)}`);
  }
  const onName = lowered.nameRange.start <= offset && offset <= lowered.nameRange.end;
  return { markdown: lines.join('\n'), range: onName ? lowered.nameRange : lowered.range };
}

/** "1 circle", "3 parts: 2 rectangles, 1 polygon" (the level's parts, before any decomposition). */
function partsSummary(body: LevelBody): string {
  const kinds = new Map<string, number>();
  for (const p of body.parts) kinds.set(p.shape.kind, (kinds.get(p.shape.kind) ?? 0) + 1);
  const list = [...kinds].map(([k, n]) => `${n} ${k}${n === 1 ? '' : k === 'box' ? 'es' : 's'}`).join(', ');
  return body.parts.length === 1 ? list : `${body.parts.length} parts (${list})`;
}

/** Godot's layer bits as the layer numbers its inspector shows (bit 0 is layer 1). */
function bits(mask: number): string {
  const on: number[] = [];
  for (let k = 0; k < 32; k++) if ((mask >>> k) & 1) on.push(k + 1);
  return on.length === 0 ? 'none' : on.join(', ');
}
