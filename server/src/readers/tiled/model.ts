// The Tiled map as both formats say it (TMX and JSON read into the same records), with the
// ranges the scene needs. Plain data: tmx.ts and tmj.ts fill it, build-scene.ts reads it.
import type { Diagnostic, TextRange } from '../../common/diagnostic';

export interface TiledProperty {
  readonly name: string;
  /** Tiled's type name (`bool`, `float`, `int`, `string`, ...), `string` when unsaid. */
  readonly type: string;
  readonly value: string | number | boolean;
  /** The value (attribute value or JSON member value). */
  readonly range: TextRange;
}

export type ShapeKind = 'rectangle' | 'ellipse' | 'polygon' | 'polyline' | 'capsule' | 'point' | 'text';

/** A number as written, and its range (for edits and diagnostics): it is that range itself. */
export interface Written extends TextRange {
  readonly value: number;
}

export interface TiledObject {
  readonly id: number;
  readonly name: string;
  /** The name's value range when the object has a non-empty name. */
  readonly nameRange?: TextRange;
  /** The `<object` tag name or the JSON `id` member's range. */
  readonly tagRange: TextRange;
  readonly range: TextRange;
  readonly x?: Written;
  readonly y?: Written;
  readonly width?: number;
  readonly height?: number;
  readonly rotation?: number;
  /** Shape: undefined means "as the template says, else a rectangle (or a tile when gid)". */
  readonly shape?: ShapeKind;
  /** Polygon or polyline points, flat, relative to (x, y). */
  readonly points?: readonly number[];
  /** Where the shape is written (the `<polygon>` or `<ellipse>` element, or the `polygon` member). */
  readonly shapeRange?: TextRange;
  /** The raw gid (flip bits included). */
  readonly gid?: number;
  readonly template?: { readonly path: string; readonly range: TextRange };
  readonly properties: readonly TiledProperty[];
}

/** A tileset as the map refers to it: embedded, or a file read later. */
export interface TilesetRef {
  readonly firstgid: number;
  readonly source?: { readonly path: string; readonly range: TextRange };
  /** An embedded tileset (or the external one once read). */
  readonly tileset?: Tileset;
  readonly range: TextRange;
}

export interface TileDefinition {
  readonly id: number;
  /** The tile's own size (image collections); the tileset's when undefined. */
  readonly width?: number;
  readonly height?: number;
  readonly objects: readonly TiledObject[];
  readonly properties: readonly TiledProperty[];
}

export interface Tileset {
  readonly name: string;
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly tileCount?: number;
  readonly offsetX: number;
  readonly offsetY: number;
  /** Tiled's objectalignment, `unspecified` when unsaid. */
  readonly alignment: string;
  /** Tiled's tilerendersize: `tile` (each tile its own size, the default) or `grid` (the map's cell). */
  readonly renderSize: string;
  /** Tiled's fillmode for `grid`: `stretch` (the default) or `preserve-aspect-fit`. */
  readonly fillMode: string;
  readonly tiles: ReadonlyMap<number, TileDefinition>;
  /** The file the tileset's shapes' ranges point into, undefined when it is the map itself. */
  readonly file?: string;
}

/** Gids of a tile layer's finite data or of one chunk: row-major, width × height. */
export interface TileBlock {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly gids: ArrayLike<number>;
  readonly range: TextRange;
}

interface LayerBase {
  readonly id: number;
  readonly name: string;
  readonly nameRange: TextRange;
  readonly range: TextRange;
  readonly offsetX: number;
  readonly offsetY: number;
  readonly visible: boolean;
  readonly properties: readonly TiledProperty[];
}
export interface TileLayer extends LayerBase {
  readonly kind: 'tilelayer';
  readonly blocks: readonly TileBlock[];
}
export interface ObjectLayer extends LayerBase {
  readonly kind: 'objectgroup';
  readonly objects: readonly TiledObject[];
}
export interface GroupLayer extends LayerBase {
  readonly kind: 'group';
  readonly layers: readonly Layer[];
}
export type Layer = TileLayer | ObjectLayer | GroupLayer;

export interface TiledMapModel {
  readonly orientation: string;
  readonly orientationRange: TextRange;
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** Rows of the map (isometric maps put their origin at height × tileWidth / 2). */
  readonly height: number;
  /** Staggered and hexagonal maps: `x` or `y`, `odd` or `even`, and the hexagon's side. */
  readonly staggerAxis: string;
  readonly staggerIndex: string;
  readonly hexSideLength: number;
  readonly tilesets: readonly TilesetRef[];
  readonly layers: readonly Layer[];
  readonly properties: readonly TiledProperty[];
  readonly diagnostics: Diagnostic[];
}

/** A template file read: its object, and the tilesets its gid refers to. */
export interface TemplateModel {
  readonly object: TiledObject | undefined;
  readonly tilesets: readonly TilesetRef[];
  readonly diagnostics: Diagnostic[];
}

export const FLIP_H = 0x80000000;
export const FLIP_V = 0x40000000;
export const FLIP_D = 0x20000000;
/** Tiled 1.x's fourth flag: hexagonal 120° rotation (also set on some orthogonal tiles). */
export const FLIP_HEX = 0x10000000;
export const GID_MASK = 0x0fffffff;
