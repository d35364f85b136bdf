/**
 * A whole preview scene sent in parts: each part is the layout of preview-scene-bytes.ts for a
 * slice of the scene (a run of bodies, then of findings), its header saying which (`from`, `of`),
 * with the scene's own numbers in every part.
 *
 * Sent whole, a large scene crosses three stages one after the other: the server writes its
 * bytes, VS Code carries them, the page reads them. Sent in parts, the stages overlap: the server
 * writes a part while the one before is carried and the one before that is read. Each part is
 * read as it is added (`SceneAssembly.add`), so that reading keeps pace with the transport.
 */
import type { PreviewBody, PreviewFinding, PreviewScene } from './preview-model';
import type { SceneSlice } from './preview-scene-bytes-layout';
import { readSceneBytes } from './preview-scene-bytes-reader';

export type { SceneSlice } from './preview-scene-bytes-layout';
export { encodeScenePart } from './preview-scene-bytes-writer';

/** Items (bodies, then findings) a part holds at most: about 0.7 MB of bytes for the bench's scene. */
export const PART_ITEMS = 8192;

/** The slices a scene of `bodies` bodies and `findings` findings is sent in: bodies first, then findings, `size` items a part; always at least one. */
export function sceneSlices(bodies: number, findings: number, size = PART_ITEMS): SceneSlice[] {
  const items = bodies + findings;
  const step = Math.max(1, Math.floor(size));
  const slices: SceneSlice[] = [];
  for (let a = 0; a === 0 || a < items; a += step) {
    const b = Math.min(items, a + step);
    slices.push({ bodies: [Math.min(a, bodies), Math.min(b, bodies)], findings: [Math.max(0, a - bodies), Math.max(0, b - bodies)] });
  }
  return slices;
}

/** The same number, -0 apart from +0 (the layout keeps every double exactly). */
const same = (a: unknown, b: unknown): boolean => Object.is(a, b);

/**
 * Reads a scene's parts in order, each when it is added. A part that does not fit (not the next
 * index, bytes that do not hold a part of the layout, numbers or counts not the scene's of the
 * parts before) ends the assembly: it and every part after it are refused.
 */
export class SceneAssembly {
  private next = 0;
  private dead = false;
  private first: PreviewScene | null = null;
  private of: readonly [number, number] = [0, 0];
  private readonly bodies: PreviewBody[] = [];
  private readonly findings: PreviewFinding[] = [];

  constructor(readonly count: number) {
    if (!(Number.isInteger(count) && count >= 1)) this.dead = true;
  }

  /** Every part added. */
  get done(): boolean {
    return !this.dead && this.next === this.count;
  }

  /** The whole scene once every part is added, else null. */
  get scene(): PreviewScene | null {
    return this.done ? this.first : null;
  }

  /** Part `index`'s bytes (inflated): false when it does not fit, and then for every part after it. */
  add(index: number, bytes: Uint8Array): boolean {
    if (this.dead || index !== this.next || this.next === this.count) return this.fail();
    const read = readSceneBytes(bytes, this.bodies, this.findings);
    if (!read || !read.from || !read.of) return this.fail();
    const s = read.scene;
    const f = this.first;
    if (!f) {
      this.first = s;
      this.of = read.of;
    } else if (
      s.uri !== f.uri ||
      !same(s.version, f.version) ||
      !same(s.dt, f.dt) ||
      !same(s.frames, f.frames) ||
      !same(s.slop, f.slop) ||
      !same(s.errorCount, f.errorCount) ||
      s.yDown !== f.yDown ||
      !sameBounds(s.bounds, f.bounds) ||
      read.of[0] !== this.of[0] ||
      read.of[1] !== this.of[1]
    ) {
      return this.fail();
    }
    this.next++;
    // The last part ends the scene: every body and finding it has is in.
    if (this.next === this.count && (this.bodies.length !== this.of[0] || this.findings.length !== this.of[1])) return this.fail();
    return true;
  }

  private fail(): false {
    this.dead = true;
    this.first = null;
    return false;
  }
}

function sameBounds(a: PreviewScene['bounds'], b: PreviewScene['bounds']): boolean {
  if (a === null || b === null) return a === b;
  return a.every((x, k) => same(x, b[k]));
}

/** The scene of all its parts' bytes (inflated), in order; null when they do not make one. */
export function decodeSceneParts(parts: readonly Uint8Array[]): PreviewScene | null {
  const assembly = new SceneAssembly(parts.length);
  for (let k = 0; k < parts.length; k++) if (!assembly.add(k, parts[k]!)) return null;
  return assembly.scene;
}
