// A level host for the Tiled reader's tests: files from a map of absolute paths, node:zlib
// for inflating; and the reader called on an inline map.
import { gunzipSync, inflateSync } from 'node:zlib';
import type { LevelHost, LevelScene } from '../../../../server/src/readers/level-scene';
import { readTiledMap } from '../../../../server/src/readers/tiled/read-tiled';

export function testHost(files: Record<string, string> = {}): LevelHost & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readFile(path) {
      reads.push(path);
      return files[path];
    },
    inflate(data, format) {
      try {
        return new Uint8Array(format === 'zlib' ? inflateSync(data) : gunzipSync(data));
      } catch {
        return undefined;
      }
    },
  };
}

/** A .tmx map of `body` (its layers), 16 × 16 tiles, 10 × 10 cells. */
export function tmx(body: string, attributes = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" width="10" height="10" tilewidth="16" tileheight="16" infinite="0"${attributes}>\n${body}\n</map>\n`;
}

export function readTmxText(text: string, files: Record<string, string> = {}, path = '/maps/level.tmx'): LevelScene {
  return readTiledMap(text, path, testHost(files));
}

/** The text at a range. */
export function at(text: string, range: { start: number; end: number }): string {
  return text.slice(range.start, range.end);
}

/** Every range of a scene (bodies, parts, moves, diagnostics). */
export function everyRange(scene: LevelScene): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const b of scene.bodies) {
    out.push(b.range, b.nameRange, ...(b.move?.ranges ?? []));
    for (const p of b.parts) out.push(p.range);
  }
  for (const d of scene.diagnostics) out.push(d.range);
  return out;
}

/** Every number of a scene's bodies and shapes. */
export function everyNumber(scene: LevelScene): number[] {
  const out: number[] = [scene.dt, scene.slop, scene.frames];
  for (const b of scene.bodies) {
    out.push(b.x, b.y, b.angle, b.vx, b.vy, b.spin);
    for (const p of b.parts) {
      const s = p.shape;
      if (s.kind === 'polygon') out.push(...s.points);
      else for (const v of Object.values(s)) if (typeof v === 'number') out.push(v);
    }
  }
  return out;
}
