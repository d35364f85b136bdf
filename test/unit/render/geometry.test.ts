/**
 * A body's bounding radius (render/geometry.ts), which culling and the spatial index size bodies
 * by: the largest distance of a vertex from the body's origin plus its part's radius, exactly as
 * Math.hypot gives it for each vertex, a box's mirrored corners included.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { PreviewBody, PreviewPart } from '../../../protocol/preview-model';
import { sampleScene } from '../../browser/fixtures';
import { boundingRadius } from '../../../render/geometry';

const num = fc.oneof(fc.constantFrom(0, -0, 1, -1, 0.5), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }));
/** Any vertices, a box's corners about its center, or a box with one corner off. */
const vertices = fc.oneof(
  fc.array(fc.tuple(num, num), { maxLength: 6 }).map((ps) => ps.flat()),
  fc.tuple(num, num).map(([x, y]) => [-x, -y, x, -y, x, y, -x, y]),
  fc.tuple(num, num, num).map(([x, y, z]) => [-x, -y, x, -y, x, y, z, y]),
  fc.tuple(num, num).map(([x, y]) => [x, y, x, y, -x, y]),
);
const part = fc.record({ vertices, radius: fc.oneof(fc.constantFrom(0, -0), fc.double({ noNaN: true, min: 0, max: 1e3 })) });

/** Every vertex's distance computed. */
function naive(parts: readonly Pick<PreviewPart, 'vertices' | 'radius'>[]): number {
  let r = 0;
  for (const p of parts) for (let i = 0; i + 1 < p.vertices.length; i += 2) r = Math.max(r, Math.hypot(p.vertices[i]!, p.vertices[i + 1]!) + p.radius);
  return r;
}

describe('render/geometry: boundingRadius', () => {
  it('is the largest vertex distance plus radius, to the bit (property)', () => {
    const base = sampleScene().bodies[0]!;
    let boxes = 0;
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), (parts) => {
        const body: PreviewBody = { ...base, parts: parts.map((p) => ({ ...base.parts[0]!, ...p })) };
        delete body.chains;
        if (parts.some((p) => p.vertices.length === 8)) boxes++;
        assert.ok(Object.is(boundingRadius(body), naive(parts)));
      }),
      { numRuns: 500 },
    );
    assert.ok(boxes > 0, 'boxes were met');
  });
});
