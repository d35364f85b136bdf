// Tiled's JSON map, tileset and template files (.tmj/.json, .tsj, .tj) read into model.ts's
// records. Member names follow Tiled's "JSON Map Format" reference; the pre-1.2 forms (tiles
// and properties as objects keyed by id or name) are read too.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import { memberOf, parseJson, type JsonMember, type JsonObject, type JsonValue } from './json';
import type { Layer, ShapeKind, TemplateModel, TileBlock, TileDefinition, TiledMapModel, TiledObject, TiledProperty, Tileset, TilesetRef, Written } from './model';
import { decodeTileData, MAX_TILES } from './tile-data';

const isTrue = (v: JsonValue | undefined): boolean => v?.kind === 'boolean' && v.value === true;
const rangeOf = (v: { readonly start: number; readonly end: number }): TextRange => ({ start: v.start, end: v.end });

class TmjReader {
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly host: LevelHost | undefined,
  ) {}

  warn(range: TextRange, code: string, message: string, severity: Diagnostic['severity'] = 'error'): void {
    this.diagnostics.push({ range, severity, code, message });
  }

  written(object: JsonValue | undefined, key: string): Written | undefined {
    const m = memberOf(object, key);
    if (m === undefined) return undefined;
    const v = m.value;
    if (v.kind !== 'number' || !Number.isFinite(v.value)) {
      this.warn(rangeOf(v), 'tiled-bad-number', `\`${key}\` must be a number.`);
      return undefined;
    }
    return { value: v.value, range: rangeOf(v) };
  }

  number(object: JsonValue | undefined, key: string, fallback: number): number {
    return this.written(object, key)?.value ?? fallback;
  }

  string(object: JsonValue | undefined, key: string): string {
    const v = memberOf(object, key)?.value;
    return v?.kind === 'string' ? v.value : '';
  }

  array(object: JsonValue | undefined, key: string): JsonValue[] {
    const v = memberOf(object, key)?.value;
    if (v === undefined) return [];
    if (v.kind !== 'array') {
      this.warn(rangeOf(v), 'tiled-json-shape', `\`${key}\` must be an array.`);
      return [];
    }
    return v.items;
  }

  properties(object: JsonValue | undefined): TiledProperty[] {
    const v = memberOf(object, 'properties')?.value;
    const out: TiledProperty[] = [];
    if (v === undefined) return out;
    if (v.kind === 'object') {
      // Before Tiled 1.2: { "name": value } with the types in "propertytypes".
      const types = memberOf(object, 'propertytypes')?.value;
      for (const m of v.members) {
        const t = memberOf(types, m.key)?.value;
        out.push(this.property(m.key, t?.kind === 'string' ? t.value : undefined, m.value));
      }
      return out;
    }
    if (v.kind !== 'array') {
      this.warn(rangeOf(v), 'tiled-json-shape', '`properties` must be an array.');
      return out;
    }
    for (const p of v.items) {
      const value = memberOf(p, 'value')?.value;
      if (p.kind !== 'object' || value === undefined) {
        this.warn(rangeOf(p), 'tiled-json-shape', 'A property is an object with `name`, `type` and `value`.');
        continue;
      }
      out.push(this.property(this.string(p, 'name'), this.string(p, 'type') || undefined, value));
    }
    return out;
  }

  property(name: string, type: string | undefined, value: JsonValue): TiledProperty {
    const v = value.kind === 'string' || value.kind === 'number' || value.kind === 'boolean' ? value.value : '';
    const implied = value.kind === 'number' ? 'float' : value.kind === 'boolean' ? 'bool' : value.kind === 'string' ? 'string' : 'class';
    return { name, type: type ?? implied, value: v as string | number | boolean, range: rangeOf(value) };
  }

  object(o: JsonValue): TiledObject | undefined {
    if (o.kind !== 'object') {
      this.warn(rangeOf(o), 'tiled-json-shape', 'An object of an object layer must be a JSON object.');
      return undefined;
    }
    const name = memberOf(o, 'name');
    const idMember = memberOf(o, 'id');
    let shape: ShapeKind | undefined;
    let shapeMember: JsonMember | undefined;
    for (const kind of ['ellipse', 'point', 'capsule'] as const) {
      const m = memberOf(o, kind);
      if (m !== undefined && isTrue(m.value)) {
        shape = kind;
        shapeMember = m;
      }
    }
    let points: number[] | undefined;
    for (const kind of ['polygon', 'polyline'] as const) {
      const m = memberOf(o, kind);
      if (m === undefined) continue;
      shape = kind;
      shapeMember = m;
      points = [];
      if (m.value.kind !== 'array') this.warn(rangeOf(m.value), 'tiled-json-shape', `\`${kind}\` must be an array of points.`);
      else {
        for (const p of m.value.items) {
          const x = memberOf(p, 'x')?.value;
          const y = memberOf(p, 'y')?.value;
          if (x?.kind === 'number' && y?.kind === 'number' && Number.isFinite(x.value) && Number.isFinite(y.value)) points.push(x.value, y.value);
          else this.warn(rangeOf(p), 'tiled-bad-point', 'A point is `{ "x": number, "y": number }`: dropped.');
        }
      }
    }
    if (memberOf(o, 'text') !== undefined) {
      shape = 'text';
      shapeMember = memberOf(o, 'text');
    }
    const gidWritten = this.written(o, 'gid');
    let gid: number | undefined;
    if (gidWritten !== undefined) {
      if (Number.isInteger(gidWritten.value) && gidWritten.value >= 0 && gidWritten.value <= 0xffffffff) gid = gidWritten.value;
      else this.warn(gidWritten.range, 'tiled-bad-gid', `\`${gidWritten.value}\` is not a tile gid.`);
    }
    const template = memberOf(o, 'template');
    const nameValue = name?.value.kind === 'string' ? name.value.value : '';
    return {
      id: this.number(o, 'id', 0),
      name: nameValue,
      nameRange: nameValue !== '' ? rangeOf(name!.value) : undefined,
      tagRange: idMember !== undefined ? { start: idMember.keyStart, end: idMember.value.end } : { start: o.start, end: o.start + 1 },
      range: rangeOf(o),
      x: this.written(o, 'x'),
      y: this.written(o, 'y'),
      width: this.written(o, 'width')?.value,
      height: this.written(o, 'height')?.value,
      rotation: this.written(o, 'rotation')?.value,
      shape,
      points,
      shapeRange: shapeMember === undefined ? undefined : { start: shapeMember.keyStart, end: shapeMember.value.end },
      gid,
      template: template?.value.kind === 'string' ? { path: template.value.value, range: rangeOf(template.value) } : undefined,
      properties: this.properties(o),
    };
  }

  objects(list: readonly JsonValue[]): TiledObject[] {
    const out: TiledObject[] = [];
    for (const o of list) {
      const object = this.object(o);
      if (object !== undefined) out.push(object);
    }
    return out;
  }

  tileset(t: JsonValue, file: string | undefined): Tileset {
    const tiles = new Map<number, TileDefinition>();
    const tilesValue = memberOf(t, 'tiles')?.value;
    // Tiled ≥ 1.2: an array of tiles with "id"; before: an object keyed by the id.
    const entries: [number, JsonValue][] =
      tilesValue?.kind === 'array'
        ? tilesValue.items.map((v) => [this.number(v, 'id', 0), v])
        : tilesValue?.kind === 'object'
          ? tilesValue.members.map((m) => [Number(m.key), m.value])
          : [];
    for (const [id, v] of entries) {
      if (!Number.isInteger(id)) continue;
      const group = memberOf(v, 'objectgroup')?.value;
      tiles.set(id, {
        id,
        objects: this.objects(this.array(group, 'objects')),
        properties: this.properties(v),
        width: this.written(v, 'imagewidth')?.value,
        height: this.written(v, 'imageheight')?.value,
      });
    }
    const offset = memberOf(t, 'tileoffset')?.value;
    return {
      name: this.string(t, 'name'),
      tileWidth: this.number(t, 'tilewidth', 0),
      tileHeight: this.number(t, 'tileheight', 0),
      tileCount: this.written(t, 'tilecount')?.value,
      offsetX: this.number(offset, 'x', 0),
      offsetY: this.number(offset, 'y', 0),
      alignment: this.string(t, 'objectalignment') || 'unspecified',
      tiles,
      file,
    };
  }

  tilesetRef(t: JsonValue): TilesetRef {
    const firstgid = this.number(t, 'firstgid', 1);
    const source = memberOf(t, 'source')?.value;
    if (source?.kind === 'string') return { firstgid, range: rangeOf(t), source: { path: source.value, range: rangeOf(source) } };
    return { firstgid, range: rangeOf(t), tileset: this.tileset(t, undefined) };
  }

  layers(list: readonly JsonValue[], depth: number): Layer[] {
    const out: Layer[] = [];
    for (const l of list) {
      if (l.kind !== 'object') {
        this.warn(rangeOf(l), 'tiled-json-shape', 'A layer must be a JSON object.');
        continue;
      }
      const type = this.string(l, 'type');
      const name = memberOf(l, 'name');
      const visible = memberOf(l, 'visible')?.value;
      const base = {
        id: this.number(l, 'id', 0),
        name: name?.value.kind === 'string' ? name.value.value : '',
        nameRange: name !== undefined ? rangeOf(name.value) : { start: l.start, end: l.start + 1 },
        range: rangeOf(l),
        offsetX: this.number(l, 'offsetx', 0),
        offsetY: this.number(l, 'offsety', 0),
        visible: !(visible?.kind === 'boolean' && visible.value === false),
        properties: this.properties(l),
      };
      if (type === 'objectgroup') out.push({ ...base, kind: 'objectgroup', objects: this.objects(this.array(l, 'objects')) });
      else if (type === 'group') {
        if (depth >= 64) this.warn(base.nameRange, 'tiled-too-deep', 'Group layers nested more than 64 deep are not read.');
        else out.push({ ...base, kind: 'group', layers: this.layers(this.array(l, 'layers'), depth + 1) });
      } else if (type === 'tilelayer') {
        const blocks: TileBlock[] = [];
        const chunks = memberOf(l, 'chunks');
        if (chunks !== undefined) for (const c of this.array(l, 'chunks')) this.block(l, c, blocks);
        else this.block(l, l, blocks);
        out.push({ ...base, kind: 'tilelayer', blocks });
      }
    }
    return out;
  }

  /** The layer's own `data`, or one chunk's. */
  block(layer: JsonObject, content: JsonValue, blocks: TileBlock[]): void {
    const x = content === layer ? 0 : this.number(content, 'x', 0);
    const y = content === layer ? 0 : this.number(content, 'y', 0);
    const width = this.number(content, 'width', 0);
    const height = this.number(content, 'height', 0);
    const data = memberOf(content, 'data');
    if (data === undefined) return;
    const range = rangeOf(data.value);
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0 || width * height > MAX_TILES) {
      this.warn(range, 'tiled-bad-size', `A tile layer of ${width} × ${height} tiles is not read (at most ${MAX_TILES} tiles, whole numbers).`);
      return;
    }
    const count = width * height;
    if (data.value.kind === 'array') {
      const gids = new Uint32Array(count);
      const items = data.value.items;
      let reported = false;
      for (let i = 0; i < items.length && i < count; i++) {
        const v = items[i]!;
        if (v.kind === 'number' && Number.isInteger(v.value) && v.value >= 0 && v.value <= 0xffffffff) gids[i] = v.value;
        else if (!reported) {
          reported = true;
          this.warn(rangeOf(v), 'tiled-bad-gid', 'A tile gid is a whole number from 0 to 4294967295: read as empty.');
        }
      }
      if (items.length !== count) this.warn(range, 'tiled-data-size', `The layer data has ${items.length} tiles where ${count} are expected.`);
      blocks.push({ x, y, width, height, gids, range });
      return;
    }
    if (data.value.kind !== 'string') {
      this.warn(range, 'tiled-json-shape', '`data` must be an array of gids or a base64 string.');
      return;
    }
    const encoding = memberOf(layer, 'encoding');
    const compression = memberOf(layer, 'compression');
    const gids = decodeTileData(
      {
        encoding: encoding?.value.kind === 'string' ? encoding.value.value : 'base64',
        encodingRange: encoding !== undefined ? rangeOf(encoding.value) : range,
        compression: compression?.value.kind === 'string' ? compression.value.value : '',
        compressionRange: compression !== undefined ? rangeOf(compression.value) : range,
        text: data.value.value,
        textStart: data.value.start + 1,
        range,
        count,
      },
      this.host!,
      this.diagnostics,
    );
    if (gids !== undefined) blocks.push({ x, y, width, height, gids, range });
  }
}

export function readTmj(text: string, host: LevelHost): TiledMapModel {
  const document = parseJson(text);
  const reader = new TmjReader(document.diagnostics, host);
  const root = document.value;
  const empty = { orientation: 'orthogonal', orientationRange: { start: 0, end: 0 }, tileWidth: 0, tileHeight: 0, tilesets: [], layers: [], properties: [], diagnostics: document.diagnostics };
  if (root === undefined) return empty;
  if (root.kind !== 'object' || (memberOf(root, 'type') !== undefined && reader.string(root, 'type') !== 'map')) {
    reader.warn(rangeOf(root), 'tiled-not-a-map', 'A Tiled JSON map is an object with `"type": "map"`.');
    return empty;
  }
  const orientation = memberOf(root, 'orientation');
  return {
    orientation: reader.string(root, 'orientation') || 'orthogonal',
    orientationRange: orientation !== undefined ? rangeOf(orientation.value) : { start: root.start, end: root.start + 1 },
    tileWidth: reader.number(root, 'tilewidth', 0),
    tileHeight: reader.number(root, 'tileheight', 0),
    tilesets: reader.array(root, 'tilesets').map((t) => reader.tilesetRef(t)),
    layers: reader.layers(reader.array(root, 'layers'), 0),
    properties: reader.properties(root),
    diagnostics: document.diagnostics,
  };
}

export function readTsj(text: string, file: string): { tileset: Tileset | undefined; diagnostics: Diagnostic[] } {
  const document = parseJson(text);
  const reader = new TmjReader(document.diagnostics, undefined);
  const root = document.value;
  if (root === undefined || root.kind !== 'object') {
    if (root !== undefined) reader.warn(rangeOf(root), 'tiled-not-a-tileset', 'A JSON tileset is an object.');
    return { tileset: undefined, diagnostics: document.diagnostics };
  }
  return { tileset: reader.tileset(root, file), diagnostics: document.diagnostics };
}

export function readTj(text: string): TemplateModel {
  const document = parseJson(text);
  const reader = new TmjReader(document.diagnostics, undefined);
  const root = document.value;
  const object = memberOf(root, 'object')?.value;
  if (root === undefined || object === undefined) {
    if (root !== undefined) reader.warn(rangeOf(root), 'tiled-not-a-template', 'A JSON template is an object with an `object` member.');
    return { object: undefined, tilesets: [], diagnostics: document.diagnostics };
  }
  const tileset = memberOf(root, 'tileset')?.value;
  return { object: reader.object(object), tilesets: tileset === undefined ? [] : [reader.tilesetRef(tileset)], diagnostics: document.diagnostics };
}
