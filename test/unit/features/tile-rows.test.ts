/**
 * The editor on a `tiles` statement's rows (server/src/features/tile-rows.ts): hover on a tile
 * character gives its cell, its kind and the findings against that cell; completion in a row
 * offers the seven tile characters and nothing else; a grid's rows fold under its first line.
 */
import { strict as assert } from 'node:assert';
import { completion } from '../../../server/src/features/completion';
import { foldingRanges } from '../../../server/src/features/folding-ranges';
import { hover } from '../../../server/src/features/hover';
import { cursor, scene } from './fixture';

const GRID = ['tiles ground cell 1 at (0, 3)', '  "#..#"', '  "#./#"', '  "####"'];
/** A crate 0.2 deep in the floor above cell [1, 2]. */
const CRATE = 'body crate box(1, 1) at (1.5, 1.3)';

/** The grid and the crate, the cursor before the character at `column` of row `row`. */
function at(row: number, column: number, rows = GRID): string {
  const lines = [...rows, CRATE];
  const line = lines[row + 1]!;
  const i = line.indexOf('"') + 1 + column;
  lines[row + 1] = `${line.slice(0, i)}|${line.slice(i)}`;
  return `${lines.join('\n')}\n`;
}

function hoverAt(row: number, column: number, rows = GRID): string | undefined {
  const { doc, offset } = cursor(at(row, column, rows));
  return hover(doc, offset)?.markdown;
}

describe('features/tile-rows', () => {
  it('hovers a tile character with its cell, kind and extent', () => {
    const ramp = hoverAt(1, 2)!;
    assert.match(ramp, /\*\*tile\*\* `\/` · cell \[2, 1\] of `ground`/);
    assert.match(ramp, /kind: ramp rising to the right: the cell's lower-right triangle/);
    assert.match(ramp, /cell: \(2, 1\) to \(3, 2\) \(1 × 1\)/);
    assert.match(ramp, /Nothing touches this cell\./);
    assert.match(hoverAt(0, 1)!, /kind: empty/);
    assert.match(hoverAt(0, 0)!, /cell \[0, 0\][\s\S]*kind: solid/);
  });

  it('names the findings against the cell hovered, and only those', () => {
    const floor = hoverAt(2, 1)!;
    assert.match(floor, /cell \[1, 2\]/);
    assert.match(floor, /\*\*Touched by\*\* \(1\)/);
    assert.match(floor, /\*\*overlap\*\* with `crate`: depth 0\.2/);
    assert.match(hoverAt(2, 3)!, /Nothing touches this cell\./);
  });

  it('hovers the range of the one character, and nothing on the quotes or after the row', () => {
    const { doc, offset } = cursor(at(1, 2));
    assert.deepStrictEqual(hover(doc, offset)!.range, { start: offset, end: offset + 1 });
    const row = at(1, 4);
    const closing = cursor(row);
    assert.ok(!/\*\*tile\*\*/.test(hover(closing.doc, closing.offset)?.markdown ?? ''), 'the closing quote is no tile');
  });

  it('says what an unknown character is read as', () => {
    const text = hoverAt(0, 1, [GRID[0]!, '  "#x.#"', GRID[2]!, GRID[3]!])!;
    assert.match(text, /kind: no tile \(read as empty\)/);
  });

  it('completes the seven tile characters with their meaning inside a row, in order', () => {
    for (const [row, column] of [[0, 0], [1, 2], [2, 4]] as const) {
      const { doc, offset } = cursor(at(row, column));
      const items = completion(doc, offset, { snippets: true });
      assert.deepStrictEqual(items.map((c) => c.insertText), ['#', '.', ' ', '/', '\\', 'F', '7']);
      assert.ok(items.every((c) => c.kind === 'tile' && c.detail && c.detail.length > 0));
      assert.equal(items.find((c) => c.insertText === '/')!.detail, "ramp rising to the right: the cell's lower-right triangle");
      assert.equal(items.find((c) => c.insertText === ' ')!.label, 'space');
    }
    // Outside the rows, completion is as before: no tile character.
    const { doc, offset } = cursor(`${GRID.join('\n')}\nbody crate box(1, 1) at (|\n`);
    const items = completion(doc, offset, { snippets: true });
    assert.ok(items.length > 0 && items.every((c) => c.kind !== 'tile'));
  });

  it('folds a grid\'s rows under its first line', () => {
    const doc = scene(`frames 1\n${GRID.join('\n')}\n${CRATE}\n`);
    const folds = foldingRanges(doc);
    assert.deepStrictEqual(folds, [{ startLine: 1, endLine: 4 }]);
  });
});
