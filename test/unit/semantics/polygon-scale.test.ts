import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { check, found } from './helpers';
import type { PolygonFixData } from '../../../server/src/semantics/polygon-validation';
import { extentOf, hypot2, RELATIVE_TOLERANCE, removeDegenerate, weldToHull } from '../../../core';
import type { Vec2 } from '../../../core';

/** `n` points on a circle of radius `r`, written with `decimals` decimals, as exported outlines are. */
function circle(n: number, r = 1, decimals = 6): string {
  const vs: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    vs.push(`(${(r * Math.cos(a)).toFixed(decimals)}, ${(r * Math.sin(a)).toFixed(decimals)})`);
  }
  return `body p polygon(${vs.join(', ')})`;
}

/** A star with `n` spikes: concave and simple. */
function star(n: number): string {
  const vs: string[] = [];
  for (let i = 0; i < 2 * n; i++) {
    const a = (Math.PI * i) / n;
    const r = i % 2 === 0 ? 10 : 7;
    vs.push(`(${(r * Math.cos(a)).toFixed(9)}, ${(r * Math.sin(a)).toFixed(9)})`);
  }
  return `body p polygon(${vs.join(', ')})`;
}

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

/** removeDegenerate's rounds as a splice and a full pass per drop: the reference its rounds keep. */
function removeDegenerateBySplicing(points: readonly Vec2[]): { points: Vec2[]; dropped: number[] } {
  const tol = RELATIVE_TOLERANCE * extentOf(points);
  const idx: number[] = [];
  for (let i = 0; i < points.length; i++) if (Number.isFinite(points[i]!.x) && Number.isFinite(points[i]!.y)) idx.push(i);
  for (let k = idx.length - 1; k > 0; k--) {
    const p = points[idx[k - 1]!]!;
    const q = points[idx[k]!]!;
    if (hypot2(q.x - p.x, q.y - p.y) <= tol) idx.splice(k, 1);
  }
  let changed = true;
  while (changed && idx.length > 0) {
    changed = false;
    for (let k = 0; k < idx.length && idx.length > 1; k++) {
      const n = idx.length;
      const p = points[idx[(k + n - 1) % n]!]!;
      const q = points[idx[k]!]!;
      const r = points[idx[(k + 1) % n]!]!;
      let drop = hypot2(q.x - p.x, q.y - p.y) <= tol;
      if (!drop && n > 2) {
        const ex = r.x - p.x;
        const ey = r.y - p.y;
        const l = hypot2(ex, ey);
        drop = l <= tol || Math.abs(ex * (q.y - p.y) - ey * (q.x - p.x)) <= tol * l;
      }
      if (drop) {
        idx.splice(k, 1);
        k--;
        changed = true;
      }
    }
  }
  const kept = new Set(idx);
  return { points: idx.map((i) => points[i]!), dropped: points.map((_, i) => i).filter((i) => !kept.has(i)) };
}

describe('semantics/polygon validation at scale', () => {
  it('welds a 6,000-vertex circle rounded to 6 decimals (a few vertices turn the wrong way) onto its hull', function () {
    this.timeout(20000);
    const { value: r, ms } = timed(() => check(circle(6000)));
    assert.deepEqual(
      r.diagnostics.map((d) => [d.severity, d.code]),
      [['hint', 'polygon-welded']],
    );
    assert.match(r.diagnostics[0]!.message, /of its 6000 vertices lie within [\d.e-]+ of its convex hull's edges/);
    assert.equal(r.scene.bodies.length, 1, 'the body is in the scene');
    assert.ok(ms < 10000, `${ms} ms`);
  });

  it('welds a 100,000-vertex nearly convex polygon in bounded time', function () {
    this.timeout(30000);
    const { value: r, ms } = timed(() => check(circle(100000)));
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['polygon-welded']);
    assert.equal(r.scene.bodies.length, 1);
    assert.ok(ms < 10000, `${ms} ms`);
  });

  it('gives the core a convex, counter-clockwise hull of the welded polygon', () => {
    const written = [[0, 0], [4, 0], [4, 4], [2, 3.99999], [0, 4]].map(([x, y]) => ({ x: x!, y: y! }));
    const welded = weldToHull(written)!;
    assert.deepEqual(welded.hull.map((p) => [p.x, p.y]), [[0, 0], [4, 0], [4, 4], [0, 4]]);
    assert.ok(Math.abs(welded.deviation - 1e-5) < 1e-9);
    const cw = weldToHull(written.slice().reverse())!;
    assert.deepEqual(cw.hull.map((p) => [p.x, p.y]), [[0, 0], [4, 0], [4, 4], [0, 4]], 'either winding');
  });

  it('still rejects a notch deeper than the tolerance, and a bow tie', () => {
    const notch = 'body a polygon((0, 0), (4, 0), (4, 4), (2, 3.999), (0, 4))';
    assert.deepEqual(found(check(notch)).map(([c]) => c), ['polygon-not-convex']);
    const bowtie = 'body a polygon((0, 0), (2, 2), (2, 0), (0, 2))';
    assert.deepEqual(found(check(bowtie)).map(([c]) => c), ['polygon-self-intersecting']);
    assert.equal(weldToHull([{ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 2, y: 0 }, { x: 0, y: 2 }]), undefined);
  });

  it('rejects a large concave polygon with its hull, without a decomposition, in bounded time', function () {
    this.timeout(20000);
    const text = star(5000);
    const { value: r, ms } = timed(() => check(text));
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['polygon-not-convex']);
    const data = r.diagnostics[0]!.data as PolygonFixData;
    assert.equal(data.hull!.indices.length, 5000);
    assert.equal(data.parts, undefined);
    assert.match(r.diagnostics[0]!.message, /not decomposed/);
    assert.ok(ms < 10000, `${ms} ms`);
  });

  it('rejects a large self-crossing polygon in bounded time', function () {
    this.timeout(20000);
    // A bow tie of two 20,000-vertex zigzags: many long edges side by side.
    const vs: string[] = [];
    for (let i = 0; i < 20000; i++) vs.push(`(${i % 2 === 0 ? 0 : 1000}, ${i})`);
    const text = `body p polygon(${vs.join(', ')})`;
    const { value: r, ms } = timed(() => check(text));
    const codes = r.diagnostics.map((d) => d.code);
    assert.equal(codes.length, 1);
    assert.ok(['polygon-self-intersecting', 'polygon-not-convex', 'polygon-zero-area'].includes(codes[0]!), codes[0]);
    assert.equal(r.diagnostics[0]!.severity, 'error');
    assert.ok(ms < 10000, `${ms} ms`);
  });

  it('property: removeDegenerate drops what a splice and a full pass per drop drop', () => {
    // Points on a few lines and repeats, so that drops cascade.
    const point = fc.record({
      x: fc.integer({ min: -3, max: 3 }).map((v) => v / 2),
      y: fc.integer({ min: -3, max: 3 }).map((v) => v / 2),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), (raw) => {
        const points = raw.map((p) => ({ ...p }));
        const mine = removeDegenerate(points);
        const reference = removeDegenerateBySplicing(points);
        assert.deepEqual(mine.dropped, reference.dropped);
        assert.ok(mine.points.every((p, i) => p === reference.points[i]));
      }),
      { numRuns: 3000 },
    );
  });
});
