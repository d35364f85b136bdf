// Chains and tile grids (levels-and-tiles.md §2, §3): their checks and their geometry. Both are
// static geometry of one body; neither is a convex shape, so neither may be a compound's part
// or a named shape.
import { makeChainPacked, tileGridFromRows, tileKindOf } from '../../../core';
import type { ShapeCall, TileGridShape } from '../syntax/ast';
import { EnvironmentChecker } from './environment';
import { SceneChains } from './scene-chains';

export abstract class ChainChecker extends EnvironmentChecker {
  /**
   * A body's `chain(...)`: two or more distinct vertices (three for a loop), consecutive repeats
   * dropped; only on a static body (`chain-not-static` otherwise).
   */
  protected chainGeometry(node: ShapeCall, isStatic: boolean, bodyName: string | undefined): SceneChains | undefined {
    if (!this.argumentCount(node)) return undefined;
    const xy: number[] = [];
    let failed = false;
    for (let i = 0; i < node.args.length; i++) {
      const v = this.slot(node.args[i]!, 'position', 'vector', `vertex ${i + 1}`);
      if (v === undefined) {
        failed = true;
        continue;
      }
      const n = xy.length;
      if (n >= 2 && xy[n - 2] === v.x && xy[n - 1] === v.y) continue;
      xy.push(v.x, v.y);
    }
    if (failed) return undefined;
    const loop = node.loop !== undefined;
    // A loop's last vertex written again at its end closes it twice: dropped too.
    if (loop && xy.length >= 4 && xy[0] === xy[xy.length - 2] && xy[1] === xy[xy.length - 1]) xy.length -= 2;
    const need = loop ? 3 : 2;
    if (xy.length / 2 < need) {
      this.error(node.range, 'chain-too-few-vertices', `A ${loop ? 'loop chain' : 'chain'} needs at least ${need} distinct vertices; this has ${xy.length / 2}.`);
      return undefined;
    }
    if (!isStatic) {
      const name = bodyName ?? 'name';
      this.error(
        node.constructorRange,
        'chain-not-static',
        `A chain is one-sided static geometry: it belongs to a static body (body ${name} static chain(...)).`,
      );
      return undefined;
    }
    return new SceneChains([makeChainPacked(Float64Array.from(xy), loop)], undefined, undefined);
  }

  /**
   * A `tiles` statement's grid: the cell size (a number or (w, h), each > 0), then the rows. A
   * row of another length than the first, and characters that are no tile, are errors on their
   * exact range; the grid keeps every row (shorter ones padded with empty cells, unknown
   * characters empty), so the rest of it still counts.
   */
  protected tileGeometry(node: TileGridShape): SceneChains | undefined {
    const size = this.slot(node.cell, 'length', 'any', 'the cell size');
    let w: number | undefined;
    let h: number | undefined;
    if (typeof size === 'number') w = h = size;
    else if (size !== undefined) {
      w = size.x;
      h = size.y;
    }
    if (size !== undefined && !(w! > 0 && h! > 0)) {
      this.error(node.cell.range, 'invalid-size', 'A tile cell must be wider and taller than 0.');
      return undefined;
    }
    const rows: string[] = [];
    const first = node.rows[0]?.text.length ?? 0;
    for (const row of node.rows) {
      rows.push(row.text);
      const at = row.range.start + 1;
      for (let i = 0; i < row.text.length; ) {
        if (tileKindOf(row.text[i]!) >= 0) {
          i++;
          continue;
        }
        let j = i + 1;
        while (j < row.text.length && tileKindOf(row.text[j]!) < 0) j++;
        this.error(
          { start: at + i, end: at + j },
          'tiles-unknown-character',
          `'${row.text.slice(i, j)}' is no tile: a row holds '#' (solid), '.' or space (empty), '/' and '\\' (ramps rising right and left), 'F' and '7' (upper-left and upper-right triangles). Read as empty.`,
        );
        i = j;
      }
      if (row.text.length !== first) {
        this.error(
          row.range,
          'tiles-row-length',
          `This row has ${row.text.length} cell${row.text.length === 1 ? '' : 's'} but the first row has ${first}: every row of a grid is as long as the others (missing cells are empty).`,
        );
      }
    }
    if (w === undefined || h === undefined) return undefined;
    return SceneChains.ofGrid(tileGridFromRows(rows, w, h, 0, 0));
  }
}
