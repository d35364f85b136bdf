/**
 * Continuous findings from the code review, each named after its case: contacts that a
 * motion-dependent touching tolerance dropped at large frames × speed, the substep advice for
 * spinning bodies and long walls, resting contact at t = 0 that later deepens, and searches that
 * cannot settle a pair (a diagnostic, never silence). Expected values are closed forms.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import type { ImpactFinding } from '../../../server/src/analysis/findings';
import { formatNumber } from '../../../protocol/format';

function analyze(text: string) {
  const r = analyzeDocument(text);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    [],
    'the scene is valid',
  );
  const impacts = r.findings.filter((f): f is ImpactFinding => f.kind !== 'overlap');
  return { impacts, findings: r.findings, diagnostics: r.diagnostics, text };
}

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

/** ceil(dt / D), refusing a case that sits too close to an integer to test robustly. */
function substeps(dt: number, D: number): number {
  const q = dt / D;
  assert.ok(Math.abs(q - Math.round(q)) > 1e-3, `dt / D = ${q} is too close to an integer for a test`);
  return Math.max(2, Math.ceil(q));
}

// The review's bar: box(10, 0.01) spinning at 1000 rad/s about its center, and a 0.001 circle at
// (3, 0.5). The face (0.005 off the axis) meets the circle when the axis is 0.006 from its center.
const R = Math.hypot(3, 0.5);
const barToi = (spin: number) => (Math.atan2(0.5, 3) - Math.asin(0.006 / R)) / spin;
const barContact = (spin: number) => (2 * Math.asin(0.006 / R)) / spin;
const bar = (frames: number, spin = 1000, dt = '1') => `frames ${frames}\ndt ${dt}\nbody a box(10, 0.01) spin ${spin}\nbody b circle(0.001) at (3, 0.5)\n`;

describe('analysis/continuous: review cases', function () {
  this.timeout(60000);

  describe('a real contact is never dropped when frames × speed is large', () => {
    it('a bar spinning at 1000 rad/s past a small circle: tunnelling at frames 1, 10, 1000; a collision at frames 1e5 (step end 4547 is deep)', () => {
      for (const frames of [1, 10, 1000]) {
        const r = analyze(bar(frames));
        assert.equal(r.impacts.length, 1, `frames ${frames}`);
        assert.equal(r.impacts[0]!.kind, 'tunnelling', `frames ${frames}`);
        near(r.impacts[0]!.toi, barToi(1000), 1e-4, `frames ${frames}: toi`);
      }
      const r = analyze(bar(100000));
      assert.equal(r.impacts.length, 1, 'frames 1e5: the contact is reported');
      assert.equal(r.impacts[0]!.kind, 'collision');
      near(r.impacts[0]!.toi, barToi(1000), 1e-4, 'frames 1e5: toi');
      // The deep step end the walk had to reach: at k = 4547 the bar's face is 0.0056 into the
      // circle's 0.001 + 0.005 reach, beyond slop (0.005) by rotation alone.
      const phase = (4547 * 1000) % (2 * Math.PI);
      const off = Math.abs(R * Math.sin(Math.atan2(0.5, 3) - phase));
      assert.ok(0.006 - off > 0.005, `step end 4547 depth ${0.006 - off}`);
    });

    it('a 1e9-long thin wall (the documented maximum size) and a fast ball: tunnelling, as for shorter walls', () => {
      for (const w of ['1e7', '1e8', '5e8', '1e9']) {
        const r = analyze(`body b box(${w}, 0.001) at (3, 0.5)\nbody c circle(0.01) velocity (-600, 600)\n`);
        assert.equal(r.impacts.length, 1, `box(${w})`);
        const f = r.impacts[0]!;
        assert.equal(f.kind, 'tunnelling', `box(${w})`);
        near(f.toi, (0.4995 - 0.01) / 600, 1e-4 / 60, `box(${w}): toi`);
        // The ball crosses 0.001 + 0.02 at 600 units/s normal to the wall, whatever its length.
        assert.equal(f.substeps, substeps(1 / 60, 0.021 / 600), `box(${w}): substeps`);
      }
    });

    it('frames 1e5 with a fast ball through a thin wall: the same first contact as frames 1', () => {
      for (const frames of [1, 100000]) {
        const r = analyze(`frames ${frames}\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (6000, 0)\n`);
        assert.equal(r.impacts.length, 1);
        assert.equal(r.impacts[0]!.kind, 'tunnelling');
        near(r.impacts[0]!.toi, 2.9 / 6000, 1e-4 / 60, `frames ${frames}: toi`);
      }
    });

    it('frames 1e5 with a spinning and translating bar: a contact, at the closed-form time', () => {
      // The bar also drifts at 1e-6 units/s: no period shortcut; the contact at the first sweep stays.
      const r = analyze(`frames 100000\ndt 1\nbody a box(10, 0.01) spin 1000 velocity (0.000001, 0)\nbody b circle(0.001) at (3, 0.5)\n`);
      assert.equal(r.impacts.length, 1);
      near(r.impacts[0]!.toi, barToi(1000), 1e-4, 'toi');
    });

    it('property: a longer look-ahead never loses a contact nor moves the first one (spins and speeds up to 1e3)', () => {
      fc.assert(
        fc.property(
          fc.record({
            w: fc.double({ min: 0.5, max: 10, noNaN: true }),
            h: fc.double({ min: 0.001, max: 0.1, noNaN: true }),
            spin: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1000, noNaN: true })),
            r: fc.double({ min: 0.001, max: 0.2, noNaN: true }),
            x: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
            // How far above the bar the circle starts, as a fraction of one step's travel.
            f: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
            vy: fc.double({ min: -1000, max: -20, noNaN: true }),
          }),
          fc.constantFrom(1000, 100000),
          (c, frames) => {
            const y = c.h / 2 + c.r + 0.001 + (c.f * -c.vy) / 60;
            const body = `body a box(${c.w}, ${c.h}) spin ${c.spin}\nbody b circle(${c.r}) at (${c.x * c.w}, ${y}) velocity (0, ${c.vy})\n`;
            const short = analyze(`frames 1\n${body}`);
            fc.pre(short.findings.length === 0 || short.findings[0]!.kind !== 'overlap');
            const long = analyze(`frames ${frames}\n${body}`);
            if (short.impacts.length === 0) return;
            assert.equal(long.impacts.length, 1, 'the contact is still reported');
            near(long.impacts[0]!.toi, short.impacts[0]!.toi, 2e-5 / 60, 'toi');
          },
        ),
        { numRuns: 80, seed: 1414 },
      );
    });
  });

  describe('substeps come from the first contact only', () => {
    it('a ball through a thin wall at an angle (translation): ceil(dt / ((thickness + diameter) / normal speed)), worded as a path', () => {
      const r = analyze(`body wall static box(4, 0.1)\nbody ball circle(0.05) at (-1, -1) velocity (500, 370)\n`);
      const f = r.impacts[0]!;
      assert.equal(f.kind, 'tunnelling');
      assert.equal(f.substeps, substeps(1 / 60, 0.2 / 370));
      near(f.contactDuration!, 0.2 / 370, 1e-12, 'contact duration');
      const d = r.diagnostics.find((x) => x.code === 'tunnelling')!;
      // The path through the wall: 0.2 across at 370 of the 622 units/s, i.e. 0.2 × 622 / 370.
      assert.match(d.message, new RegExp(`the path crosses it in about 0\\.336223 units at 622\\.013 units/s, so a discrete engine needs ${f.substeps} substeps`));
    });

    it('a spinning bar through a small circle: ceil(dt / (2 asin((h/2 + r) / R) / ω)), worded in time', () => {
      // 9 rad/s, two steps of 1/60 s: the sweep through the circle begins in the second step.
      const r = analyze(bar(2, 9, '1/60'));
      const f = r.impacts[0]!;
      assert.equal(f.kind, 'tunnelling');
      near(f.toi, barToi(9), 1e-4 / 60, 'toi');
      assert.equal(f.substeps, substeps(1 / 60, barContact(9)));
      near(f.contactDuration!, barContact(9), 1e-4 * barContact(9), 'contact duration');
      const d = r.diagnostics.find((x) => x.code === 'tunnelling')!;
      assert.match(d.message, /the contact lasts about 0\.000438398 s as the spin sweeps one through the other/);
      assert.doesNotMatch(d.message, /units\/s/);
    });

    it('the review bar at frames 1: each contact lasts ~4e-6 s, so about 253 000 substeps, not 2', () => {
      const f = analyze(bar(1)).impacts[0]!;
      assert.equal(f.substeps, substeps(1, barContact(1000)));
    });

    it('a long wall does not change the advice (box(1e7 .. 5e8) gave 466 / 247 / 477)', () => {
      const n = new Set<number | undefined>();
      for (const w of ['20', '1e4', '1e7', '1e8', '5e8']) n.add(analyze(`body b box(${w}, 0.001) at (3, 0.5)\nbody c circle(0.01) velocity (-600, 600)\n`).impacts[0]?.substeps);
      assert.deepEqual([...n], [substeps(1 / 60, 0.021 / 600)]);
    });
  });

  describe('resting contact at t = 0', () => {
    const floor = 'body floor static box(10, 1) at (0, -0.5)\n';
    it('resting, then pushed deeper than slop by a step end: a collision at t = 0', () => {
      const r = analyze(`${floor}body crate box(1, 1) at (0, 0.5) velocity (0, -3)\n`);
      assert.equal(r.impacts.length, 1);
      assert.equal(r.impacts[0]!.kind, 'collision');
      assert.equal(r.impacts[0]!.toi, 0);
      assert.ok(r.diagnostics.some((d) => d.code === 'collision'));
    });
    it('resting within slop (0.003 deep), then pushed deeper: a collision', () => {
      const r = analyze(`${floor}body crate box(1, 1) at (0, 0.497) velocity (0, -3)\n`);
      assert.equal(r.impacts[0]?.kind, 'collision');
      // 0.003 + 3 × (1/60) = 0.053 deep at the first step end.
      assert.equal(r.impacts[0]?.deepStep, 1);
    });
    it('the review\'s sink: worded as resting contact that deepens, naming the first deep step end', () => {
      // 1e-5 units/s from touching: deeper than slop (0.005) once t > 500 s, i.e. k / 60 > 500.
      const r = analyze('frames 100000\nbody floor static box(100, 1) at (0, -0.5)\nbody sink circle(0.5) at (30, 0.5) velocity (0, -0.00001)\n');
      assert.equal(r.impacts.length, 1);
      const f = r.impacts[0]!;
      assert.equal(f.kind, 'collision');
      assert.equal(f.toi, 0);
      assert.equal(f.deepStep, 30001);
      const d = r.diagnostics.find((x) => x.code === 'collision')!;
      assert.equal(
        d.message,
        'sink starts in resting contact with floor (touching within slop at t = 0) and the contact deepens: the end of step 30001 (t = 500.017 s) is the first to see them overlap deeper than slop, so a discrete engine sees a collision there.',
      );
      assert.equal(r.text.slice(d.range.start, d.range.end), 'sink');
    });
    it('a compound resting on one part of another and walking into a second part "hits" it; the resting part is not the story', () => {
      // The walker's foot (x from -0.5 to 0.5) rests on the ground's slab (top at y = 0); its
      // front block (x from 1 to 2) meets the ground's step (x from 3) at 1 / 3 = 0.333333 s,
      // and is 0.35 × 3 − 1 = 0.05 deep at the end of step 21.
      const r = analyze(
        'frames 60\nbody ground static compound(box(20, 1) at (0, -0.5), box(2, 4) at (4, 1.5))\n' +
          'body walker compound(box(1, 1) at (0, 0.5), box(1, 1) at (1.5, 1.5)) velocity (3, 0)\n',
      );
      assert.equal(r.impacts.length, 1);
      const f = r.impacts[0]!;
      assert.equal(f.kind, 'collision');
      near(f.toi, 1 / 3, 1e-4 / 60, 'toi');
      assert.equal(f.deepStep, 21);
      const message = r.diagnostics.find((x) => x.code === 'collision')!.message;
      assert.match(message, /^walker hits ground at t = 0\.333333 s /);
      assert.doesNotMatch(message, /resting contact/);
    });
    it('a spinning compound resting on the floor digs in with its resting part: worded as resting contact that deepens', () => {
      const r = analyze('body floor static box(20, 1) at (0, -0.5)\nbody lander compound(box(1, 1) at (0, 0), box(1, 1) at (1.5, 2)) at (0, 0.5) spin 1\n');
      assert.equal(r.impacts.length, 1);
      assert.equal(r.impacts[0]!.toi, 0);
      assert.match(r.diagnostics.find((x) => x.code === 'collision')!.message, /^lander starts in resting contact with floor \(touching within slop at t = 0\) and the contact deepens/);
    });
    it('an ordinary collision keeps "hits" at its time of impact and names the first deep step end', () => {
      // The ball's face (x = 1.8) meets the wall (x = 1.95) at 0.15 / 12 = 0.0125 s, and is
      // 12 / 60 − 0.15 = 0.05 deep at the first step end.
      const r = analyze('body wall static box(0.1, 4) at (2, 0)\nbody ball circle(0.2) at (1.6, 0) velocity (12, 0)\n');
      assert.equal(r.impacts[0]?.deepStep, 1);
      assert.equal(
        r.diagnostics.find((x) => x.code === 'collision')?.message,
        'ball hits wall at t = 0.0125 s (0.75 of a step of 0.0166667 s); the end of step 1 (t = 0.0166667 s) is the first to see them overlap deeper than slop, so a discrete engine catches it.',
      );
    });
    it('a compound reports the earliest deep step end over its parts, whichever part is declared first', () => {
      // Part 1 starts 0.003 deep and passes slop after 0.002 / 1e-4 = 20 s (step 1201); part 0
      // starts touching and passes it after 50 s (step 3001).
      const r = analyze(`frames 5000\n${floor}body crate compound(box(1, 1), box(1, 1) at (3, -0.003)) at (0, 0.5) velocity (0, -0.0001)\n`);
      assert.equal(r.impacts[0]?.kind, 'collision');
      assert.equal(r.impacts[0]?.toi, 0);
      assert.equal(r.impacts[0]?.deepStep, 1201);
    });
    it('property: deepStep is the first step end deeper than slop, from resting contact or from a gap', () => {
      const dt = 1 / 60;
      const slop = 0.005;
      fc.assert(
        fc.property(
          // Start depth: resting within slop, or a gap of 1e-5 to 1 to close first.
          fc.oneof(fc.double({ min: 0, max: 0.0045, noNaN: true }), fc.double({ min: 1e-5, max: 1, noNaN: true }).map((g) => -g)),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (d0, u) => {
            // Speeds from the slowest that still gets deep by step 50 000 (of 100 000) up to 10 units/s.
            const vMin = (slop - d0) / (dt * 50000);
            const v = vMin * Math.pow(Math.max(10 / vMin, 1), u);
            const k = Math.floor((slop - d0) / (v * dt)) + 1;
            const depth = (j: number) => d0 + v * j * dt;
            // Away from the border: exactly slop deep at a step end.
            fc.pre(Math.abs(depth(k) - slop) > 1e-7 && Math.abs(depth(k - 1) - slop) > 1e-7);
            const r = analyze(`frames 100000\n${floor}body crate box(1, 1) at (0, ${0.5 - d0}) velocity (0, ${-v})\n`);
            assert.equal(r.impacts.length, 1, `d0 ${d0}, v ${v}`);
            const f = r.impacts[0]!;
            assert.equal(f.kind, 'collision');
            assert.equal(f.deepStep, k, `d0 ${d0}, v ${v}`);
            const message = r.diagnostics.find((x) => x.code === 'collision')!.message;
            assert.ok(message.includes(`the end of step ${k} (t = ${formatNumber(k * dt)} s) is the first`), message);
            assert.equal(message.startsWith('crate starts in resting contact with floor'), d0 >= 0, message);
          },
        ),
        { numRuns: 300, seed: 2121 },
      );
    });
    it('resting and moving apart, or sliding along: nothing', () => {
      for (const v of ['(0, 3)', '(3, 0)', '(3, 0.5)']) {
        for (const y of ['0.5', '0.497']) {
          const r = analyze(`${floor}body crate box(1, 1) at (0, ${y}) velocity ${v}\n`);
          assert.deepEqual(r.findings, [], `at y ${y}, velocity ${v}`);
        }
      }
    });
    it('resting and slowly sinking, never deeper than slop at a step end: nothing', () => {
      // 0.001 units/s for one step of 1/60 s: 1.7e-5 deep at the step end.
      assert.deepEqual(analyze(`${floor}body crate box(1, 1) at (0, 0.5) velocity (0, -0.001)\n`).findings, []);
    });
    it('resting, turning away, and sweeping back through half a turn later: tunnelling at the second contact', () => {
      // The bar's top face touches the post at t = 0; turning clockwise it leaves at once, and its
      // other half meets the post when the axis is asin(0.15 / R) past the post's bearing φ.
      const Rp = Math.hypot(1, 0.15);
      const phi = Math.atan2(0.15, 1);
      const t1 = (Math.PI - phi - Math.asin(0.15 / Rp)) / 100;
      const r = analyze(`frames 2\nbody bar box(4, 0.1) spin -100\nbody post static circle(0.1) at (1, 0.15)\n`);
      assert.equal(r.impacts.length, 1);
      assert.equal(r.impacts[0]!.kind, 'tunnelling');
      near(r.impacts[0]!.toi, t1, 1e-4 / 60, 'toi');
    });
  });

  describe('a search that cannot settle a pair is a diagnostic, never silence', () => {
    it('a rotor 1e-7 clear of a hub all the way round: analysis-not-converged, information, on the pair', () => {
      const r = analyze('body rotor compound(circle(0.5) at (1, 0)) spin 1\nbody hub static circle(0.4999999)\n');
      const d = r.diagnostics.filter((x) => x.code === 'analysis-not-converged');
      assert.equal(d.length, 1);
      assert.equal(d[0]!.severity, 'information');
      assert.equal(r.text.slice(d[0]!.range.start, d[0]!.range.end), 'rotor');
      assert.equal(r.text.slice(d[0]!.related![0]!.range.start, d[0]!.related![0]!.range.end), 'hub');
      assert.match(d[0]!.message, /no contact up to t = /);
      // The finding is the cautious reading.
      assert.equal(r.impacts.length, 1);
      assert.equal(r.impacts[0]!.kind, 'tunnelling');
      assert.ok(r.impacts[0]!.undecided);
      assert.equal(r.diagnostics.filter((x) => x.code === 'tunnelling').length, 0);
    });
    it('the same rotor 1e-3 clear is decided: nothing', () => {
      assert.deepEqual(analyze('body rotor compound(circle(0.5) at (1, 0)) spin 1\nbody hub static circle(0.499)\n').findings, []);
    });
  });
});
