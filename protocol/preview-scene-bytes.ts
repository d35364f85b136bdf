/**
 * A whole preview scene as one compact byte array for the webview.
 *
 * VS Code hands an ArrayBuffer (or a view of one) in a webview message over as bytes, in the
 * extension host's process and in a remote one alike (code-server, Codespaces), where a tree of
 * objects goes through JSON, the remote connection and then two structured clones (into the
 * webview's outer frame and into its inner one): for ten thousand bodies, hundreds of thousands
 * of objects. Carrying the bytes costs about in proportion to their size, so the layout spends
 * few: no field names, numbers as float64 rather than decimal text, integers as varints of
 * differences, and nothing that is the common case or that the reader can make again.
 *
 * Layout: a little-endian uint32 `n`, then `n` bytes of UTF-8 JSON (the header, `Header` of
 * preview-scene-bytes-layout.ts: the uri, `yDown` only when the scene has it, the sections'
 * counts, every string), zero bytes up to a multiple of 8, then four sections: `floats`
 * float64s (little-endian, as on every platform VS Code runs on), `ints` integers as varints
 * (or float64s when `wide`), and the tile cells' bytes (`cells` of them, two cells a byte, the
 * first in the low 4 bits), to the end. Each is read in order: the scene's flags and numbers
 * (version, dt, frames, slop, errorCount, bounds when not null), then per body its numbers, its
 * parts, and its chains and its tile cells when it has them, then per finding its numbers
 * (`writeBody` and `writeFinding` of preview-scene-bytes-writer.ts).
 *
 * - Integers are unsigned LEB128 varints (7 bits a byte, low first), in their shortest form and
 *   at most 8 bytes. Counts, codes, flags and table indices are written as they are; offsets,
 *   and a finding's body indices, as the zigzag form (0, -1, 1, -2 ... as 0, 1, 2, 3 ...) of
 *   their difference from a base: an offset from the offset written before it (a scene's
 *   offsets mostly come in text order, so most take a byte), a finding's `ia` from the finding
 *   before's, its `ib` from its `ia`. An integer a varint does not hold exactly (negative, -0,
 *   not an integer, or 2^52 or more, which no document VS Code holds has) makes the whole scene
 *   written again `wide`: every integer a float64, as it is.
 * - Flags leave out the common values: a +0 angle, a body at rest (velocity and spin +0), a +0
 *   radius, a part whose vertices are [+0, +0] (a circle's center) or a box's corners about its
 *   center ([-x, -y, x, -y, x, y, -x, y]: x and y written). -0 is not +0: it is written.
 * - A body's bounds are left out when its parts and pose make them (preview-body-bounds.ts): a
 *   turned body's with the cosine and sine cos-sin.ts makes of its angle (the same in every
 *   engine), or else with the writer's Math.cos and Math.sin, then written (COS_SIN); bounds
 *   that neither makes are written (BOUNDS).
 * - Strings are in the header: the bodies' names, their `sourceKind`s and `layer`s as tables of
 *   the distinct values (a body writes indices), then the findings' strings in order, but for a
 *   finding's a and b when they are its bodies' names (NAMED) and an overlap's message when
 *   `overlapMessage` makes it from the finding (overlap-message.ts, which the server words its
 *   diagnostics with): the writer checks that it does, per finding.
 *
 * A scene sent in parts (preview-scene-parts.ts) has this layout per part: the header's `bodies`
 * and `findings` count the part's, `from` says where they start in the scene and `of` how many
 * the scene has; the scene's own numbers are in every part.
 *
 * Every double is kept exactly (-0 included). The decoder rebuilds the plain objects, checking
 * as it reads what `isPreviewScene` would check of them, so it refuses exactly what a scene sent
 * as objects would be refused for, and bytes that do not parse as this layout (a varint too long or not shortest,
 * unknown flag bits, an index or a count out of range, a section too short or too long).
 */
import { MAX_SCENE_BYTES } from './preview-scene-bytes-layout';

export { MAX_SCENE_BYTES } from './preview-scene-bytes-layout';
export { decodeSceneBytes } from './preview-scene-bytes-reader';
export { encodeSceneBytes, SceneBytesWriter } from './preview-scene-bytes-writer';

/** A Uint8Array of at most `max` bytes (what VS Code delivers for one posted as a message field). */
export function isBytes(max = MAX_SCENE_BYTES): (v: unknown) => v is Uint8Array {
  return (v): v is Uint8Array => v instanceof Uint8Array && v.byteLength <= max;
}
export { decodeSceneParts, encodeScenePart, PART_ITEMS, SceneAssembly, sceneSlices, type SceneSlice } from './preview-scene-parts';
