// A tile layer's data to gids: CSV text, base64 (uncompressed, zlib or gzip through the host;
// zstd is not read) as Tiled writes in TMX and JSON. Gids are unsigned 32-bit numbers with the
// flip flags in the top bits (Tiled's TMX format reference, "Tile Flipping").
import type { Diagnostic, TextRange } from '../../common/diagnostic';
import type { LevelHost } from '../level-scene';
import { decodeBase64Text } from '../base64';

export interface EncodedData {
  /** The encoding as written ('' when none was given, which the caller has handled). */
  readonly encoding: string;
  readonly encodingRange: TextRange;
  readonly compression: string;
  readonly compressionRange: TextRange;
  /** The encoded text and where it starts in the file. */
  readonly text: string;
  readonly textStart: number;
  /** The whole data element or member, for diagnostics about the content. */
  readonly range: TextRange;
  /** How many gids are expected (width × height). */
  readonly count: number;
}

/** The gids, or undefined (with a diagnostic) when the data cannot be read. */
export function decodeTileData(data: EncodedData, host: LevelHost, diagnostics: Diagnostic[]): Uint32Array | undefined {
  const error = (range: TextRange, code: string, message: string): undefined => {
    diagnostics.push({ range, severity: 'error', code, message });
    return undefined;
  };
  if (data.encoding === 'csv') {
    if (data.compression !== '') return error(data.compressionRange, 'tiled-unsupported-compression', 'CSV layer data cannot be compressed.');
    return decodeCsv(data, diagnostics);
  }
  if (data.encoding !== 'base64') return error(data.encodingRange, 'tiled-unsupported-encoding', `Unknown layer data encoding \`${data.encoding}\`: csv or base64 expected.`);
  let bytes = decodeBase64Text(data.text);
  if (bytes === undefined) return error(data.range, 'tiled-bad-base64', 'The layer data is not valid base64.');
  if (data.compression === 'zlib' || data.compression === 'gzip') {
    bytes = host.inflate(bytes, data.compression);
    if (bytes === undefined) return error(data.range, 'tiled-bad-compression', `The layer data is not valid ${data.compression} data.`);
  } else if (data.compression === 'zstd') {
    return error(data.compressionRange, 'tiled-unsupported-compression', 'Zstandard-compressed layer data is not read: save the map with zlib, gzip or no compression.');
  } else if (data.compression !== '') {
    return error(data.compressionRange, 'tiled-unsupported-compression', `Unknown compression \`${data.compression}\`: zlib or gzip expected.`);
  }
  if (bytes.length !== data.count * 4) {
    error(data.range, 'tiled-data-size', `The layer data has ${Math.floor(bytes.length / 4)} tiles where ${data.count} are expected.`);
  }
  const gids = new Uint32Array(data.count);
  const n = Math.min(data.count, bytes.length >> 2);
  for (let i = 0, b = 0; i < n; i++, b += 4) gids[i] = (bytes[b]! | (bytes[b + 1]! << 8) | (bytes[b + 2]! << 16) | (bytes[b + 3]! << 24)) >>> 0;
  return gids;
}

function decodeCsv(data: EncodedData, diagnostics: Diagnostic[]): Uint32Array {
  const gids = new Uint32Array(data.count);
  const text = data.text;
  let n = 0;
  let i = 0;
  let reported = false;
  while (i < text.length) {
    let c = text.charCodeAt(i);
    if (c === 44 || c === 32 || c === 10 || c === 13 || c === 9) {
      i++;
      continue;
    }
    const start = i;
    let value = 0;
    let digits = true;
    while (i < text.length) {
      c = text.charCodeAt(i);
      if (c === 44 || c === 32 || c === 10 || c === 13 || c === 9) break;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digits = false;
      i++;
    }
    if (!digits || value > 0xffffffff) {
      if (!reported) {
        diagnostics.push({ range: { start: data.textStart + start, end: data.textStart + i }, severity: 'error', code: 'tiled-bad-gid', message: `\`${text.slice(start, i)}\` is not a tile gid: read as empty.` });
        reported = true;
      }
      value = 0;
    }
    if (n < gids.length) gids[n] = value;
    n++;
  }
  if (n !== data.count) diagnostics.push({ range: data.range, severity: 'error', code: 'tiled-data-size', message: `The layer data has ${n} tiles where ${data.count} are expected.` });
  return gids;
}

/**
 * The most tiles one map's layers may have together (a 4096 × 8192 map): beyond it, sizes are a
 * typo or an attack, and reading them would exhaust memory.
 */
export const MAX_TILES = 1 << 25;
