/**
 * The viewport in both orientations (render/viewport.ts): a y-down view places every world point
 * where a y-up view centered at (cx, -cy) places its mirror (x, -y), to the bit, and mirrored top
 * to bottom about the screen's middle; toWorldY inverts toScreenY; zooming keeps the point under
 * the cursor in place and panning moves the content with the pointer, in either orientation.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  fitBounds,
  panBy,
  revealBounds,
  screenYSign,
  toScreenX,
  toScreenY,
  toWorldX,
  toWorldY,
  upY,
  visibleWorldY,
  zoomAbout,
  type Viewport,
} from '../../../render/viewport';

const coord = fc.double({ min: -1e4, max: 1e4, noNaN: true });
const viewArb: fc.Arbitrary<Viewport> = fc.record({
  cx: coord,
  cy: coord,
  zoom: fc.double({ min: 1e-2, max: 1e3, noNaN: true }),
  width: fc.integer({ min: 16, max: 4000 }),
  height: fc.integer({ min: 16, max: 4000 }),
});
const orientation = fc.boolean();
const screen = fc.double({ min: -200, max: 4200, noNaN: true });

const down = (v: Viewport): Viewport => ({ ...v, yDown: true });
const up = (v: Viewport): Viewport => ({ ...v, yDown: false });
/** The y-up view that shows a y-down view's scene mirrored: its center mirrored too. */
const mirrorView = (v: Viewport): Viewport => ({ ...v, cy: -v.cy, yDown: false });

/** Equal up to a few units in the last place of the numbers involved. */
function near(a: number, b: number, scale: number, what: string): void {
  assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(scale)), `${what}: ${a} vs ${b}`);
}

describe('render/viewport: y up and y down', () => {
  it('a y-down view places a point where the y-up view of the mirrored scene places its mirror, to the bit', () => {
    fc.assert(
      fc.property(viewArb, coord, coord, screen, (v, x, y, sy) => {
        const d = down(v);
        const m = mirrorView(v);
        assert.equal(toScreenY(d, y), toScreenY(m, -y));
        assert.equal(toScreenX(d, x), toScreenX(m, x));
        assert.equal(toWorldY(d, sy), -toWorldY(m, sy));
        assert.equal(upY(d, y), -y);
        assert.equal(upY(v, y), y);
      }),
    );
  });

  it('y down mirrors y up about the screen\'s middle line', () => {
    fc.assert(
      fc.property(viewArb, coord, (v, y) => {
        const a = toScreenY(up(v), y);
        const b = toScreenY(down(v), y);
        near(a + b, v.height, Math.abs(a) + Math.abs(b) + v.height, 'sy(up) + sy(down) = height');
        // A step up the world goes up the screen in a y-up view, down it in a y-down one.
        const step = 1 / v.zoom;
        assert.ok(toScreenY(up(v), v.cy + step) < toScreenY(up(v), v.cy));
        assert.ok(toScreenY(down(v), v.cy + step) > toScreenY(down(v), v.cy));
        assert.equal(screenYSign(up(v)), -1);
        assert.equal(screenYSign(down(v)), 1);
      }),
    );
  });

  it('toWorldY inverts toScreenY, and the other way round, in both orientations', () => {
    fc.assert(
      fc.property(viewArb, orientation, coord, screen, (v0, yDown, y, sy) => {
        const v = { ...v0, yDown };
        near(toWorldY(v, toScreenY(v, y)), y, Math.abs(y) + Math.abs(v.cy) + v.height / v.zoom, 'world → screen → world');
        near(toScreenY(v, toWorldY(v, sy)), sy, Math.abs(sy) + v.height + Math.abs(v.cy) * v.zoom, 'screen → world → screen');
      }),
    );
  });

  it('the visible world y range is the screen\'s top and bottom edges, lowest first', () => {
    fc.assert(
      fc.property(viewArb, orientation, (v0, yDown) => {
        const v = { ...v0, yDown };
        const [lo, hi] = visibleWorldY(v);
        assert.ok(lo < hi);
        const edges = [toWorldY(v, 0), toWorldY(v, v.height)].sort((a, b) => a - b);
        assert.deepEqual([lo, hi], edges);
      }),
    );
  });

  it('zoomAbout keeps the world point under the cursor in place, in both orientations', () => {
    fc.assert(
      fc.property(viewArb, orientation, screen, screen, fc.double({ min: 0.1, max: 10, noNaN: true }), (v0, yDown, sx, sy, factor) => {
        const v = { ...v0, yDown };
        const wx = toWorldX(v, sx);
        const wy = toWorldY(v, sy);
        zoomAbout(v, sx, sy, factor);
        assert.equal(v.yDown, yDown);
        near(toScreenX(v, wx), sx, Math.abs(sx) + v.width + Math.abs(wx) * v.zoom, 'x under the cursor');
        near(toScreenY(v, wy), sy, Math.abs(sy) + v.height + Math.abs(wy) * v.zoom, 'y under the cursor');
      }),
    );
  });

  it('panBy moves the content with the pointer, in both orientations', () => {
    fc.assert(
      fc.property(viewArb, orientation, coord, coord, fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), (v0, yDown, x, y, dx, dy) => {
        const v = { ...v0, yDown };
        const sx = toScreenX(v, x);
        const sy = toScreenY(v, y);
        panBy(v, dx, dy);
        const scale = Math.abs(sx) + Math.abs(sy) + v.width + v.height + (Math.abs(x) + Math.abs(y) + Math.abs(v.cx) + Math.abs(v.cy)) * v.zoom;
        near(toScreenX(v, x), sx + dx, scale, 'x follows the pointer');
        near(toScreenY(v, y), sy + dy, scale, 'y follows the pointer');
      }),
    );
  });

  it('fitBounds shows the whole box inside the margin, in both orientations', () => {
    const box = fc.tuple(coord, coord, fc.double({ min: 1e-3, max: 1e4, noNaN: true }), fc.double({ min: 1e-3, max: 1e4, noNaN: true }));
    fc.assert(
      fc.property(viewArb, orientation, box, (v0, yDown, [x, y, w, h]) => {
        // At least 16 px inside the margins, which fitBounds keeps.
        const v = { ...v0, width: Math.max(v0.width, 32), height: Math.max(v0.height, 32), yDown };
        fitBounds(v, [x, y, x + w, y + h], 8);
        assert.equal(v.yDown, yDown);
        const ys = [toScreenY(v, y), toScreenY(v, y + h)];
        const xs = [toScreenX(v, x), toScreenX(v, x + w)];
        const slack = 1e-6 * (v.width + v.height);
        for (const sx of xs) assert.ok(sx >= 8 - slack && sx <= v.width - 8 + slack, `x ${sx} inside`);
        for (const sy of ys) assert.ok(sy >= 8 - slack && sy <= v.height - 8 + slack, `y ${sy} inside`);
        // The box's top edge (y + h) is above its bottom edge on screen only when y points up.
        assert.equal(ys[1]! < ys[0]!, !yDown);
      }),
    );
  });
});

describe('render/viewport: revealBounds', () => {
  const onScreen = (v: Viewport, b: readonly number[], margin: number): boolean => {
    const xs = [toScreenX(v, b[0]!), toScreenX(v, b[2]!)];
    const ys = [toScreenY(v, b[1]!), toScreenY(v, b[3]!)];
    const eps = 1e-6 * (v.width + v.height);
    return Math.min(...xs) >= margin - eps && Math.max(...xs) <= v.width - margin + eps && Math.min(...ys) >= margin - eps && Math.max(...ys) <= v.height - margin + eps;
  };
  const base = (): Viewport => ({ cx: 0, cy: 0, zoom: 10, width: 800, height: 600 });

  it('leaves the view alone when the box is on screen', () => {
    const v = base();
    assert.equal(revealBounds(v, [-5, -5, 5, 5]), false);
    assert.deepEqual(v, base());
  });

  it('centers a box that fits but is off screen, keeping the zoom', () => {
    const v = base();
    assert.equal(revealBounds(v, [500, 300, 510, 304]), true);
    assert.deepEqual([v.cx, v.cy, v.zoom], [505, 302, 10]);
  });

  it('frames a box that does not fit, or is smaller than minPx', () => {
    const v = base();
    assert.equal(revealBounds(v, [-100, -1, 100, 1]), true);
    assert.ok(v.zoom < 10 && onScreen(v, [-100, -1, 100, 1], 32 - 1e-9));
    const w = base();
    assert.equal(revealBounds(w, [0, 0, 0.5, 0.5], { minPx: 48 }), true);
    assert.ok(w.zoom > 100, `${w.zoom}`);
  });

  it('with panOnly never zooms: a long body a quarter across the screen counts as shown', () => {
    const v = base();
    assert.equal(revealBounds(v, [-200, -1, 200, 1], { panOnly: true }), false);
    const far = base();
    assert.equal(revealBounds(far, [-200, 300, 200, 302], { panOnly: true }), true);
    assert.deepEqual([far.cx, far.cy, far.zoom], [0, 301, 10]);
  });

  it('after a reveal the box is on screen, in either orientation (property)', () => {
    fc.assert(
      fc.property(viewArb, orientation, coord, coord, fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (v0, yDown, x, y, w, h) => {
        const v = { ...v0, yDown };
        const box = [x, y, x + w, y + h];
        revealBounds(v, box, { marginPx: 8 });
        assert.ok(onScreen(v, box, 0), `${JSON.stringify(v)} ${box}`);
      }),
    );
  });
});
