import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import type { Finding } from '../../../server/src/analysis/findings';

const findings = (text: string): readonly Finding[] => analyzeDocument(text).findings;
const codes = (text: string): string[] => analyzeDocument(text).diagnostics.map((d) => d.code);

describe('analysis: chains and tile grids', () => {
  it('names the edge of a chain and the cell of a grid, in the finding and its message', () => {
    const text = [
      'tiles ground cell 1 at (0, 3)',
      '  "...."',
      '  "..##"',
      '  "####"',
      'body floor static chain((20, 0), (10, 0))',
      'body crate box(1, 1) at (0.5, 1.3)',
      'body ball circle(0.5) at (15, 0.4)',
    ].join('\n');
    const a = analyzeDocument(text);
    const crate = a.findings.find((f) => f.b === 'crate')!;
    assert.equal(crate.kind, 'overlap');
    assert.deepEqual(crate.cell, [0, 2]);
    assert.equal(crate.edge, undefined);
    const ball = a.findings.find((f) => f.b === 'ball')!;
    assert.equal(ball.kind, 'overlap');
    assert.equal(ball.edge, 0);
    assert.equal(ball.cell, undefined);
    const messages = a.diagnostics.map((d) => d.message);
    assert.ok(messages.some((m) => m.includes('crate overlaps ground at cell [0, 2]')), messages.join('\n'));
    assert.ok(messages.some((m) => m.includes('ball overlaps floor at edge 0')), messages.join('\n'));
  });

  it('reports nothing for a body behind a chain, resting in it or moving through it', () => {
    // Walked left to right, the edge is solid from below: above is its back.
    const behind = ['body floor static chain((-5, 0), (5, 0))', 'body a circle(0.5) at (0, 0.2)', 'body b circle(0.2) at (2, 1) velocity (0, -600)'].join('\n');
    assert.deepEqual(findings(behind), []);
    const front = behind.replace('chain((-5, 0), (5, 0))', 'chain((5, 0), (-5, 0))');
    assert.deepEqual(
      findings(front).map((f) => [f.kind, f.b, f.edge]),
      [
        ['overlap', 'a', 0],
        ['tunnelling', 'b', 0],
      ],
    );
  });

  it('a chain on a dynamic body is an error, and the body stays out of the analysis', () => {
    assert.deepEqual(codes('body rail chain((0, 0), (4, 0))\nbody b circle(1) at (1, 0)'), ['chain-not-static']);
    assert.ok(codes('shape s = chain((0, 0), (1, 0))').includes('chain-not-body-shape'));
    assert.ok(codes('body d static chain((1, 1), (1, 1))').includes('chain-too-few-vertices'));
  });

  it('bad rows are errors on their range, and the rest of the grid still counts', () => {
    const text = 'tiles g cell 1 at (0, 2)\n  "#?#"\n  "###."\nbody b circle(0.5) at (1.5, 1.4)';
    const a = analyzeDocument(text);
    const bad = a.diagnostics.filter((d) => d.code.startsWith('tiles-'));
    assert.deepEqual(
      bad.map((d) => [d.code, text.slice(d.range.start, d.range.end)]),
      [
        ['tiles-unknown-character', '?'],
        ['tiles-row-length', '"###."'],
      ],
    );
    assert.deepEqual(
      a.findings.map((f) => [f.kind, f.b, f.cell]),
      [['overlap', 'b', [1, 1]]],
    );
  });

  it("a tile grid's findings equal those of the same region as a chain loop", () => {
    const grid = 'tiles g cell 1 at (0, 2)\n  "###"\n  "###"';
    const loop = 'body g static chain((0, 0), (3, 0), (3, 2), (0, 2)) loop';
    const coord = fc.integer({ min: -20, max: 50 }).map((v) => v / 10);
    const speed = fc.oneof(fc.constant(0), fc.integer({ min: -400, max: 400 }));
    let compared = 0;
    fc.assert(
      fc.property(coord, coord, fc.integer({ min: 1, max: 10 }), speed, speed, (x, y, r, vx, vy) => {
        const body = `body b circle(${r / 10}) at (${x}, ${y}) velocity (${vx}, ${vy})`;
        // Kind, bodies and depth or time of impact: at a corner of the region the normal is a tie
        // between two edges, which the two outlines may number in another order.
        const strip = (fs: readonly Finding[]) => fs.map((f) => ({ kind: f.kind, a: f.a, b: f.b, first: Math.round(f.data[0]! * 1e9) / 1e9 }));
        const fromGrid = strip(findings(`${grid}\n${body}`));
        assert.deepEqual(fromGrid, strip(findings(`${loop}\n${body}`)));
        compared += fromGrid.length;
      }),
      { numRuns: 150 },
    );
    assert.ok(compared > 20, `${compared} findings compared`);
  });

  // Circles up to half a cell: a larger one can reach an edge's line through the region's back,
  // where the one-sided queries measure against the line (core/README.md, "One-sided answers")
  // and the distance to the region is no longer the depth.
  it("a tile grid's overlaps agree with brute force over its solid cells (circles outside the region)", () => {
    const rowArb = fc.array(fc.constantFrom('#', '.'), { minLength: 5, maxLength: 5 }).map((c) => c.join(''));
    let overlaps = 0;
    let cases = 0;
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: -10, max: 60 }), fc.integer({ min: -10, max: 60 }), fc.integer({ min: 1, max: 5 }), (rows, cx, cy, rr) => {
        const x = cx / 10;
        const y = cy / 10;
        const r = rr / 10;
        // Grid top-left at (0, 5): cell (c, row) spans [c, c + 1] × [4 - row, 5 - row].
        let inside = false;
        let dist = Infinity;
        rows.forEach((row, k) => {
          for (let c = 0; c < row.length; c++) {
            if (row[c] !== '#') continue;
            const x0 = c;
            const y0 = 4 - k;
            const dx = Math.max(x0 - x, 0, x - (x0 + 1));
            const dy = Math.max(y0 - y, 0, y - (y0 + 1));
            if (x > x0 && x < x0 + 1 && y > y0 && y < y0 + 1) inside = true;
            dist = Math.min(dist, Math.hypot(dx, dy));
          }
        });
        const slop = 0.005;
        if (inside || dist === 0 || Math.abs(r - dist - slop) < 1e-6) return; // behind the outline, or on the edge of the rule
        cases++;
        const text = `tiles g cell 1 at (0, 5)\n${rows.map((row) => `  "${row}"`).join('\n')}\nbody b circle(${r}) at (${x}, ${y})`;
        const expected = r - dist > slop;
        const got = findings(text).filter((f) => f.kind === 'overlap');
        assert.equal(got.length, expected ? 1 : 0, text);
        if (expected) {
          overlaps++;
          const depth = (got[0] as { depth: number }).depth;
          assert.ok(Math.abs(depth - (r - dist)) < 1e-9, `${depth} vs ${r - dist}\n${text}`);
          const cell = got[0]!.cell!;
          assert.equal(rows[cell[1]]![cell[0]], '#', `cell ${cell} is solid`);
        }
      }),
      { numRuns: 600 },
    );
    assert.ok(cases > 100 && overlaps > 20, `${cases} cases, ${overlaps} overlaps`);
  });
});
