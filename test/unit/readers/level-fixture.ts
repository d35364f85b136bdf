import type { LevelBody, LevelPart, LevelScene, LevelShape } from '../../../server/src/readers/level-scene';
import { LEVEL_DT, LEVEL_SLOP } from '../../../server/src/readers/level-scene';

/** A body of a hand-made level: defaults for everything but the name and the parts. */
export function levelBody(name: string, parts: readonly (LevelShape | LevelPart)[], more: Partial<LevelBody> = {}): LevelBody {
  return {
    name,
    isStatic: false,
    sensor: false,
    bullet: false,
    x: 0,
    y: 0,
    angle: 0,
    vx: 0,
    vy: 0,
    spin: 0,
    parts: parts.map((p) => ('shape' in p ? p : { shape: p, range: { start: 0, end: 0 } })),
    range: { start: 0, end: 0 },
    nameRange: { start: 0, end: 0 },
    kind: 'test',
    ...more,
  };
}

/** A hand-made level of `bodies`. */
export function levelScene(bodies: readonly LevelBody[], more: Partial<LevelScene> = {}): LevelScene {
  return { format: 'tiled', dt: LEVEL_DT, slop: LEVEL_SLOP, frames: 1, bodies, diagnostics: [], dependencies: [], ...more };
}

/**
 * A level text with one line per body, `<name>` then each part's label: the bodies' ranges are
 * their lines, their name ranges the names, and each part's range its word. Gives the text and the
 * bodies with those ranges.
 */
export function placedLevel(bodies: readonly LevelBody[]): { text: string; bodies: LevelBody[] } {
  let text = '<level>\n';
  const placed: LevelBody[] = [];
  for (const b of bodies) {
    const start = text.length;
    text += b.name;
    const nameRange = { start, end: text.length };
    const parts: LevelPart[] = b.parts.map((p, k) => {
      text += ' ';
      const s = text.length;
      text += p.label ?? `part${k}`;
      return { ...p, range: { start: s, end: text.length } };
    });
    placed.push({ ...b, parts, range: { start, end: text.length }, nameRange });
    text += '\n';
  }
  return { text, bodies: placed };
}

export const circle = (radius: number, x = 0, y = 0): LevelShape => ({ kind: 'circle', radius, x, y });
export const box = (width: number, height: number, x = 0, y = 0, angle = 0): LevelShape => ({ kind: 'box', width, height, x, y, angle });
export const capsule = (length: number, radius: number, x = 0, y = 0, angle = 0): LevelShape => ({ kind: 'capsule', length, radius, x, y, angle });
export const polygon = (...points: number[]): LevelShape => ({ kind: 'polygon', points });
export const segment = (ax: number, ay: number, bx: number, by: number): LevelShape => ({ kind: 'segment', ax, ay, bx, by });
