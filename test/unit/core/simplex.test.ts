import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { SIMPLEX_PAYLOAD, SIMPLEX_WEIGHT, SIMPLEX_X, SIMPLEX_Y, solveSimplex } from '../../../core/narrow/simplex';
import { pointSegment } from './reference';

/**
 * The one simplex solver of the core (GJK distance and the GJK ray cast both use it), checked on
 * its own against brute force: the closest point of conv{points} to the origin.
 */

const STRIDE = 5; // x, y, weight, and two payload columns: the row's original index and a tag

function rows(points: readonly [number, number][]): Float64Array {
  const s = new Float64Array(3 * STRIDE);
  points.forEach(([x, y], k) => {
    s[k * STRIDE + SIMPLEX_X] = x;
    s[k * STRIDE + SIMPLEX_Y] = y;
    s[k * STRIDE + SIMPLEX_WEIGHT] = NaN;
    s[k * STRIDE + SIMPLEX_PAYLOAD] = k;
    s[k * STRIDE + SIMPLEX_PAYLOAD + 1] = 100 + 7 * k;
  });
  return s;
}

/** Origin strictly inside a triangle (on an edge's line, the edges decide). */
function insideTriangle(p: [number, number][]): boolean {
  const cross = (a: [number, number], b: [number, number]) => (b[0] - a[0]) * -a[1] - (b[1] - a[1]) * -a[0];
  const c1 = cross(p[0]!, p[1]!);
  const c2 = cross(p[1]!, p[2]!);
  const c3 = cross(p[2]!, p[0]!);
  return (c1 > 0 && c2 > 0 && c3 > 0) || (c1 < 0 && c2 < 0 && c3 < 0);
}

/** Distance of the origin from conv{points}, by brute force over vertices, edges and inside. */
function bruteClosest(p: [number, number][]): number {
  const O = { x: 0, y: 0 };
  const v = p.map(([x, y]) => ({ x, y }));
  if (v.length === 1) return Math.hypot(v[0]!.x, v[0]!.y);
  if (v.length === 3 && insideTriangle(p)) return 0;
  let best = Infinity;
  for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) best = Math.min(best, pointSegment(O, v[i]!, v[j]!));
  return best;
}

const coord = fc.integer({ min: -1000, max: 1000 }).map((k) => k / 100);
const point = fc.tuple(coord, coord);

describe('core/narrow/simplex (GJK sub-algorithm)', () => {
  it('property: the weighted point is the closest point of the hull, from surviving rows only, payload intact', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 3 }), (pts) => {
        const s = rows(pts);
        const r = solveSimplex(s, STRIDE, pts.length);
        const m = Math.abs(r);
        assert.ok(m >= 1 && m <= pts.length, `survivors ${r}`);
        let x = 0;
        let y = 0;
        let sum = 0;
        const seen = new Set<number>();
        for (let k = 0; k < m; k++) {
          const w = s[k * STRIDE + SIMPLEX_WEIGHT]!;
          assert.ok(w >= 0 && w <= 1 + 1e-15, `weight ${w}`);
          sum += w;
          const orig = s[k * STRIDE + SIMPLEX_PAYLOAD]!;
          assert.ok(!seen.has(orig), 'a row survives once');
          seen.add(orig);
          // The whole row moved: point and payload belong together.
          assert.equal(s[k * STRIDE + SIMPLEX_X], pts[orig]![0]);
          assert.equal(s[k * STRIDE + SIMPLEX_Y], pts[orig]![1]);
          assert.equal(s[k * STRIDE + SIMPLEX_PAYLOAD + 1], 100 + 7 * orig);
          x += w * s[k * STRIDE + SIMPLEX_X]!;
          y += w * s[k * STRIDE + SIMPLEX_Y]!;
        }
        assert.ok(Math.abs(sum - 1) <= 1e-12, `weights sum to ${sum}`);
        const scale = 1 + Math.max(...pts.map(([a, b]) => Math.hypot(a, b)));
        const want = bruteClosest(pts);
        // Three survivors only when the origin is in the triangle.
        if (m === 3) assert.ok(want <= 1e-12 * scale, `inside, yet ${want} away`);
        else assert.ok(Math.abs(Math.hypot(x, y) - want) <= 1e-12 * scale, `closest ${Math.hypot(x, y)} vs ${want}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the documented row order: a vertex moves to row 0, edge (2, 3) comes back as (3, 2)', () => {
    // Origin beyond vertex 3 only.
    let s = rows([
      [5, 2],
      [2, 5],
      [1, 1],
    ]);
    assert.equal(solveSimplex(s, STRIDE, 3), 1);
    assert.equal(s[SIMPLEX_PAYLOAD], 2);
    assert.equal(s[SIMPLEX_WEIGHT], 1);
    // Origin beside edge (2, 3).
    s = rows([
      [0, 5],
      [-1, -1],
      [1, -1],
    ]);
    assert.equal(solveSimplex(s, STRIDE, 3), 3, 'inside');
    s = rows([
      [0, -5],
      [-1, -1],
      [1, -1],
    ]);
    assert.equal(solveSimplex(s, STRIDE, 3), 2);
    assert.deepEqual([s[SIMPLEX_PAYLOAD], s[STRIDE + SIMPLEX_PAYLOAD]], [2, 1]);
    assert.equal(s[SIMPLEX_WEIGHT], 0.5);
  });

  it('a triangle no region claims (a non-finite point) is degenerate, not thrown; slivers keep finite weights', () => {
    const s = rows([
      [-1, 1],
      [1, 1],
      [NaN, 0],
    ]);
    assert.equal(solveSimplex(s, STRIDE, 3), -2);
    // Random sliver triangles (collinear up to rounding, down to 1e-18 across and to underflowing
    // signed areas): the regions claim the origin and every weight is a finite number in [0, 1].
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 3, maxLength: 3 }), fc.integer({ min: 10, max: 18 }), (a, ts, e) => {
        const pts = ts.map((t, k) => [t * Math.cos(a) + (k - 1) * 10 ** -e, t * Math.sin(a)] as [number, number]);
        const s2 = rows(pts);
        const r = solveSimplex(s2, STRIDE, 3);
        assert.ok(r > 0);
        let x = 0;
        let y = 0;
        for (let k = 0; k < r; k++) {
          const w = s2[k * STRIDE + SIMPLEX_WEIGHT]!;
          assert.ok(w >= 0 && w <= 1, `weight ${w}`);
          x += w * s2[k * STRIDE + SIMPLEX_X]!;
          y += w * s2[k * STRIDE + SIMPLEX_Y]!;
        }
        // Inside a sliver the barycentric coordinates are ill-conditioned (any point of it is
        // within rounding of the origin's line); outside, the closest point is exact.
        if (r === 3) assert.ok(bruteClosest(pts) <= 1e-12);
        else assert.ok(Math.abs(Math.hypot(x, y) - bruteClosest(pts)) <= 1e-12, `closest ${Math.hypot(x, y)} vs ${bruteClosest(pts)}`);
      }),
      { numRuns: 1000 },
    );
  });
});
