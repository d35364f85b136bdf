import type { PreviewBody, PreviewFinding, PreviewScene } from '../../../protocol/preview-model';
import { PART_ITEMS, SceneBytesWriter, sceneSlices } from '../../../protocol/preview-scene-bytes';
import { bodySweptBounds, errorCount, frameOf, previewBody, previewFinding, sweepHorizon, unionBounds, type BuiltScene, type PreviewSource } from './scene-model';

/** Bodies or findings made, or written, between two pauses. */
const STEP = 64;

/**
 * The model of `previewSceneSteps` built and written in parts (protocol/preview-scene-parts.ts),
 * each part's bytes handed to `emit` as soon as its bodies or findings are made and written, so
 * that the first part is on its way while the rest are built. The scene's bounds are in every
 * part: the bodies' swept bounds are made first, in one pass. Pauses every STEP items, as
 * previewSceneSteps does; run to its end it returns the same model and bounds.
 */
export function* previewScenePartsSteps(
  uri: string,
  version: number,
  source: PreviewSource,
  emit: (index: number, count: number, bytes: Uint8Array) => void,
  size = PART_ITEMS,
): Generator<void, BuiltScene, void> {
  const { scene: s } = source;
  const n = s.bodies.length;
  const swept = new Float64Array(4 * n);
  const horizon = sweepHorizon(s);
  for (let i = 0; i < n; i++) {
    bodySweptBounds(s.bodies[i]!, horizon, swept, i);
    if (i % (4 * STEP) === 4 * STEP - 1) yield;
  }
  const bodies = new Array<PreviewBody>(n);
  const findings = new Array<PreviewFinding>(source.findings.length);
  const scene: PreviewScene = { uri, version, dt: s.dt, frames: s.frames, slop: s.slop, bodies, findings, bounds: unionBounds(swept), errorCount: errorCount(source), ...frameOf(source) };
  const slices = sceneSlices(n, findings.length, size);
  for (let k = 0; k < slices.length; k++) {
    const slice = slices[k]!;
    for (let i = slice.bodies[0]; i < slice.bodies[1]; i++) {
      bodies[i] = previewBody(s.bodies[i]!);
      if (i % STEP === STEP - 1) yield;
    }
    for (let j = slice.findings[0]; j < slice.findings[1]; j++) {
      findings[j] = previewFinding(s, source.findings[j]!);
      if (j % STEP === STEP - 1) yield;
    }
    const writer = new SceneBytesWriter(scene, slice);
    while (!writer.step(STEP)) yield;
    emit(k, slices.length, writer.bytes());
  }
  return { scene, swept };
}
