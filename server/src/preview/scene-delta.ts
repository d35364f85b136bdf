import type { BodySplice, FindingSplice, PreviewSceneDelta, TextShift } from '../../../protocol/preview-delta';
import { sameBodyContent, sameSceneSettings } from '../analysis/body-content';
import type { Finding } from '../analysis/findings';
import { BODY_ONE_SHAPE } from '../semantics/body-layout';
import type { Scene, SceneBody, SceneShape } from '../semantics/scene';
import { bodySweptBounds, errorCount, frameOf, previewBody, previewFinding, sweepHorizon, unionBounds, type BuiltScene, type PreviewSource } from './scene-model';

/**
 * What the server keeps of a scene model it sent, to answer the next request with a delta
 * against it (protocol/preview-delta.ts): not the model, which is as large as the JSON sent, but
 * the analysis's own bodies and findings of that version (mostly shared with the newer
 * versions) and each body's bounds over the interval, from which every part of the model that
 * a delta leaves out can be told unchanged.
 */
export interface SentScene {
  readonly version: number;
  readonly scene: Scene;
  readonly findings: readonly Finding[];
  /** Each body's bounds over [0, frames dt]: 4 numbers a body (scene-model.ts bodySweptBounds). */
  readonly swept: Float64Array;
}

export function sentScene(version: number, source: PreviewSource, built: BuiltScene): SentScene {
  return { version, scene: source.scene, findings: source.findings, swept: built.swept };
}

/**
 * The delta from the model sent for `base` to the model of `version` (equal to what
 * buildPreviewScene gives for it), and what to keep of the new version.
 *
 * Bodies are matched old to new at both ends and, when the counts agree, one to one in between;
 * a matched pair is kept when the new body is the old one with its index and offsets moved
 * (`sameBodyMoved`), and every body that is not is sent. The text shift is the one of the last
 * body, from just after the last body kept at the start: an edit changes the length of the text
 * at one place, and every body after it moves by the same amount. A body kept in the model is the
 * same scene body as the analysis keeps it (its content unchanged), so its bounds are the old
 * ones; the findings of a pair of kept bodies are the old findings (a pair result depends on the
 * two bodies' content and the scene's settings only: analysis/body-content.ts), and only the
 * findings that involve a sent body are made anew.
 */
export function buildSceneDelta(uri: string, base: SentScene, version: number, source: PreviewSource): { delta: PreviewSceneDelta; sent: SentScene } {
  const oldBodies = base.scene.bodies;
  const newBodies = source.scene.bodies;
  const o = oldBodies.length;
  const n = newBodies.length;
  const horizon = sweepHorizon(source.scene);
  const settingsSame = sameSceneSettings(base.scene, source.scene);
  const sweptSame = horizon === sweepHorizon(base.scene);

  // Matched at both ends to find the shift: as they are at the start, moved by the last body's
  // shift at the end.
  const none: TextShift = { at: 0, by: 0 };
  let p = 0;
  while (p < o && p < n && sameBodyMoved(oldBodies[p]!, newBodies[p]!, none)) p++;
  let s = 0;
  const by = o > p && n > p ? newBodies[n - 1]!.nameStart - oldBodies[o - 1]!.nameStart : 0;
  // Parts are left out here: a named shape's may lie before the edit, and not move.
  const lenient: TextShift = { at: 0, by };
  while (s < o - p && s < n - p && sameBodyMoved(oldBodies[o - 1 - s]!, newBodies[n - 1 - s]!, lenient, false)) s++;
  // The shift starts after the last body kept at the start: the statements between it and the
  // first body kept at the end (a named shape's among them) most often follow the edit too.
  const shift: TextShift = s > 0 && by !== 0 ? { at: p > 0 ? Math.min(oldBodies[p - 1]!.end + 1, oldBodies[o - s]!.start) : 0, by } : none;

  // Old index → new index of each kept body (-1: sent anew), and the inverse.
  const oldToNew = new Int32Array(o).fill(-1);
  const newToOld = new Int32Array(n).fill(-1);
  const keep = (i: number, j: number): void => {
    if (!sameBodyMoved(oldBodies[i]!, newBodies[j]!, shift)) return;
    oldToNew[i] = j;
    newToOld[j] = i;
  };
  for (let i = 0; i < p; i++) keep(i, i);
  for (let k = 0; k < s; k++) keep(o - 1 - k, n - 1 - k);
  if (o - s - p === n - s - p) for (let i = p; i < o - s; i++) keep(i, i);

  // Splices: each run of old bodies not kept, with the new bodies up to the next kept one.
  const swept = new Float64Array(4 * n);
  const splices: BodySplice[] = [];
  let i = 0;
  let j = 0;
  while (i < o || j < n) {
    if (i < o && j < n && oldToNew[i] === j) {
      if (sweptSame) {
        const from = base.swept;
        swept[4 * j] = from[4 * i]!;
        swept[4 * j + 1] = from[4 * i + 1]!;
        swept[4 * j + 2] = from[4 * i + 2]!;
        swept[4 * j + 3] = from[4 * i + 3]!;
      } else bodySweptBounds(newBodies[j]!, horizon, swept, j);
      i++;
      j++;
      continue;
    }
    const start = i;
    while (i < o && oldToNew[i]! < 0) i++;
    const bodies = [];
    for (; j < n && newToOld[j]! < 0; j++) {
      bodies.push(previewBody(newBodies[j]!));
      bodySweptBounds(newBodies[j]!, horizon, swept, j);
    }
    splices.push({ start, deleteCount: i - start, bodies });
  }

  const delta: PreviewSceneDelta = {
    uri,
    base: base.version,
    version,
    dt: source.scene.dt,
    frames: source.scene.frames,
    slop: source.scene.slop,
    bounds: unionBounds(swept),
    errorCount: errorCount(source),
    ...frameOf(source),
    bodyCount: n,
    shift,
    bodies: splices,
    findings: findingSplices(base.findings, oldToNew, source, newToOld, settingsSame),
  };
  return { delta, sent: { version, scene: source.scene, findings: source.findings, swept } };
}

/**
 * Splices of the old findings (in the order of analysis/findings.ts: by first body, then second)
 * into the new: an old finding is kept when both its bodies are kept and the new list has the
 * same kind of finding for them, since its content is then the same; the rest are removed, and
 * each new finding that is not a kept one is made and inserted.
 */
function findingSplices(old: readonly Finding[], oldToNew: Int32Array, source: PreviewSource, newToOld: Int32Array, settingsSame: boolean): FindingSplice[] {
  const fresh = source.findings;
  if (!settingsSame) {
    return old.length === 0 && fresh.length === 0 ? [] : [{ start: 0, deleteCount: old.length, findings: fresh.map((f) => previewFinding(source.scene, f)) }];
  }
  const splices: FindingSplice[] = [];
  let q = 0;
  let k = 0;
  let open: FindingSplice | null = null;
  const splice = (): FindingSplice => {
    if (!open || open.start + open.deleteCount !== q) {
      open = { start: q, deleteCount: 0, findings: [] };
      splices.push(open);
    }
    return open;
  };
  while (q < old.length || k < fresh.length) {
    const f = q < old.length ? old[q]! : null;
    const fa = f ? oldToNew[f.ia]! : -1;
    const fb = f ? oldToNew[f.ib]! : -1;
    if (f && (fa < 0 || fb < 0)) {
      splice().deleteCount++;
      q++;
      continue;
    }
    // The old finding (of kept bodies, at their new indices) and the new one, merged by (ia, ib):
    // equal keys are of the same two kept bodies, so of the same pair result.
    const g = k < fresh.length ? fresh[k]! : null;
    const order = !f ? 1 : !g ? -1 : fa - g.ia || fb - g.ib;
    if (order === 0 && f!.kind === g!.kind && newToOld[g!.ia]! >= 0 && newToOld[g!.ib]! >= 0) {
      q++;
      k++;
    } else if (order < 0) {
      splice().deleteCount++;
      q++;
    } else if (order > 0) {
      splice().findings.push(previewFinding(source.scene, g!));
      k++;
    } else {
      const sp = splice();
      sp.deleteCount++;
      sp.findings.push(previewFinding(source.scene, g!));
      q++;
      k++;
    }
  }
  return splices;
}

/**
 * Whether body b is body a moved by the text shift: the same name, content, spans, clause offsets
 * and parts, with every offset at or after `shift.at` moved by `shift.by` and the others where
 * they were. `at: 0` moves all of them. The model of b is then the model of a with its index and
 * offsets moved as applySceneDelta moves them. `checkParts` false leaves the parts' offsets
 * unchecked.
 */
export function sameBodyMoved(a: SceneBody, b: SceneBody, shift: TextShift, checkParts = true): boolean {
  if (a === b && shift.by === 0) return true;
  if (a.name !== b.name || a.flags !== b.flags || a.spans !== b.spans || a.layer !== b.layer) return false;
  // The body's own offsets all follow its name (spans and clause offsets are relative): the
  // whole statement is on one side of the shift.
  const own = a.start >= shift.at ? shift.by : a.end < shift.at ? 0 : NaN;
  if (b.nameStart !== a.nameStart + own) return false;
  if (a.data !== b.data) {
    const da = a.data;
    const db = b.data;
    if (da.length !== db.length) return false;
    for (let k = 0; k < da.length; k++) if (!Object.is(da[k], db[k])) return false;
  }
  if (checkParts && (a.flags & BODY_ONE_SHAPE) === 0) {
    // Parts of a compound move with the body; a named shape's lie in its own statement, which
    // may be on either side of the shift.
    const pa = (a.geometry as SceneShape).parts;
    const pb = (b.geometry as SceneShape).parts;
    if (pa.length !== pb.length) return false;
    for (let k = 0; k < pa.length; k++) {
      const x = pa[k]!;
      const y = pb[k]!;
      const by = x.start >= shift.at ? shift.by : 0;
      if (y.start !== x.start + by || y.end !== x.end + by || x.sourceKind !== y.sourceKind) return false;
    }
  }
  // Pose, motion and modifiers are read from data and flags, the parts' shapes from geometry.
  if (a.data === b.data && a.geometry === b.geometry) return true;
  return sameBodyContent(a, b);
}
