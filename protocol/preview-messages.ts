/**
 * Messages between the extension host (client/src/preview) and the preview webview
 * (webview/src). Both sides import this module, and both validate what they receive with the
 * checks below before acting on it: a message that does not fit is ignored.
 */
import {
  arrayOf,
  isBoolean,
  isFiniteNumber,
  isPoint,
  literal,
  nullable,
  objectOf,
  optional,
  stringOf,
  tagged,
  type Check,
  type Checked,
} from './validate';
import { isPairDetail, isPreviewScene, type PairDetail, type PreviewScene } from './preview-model';
import { isPreviewSceneDelta, type PreviewSceneDelta } from './preview-delta';
import { isBytes } from './preview-scene-bytes';
import { isInflatedSize } from './deflate-raw';
import { isScenePartIndex, isWhatIfResult, MAX_WHAT_IF_SUBSTEPS, type WhatIfResult } from './preview-lsp';
import { isPreviewBodyChange, type PreviewBodyChange } from './preview-lsp';

export type ExportFormat = 'svg' | 'png';

// ---- host → webview ----

/** A new analyzed scene (the webview skips one older than what it shows). */
export interface SceneMessage {
  type: 'scene';
  scene: PreviewScene;
}
/**
 * A new analyzed scene as `encodeSceneBytes` makes it (preview-scene-bytes.ts): what the host
 * posts for a whole scene, since the webview message carries bytes far faster than objects. The
 * webview decodes it with `decodeSceneBytes`, which checks the scene as `isPreviewScene` does,
 * and then takes it as a `scene` message.
 */
export interface SceneBytesMessage {
  type: 'sceneBytes';
  bytes: Uint8Array;
  /** `bytes` are the raw DEFLATE stream of this many bytes of the scene (deflate-raw.ts): the webview inflates them first. */
  deflated?: number;
  /**
   * `bytes` are part `index` of the `count` parts of a whole scene (encodeScenePart,
   * preview-scene-parts.ts), posted in order: the webview reads each as it comes (SceneAssembly)
   * and takes the scene with the last. Absent: `bytes` hold the whole scene.
   */
  part?: ScenePartIndex;
}
/** Which part of a whole scene's parts a `sceneBytes` holds: 0 ≤ index < count ≤ MAX_SCENE_PARTS. */
export interface ScenePartIndex {
  index: number;
  count: number;
}
/**
 * The changes from the scene of version `delta.base`, which the webview holds, to a newer one
 * (preview-delta.ts). A webview that does not hold `delta.base` ignores it and says `ready`
 * again, and the host then sends the whole scene.
 */
export interface SceneDeltaMessage {
  type: 'sceneDelta';
  delta: PreviewSceneDelta;
}
/**
 * The answer to the first `ready` of a page that the host had already posted the whole scene
 * (it posts it as soon as it has it, and VS Code keeps it until the page has loaded), in place
 * of posting it again. Messages arrive in the order they were posted: a page that holds no scene
 * when this arrives lost that message, and says `ready` again.
 */
export interface SceneSentMessage {
  type: 'sceneSent';
}
/** The pair inspector's data for the selected pair. */
export interface PairMessage {
  type: 'pair';
  pair: PairDetail;
}
/** The editor's cursor is on these bodies: highlight them. */
export interface HighlightMessage {
  type: 'highlight';
  bodies: string[];
}
/** Select a pair (e.g. from a code lens "Show in preview"); the webview then requests its detail. */
export interface SelectPairMessage {
  type: 'selectPair';
  a: string;
  b: string;
}
/** Produce the current view as SVG or PNG and answer with `exported`. */
export interface ExportRequestMessage {
  type: 'export';
  format: ExportFormat;
  requestId: number;
}
/** Nothing to show (no scene document, or the server could not analyze it). */
export interface EmptyMessage {
  type: 'empty';
  reason: string;
}
export interface FitMessage {
  type: 'fit';
}
/** The server's answer to a what-if the webview asked for (`askWhatIf`; preview-lsp.ts, collide/whatIf). */
export interface WhatIfMessage {
  type: 'whatIf';
  result: WhatIfResult;
}
/**
 * A drag's edit was not written (the text moved on, or the server refused it: a named shape, a
 * level): the webview stops drawing the dragged pose or outline and says why.
 */
export interface EditRefusedMessage {
  type: 'editRefused';
  reason: string;
}

export type HostToWebview =
  | SceneMessage
  | SceneBytesMessage
  | SceneDeltaMessage
  | SceneSentMessage
  | PairMessage
  | HighlightMessage
  | SelectPairMessage
  | ExportRequestMessage
  | EmptyMessage
  | FitMessage
  | WhatIfMessage
  | EditRefusedMessage;

const isName = stringOf(256);

export const isHostToWebview: Check<HostToWebview> = tagged({
  scene: objectOf({ type: literal('scene'), scene: isPreviewScene }),
  sceneBytes: objectOf({ type: literal('sceneBytes'), bytes: isBytes(), deflated: optional(isInflatedSize), part: optional(isScenePartIndex) }),
  sceneDelta: objectOf({ type: literal('sceneDelta'), delta: isPreviewSceneDelta }),
  sceneSent: objectOf({ type: literal('sceneSent') }),
  pair: objectOf({ type: literal('pair'), pair: isPairDetail }),
  highlight: objectOf({ type: literal('highlight'), bodies: arrayOf(isName, 10_000) }),
  selectPair: objectOf({ type: literal('selectPair'), a: isName, b: isName }),
  export: objectOf({ type: literal('export'), format: literal('svg', 'png'), requestId: isFiniteNumber }),
  empty: objectOf({ type: literal('empty'), reason: stringOf(1024) }),
  fit: objectOf({ type: literal('fit') }),
  whatIf: objectOf({ type: literal('whatIf'), result: isWhatIfResult }),
  editRefused: objectOf({ type: literal('editRefused'), reason: stringOf(1024) }),
}) as Check<HostToWebview>;

// ---- webview → host ----

/**
 * The webview has loaded, or holds no scene a delta fits, and wants the whole current scene
 * (unless the host posted it to this page already: see `sceneSent`).
 */
export interface ReadyMessage {
  type: 'ready';
}
/**
 * The page drew a whole scene of `version` for the first time. The host reads its own copy of a
 * whole scene (decoding its bytes) only after this, so as not to take the machine's cores from
 * the page's first frame.
 */
export interface DrawnMessage {
  type: 'drawn';
  version: number;
}
/** Reveal and select a body's source (a click on it). */
export interface RevealMessage {
  type: 'reveal';
  version: number;
  body: string;
}
/** Fetch the pair inspector's data. */
export interface RequestPairMessage {
  type: 'requestPair';
  version: number;
  a: string;
  b: string;
}
/**
 * A drag ended: set the body's `at` and/or `angle` in the document, as one undoable edit.
 * `version` is the scene version the drag started on; the host refuses a stale one.
 */
export interface EditPoseMessage {
  type: 'editPose';
  version: number;
  body: string;
  at?: [number, number];
  angle?: number;
  /** Decimal places the host writes (the webview derives it from the zoom: about one pixel). */
  decimals: number;
}
/**
 * A handle drag ended: set the body's shape size, `velocity` or `spin` in the document, as one
 * undoable edit (the server writes it: `collide/previewEdit`). `version` as in `editPose`.
 */
export interface EditBodyMessage {
  type: 'editBody';
  version: number;
  body: string;
  change: PreviewBodyChange;
}
/** Undo or redo in the scene's document (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y in the preview, or its buttons). */
export interface HistoryMessage {
  type: 'history';
  action: 'undo' | 'redo';
}
/** The answer to `export`: SVG text, or a PNG as a base64 data URL. */
export interface ExportedMessage {
  type: 'exported';
  requestId: number;
  format: ExportFormat;
  data: string;
}
/** What the scene of `version` would find with each step cut into `substeps` (the host asks collide/whatIf). */
export interface AskWhatIfMessage {
  type: 'askWhatIf';
  version: number;
  substeps: number;
}
/**
 * Apply the what-if of `substeps` to the document of `version`: the edits of the host's last
 * answer for them (dt and frames), as one undoable edit; refused when the text moved on.
 */
export interface ApplyWhatIfMessage {
  type: 'applyWhatIf';
  version: number;
  substeps: number;
}
export type WebviewToHost = ReadyMessage | DrawnMessage | RevealMessage | RequestPairMessage | EditPoseMessage | EditBodyMessage | HistoryMessage | ExportedMessage | AskWhatIfMessage | ApplyWhatIfMessage;

/**
 * What the webview stores with `setState`; VS Code hands it to the panel serializer after a
 * reload, which validates it before reopening the preview of `uri`.
 */
export interface PreviewViewState {
  uri: string | null;
  center?: [number, number];
  /** Pixels per scene unit. */
  zoom?: number;
  time?: number;
  pair?: [string, string] | null;
  /** Edits from the preview are unlocked (absent: locked, the preview only selects and pans). */
  editable?: boolean;
  /** The debug-draw overlays on (render/scene/scene-options.ts DEBUG_LAYERS); unknown names are ignored. */
  show?: string[];
}

export const isPreviewViewState: Check<PreviewViewState> = objectOf({
  uri: nullable(stringOf(8192)),
  center: optional(isPoint),
  zoom: optional((v: unknown): v is number => isFiniteNumber(v) && v > 0),
  time: optional(isFiniteNumber),
  pair: optional(nullable((v: unknown): v is [string, string] => Array.isArray(v) && v.length === 2 && isName(v[0]) && isName(v[1]))),
  editable: optional(isBoolean),
  show: optional(arrayOf(stringOf(32), 16)),
});

const isVersion = Number.isInteger as Check<number>;
const isSubsteps = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 2 && (v as number) <= MAX_WHAT_IF_SUBSTEPS;

export const isWebviewToHost: Check<WebviewToHost> = tagged({
  ready: objectOf({ type: literal('ready') }),
  drawn: objectOf({ type: literal('drawn'), version: isVersion }),
  reveal: objectOf({ type: literal('reveal'), version: isVersion, body: isName }),
  requestPair: objectOf({ type: literal('requestPair'), version: isVersion, a: isName, b: isName }),
  editPose: (v: unknown): v is EditPoseMessage =>
    objectOf({
      type: literal('editPose'),
      version: isVersion,
      body: isName,
      at: optional(isPoint),
      angle: optional(isFiniteNumber),
      decimals: (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 12,
    })(v) && ((v as EditPoseMessage).at !== undefined || (v as EditPoseMessage).angle !== undefined),
  editBody: objectOf({ type: literal('editBody'), version: isVersion, body: isName, change: isPreviewBodyChange }),
  history: objectOf({ type: literal('history'), action: literal('undo', 'redo') }),
  // 64 MiB of base64 is far above any honest export of the view and bounds a hostile one.
  exported: objectOf({ type: literal('exported'), requestId: isFiniteNumber, format: literal('svg', 'png'), data: stringOf(64 * 1024 * 1024) }),
  askWhatIf: objectOf({ type: literal('askWhatIf'), version: isVersion, substeps: isSubsteps }),
  applyWhatIf: objectOf({ type: literal('applyWhatIf'), version: isVersion, substeps: isSubsteps }),
}) as Check<WebviewToHost>;

export type { Checked };
