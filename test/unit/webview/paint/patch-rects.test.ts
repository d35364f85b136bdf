import { strict as assert } from 'node:assert';
import { boundingRect, mergePatchRects, type PixelRect } from '../../../../webview/src/paint/patch-rects';

const covers = (outer: PixelRect, inner: PixelRect): boolean =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

describe('mergePatchRects', () => {
  it('draws a repeated rectangle once', () => {
    const r: PixelRect = [134, 435, 155, 455];
    assert.deepEqual(mergePatchRects([r, [...r], [...r]]), [r]);
  });

  it('drops a rectangle inside another, wherever it comes in the list', () => {
    assert.deepEqual(mergePatchRects([[10, 10, 20, 20], [0, 0, 50, 50]]), [[0, 0, 50, 50]]);
    assert.deepEqual(mergePatchRects([[0, 0, 50, 50], [10, 10, 20, 20]]), [[0, 0, 50, 50]]);
  });

  it('merges overlapping rectangles whose union costs no more pixels, and keeps apart ones apart', () => {
    // Two 10 × 10 squares overlapping by half: their union (15 × 10) is smaller than both apart.
    assert.deepEqual(mergePatchRects([[0, 0, 10, 10], [5, 0, 15, 10]]), [[0, 0, 15, 10]]);
    // Diagonal corners of a large square: the union would draw 100 × 100 for 200 pixels.
    const apart: PixelRect[] = [[0, 0, 10, 10], [90, 90, 100, 100]];
    assert.deepEqual(mergePatchRects(apart), apart);
  });

  it('covers every pixel it was given, and leaves its input as it was', () => {
    const input: PixelRect[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 200;
    for (let k = 0; k < 16; k++) {
      const x = next();
      const y = next();
      input.push([x, y, x + 1 + (next() % 40), y + 1 + (next() % 40)]);
    }
    const copy = input.map((r) => [...r]);
    const out = mergePatchRects(input);
    assert.ok(out.length > 0 && out.length <= input.length);
    for (const r of input) assert.ok(out.some((o) => covers(o, r)), `${r} is covered`);
    assert.deepEqual(input, copy);
    // The bound a patch of too many rectangles draws instead: holds them all, each side touched.
    const u = boundingRect(input);
    for (const r of input) assert.ok(covers(u, r), `${r} is inside the bound`);
    for (let side = 0; side < 4; side++) assert.ok(input.some((r) => r[side] === u[side]), `side ${side} is some rectangle's`);
  });
});
