// TMX, TSX and TX (Tiled's XML map, tileset and template files) read into model.ts's records.
// Element and attribute names follow Tiled's "TMX Map Format" reference.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import type { Layer, ShapeKind, TemplateModel, TileBlock, TileDefinition, TiledMapModel, TiledObject, TiledProperty, Tileset, TilesetRef, Written } from './model';
import { decodeTileData, MAX_TILES } from './tile-data';
import { NONE, parseXml, type XmlDocument } from './xml';

const SHAPE_ELEMENTS: readonly ShapeKind[] = ['ellipse', 'point', 'polygon', 'polyline', 'text', 'capsule'];

/** Reads one XML file's elements; `diagnostics` collects what is malformed. */
class TmxReader {
  readonly diagnostics: Diagnostic[];
  /** Tiles the layers may still have (MAX_TILES in all). */
  tileBudget = MAX_TILES;

  constructor(
    readonly doc: XmlDocument,
    readonly host: LevelHost | undefined,
  ) {
    this.diagnostics = doc.diagnostics;
  }

  warn(range: TextRange, code: string, message: string, severity: Diagnostic['severity'] = 'warning'): void {
    this.diagnostics.push({ range, severity, code, message });
  }

  tagRange(e: number): TextRange {
    return { start: this.doc.nameStart(e), end: this.doc.nameEnd(e) };
  }

  range(e: number): TextRange {
    return { start: this.doc.start(e), end: this.doc.end(e) };
  }

  /** The attribute's value as a number, NaN (reported) when malformed, undefined when absent. */
  private parsed(e: number, name: string): number | undefined {
    const a = this.doc.attribute(e, name);
    return a === NONE ? undefined : this.numberOf(a, name);
  }

  private numberOf(a: number, name: string): number {
    const doc = this.doc;
    const value = doc.number(a);
    if (!Number.isFinite(value)) {
      this.warn({ start: doc.valueStart(a), end: doc.valueEnd(a) }, 'tiled-bad-number', `\`${name}\` must be a number, not \`${doc.value(a)}\`.`, 'error');
      return NaN;
    }
    return value;
  }

  number(e: number, name: string, fallback: number): number {
    const v = this.parsed(e, name);
    return v === undefined || Number.isNaN(v) ? fallback : v;
  }

  optional(e: number, name: string): number | undefined {
    const v = this.parsed(e, name);
    return v === undefined || Number.isNaN(v) ? undefined : v;
  }

  written(e: number, name: string): Written | undefined {
    const a = this.doc.attribute(e, name);
    if (a === NONE) return undefined;
    const value = this.numberOf(a, name);
    return Number.isNaN(value) ? undefined : { value, start: this.doc.valueStart(a), end: this.doc.valueEnd(a) };
  }

  text(e: number, name: string): string {
    const a = this.doc.attribute(e, name);
    return a === NONE ? '' : this.doc.value(a);
  }

  valueRange(e: number, name: string): TextRange | undefined {
    const a = this.doc.attribute(e, name);
    return a === NONE ? undefined : { start: this.doc.valueStart(a), end: this.doc.valueEnd(a) };
  }

  properties(e: number): TiledProperty[] {
    const doc = this.doc;
    const list = doc.child(e, 'properties');
    if (list === NONE) return NO_PROPERTIES;
    const out: TiledProperty[] = [];
    for (let p = doc.firstChild(list); p !== NONE; p = doc.nextSibling(p)) {
      if (!doc.is(p, 'property')) continue;
      const type = this.text(p, 'type') || 'string';
      const value = doc.attribute(p, 'value');
      const range = value === NONE ? { start: doc.contentStart(p), end: doc.contentStart(p) + doc.content(p).length } : { start: doc.valueStart(value), end: doc.valueEnd(value) };
      out.push({ name: this.text(p, 'name'), type, value: value === NONE ? doc.content(p) : doc.value(value), range });
    }
    return out;
  }

  object(e: number): TiledObject {
    const doc = this.doc;
    let shape: ShapeKind | undefined;
    let points: number[] | undefined;
    let shapeRange: TextRange | undefined;
    for (let c = doc.firstChild(e); c !== NONE; c = doc.nextSibling(c)) {
      let kind: ShapeKind | undefined;
      for (const k of SHAPE_ELEMENTS) if (doc.is(c, k)) kind = k;
      if (kind === undefined) continue;
      shape = kind;
      shapeRange = this.range(c);
      if (shape === 'polygon' || shape === 'polyline') points = this.points(c);
    }
    const gidAttr = this.written(e, 'gid');
    let gid: number | undefined;
    if (gidAttr !== undefined) {
      if (Number.isInteger(gidAttr.value) && gidAttr.value >= 0 && gidAttr.value <= 0xffffffff) gid = gidAttr.value;
      else this.warn({ start: gidAttr.start, end: gidAttr.end }, 'tiled-bad-gid', `\`${gidAttr.value}\` is not a tile gid.`, 'error');
    }
    const template = doc.attribute(e, 'template');
    const nameAttr = doc.attribute(e, 'name');
    const name = nameAttr === NONE ? '' : doc.value(nameAttr);
    return {
      id: this.number(e, 'id', 0),
      name,
      nameRange: name !== '' ? { start: doc.valueStart(nameAttr), end: doc.valueEnd(nameAttr) } : undefined,
      tagRange: this.tagRange(e),
      range: this.range(e),
      x: this.written(e, 'x'),
      y: this.written(e, 'y'),
      width: this.optional(e, 'width'),
      height: this.optional(e, 'height'),
      rotation: this.optional(e, 'rotation'),
      shape,
      points,
      shapeRange,
      gid,
      template: template === NONE ? undefined : { path: doc.value(template), range: { start: doc.valueStart(template), end: doc.valueEnd(template) } },
      properties: this.properties(e),
    };
  }

  /** `points="x,y x,y ..."`, flat; a malformed pair is reported and dropped. */
  points(e: number): number[] {
    const a = this.doc.attribute(e, 'points');
    const out: number[] = [];
    if (a === NONE) return out;
    const text = this.doc.value(a);
    const at = this.doc.valueStart(a);
    let i = 0;
    while (i < text.length) {
      while (i < text.length && text.charCodeAt(i) <= 32) i++;
      if (i >= text.length) break;
      let j = i;
      while (j < text.length && text.charCodeAt(j) > 32) j++;
      const pair = text.slice(i, j);
      const comma = pair.indexOf(',');
      const x = comma <= 0 ? NaN : Number(pair.slice(0, comma));
      const y = comma < 0 || comma === pair.length - 1 ? NaN : Number(pair.slice(comma + 1));
      if (Number.isFinite(x) && Number.isFinite(y)) out.push(x, y);
      else this.warn({ start: at + i, end: at + j }, 'tiled-bad-point', `\`${pair}\` is not a point \`x,y\`: dropped.`, 'error');
      i = j;
    }
    return out;
  }

  /** An embedded `<tileset>` or a `.tsx` file's root. */
  tileset(e: number, file: string | undefined): Tileset {
    const doc = this.doc;
    const tiles = new Map<number, TileDefinition>();
    let offsetX = 0;
    let offsetY = 0;
    for (let child = doc.firstChild(e); child !== NONE; child = doc.nextSibling(child)) {
      if (doc.is(child, 'tileoffset')) {
        offsetX = this.number(child, 'x', 0);
        offsetY = this.number(child, 'y', 0);
      } else if (doc.is(child, 'tile')) {
        const objects: TiledObject[] = [];
        let width: number | undefined;
        let height: number | undefined;
        for (let c = doc.firstChild(child); c !== NONE; c = doc.nextSibling(c)) {
          if (doc.is(c, 'objectgroup')) for (let o = doc.firstChild(c); o !== NONE; o = doc.nextSibling(o)) if (doc.is(o, 'object')) objects.push(this.object(o));
          if (doc.is(c, 'image')) {
            width = this.optional(c, 'width');
            height = this.optional(c, 'height');
          }
        }
        const id = this.number(child, 'id', 0);
        tiles.set(id, { id, objects, properties: this.properties(child), width, height });
      }
    }
    return {
      name: this.text(e, 'name'),
      tileWidth: this.number(e, 'tilewidth', 0),
      tileHeight: this.number(e, 'tileheight', 0),
      tileCount: this.optional(e, 'tilecount'),
      offsetX,
      offsetY,
      alignment: this.text(e, 'objectalignment') || 'unspecified',
      renderSize: this.text(e, 'tilerendersize') || 'tile',
      fillMode: this.text(e, 'fillmode') || 'stretch',
      tiles,
      file,
    };
  }

  tilesetRef(e: number): TilesetRef {
    const source = this.doc.attribute(e, 'source');
    const range = this.range(e);
    const firstgid = this.number(e, 'firstgid', 1);
    if (source !== NONE) return { firstgid, range, source: { path: this.doc.value(source), range: { start: this.doc.valueStart(source), end: this.doc.valueEnd(source) } } };
    return { firstgid, range, tileset: this.tileset(e, undefined) };
  }

  layers(e: number, depth: number): Layer[] {
    const doc = this.doc;
    const out: Layer[] = [];
    for (let child = doc.firstChild(e); child !== NONE; child = doc.nextSibling(child)) {
      const kind = doc.is(child, 'layer') ? 'tilelayer' : doc.is(child, 'objectgroup') ? 'objectgroup' : doc.is(child, 'group') ? 'group' : undefined;
      if (kind === undefined) continue;
      const nameAttr = doc.attribute(child, 'name');
      const base = {
        id: this.number(child, 'id', 0),
        name: nameAttr === NONE ? '' : doc.value(nameAttr),
        nameRange: nameAttr !== NONE ? { start: doc.valueStart(nameAttr), end: doc.valueEnd(nameAttr) } : this.tagRange(child),
        range: this.range(child),
        offsetX: this.number(child, 'offsetx', 0),
        offsetY: this.number(child, 'offsety', 0),
        visible: this.text(child, 'visible') !== '0',
        properties: this.properties(child),
      };
      if (kind === 'objectgroup') {
        const objects: TiledObject[] = [];
        for (let o = doc.firstChild(child); o !== NONE; o = doc.nextSibling(o)) if (doc.is(o, 'object')) objects.push(this.object(o));
        out.push({ ...base, kind, objects });
      } else if (kind === 'group') {
        if (depth >= 64) this.warn(base.nameRange, 'tiled-too-deep', 'Group layers nested more than 64 deep are not read.', 'error');
        else out.push({ ...base, kind, layers: this.layers(child, depth + 1) });
      } else {
        const blocks: TileBlock[] = [];
        const data = doc.child(child, 'data');
        if (data !== NONE) {
          let chunks = 0;
          for (let c = doc.firstChild(data); c !== NONE; c = doc.nextSibling(c)) {
            if (!doc.is(c, 'chunk')) continue;
            chunks++;
            this.block(data, c, this.number(c, 'x', 0), this.number(c, 'y', 0), this.number(c, 'width', 0), this.number(c, 'height', 0), blocks);
          }
          if (chunks === 0) this.block(data, data, 0, 0, this.number(child, 'width', 0), this.number(child, 'height', 0), blocks);
        }
        out.push({ ...base, kind, blocks });
      }
    }
    return out;
  }

  /** One block of gids: `<data>`'s own content or a `<chunk>`'s. */
  block(data: number, content: number, x: number, y: number, width: number, height: number, blocks: TileBlock[]): void {
    const doc = this.doc;
    const range = this.range(content);
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0 || width * height > this.tileBudget) {
      this.warn(range, 'tiled-bad-size', `A tile layer of ${width} × ${height} tiles is not read (a map's layers have at most ${MAX_TILES} tiles together, whole numbers).`, 'error');
      return;
    }
    this.tileBudget -= width * height;
    const count = width * height;
    const encoding = doc.attribute(data, 'encoding');
    if (encoding === NONE) {
      // XML encoding: one <tile gid="..."/> per cell (a missing gid is an empty cell).
      const gids = new Uint32Array(count);
      let n = 0;
      for (let t = doc.firstChild(content); t !== NONE; t = doc.nextSibling(t)) {
        if (!doc.is(t, 'tile')) continue;
        const gid = this.number(t, 'gid', 0);
        if (n < count) gids[n] = Number.isInteger(gid) && gid >= 0 && gid <= 0xffffffff ? gid : 0;
        n++;
      }
      if (n !== count) this.warn(range, 'tiled-data-size', `The layer data has ${n} tiles where ${count} are expected.`, 'error');
      blocks.push({ x, y, width, height, gids, range });
      return;
    }
    const compression = doc.attribute(data, 'compression');
    const gids = decodeTileData(
      {
        encoding: doc.value(encoding),
        encodingRange: { start: doc.valueStart(encoding), end: doc.valueEnd(encoding) },
        compression: compression === NONE ? '' : doc.value(compression),
        compressionRange: compression === NONE ? this.tagRange(data) : { start: doc.valueStart(compression), end: doc.valueEnd(compression) },
        text: doc.content(content),
        textStart: doc.contentStart(content),
        range,
        count,
      },
      this.host!,
      this.diagnostics,
    );
    if (gids !== undefined) blocks.push({ x, y, width, height, gids, range });
  }

  /** A root that is not `expected`: reported on its tag. */
  wrongRoot(expected: string, what: string, code: string): boolean {
    const root = this.doc.root;
    if (root !== NONE && this.doc.is(root, expected)) return false;
    if (root !== NONE) this.warn(this.tagRange(root), code, `${what}'s root element is \`<${expected}>\`, not \`<${this.doc.name(root)}>\`.`, 'error');
    return true;
  }
}

const NO_PROPERTIES: TiledProperty[] = [];

export function readTmx(text: string, host: LevelHost): TiledMapModel {
  const reader = new TmxReader(parseXml(text), host);
  const diagnostics = reader.diagnostics;
  const root = reader.doc.root;
  if (reader.wrongRoot('map', 'A Tiled map', 'tiled-not-a-map')) {
    return { orientation: 'orthogonal', orientationRange: { start: 0, end: 0 }, tileWidth: 0, tileHeight: 0, height: 0, staggerAxis: 'y', staggerIndex: 'odd', hexSideLength: 0, tilesets: [], layers: [], properties: [], diagnostics };
  }
  const tilesets: TilesetRef[] = [];
  for (let c = reader.doc.firstChild(root); c !== NONE; c = reader.doc.nextSibling(c)) if (reader.doc.is(c, 'tileset')) tilesets.push(reader.tilesetRef(c));
  return {
    orientation: reader.text(root, 'orientation') || 'orthogonal',
    orientationRange: reader.valueRange(root, 'orientation') ?? reader.tagRange(root),
    tileWidth: reader.number(root, 'tilewidth', 0),
    tileHeight: reader.number(root, 'tileheight', 0),
    height: reader.number(root, 'height', 0),
    staggerAxis: reader.text(root, 'staggeraxis') || 'y',
    staggerIndex: reader.text(root, 'staggerindex') || 'odd',
    hexSideLength: reader.number(root, 'hexsidelength', 0),
    tilesets,
    layers: reader.layers(root, 0),
    properties: reader.properties(root),
    diagnostics,
  };
}

/** A `.tsx` file: its tileset, or undefined when its root is not `<tileset>`. */
export function readTsx(text: string, file: string): { tileset: Tileset | undefined; diagnostics: Diagnostic[] } {
  const reader = new TmxReader(parseXml(text), undefined);
  if (reader.wrongRoot('tileset', 'A tileset file', 'tiled-not-a-tileset')) return { tileset: undefined, diagnostics: reader.diagnostics };
  return { tileset: reader.tileset(reader.doc.root, file), diagnostics: reader.diagnostics };
}

/** A `.tx` template file: its `<object>` and its `<tileset>` references. */
export function readTx(text: string): TemplateModel {
  const reader = new TmxReader(parseXml(text), undefined);
  const doc = reader.doc;
  if (reader.wrongRoot('template', 'A template file', 'tiled-not-a-template')) return { object: undefined, tilesets: [], diagnostics: reader.diagnostics };
  const object = doc.child(doc.root, 'object');
  const tilesets: TilesetRef[] = [];
  for (let c = doc.firstChild(doc.root); c !== NONE; c = doc.nextSibling(c)) if (doc.is(c, 'tileset')) tilesets.push(reader.tilesetRef(c));
  return { object: object === NONE ? undefined : reader.object(object), tilesets, diagnostics: reader.diagnostics };
}
