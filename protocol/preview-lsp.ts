/**
 * Custom LSP requests for the preview (server/src/lsp/preview.ts answers them; the client's
 * preview manager sends them). Method names and parameter/result shapes only: no dependency on
 * the LSP libraries, so the webview can share the model types.
 */
import type { PreviewSceneDelta } from './preview-delta';
import { MAX_NAME, MAX_URI, SCENE_HEADER_CHECKS, type PairDetail, type PreviewScene, type PreviewSceneHeader } from './preview-model';
import { isInflatedSize } from './deflate-raw';
import { arrayOf, isFiniteNumber, isPoint, literal, objectOf, optional, stringOf, type Check } from './validate';

/**
 * `collide/previewScene`: the analyzed scene of an open document. Answers for the newest
 * analyzed version (the result carries it, and the client drops an answer older than one it
 * already showed); null when the document is not open on the server.
 *
 * With `base`, the version of the scene the client holds, the server may answer with a delta
 * against it (preview-delta.ts: the bodies and findings that changed, and the header), which the
 * client applies with `applySceneDelta`; it answers with the whole scene when it no longer
 * knows `base` (it keeps the last two it sent per document), and with an empty delta when
 * `base` is the version it would send. A delta is told from a scene by its `base` field.
 */
export const PREVIEW_SCENE_METHOD = 'collide/previewScene';
export interface PreviewSceneParams {
  uri: string;
  base?: number;
  /** The client takes a whole scene as `PreviewSceneBytes` (the server answers so only when asked). */
  bytes?: boolean;
  /** With `bytes`: the client takes them deflated (`PreviewSceneBytes.deflated`), if the server can. */
  deflate?: boolean;
  /**
   * With `bytes`: a stream id the client picks (a non-negative integer). A whole scene then comes
   * in parts, each a `collide/previewScenePart` notification of this stream, and the answer is a
   * `PreviewSceneParts`; a delta is answered as without it.
   */
  parts?: number;
}
/**
 * A whole scene as `encodeSceneBytes` makes it (preview-scene-bytes.ts), in base64: `bytes` are
 * the base64 texts of consecutive runs of the bytes, each run but the last a multiple of 3 bytes
 * long (so each text is whole base64 and no text but the last has padding). About a sixth of the
 * scene's JSON once decoded, and a few long strings rather than millions of values to parse; the
 * client hands the decoded bytes to the webview as they are. Told from a scene by its `bytes`.
 *
 * With `deflated`, the bytes are the raw DEFLATE stream (RFC 1951; deflate-raw.ts) of the scene's
 * `deflated` bytes, about half as many: the client posts them to the webview so, and each side
 * inflates its copy, bounded by `deflated`. Without it they are the scene's bytes themselves.
 */
export interface PreviewSceneBytes {
  uri: string;
  version: number;
  bytes: string[];
  /** The byte length of the scene's bytes when `bytes` hold them deflated (at most MAX_SCENE_BYTES). */
  deflated?: number;
}
export type PreviewSceneResult = PreviewScene | PreviewSceneDelta | PreviewSceneBytes | PreviewSceneParts | null;

/**
 * `collide/previewScenePart` (server to client): part `index` of `count` of the whole scene a
 * `collide/previewScene` request with `parts: stream` asked for, its bytes as
 * `encodeScenePart` makes them (preview-scene-parts.ts) in base64 texts as `PreviewSceneBytes`
 * holds them, deflated when `deflated` (the inflated size) is given. The server sends the parts
 * in index order, every one before it answers the request (one connection, in order), and makes
 * part k+1 while part k is on its way, so the client reads each as it comes.
 */
export const PREVIEW_SCENE_PART_METHOD = 'collide/previewScenePart';
export interface PreviewScenePart {
  stream: number;
  uri: string;
  version: number;
  index: number;
  count: number;
  bytes: string[];
  deflated?: number;
}
/**
 * The answer to a request for a whole scene in parts: the `parts` notifications of its stream
 * make the scene, whose header it repeats (so that the client can tell an empty delta to it
 * from a changed one without decoding the parts).
 */
export interface PreviewSceneParts extends PreviewSceneHeader {
  parts: number;
}
/** The most parts a scene comes in. */
export const MAX_SCENE_PARTS = 100_000;

const isPartCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_SCENE_PARTS;
/** A stream id (PreviewSceneParams.parts): a non-negative safe integer. */
export const isStreamId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

const isIndexFields = objectOf({ index: (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0, count: isPartCount });
/** Which part of a scene's parts: 0 ≤ index < count ≤ MAX_SCENE_PARTS (a part here, and the webview's sceneBytes message). */
export const isScenePartIndex = (v: unknown): v is { index: number; count: number } => isIndexFields(v) && v.index < v.count;

const isPartFields = objectOf({
  stream: isStreamId,
  uri: stringOf(MAX_URI),
  version: Number.isInteger as Check<number>,
  bytes: arrayOf(stringOf(1 << 24), 1 << 16),
  deflated: optional(isInflatedSize),
});
/** The shape of a `PreviewScenePart` (its bytes are checked when decoded). */
export const isPreviewScenePart: Check<PreviewScenePart> = (v: unknown): v is PreviewScenePart => isScenePartIndex(v) && isPartFields(v);

/** The shape of a `PreviewSceneParts`. */
export const isPreviewSceneParts: Check<PreviewSceneParts> = objectOf({
  ...SCENE_HEADER_CHECKS,
  parts: isPartCount,
});

/** Whether an answer of `collide/previewScene` is a `PreviewSceneParts` (it has `parts`). */
export function isPartsAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'parts' in result;
}

/** The shape of a `PreviewSceneBytes` (its bytes are checked when decoded, see scene-sync.ts). */
export const isPreviewSceneBytes: Check<PreviewSceneBytes> = objectOf({
  uri: stringOf(MAX_URI),
  version: Number.isInteger as Check<number>,
  bytes: arrayOf(stringOf(1 << 24), 1 << 16),
  deflated: optional(isInflatedSize),
});

/** Whether an answer of `collide/previewScene` is a `PreviewSceneBytes` (it has `bytes`). */
export function isBytesAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'bytes' in result;
}

/** Whether an answer of `collide/previewScene` is a delta (it has `base`; a scene has none). */
export function isDeltaAnswer(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'base' in result;
}

/**
 * `collide/previewPair`: the pair inspector's data for bodies `a` and `b` (names), computed on
 * demand; null when either body does not exist in the newest version.
 */
export const PREVIEW_PAIR_METHOD = 'collide/previewPair';
export interface PreviewPairParams {
  uri: string;
  a: string;
  b: string;
}
export type PreviewPairResult = PairDetail | null;

/**
 * A body of a level file dragged in the preview (levels-and-tiles.md §1: a body is moved in the
 * level file only where that is unambiguous): the server answers the edits that put the body's
 * origin at `at` (world coordinates, the level's units) through the reader's LevelMove, Godot's
 * `position = Vector2(...)` or Tiled's `x` and `y`, in UTF-16 offsets of `version`'s text; null
 * when the body cannot be moved so, or `version` is not the server's current one. A rotation is
 * never written into a level.
 */
export const PREVIEW_LEVEL_MOVE_METHOD = 'collide/previewLevelMove';
export interface PreviewLevelMoveParams {
  uri: string;
  version: number;
  body: string;
  at: [number, number];
}
/** A replacement of the text in UTF-16 offsets of the version the request names. */
export interface OffsetTextEdit {
  start: number;
  end: number;
  text: string;
}
export type PreviewLevelMoveResult = { edits: OffsetTextEdit[] } | null;

/**
 * `collide/whatIf`: what the analysis would find with each step cut into `substeps` (dt ÷ N over
 * the same look-ahead, frames × N): for each tunnelling finding of the newest analyzed version,
 * whether a step end of the finer steps sees the contact (`collision`, an ordinary collision a
 * discrete engine catches) or it still tunnels, with its time of impact. Only tunnelling can
 * change: an overlap is at t = 0, and a step end of dt is a step end of dt ÷ N. `edits` (UTF-16
 * offsets of `version`'s text) set `dt` and `frames` so, applied as one edit, the analysis of the
 * edited file finds exactly this. Answered after the diagnostics of any edit behind it, in
 * slices, for the newest version (server/src/lsp: onWholeDocument); null on a level or a closed
 * document.
 */
export const WHAT_IF_METHOD = 'collide/whatIf';
/** The most substeps a what-if asks for (the preview offers 2, 4, 8, 16). */
export const MAX_WHAT_IF_SUBSTEPS = 64;
export interface WhatIfParams {
  textDocument: { uri: string };
  /** Substeps per step: the step is dt ÷ substeps (an integer from 2 to MAX_WHAT_IF_SUBSTEPS). */
  substeps: number;
}
export interface WhatIfOutcome {
  /** The finding's bodies, as the preview's findings name them (a declared first). */
  a: string;
  b: string;
  /** What the finding becomes with the finer steps. */
  becomes: 'collision' | 'tunnelling' | 'none';
  /** Its first time of impact then (s), when it is a finding. */
  toi?: number;
  /** collision: the first fine step end k deeper than slop (t = k · dt ÷ substeps). */
  deepStep?: number;
}
export interface WhatIfResult {
  uri: string;
  version: number;
  substeps: number;
  /** The step and look-ahead the outcomes are for. */
  dt: number;
  frames: number;
  outcomes: WhatIfOutcome[];
  /** Tunnelling findings past the most a what-if checks, left out of `outcomes`. */
  unchecked: number;
  /** The edits that make the file say so; empty when frames × substeps would pass the language's limit. */
  edits: OffsetTextEdit[];
}

export const isWhatIfParams: Check<WhatIfParams> = objectOf({
  textDocument: objectOf({ uri: stringOf(MAX_URI) }),
  substeps: (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 2 && (v as number) <= MAX_WHAT_IF_SUBSTEPS,
});

const isEdit: Check<OffsetTextEdit> = objectOf({ start: Number.isInteger as Check<number>, end: Number.isInteger as Check<number>, text: stringOf(1024) });

export const isWhatIfResult: Check<WhatIfResult> = objectOf({
  uri: stringOf(MAX_URI),
  version: Number.isInteger as Check<number>,
  substeps: Number.isInteger as Check<number>,
  dt: (v: unknown): v is number => typeof v === 'number' && v > 0,
  frames: Number.isInteger as Check<number>,
  outcomes: arrayOf(
    objectOf({
      a: stringOf(MAX_NAME),
      b: stringOf(MAX_NAME),
      becomes: literal('collision', 'tunnelling', 'none'),
      toi: optional(isFiniteNumber),
      deepStep: optional(Number.isInteger as Check<number>),
    }),
    1_000_000,
  ),
  unchecked: Number.isInteger as Check<number>,
  edits: arrayOf(isEdit, 4),
});

/**
 * What a handle drag in the preview sets on one body (exactly one of the fields but `decimals`),
 * in the body's own frame and the scene's units: a circle's or a capsule's `radius`, a box's
 * `size` (width, height), a capsule's `length`, a segment's `ends`, a polygon's vertices scaled
 * about the body origin by `scale`, the body's `velocity` or `spin`. `decimals` is how many
 * places the numbers are written with (about one pixel of the drag, as for `at`).
 */
export interface PreviewBodyChange {
  radius?: number;
  size?: [number, number];
  length?: number;
  ends?: [[number, number], [number, number]];
  scale?: number;
  velocity?: [number, number];
  spin?: number;
  decimals: number;
}

const CHANGE_KEYS = ['radius', 'size', 'length', 'ends', 'scale', 'velocity', 'spin'] as const;
const isPositive = (v: unknown): v is number => isFiniteNumber(v) && v > 0;
const isEnds = (v: unknown): v is [[number, number], [number, number]] => Array.isArray(v) && v.length === 2 && isPoint(v[0]) && isPoint(v[1]);
const isChangeFields = objectOf({
  radius: optional(isPositive),
  size: optional((v: unknown): v is [number, number] => isPoint(v) && v[0] > 0 && v[1] > 0),
  length: optional((v: unknown): v is number => isFiniteNumber(v) && v >= 0),
  ends: optional(isEnds),
  scale: optional(isPositive),
  velocity: optional(isPoint),
  spin: optional(isFiniteNumber),
  decimals: (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 12,
});

/** A PreviewBodyChange with exactly one change in it. */
export const isPreviewBodyChange: Check<PreviewBodyChange> = (v: unknown): v is PreviewBodyChange =>
  isChangeFields(v) && CHANGE_KEYS.filter((k) => (v as PreviewBodyChange)[k] !== undefined).length === 1;

/**
 * `collide/previewEdit`: the edits that make a handle drag's change (PreviewBodyChange) of body
 * `body` in the text of `version`, in UTF-16 offsets of that text, written as the author writes
 * numbers; `{ refused }` with the reason when the change cannot be written there (a shape given
 * by name or a level file, a version the server no longer holds); null when the document is not
 * open.
 */
export const PREVIEW_EDIT_METHOD = 'collide/previewEdit';
export interface PreviewEditParams {
  uri: string;
  version: number;
  body: string;
  change: PreviewBodyChange;
}
export type PreviewEditResult = { edits: OffsetTextEdit[] } | { refused: string } | null;
