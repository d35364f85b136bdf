/**
 * A scene delta: how the preview's model (preview-model.ts) of version `base` becomes that of
 * `version` without sending the bodies and findings that did not change. The server answers
 * `collide/previewScene` with one when the client says which version it holds (preview-lsp.ts);
 * the client applies it to its copy and posts it on to the webview, which applies it to its own.
 * Both use `applySceneDelta` below, so the two copies cannot drift apart.
 *
 * Applying a delta to the scene of version `base`:
 *
 * 1. Bodies. `bodies` lists splices of the old body array, ascending and apart (each starts at
 *    or after the end of the one before, `start + deleteCount`), in old indices: the old bodies
 *    [start, start + deleteCount) are removed and `bodies` inserted in their place. Every other
 *    old body is kept, with its `index` renumbered to its place in the new array, and with the
 *    text shift applied: every OffsetRange of the body (`range`, `nameRange`, `atRange`,
 *    `angleRange`, each part's `range`) whose start is at or after `shift.at` moves by
 *    `shift.by` (both ends), and so does `insertOffset` when it is at or after `shift.at`. The
 *    offsets are into the old text before the shift and into the new text after it: an edit that
 *    changed the text's length moves every later body, not just the edited one.
 * 2. Findings. `findings` lists splices of the old findings array in the same way (old finding
 *    indices, ascending and apart). A kept finding keeps all its fields but `ia` and `ib`, which
 *    follow its bodies to their new indices; a finding whose body was removed must be removed by
 *    a splice, or the delta does not fit. Inserted findings carry new indices.
 * 3. The header (dt, frames, slop, bounds, errorCount, version, yDown) is the delta's.
 *
 * The result is exactly the scene the server would have sent in full for `version`
 * (test/unit/preview/scene-delta.test.ts checks it against the from-scratch model).
 */
import { arrayOf, isNonNegativeInteger, objectOf, type Check } from './validate';
import { SCENE_HEADER_CHECKS, isPreviewBody, isPreviewFinding, type OffsetRange, type PreviewBody, type PreviewFinding, type PreviewPart, type PreviewScene, type PreviewSceneHeader } from './preview-model';

export interface BodySplice {
  /** First old body index removed (or where `bodies` go when nothing is removed). */
  start: number;
  deleteCount: number;
  /** The new bodies, with their new indices. */
  bodies: PreviewBody[];
}

export interface FindingSplice {
  /** First old finding index removed (or where `findings` go when nothing is removed). */
  start: number;
  deleteCount: number;
  findings: PreviewFinding[];
}

/** Old offsets at or after `at` move by `by` in the kept bodies. */
export interface TextShift {
  at: number;
  by: number;
}

export interface PreviewSceneDelta extends PreviewSceneHeader {
  /** The version this delta applies to. */
  base: number;
  /** How many bodies the new scene has (a check on the splices). */
  bodyCount: number;
  shift: TextShift;
  bodies: BodySplice[];
  findings: FindingSplice[];
}

const isVersion = Number.isInteger as Check<number>;

const isDeltaShape = objectOf({
  ...SCENE_HEADER_CHECKS,
  base: isVersion,
  bodyCount: isNonNegativeInteger,
  shift: objectOf({ at: isNonNegativeInteger, by: Number.isInteger as Check<number> }),
  bodies: arrayOf(objectOf({ start: isNonNegativeInteger, deleteCount: isNonNegativeInteger, bodies: arrayOf(isPreviewBody, 1_000_000) }), 1_000_000),
  findings: arrayOf(
    objectOf({ start: isNonNegativeInteger, deleteCount: isNonNegativeInteger, findings: arrayOf(isPreviewFinding, 10_000_000) }),
    10_000_000,
  ),
});

/** Splices ascending and apart: each starts at or after the end of the one before. */
function ascending(splices: readonly { start: number; deleteCount: number }[]): boolean {
  let end = 0;
  for (const s of splices) {
    if (s.start < end) return false;
    end = s.start + s.deleteCount;
  }
  return true;
}

/**
 * A delta is valid on its own when its shape is, its splices are ascending and apart, every
 * inserted body carries the index it will have, and every inserted finding's indices are below
 * the new body count. Whether it fits a scene (its splices inside the old arrays, no kept finding
 * left pointing at a removed body) only `applySceneDelta` can tell.
 */
export const isPreviewSceneDelta: Check<PreviewSceneDelta> = (v): v is PreviewSceneDelta => {
  if (!isDeltaShape(v)) return false;
  if (!(v.dt > 0) || v.version < v.base) return false;
  if (!ascending(v.bodies) || !ascending(v.findings)) return false;
  const n = v.bodyCount;
  // The new index of the first body inserted by a splice: its start moved by what the splices
  // before it inserted and removed.
  let moved = 0;
  for (const s of v.bodies) {
    for (let j = 0; j < s.bodies.length; j++) if (s.bodies[j]!.index !== s.start + moved + j) return false;
    moved += s.bodies.length - s.deleteCount;
  }
  for (const s of v.findings) for (const f of s.findings) if (f.ia >= n || f.ib >= n) return false;
  return true;
};

function shiftRange(r: OffsetRange, s: TextShift): OffsetRange {
  return r.start >= s.at ? { start: r.start + s.by, end: r.end + s.by } : r;
}

/** A kept body at its new index, with the text shift applied; the same object when nothing changes. */
function keptBody(b: PreviewBody, index: number, s: TextShift, offsets: boolean): PreviewBody {
  const moves = offsets && s.by !== 0;
  const movesBody =
    moves &&
    (b.range.start >= s.at ||
      b.nameRange.start >= s.at ||
      b.insertOffset >= s.at ||
      (b.atRange !== undefined && b.atRange.start >= s.at) ||
      (b.angleRange !== undefined && b.angleRange.start >= s.at));
  let parts: PreviewPart[] = b.parts;
  if (moves) {
    for (let k = 0; k < b.parts.length; k++) {
      const p = b.parts[k]!;
      if (p.range.start < s.at) continue;
      if (parts === b.parts) parts = b.parts.slice();
      parts[k] = { ...p, range: shiftRange(p.range, s) };
    }
  }
  if (index === b.index && !movesBody && parts === b.parts) return b;
  const out: PreviewBody = { ...b, index, parts };
  if (movesBody) {
    out.range = shiftRange(b.range, s);
    out.nameRange = shiftRange(b.nameRange, s);
    if (b.atRange) out.atRange = shiftRange(b.atRange, s);
    if (b.angleRange) out.angleRange = shiftRange(b.angleRange, s);
    if (b.insertOffset >= s.at) out.insertOffset = b.insertOffset + s.by;
  }
  return out;
}

export interface ApplyOptions {
  /**
   * false: kept bodies keep their text offsets as they were (`range`, `nameRange`, `atRange`,
   * `angleRange`, `insertOffset` and the parts' ranges), so that typing in front of ten thousand
   * bodies copies none of them. Only for a holder that never reads offsets: the webview (the host
   * maps the cursor and the clicks to bodies by name; test/unit/webview/offsets-unread.test.ts
   * checks that neither the webview's code nor render/ reads an offset).
   */
  readonly offsets?: boolean;
}

/**
 * The scene of `delta.version`, from the scene of `delta.base` (see the module comment); null
 * when the delta does not fit `scene` (another document or version, a splice past the end, a
 * kept finding whose body was removed). Pure: `scene` is left as it is, and shares with the
 * result the bodies and findings that did not change.
 */
export function applySceneDelta(scene: PreviewScene, delta: PreviewSceneDelta, options: ApplyOptions = {}): PreviewScene | null {
  const offsets = options.offsets !== false;
  if (scene.uri !== delta.uri || scene.version !== delta.base) return null;
  const old = scene.bodies;
  const oldN = old.length;
  // newIndex[i]: where old body i went (-1: removed).
  const newIndex = new Int32Array(oldN);
  for (const s of delta.bodies) if (s.start + s.deleteCount > oldN) return null;
  let bodies: PreviewBody[];
  if ((!offsets || delta.shift.by === 0) && delta.bodies.every((s) => s.bodies.length === s.deleteCount)) {
    // Bodies replaced in place (a keystroke's usual delta): every kept body keeps its index and,
    // with no offsets to shift, its object, so the array is copied whole and the splices written.
    bodies = old.slice();
    for (let k = 0; k < oldN; k++) newIndex[k] = k;
    for (const s of delta.bodies) {
      for (let j = 0; j < s.deleteCount; j++) {
        newIndex[s.start + j] = -1;
        bodies[s.start + j] = s.bodies[j]!;
      }
    }
  } else {
    bodies = [];
    let i = 0;
    for (const s of delta.bodies) {
      for (; i < s.start; i++) {
        newIndex[i] = bodies.length;
        bodies.push(keptBody(old[i]!, bodies.length, delta.shift, offsets));
      }
      for (; i < s.start + s.deleteCount; i++) newIndex[i] = -1;
      for (const b of s.bodies) bodies.push(b);
    }
    for (; i < oldN; i++) {
      newIndex[i] = bodies.length;
      bodies.push(keptBody(old[i]!, bodies.length, delta.shift, offsets));
    }
  }
  if (bodies.length !== delta.bodyCount) return null;

  const oldF = scene.findings;
  const findings: PreviewFinding[] = [];
  let k = 0;
  const keep = (f: PreviewFinding): boolean => {
    const ia = newIndex[f.ia]!;
    const ib = newIndex[f.ib]!;
    if (ia < 0 || ib < 0) return false;
    findings.push(ia === f.ia && ib === f.ib ? f : { ...f, ia, ib });
    return true;
  };
  for (const s of delta.findings) {
    if (s.start + s.deleteCount > oldF.length) return null;
    for (; k < s.start; k++) if (!keep(oldF[k]!)) return null;
    k += s.deleteCount;
    for (const f of s.findings) findings.push(f);
  }
  for (; k < oldF.length; k++) if (!keep(oldF[k]!)) return null;

  return {
    uri: scene.uri,
    version: delta.version,
    dt: delta.dt,
    frames: delta.frames,
    slop: delta.slop,
    bodies,
    findings,
    bounds: delta.bounds,
    errorCount: delta.errorCount,
    ...(delta.yDown !== undefined ? { yDown: delta.yDown } : {}),
  };
}
