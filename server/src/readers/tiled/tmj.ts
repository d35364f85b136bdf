// Tiled's JSON map, tileset and template files (.tmj/.json, .tsj, .tj) read into model.ts's
// records. Member names follow Tiled's "JSON Map Format" reference; the pre-1.2 forms (tiles
// and properties as objects keyed by id or name) are read too.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import { JsonKind, NONE, parseJson, type JsonDocument } from './json';
import type { Layer, ShapeKind, TemplateModel, TileBlock, TileDefinition, TiledMapModel, TiledObject, TiledProperty, Tileset, TilesetRef, Written } from './model';
import { decodeTileData, MAX_TILES } from './tile-data';

const NO_PROPERTIES: TiledProperty[] = [];

class TmjReader {
  readonly diagnostics: Diagnostic[];
  /** Tiles the layers may still have (MAX_TILES in all). */
  tileBudget = MAX_TILES;

  constructor(
    readonly doc: JsonDocument,
    readonly host: LevelHost | undefined,
  ) {
    this.diagnostics = doc.diagnostics;
  }

  warn(range: TextRange, code: string, message: string, severity: Diagnostic['severity'] = 'error'): void {
    this.diagnostics.push({ range, severity, code, message });
  }

  range(h: number): TextRange {
    return { start: this.doc.start(h), end: this.doc.end(h) };
  }

  /** A member's value as a number, NaN (reported) when not one, undefined when absent. */
  private parsed(h: number, key: string): number | undefined {
    const m = this.doc.member(h, key);
    if (m === NONE) return undefined;
    const value = this.doc.number(m);
    if (value === undefined || !Number.isFinite(value)) {
      this.warn(this.range(m), 'tiled-bad-number', `\`${key}\` must be a number.`);
      return NaN;
    }
    return value;
  }

  number(h: number, key: string, fallback: number): number {
    const v = this.parsed(h, key);
    return v === undefined || Number.isNaN(v) ? fallback : v;
  }

  optional(h: number, key: string): number | undefined {
    const v = this.parsed(h, key);
    return v === undefined || Number.isNaN(v) ? undefined : v;
  }

  written(h: number, key: string): Written | undefined {
    const v = this.parsed(h, key);
    if (v === undefined || Number.isNaN(v)) return undefined;
    const m = this.doc.member(h, key);
    return { value: v, start: this.doc.start(m), end: this.doc.end(m) };
  }

  string(h: number, key: string): string {
    return this.doc.string(this.doc.member(h, key)) ?? '';
  }

  /** The items of an array member (reported when it is no array). */
  array(h: number, key: string): number[] {
    const m = this.doc.member(h, key);
    if (m === NONE) return [];
    if (this.doc.kind(m) !== JsonKind.Array) {
      this.warn(this.range(m), 'tiled-json-shape', `\`${key}\` must be an array.`);
      return [];
    }
    return this.doc.children(m);
  }

  properties(h: number): TiledProperty[] {
    const doc = this.doc;
    const list = doc.member(h, 'properties');
    if (list === NONE) return NO_PROPERTIES;
    const out: TiledProperty[] = [];
    if (doc.kind(list) === JsonKind.Object) {
      // Before Tiled 1.2: { "name": value } with the types in "propertytypes".
      const types = doc.member(h, 'propertytypes');
      for (let m = doc.first(list); m !== NONE; m = doc.next(m)) out.push(this.property(doc.key(m), doc.string(doc.member(types, doc.key(m))), m));
      return out;
    }
    if (doc.kind(list) !== JsonKind.Array) {
      this.warn(this.range(list), 'tiled-json-shape', '`properties` must be an array.');
      return out;
    }
    for (let p = doc.first(list); p !== NONE; p = doc.next(p)) {
      const value = doc.member(p, 'value');
      if (value === NONE) {
        this.warn(this.range(p), 'tiled-json-shape', 'A property is an object with `name`, `type` and `value`.');
        continue;
      }
      out.push(this.property(this.string(p, 'name'), this.string(p, 'type') || undefined, value));
    }
    return out;
  }

  property(name: string, type: string | undefined, h: number): TiledProperty {
    const doc = this.doc;
    const kind = doc.kind(h);
    const value = kind === JsonKind.String ? doc.string(h)! : kind === JsonKind.Number ? doc.number(h)! : kind === JsonKind.True || kind === JsonKind.False ? doc.boolean(h)! : '';
    const implied = kind === JsonKind.Number ? 'float' : kind === JsonKind.True || kind === JsonKind.False ? 'bool' : kind === JsonKind.String ? 'string' : 'class';
    return { name, type: type ?? implied, value, range: this.range(h) };
  }

  object(o: number): TiledObject | undefined {
    const doc = this.doc;
    if (doc.kind(o) !== JsonKind.Object) {
      this.warn(this.range(o), 'tiled-json-shape', 'An object of an object layer must be a JSON object.');
      return undefined;
    }
    let shape: ShapeKind | undefined;
    let shapeMember = NONE;
    let points: number[] | undefined;
    // One pass over the members for the shape flags (the last one written wins, as in Tiled's reader).
    for (let m = doc.first(o); m !== NONE; m = doc.next(m)) {
      const start = doc.keyStart(m) + 1;
      const keyLength = doc.keyEnd(m) - 1 - start;
      let kind: ShapeKind | undefined;
      for (const k of SHAPE_KEYS) if (k.length === keyLength && doc.text.startsWith(k, start)) kind = k;
      if (kind === undefined) continue;
      if (kind === 'polygon' || kind === 'polyline') {
        shape = kind;
        shapeMember = m;
        points = this.points(m, kind);
      } else if (kind === 'text' || doc.boolean(m) === true) {
        shape = kind;
        shapeMember = m;
      }
    }
    const gidWritten = this.written(o, 'gid');
    let gid: number | undefined;
    if (gidWritten !== undefined) {
      if (Number.isInteger(gidWritten.value) && gidWritten.value >= 0 && gidWritten.value <= 0xffffffff) gid = gidWritten.value;
      else this.warn({ start: gidWritten.start, end: gidWritten.end }, 'tiled-bad-gid', `\`${gidWritten.value}\` is not a tile gid.`);
    }
    const template = doc.member(o, 'template');
    const templatePath = doc.string(template);
    const nameMember = doc.member(o, 'name');
    const name = doc.string(nameMember) ?? '';
    const id = doc.member(o, 'id');
    return {
      id: this.number(o, 'id', 0),
      name,
      nameRange: name !== '' ? this.range(nameMember) : undefined,
      tagRange: id !== NONE ? { start: doc.keyStart(id), end: doc.end(id) } : { start: doc.start(o), end: doc.start(o) + 1 },
      range: this.range(o),
      x: this.written(o, 'x'),
      y: this.written(o, 'y'),
      width: this.optional(o, 'width'),
      height: this.optional(o, 'height'),
      rotation: this.optional(o, 'rotation'),
      shape,
      points,
      shapeRange: shapeMember === NONE ? undefined : { start: doc.keyStart(shapeMember), end: doc.end(shapeMember) },
      gid,
      template: templatePath === undefined ? undefined : { path: templatePath, range: this.range(template) },
      properties: this.properties(o),
    };
  }

  points(m: number, kind: string): number[] {
    const doc = this.doc;
    const points: number[] = [];
    if (doc.kind(m) !== JsonKind.Array) {
      this.warn(this.range(m), 'tiled-json-shape', `\`${kind}\` must be an array of points.`);
      return points;
    }
    for (let p = doc.first(m); p !== NONE; p = doc.next(p)) {
      const x = doc.number(doc.member(p, 'x'));
      const y = doc.number(doc.member(p, 'y'));
      if (x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y)) points.push(x, y);
      else this.warn(this.range(p), 'tiled-bad-point', 'A point is `{ "x": number, "y": number }`: dropped.');
    }
    return points;
  }

  objects(list: readonly number[]): TiledObject[] {
    const out: TiledObject[] = [];
    for (const h of list) {
      const object = this.object(h);
      if (object !== undefined) out.push(object);
    }
    return out;
  }

  tileset(t: number, file: string | undefined): Tileset {
    const doc = this.doc;
    const tiles = new Map<number, TileDefinition>();
    const list = doc.member(t, 'tiles');
    // Tiled ≥ 1.2: an array of tiles with "id"; before: an object keyed by the id.
    const byKey = list !== NONE && doc.kind(list) === JsonKind.Object;
    if (list !== NONE && !byKey && doc.kind(list) !== JsonKind.Array) this.warn(this.range(list), 'tiled-json-shape', '`tiles` must be an array.');
    else if (list !== NONE) {
      for (let v = doc.first(list); v !== NONE; v = doc.next(v)) {
        const id = byKey ? Number(doc.key(v)) : this.number(v, 'id', NaN);
        if (!Number.isInteger(id)) continue;
        tiles.set(id, {
          id,
          objects: this.objects(this.array(doc.member(v, 'objectgroup'), 'objects')),
          properties: this.properties(v),
          width: this.optional(v, 'imagewidth'),
          height: this.optional(v, 'imageheight'),
        });
      }
    }
    const offset = doc.member(t, 'tileoffset');
    return {
      name: this.string(t, 'name'),
      tileWidth: this.number(t, 'tilewidth', 0),
      tileHeight: this.number(t, 'tileheight', 0),
      tileCount: this.optional(t, 'tilecount'),
      offsetX: this.number(offset, 'x', 0),
      offsetY: this.number(offset, 'y', 0),
      alignment: this.string(t, 'objectalignment') || 'unspecified',
      renderSize: this.string(t, 'tilerendersize') || 'tile',
      fillMode: this.string(t, 'fillmode') || 'stretch',
      tiles,
      file,
    };
  }

  tilesetRef(t: number): TilesetRef {
    const firstgid = this.number(t, 'firstgid', 1);
    const source = this.doc.member(t, 'source');
    const path = this.doc.string(source);
    if (path !== undefined) return { firstgid, range: this.range(t), source: { path, range: this.range(source) } };
    return { firstgid, range: this.range(t), tileset: this.tileset(t, undefined) };
  }

  layers(list: readonly number[], depth: number): Layer[] {
    const doc = this.doc;
    const out: Layer[] = [];
    for (const l of list) {
      if (doc.kind(l) !== JsonKind.Object) {
        this.warn(this.range(l), 'tiled-json-shape', 'A layer must be a JSON object.');
        continue;
      }
      const type = this.string(l, 'type');
      const name = doc.member(l, 'name');
      const base = {
        id: this.number(l, 'id', 0),
        name: doc.string(name) ?? '',
        nameRange: name !== NONE ? this.range(name) : { start: doc.start(l), end: doc.start(l) + 1 },
        range: this.range(l),
        offsetX: this.number(l, 'offsetx', 0),
        offsetY: this.number(l, 'offsety', 0),
        visible: doc.boolean(doc.member(l, 'visible')) !== false,
        properties: this.properties(l),
      };
      if (type === 'objectgroup') out.push({ ...base, kind: 'objectgroup', objects: this.objects(this.array(l, 'objects')) });
      else if (type === 'group') {
        if (depth >= 64) this.warn(base.nameRange, 'tiled-too-deep', 'Group layers nested more than 64 deep are not read.');
        else out.push({ ...base, kind: 'group', layers: this.layers(this.array(l, 'layers'), depth + 1) });
      } else if (type === 'tilelayer') {
        const blocks: TileBlock[] = [];
        if (doc.member(l, 'chunks') !== NONE) for (const c of this.array(l, 'chunks')) this.block(l, c, blocks);
        else this.block(l, l, blocks);
        out.push({ ...base, kind: 'tilelayer', blocks });
      }
    }
    return out;
  }

  /** The layer's own `data`, or one chunk's. */
  block(layer: number, content: number, blocks: TileBlock[]): void {
    const doc = this.doc;
    const x = content === layer ? 0 : this.number(content, 'x', 0);
    const y = content === layer ? 0 : this.number(content, 'y', 0);
    const width = this.number(content, 'width', 0);
    const height = this.number(content, 'height', 0);
    const data = doc.member(content, 'data');
    if (data === NONE) return;
    const range = this.range(data);
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0 || width * height > this.tileBudget) {
      this.warn(range, 'tiled-bad-size', `A tile layer of ${width} × ${height} tiles is not read (a map's layers have at most ${MAX_TILES} tiles together, whole numbers).`);
      return;
    }
    this.tileBudget -= width * height;
    const count = width * height;
    if (doc.kind(data) === JsonKind.Array) {
      const gids = new Uint32Array(count);
      let n = 0;
      let reported = false;
      for (let v = doc.first(data); v !== NONE; v = doc.next(v), n++) {
        if (n >= count) continue;
        const gid = doc.number(v);
        if (gid !== undefined && Number.isInteger(gid) && gid >= 0 && gid <= 0xffffffff) gids[n] = gid;
        else if (!reported) {
          reported = true;
          this.warn(this.range(v), 'tiled-bad-gid', 'A tile gid is a whole number from 0 to 4294967295: read as empty.');
        }
      }
      if (n !== count) this.warn(range, 'tiled-data-size', `The layer data has ${n} tiles where ${count} are expected.`);
      blocks.push({ x, y, width, height, gids, range });
      return;
    }
    const text = doc.string(data);
    if (text === undefined) {
      this.warn(range, 'tiled-json-shape', '`data` must be an array of gids or a base64 string.');
      return;
    }
    const encoding = doc.member(layer, 'encoding');
    const compression = doc.member(layer, 'compression');
    const gids = decodeTileData(
      {
        encoding: doc.string(encoding) ?? 'base64',
        encodingRange: encoding !== NONE ? this.range(encoding) : range,
        compression: doc.string(compression) ?? '',
        compressionRange: compression !== NONE ? this.range(compression) : range,
        text,
        textStart: doc.start(data) + 1,
        range,
        count,
      },
      this.host!,
      this.diagnostics,
    );
    if (gids !== undefined) blocks.push({ x, y, width, height, gids, range });
  }
}

const SHAPE_KEYS: readonly ShapeKind[] = ['ellipse', 'point', 'capsule', 'polygon', 'polyline', 'text'];

function emptyMap(diagnostics: Diagnostic[]): TiledMapModel {
  return { orientation: 'orthogonal', orientationRange: { start: 0, end: 0 }, tileWidth: 0, tileHeight: 0, height: 0, staggerAxis: 'y', staggerIndex: 'odd', hexSideLength: 0, tilesets: [], layers: [], properties: [], diagnostics };
}

export function readTmj(text: string, host: LevelHost): TiledMapModel {
  const reader = new TmjReader(parseJson(text), host);
  const doc = reader.doc;
  const root = doc.root;
  if (root === NONE) return emptyMap(reader.diagnostics);
  if (doc.kind(root) !== JsonKind.Object || (doc.member(root, 'type') !== NONE && reader.string(root, 'type') !== 'map')) {
    reader.warn(reader.range(root), 'tiled-not-a-map', 'A Tiled JSON map is an object with `"type": "map"`.');
    return emptyMap(reader.diagnostics);
  }
  const orientation = doc.member(root, 'orientation');
  return {
    orientation: reader.string(root, 'orientation') || 'orthogonal',
    orientationRange: orientation !== NONE ? reader.range(orientation) : { start: doc.start(root), end: doc.start(root) + 1 },
    tileWidth: reader.number(root, 'tilewidth', 0),
    tileHeight: reader.number(root, 'tileheight', 0),
    height: reader.number(root, 'height', 0),
    staggerAxis: reader.string(root, 'staggeraxis') || 'y',
    staggerIndex: reader.string(root, 'staggerindex') || 'odd',
    hexSideLength: reader.number(root, 'hexsidelength', 0),
    tilesets: reader.array(root, 'tilesets').map((t) => reader.tilesetRef(t)),
    layers: reader.layers(reader.array(root, 'layers'), 0),
    properties: reader.properties(root),
    diagnostics: reader.diagnostics,
  };
}

export function readTsj(text: string, file: string): { tileset: Tileset | undefined; diagnostics: Diagnostic[] } {
  const reader = new TmjReader(parseJson(text), undefined);
  const root = reader.doc.root;
  if (root === NONE || reader.doc.kind(root) !== JsonKind.Object) {
    if (root !== NONE) reader.warn(reader.range(root), 'tiled-not-a-tileset', 'A JSON tileset is an object.');
    return { tileset: undefined, diagnostics: reader.diagnostics };
  }
  return { tileset: reader.tileset(root, file), diagnostics: reader.diagnostics };
}

export function readTj(text: string): TemplateModel {
  const reader = new TmjReader(parseJson(text), undefined);
  const doc = reader.doc;
  const root = doc.root;
  const object = doc.member(root, 'object');
  if (root === NONE || object === NONE) {
    if (root !== NONE) reader.warn(reader.range(root), 'tiled-not-a-template', 'A JSON template is an object with an `object` member.');
    return { object: undefined, tilesets: [], diagnostics: reader.diagnostics };
  }
  const tileset = doc.member(root, 'tileset');
  return { object: reader.object(object), tilesets: tileset === NONE ? [] : [reader.tilesetRef(tileset)], diagnostics: reader.diagnostics };
}
