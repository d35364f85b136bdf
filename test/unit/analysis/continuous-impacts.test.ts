import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import type { ImpactFinding } from '../../../server/src/analysis/findings';

/** Impact findings and their diagnostics for a scene text (continuous analysis). */
function impacts(text: string) {
  const r = analyzeDocument(text);
  const findings = r.findings.filter((f): f is ImpactFinding => f.kind !== 'overlap');
  const diagnostics = r.diagnostics.filter((d) => d.code === 'tunnelling' || d.code === 'collision');
  return { findings, diagnostics, text };
}

function near(a: number, b: number, tol: number, what: string) {
  assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);
}

describe('analysis/continuous: tunnelling and collision findings', () => {
  const dt = 1 / 60;
  it('a bullet through a thin wall is tunnelling, at the known time, on the bullet, with substeps', () => {
    const r = impacts(`dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n`);
    assert.equal(r.findings.length, 1);
    const f = r.findings[0]!;
    assert.equal(f.kind, 'tunnelling');
    assert.equal(f.a, 'wall');
    assert.equal(f.b, 'shot');
    near(f.toi, 2.9 / 600, 1e-4 * dt, 'toi');
    near(f.point.x, 1.95, 1e-6, 'point');
    near(f.normal.x, -1, 1e-9, 'normal from a (wall) to b (shot)');
    // The path crosses 0.2 units (wall plus bullet diameter) of the 10 covered per step.
    assert.equal(f.substeps, 51);
    const d = r.diagnostics[0]!;
    assert.equal(d.severity, 'warning');
    assert.equal(r.text.slice(d.range.start, d.range.end), 'shot', 'on the faster body');
    assert.match(d.message, /t = 0\.00483333 s \(0\.29 of a step of 0\.0166667 s\)/);
    assert.match(d.message, /51 substeps/);
    assert.equal(r.text.slice(d.related![0]!.range.start, d.related![0]!.range.end), 'wall');
  });
  it('the same shot marked bullet is information', () => {
    const r = impacts(`body wall static box(0.1, 4) at (2, 0)\nbody shot bullet circle(0.05) at (-1, 0) velocity (600, 0)\n`);
    assert.equal(r.findings[0]?.kind, 'tunnelling');
    assert.equal(r.diagnostics[0]?.severity, 'information');
  });
  it('a slow ball that ends a step inside the wall is a collision', () => {
    const r = impacts(`body wall static box(0.1, 4) at (2, 0)\nbody ball circle(0.2) at (1.6, -1) velocity (12, 0)\n`);
    assert.equal(r.findings[0]?.kind, 'collision');
    near(r.findings[0]!.toi, 0.15 / 12, 1e-4 * dt, 'toi');
    assert.equal(r.diagnostics[0]?.severity, 'information');
  });
  it('a spinning bar through a target by rotation alone is tunnelling', () => {
    const r = impacts(`body bar box(4, 0.1) spin (pi / 2) * 60\nbody target static circle(0.1) at (1.5 * cos(45deg), 1.5 * sin(45deg))\n`);
    assert.equal(r.findings[0]?.kind, 'tunnelling');
    // The bar's face (0.05 thick each side) meets the 0.1 target at 1.5: θ = π/4 − asin(0.15/1.5).
    near(r.findings[0]!.toi, (Math.PI / 4 - Math.asin(0.1)) / ((Math.PI / 2) * 60), 1e-4 * dt, 'toi');
  });
  it('resting contact at t = 0 and a miss give nothing', () => {
    assert.equal(impacts(`body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.5) velocity (3, 0)\n`).findings.length, 0);
    assert.equal(impacts(`body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 3) velocity (600, 0)\n`).findings.length, 0);
  });
  it('looks frames ahead: a slow ball reaches the wall after 50 000 steps, seen as a collision', () => {
    // 1 unit away at 1.2e-3 units/s with dt = 1/60: contact after 833.3 s, then 0.02 mm deeper
    // per step — beyond a 1e-6 slop at the next step end.
    const r = impacts(`frames 100000\nslop 1e-6\nbody wall static box(0.1, 4) at (2, 0)\nbody ball circle(0.2) at (0.75, 0) velocity (0.0012, 0)\n`);
    assert.equal(r.findings[0]?.kind, 'collision');
    near(r.findings[0]!.toi, 1 / 0.0012, 1e-4 * dt, 'toi');
  });
  it('a graze within slop over many frames stays tunnelling, decided without visiting every frame', () => {
    // A sled 1e-6 above a floor sinks at 1e-9 units/s while sliding: it touches after 1000 s and is
    // less than 1e-6 deep at every later step end, under a 0.001 slop — contact that no step end
    // sees deeper than slop, which the spec calls tunnelling. The step ends are skipped a second
    // (60 frames) at a time by the Lipschitz bound, not visited one by one.
    const r = impacts(
      `frames 100000\nslop 0.001\nbody floor static box(1000, 1) at (0, -0.5)\nbody sled box(1, 1) at (-400, 0.500001) velocity (0.001, -0.000000001)\n`,
    );
    assert.equal(r.findings[0]?.kind, 'tunnelling');
    near(r.findings[0]!.toi, 1000, 1e-4 * dt, 'toi');
  });
  it('the earliest part pair of a compound gives the time', () => {
    const r = impacts(
      `body wall static box(0.1, 4) at (2, 0)\nbody pair compound(circle(0.05) at (0, 0), circle(0.05) at (0.5, 0)) at (-1, 0) velocity (600, 0)\n`,
    );
    const f = r.findings[0]!;
    assert.equal(f.kind, 'tunnelling');
    near(f.toi, 2.4 / 600, 1e-4 * dt, 'toi');
    assert.equal(f.partB, 1);
  });
});
