// The editor on a `tiles` statement's rows (levels-and-tiles.md §3): which cell a character is,
// what its kind means, and what touches it; the characters completion offers in a row.
import type { TextRange } from '../common/diagnostic';
import type { SceneBody } from '../semantics/scene';
import type { TileGridShape } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import { findingLine, fmt, fmtVec } from './describe';
import { findingsOfBody, type AnalyzedDocument } from './document';

/** The tile characters, each with what it stands for (core/tiles/tile-grid.ts's kinds). */
export const TILE_CHARACTERS: readonly { readonly ch: string; readonly meaning: string }[] = [
  { ch: '#', meaning: 'solid: the whole cell' },
  { ch: '.', meaning: 'empty' },
  { ch: ' ', meaning: 'empty (as `.`)' },
  { ch: '/', meaning: 'ramp rising to the right: the cell\'s lower-right triangle' },
  { ch: '\\', meaning: 'ramp rising to the left: the cell\'s lower-left triangle' },
  { ch: 'F', meaning: 'ceiling: the cell\'s upper-left triangle' },
  { ch: '7', meaning: 'ceiling: the cell\'s upper-right triangle' },
];

/** A position in a row of a `tiles` statement. */
export interface TileRowAt {
  readonly grid: TileGridShape;
  /** The statement's name's start (the body's `nameStart`), or -1 when it has none. */
  readonly nameStart: number;
  /** The row, 0 at the top, and the column of the character at the offset (may be the row's length: just after its last character). */
  readonly row: number;
  readonly column: number;
  /** Where the row's characters start (just after its opening quote). */
  readonly textStart: number;
}

/**
 * The row of a `tiles` statement whose characters hold `offset` (between its quotes, the closing
 * quote's offset included), or null. Only the statement around the offset is parsed
 * (syntax/statement-index.ts).
 */
export function tileRowAt(doc: AnalyzedDocument, offset: number): TileRowAt | null {
  const index = statementIndexOf(doc.analysis.parse);
  const k = index.atOrBefore(offset);
  if (k < 0 || offset > index.end(k) || index.kind(k) !== 'Body') return null;
  const statement = index.parse(k)[0];
  if (statement?.kind !== 'Body' || statement.shape.kind !== 'Tiles') return null;
  const grid = statement.shape;
  for (let r = 0; r < grid.rows.length; r++) {
    const row = grid.rows[r]!;
    const textStart = row.range.start + 1;
    if (offset < textStart || offset > textStart + row.text.length) continue;
    return { grid, nameStart: statement.name?.range.start ?? -1, row: r, column: offset - textStart, textStart };
  }
  return null;
}

/**
 * Hover on a tile character: its cell [column, row], its kind, the cell's extent in the scene,
 * and the findings against that cell. Null off a tile character.
 */
export function tileHover(doc: AnalyzedDocument, offset: number): { markdown: string; range: TextRange } | null {
  const at = tileRowAt(doc, offset);
  if (!at) return null;
  const text = at.grid.rows[at.row]!.text;
  if (at.column >= text.length) return null;
  const ch = text[at.column]!;
  const known = TILE_CHARACTERS.find((t) => t.ch === ch);
  const scene = doc.analysis.semantics.scene;
  const body: SceneBody | undefined = at.nameStart < 0 ? undefined : scene.bodies.find((b) => b.nameStart === at.nameStart);
  const shown = ch === ' ' ? 'space' : `\`${ch === '`' ? "'`'" : ch}\``;
  const lines = [`**tile** ${shown} · cell [${at.column}, ${at.row}]${body ? ` of \`${body.name}\`` : ''}`, ''];
  lines.push(`- kind: ${known ? known.meaning : 'no tile (read as empty)'}`);
  const grid = body?.chainGeometry?.grid;
  if (body && grid && body.angle === 0) {
    const x0 = body.x + at.column * grid.cellWidth;
    const y1 = body.y - at.row * grid.cellHeight;
    lines.push(`- cell: ${fmtVec(x0, y1 - grid.cellHeight)} to ${fmtVec(x0 + grid.cellWidth, y1)} (${fmt(grid.cellWidth)} × ${fmt(grid.cellHeight)})`);
  }
  lines.push('');
  if (!body) lines.push('Not analyzed until the errors in its statement are fixed.');
  else {
    const touching = findingsOfBody(doc, body.index).filter((f) => {
      const cell = f.cell;
      return cell !== undefined && cell[0] === at.column && cell[1] === at.row;
    });
    if (touching.length === 0) lines.push('Nothing touches this cell.');
    else {
      lines.push(`**Touched by** (${touching.length})`, '');
      for (const f of touching) lines.push(`- ${findingLine(scene, f, body.index)}`);
    }
  }
  const start = at.textStart + at.column;
  return { markdown: lines.join('\n'), range: { start, end: start + 1 } };
}
