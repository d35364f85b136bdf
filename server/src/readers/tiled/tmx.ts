// TMX, TSX and TX (Tiled's XML map, tileset and template files) read into model.ts's records.
// Element and attribute names follow Tiled's "TMX Map Format" reference.
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import type { Layer, ShapeKind, TemplateModel, TileBlock, TileDefinition, TiledMapModel, TiledObject, TiledProperty, Tileset, TilesetRef, Written } from './model';
import { decodeTileData, MAX_TILES } from './tile-data';
import { attributeOf, parseXml, type XmlElement } from './xml';

const SHAPE_ELEMENTS: ReadonlySet<string> = new Set(['ellipse', 'point', 'polygon', 'polyline', 'text', 'capsule']);

/** Reads one XML file's elements; `diagnostics` collects what is malformed. */
class TmxReader {
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly host: LevelHost | undefined,
  ) {}

  warn(range: TextRange, code: string, message: string, severity: Diagnostic['severity'] = 'warning'): void {
    this.diagnostics.push({ range, severity, code, message });
  }

  number(element: XmlElement, name: string, fallback: number): number {
    return this.written(element, name)?.value ?? fallback;
  }

  written(element: XmlElement, name: string): Written | undefined {
    const a = attributeOf(element, name);
    if (a === undefined) return undefined;
    const value = a.value.trim() === '' ? NaN : Number(a.value);
    const range = { start: a.valueStart, end: a.valueEnd };
    if (!Number.isFinite(value)) {
      this.warn(range, 'tiled-bad-number', `\`${name}\` must be a number, not \`${a.value}\`.`, 'error');
      return undefined;
    }
    return { value, range };
  }

  text(element: XmlElement, name: string): string {
    return attributeOf(element, name)?.value ?? '';
  }

  valueRange(element: XmlElement, name: string): TextRange | undefined {
    const a = attributeOf(element, name);
    return a === undefined ? undefined : { start: a.valueStart, end: a.valueEnd };
  }

  properties(element: XmlElement): TiledProperty[] {
    const out: TiledProperty[] = [];
    for (const child of element.children) {
      if (child.name !== 'properties') continue;
      for (const p of child.children) {
        if (p.name !== 'property') continue;
        const type = this.text(p, 'type') || 'string';
        const value = attributeOf(p, 'value');
        const range = value === undefined ? { start: p.textStart, end: p.textStart + p.text.length } : { start: value.valueStart, end: value.valueEnd };
        out.push({ name: this.text(p, 'name'), type, value: value?.value ?? p.text, range });
      }
    }
    return out;
  }

  object(element: XmlElement): TiledObject {
    const nameAttr = attributeOf(element, 'name');
    let shape: ShapeKind | undefined;
    let points: number[] | undefined;
    let shapeRange: TextRange | undefined;
    for (const child of element.children) {
      if (!SHAPE_ELEMENTS.has(child.name)) continue;
      shape = child.name as ShapeKind;
      shapeRange = { start: child.start, end: child.end };
      if (shape === 'polygon' || shape === 'polyline') points = this.points(child);
    }
    const gidAttr = this.written(element, 'gid');
    let gid: number | undefined;
    if (gidAttr !== undefined) {
      if (Number.isInteger(gidAttr.value) && gidAttr.value >= 0 && gidAttr.value <= 0xffffffff) gid = gidAttr.value;
      else this.warn(gidAttr.range, 'tiled-bad-gid', `\`${gidAttr.value}\` is not a tile gid.`, 'error');
    }
    const template = attributeOf(element, 'template');
    return {
      id: this.number(element, 'id', 0),
      name: nameAttr?.value ?? '',
      nameRange: nameAttr !== undefined && nameAttr.value !== '' ? { start: nameAttr.valueStart, end: nameAttr.valueEnd } : undefined,
      tagRange: { start: element.nameStart, end: element.nameStart + element.name.length },
      range: { start: element.start, end: element.end },
      x: this.written(element, 'x'),
      y: this.written(element, 'y'),
      width: this.written(element, 'width')?.value,
      height: this.written(element, 'height')?.value,
      rotation: this.written(element, 'rotation')?.value,
      shape,
      points,
      shapeRange,
      gid,
      template: template === undefined ? undefined : { path: template.value, range: { start: template.valueStart, end: template.valueEnd } },
      properties: this.properties(element),
    };
  }

  /** `points="x,y x,y ..."`, flat; a malformed pair is reported and dropped. */
  points(element: XmlElement): number[] {
    const a = attributeOf(element, 'points');
    const out: number[] = [];
    if (a === undefined) return out;
    const text = a.value;
    let i = 0;
    while (i < text.length) {
      while (i < text.length && text.charCodeAt(i) <= 32) i++;
      if (i >= text.length) break;
      let j = i;
      while (j < text.length && text.charCodeAt(j) > 32) j++;
      const pair = text.slice(i, j);
      const comma = pair.indexOf(',');
      const x = comma < 0 ? NaN : Number(pair.slice(0, comma));
      const y = comma < 0 ? NaN : Number(pair.slice(comma + 1));
      if (comma > 0 && comma < pair.length - 1 && Number.isFinite(x) && Number.isFinite(y)) out.push(x, y);
      else this.warn({ start: a.valueStart + i, end: a.valueStart + j }, 'tiled-bad-point', `\`${pair}\` is not a point \`x,y\`: dropped.`, 'error');
      i = j;
    }
    return out;
  }

  /** An embedded `<tileset>` or a `.tsx` file's root. */
  tileset(element: XmlElement, file: string | undefined): Tileset {
    const tiles = new Map<number, TileDefinition>();
    let offsetX = 0;
    let offsetY = 0;
    for (const child of element.children) {
      if (child.name === 'tileoffset') {
        offsetX = this.number(child, 'x', 0);
        offsetY = this.number(child, 'y', 0);
      } else if (child.name === 'tile') {
        const objects: TiledObject[] = [];
        let width: number | undefined;
        let height: number | undefined;
        for (const c of child.children) {
          if (c.name === 'objectgroup') for (const o of c.children) if (o.name === 'object') objects.push(this.object(o));
          if (c.name === 'image') {
            width = this.written(c, 'width')?.value;
            height = this.written(c, 'height')?.value;
          }
        }
        const id = this.number(child, 'id', 0);
        tiles.set(id, { id, objects, properties: this.properties(child), width, height });
      }
    }
    const tileCount = this.written(element, 'tilecount')?.value;
    return {
      name: this.text(element, 'name'),
      tileWidth: this.number(element, 'tilewidth', 0),
      tileHeight: this.number(element, 'tileheight', 0),
      tileCount,
      offsetX,
      offsetY,
      alignment: this.text(element, 'objectalignment') || 'unspecified',
      tiles,
      file,
    };
  }

  tilesetRef(element: XmlElement): TilesetRef {
    const source = attributeOf(element, 'source');
    const range = { start: element.start, end: element.end };
    const firstgid = this.number(element, 'firstgid', 1);
    if (source !== undefined) return { firstgid, range, source: { path: source.value, range: { start: source.valueStart, end: source.valueEnd } } };
    return { firstgid, range, tileset: this.tileset(element, undefined) };
  }

  layers(element: XmlElement, depth: number): Layer[] {
    const out: Layer[] = [];
    for (const child of element.children) {
      const kind = child.name === 'layer' ? 'tilelayer' : child.name === 'objectgroup' ? 'objectgroup' : child.name === 'group' ? 'group' : undefined;
      if (kind === undefined) continue;
      const nameAttr = attributeOf(child, 'name');
      const base = {
        id: this.number(child, 'id', 0),
        name: nameAttr?.value ?? '',
        nameRange: nameAttr !== undefined ? { start: nameAttr.valueStart, end: nameAttr.valueEnd } : { start: child.nameStart, end: child.nameStart + child.name.length },
        range: { start: child.start, end: child.end },
        offsetX: this.number(child, 'offsetx', 0),
        offsetY: this.number(child, 'offsety', 0),
        visible: this.text(child, 'visible') !== '0',
        properties: this.properties(child),
      };
      if (kind === 'objectgroup') {
        const objects: TiledObject[] = [];
        for (const o of child.children) if (o.name === 'object') objects.push(this.object(o));
        out.push({ ...base, kind, objects });
      } else if (kind === 'group') {
        if (depth >= 64) this.warn(base.nameRange, 'tiled-too-deep', 'Group layers nested more than 64 deep are not read.', 'error');
        else out.push({ ...base, kind, layers: this.layers(child, depth + 1) });
      } else {
        const blocks: TileBlock[] = [];
        const width = this.number(child, 'width', 0);
        const height = this.number(child, 'height', 0);
        const data = child.children.find((c) => c.name === 'data');
        if (data !== undefined) {
          const chunks = data.children.filter((c) => c.name === 'chunk');
          if (chunks.length > 0) for (const c of chunks) this.block(data, c, this.number(c, 'x', 0), this.number(c, 'y', 0), this.number(c, 'width', 0), this.number(c, 'height', 0), blocks);
          else this.block(data, data, 0, 0, width, height, blocks);
        }
        out.push({ ...base, kind, blocks });
      }
    }
    return out;
  }

  /** One block of gids: `<data>`'s own content or a `<chunk>`'s. */
  block(data: XmlElement, content: XmlElement, x: number, y: number, width: number, height: number, blocks: TileBlock[]): void {
    const range = { start: content.start, end: content.end };
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0 || width * height > MAX_TILES) {
      this.warn(range, 'tiled-bad-size', `A tile layer of ${width} × ${height} tiles is not read (at most ${MAX_TILES} tiles, whole numbers).`, 'error');
      return;
    }
    const count = width * height;
    const encoding = attributeOf(data, 'encoding');
    if (encoding === undefined) {
      // XML encoding: one <tile gid="..."/> per cell (a missing gid is an empty cell).
      const gids = new Uint32Array(count);
      let n = 0;
      for (const t of content.children) {
        if (t.name !== 'tile') continue;
        const gid = this.number(t, 'gid', 0);
        if (n < count) gids[n] = Number.isInteger(gid) && gid >= 0 && gid <= 0xffffffff ? gid : 0;
        n++;
      }
      if (n !== count) this.warn(range, 'tiled-data-size', `The layer data has ${n} tiles where ${count} are expected.`, 'error');
      blocks.push({ x, y, width, height, gids, range });
      return;
    }
    const compression = attributeOf(data, 'compression');
    const tagRange = { start: data.nameStart, end: data.nameStart + data.name.length };
    const gids = decodeTileData(
      {
        encoding: encoding.value,
        encodingRange: { start: encoding.valueStart, end: encoding.valueEnd },
        compression: compression?.value ?? '',
        compressionRange: compression === undefined ? tagRange : { start: compression.valueStart, end: compression.valueEnd },
        text: content.text,
        textStart: content.textStart,
        range,
        count,
      },
      this.host!,
      this.diagnostics,
    );
    if (gids !== undefined) blocks.push({ x, y, width, height, gids, range });
  }
}

export function readTmx(text: string, host: LevelHost): TiledMapModel {
  const document = parseXml(text);
  const diagnostics = document.diagnostics;
  const reader = new TmxReader(diagnostics, host);
  const root = document.root;
  if (root === undefined || root.name !== 'map') {
    if (root !== undefined) reader.warn({ start: root.nameStart, end: root.nameStart + root.name.length }, 'tiled-not-a-map', `A Tiled map's root element is \`<map>\`, not \`<${root.name}>\`.`, 'error');
    return { orientation: 'orthogonal', orientationRange: { start: 0, end: 0 }, tileWidth: 0, tileHeight: 0, tilesets: [], layers: [], properties: [], diagnostics };
  }
  const tilesets: TilesetRef[] = [];
  for (const child of root.children) if (child.name === 'tileset') tilesets.push(reader.tilesetRef(child));
  return {
    orientation: reader.text(root, 'orientation') || 'orthogonal',
    orientationRange: reader.valueRange(root, 'orientation') ?? { start: root.nameStart, end: root.nameStart + root.name.length },
    tileWidth: reader.number(root, 'tilewidth', 0),
    tileHeight: reader.number(root, 'tileheight', 0),
    tilesets,
    layers: reader.layers(root, 0),
    properties: reader.properties(root),
    diagnostics,
  };
}

/** A `.tsx` file: its tileset, or undefined when its root is not `<tileset>`. */
export function readTsx(text: string, file: string): { tileset: Tileset | undefined; diagnostics: Diagnostic[] } {
  const document = parseXml(text);
  const reader = new TmxReader(document.diagnostics, undefined);
  const root = document.root;
  if (root === undefined || root.name !== 'tileset') {
    if (root !== undefined) reader.warn({ start: root.nameStart, end: root.nameStart + root.name.length }, 'tiled-not-a-tileset', `A tileset file's root element is \`<tileset>\`, not \`<${root.name}>\`.`, 'error');
    return { tileset: undefined, diagnostics: document.diagnostics };
  }
  return { tileset: reader.tileset(root, file), diagnostics: document.diagnostics };
}

/** A `.tx` template file: its `<object>` and its `<tileset>` references. */
export function readTx(text: string): TemplateModel {
  const document = parseXml(text);
  const reader = new TmxReader(document.diagnostics, undefined);
  const root = document.root;
  if (root === undefined || root.name !== 'template') {
    if (root !== undefined) reader.warn({ start: root.nameStart, end: root.nameStart + root.name.length }, 'tiled-not-a-template', `A template file's root element is \`<template>\`, not \`<${root.name}>\`.`, 'error');
    return { object: undefined, tilesets: [], diagnostics: document.diagnostics };
  }
  const objectElement = root.children.find((c) => c.name === 'object');
  const tilesets = root.children.filter((c) => c.name === 'tileset').map((c) => reader.tilesetRef(c));
  return { object: objectElement && reader.object(objectElement), tilesets, diagnostics: document.diagnostics };
}
