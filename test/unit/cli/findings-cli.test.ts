/**
 * Findings end to end: `collide check --format json` on small inline scenes written to files,
 * against the numbers scene-language.md defines, worked out by hand for each scene (overlap
 * depth, normal from a to b, contact points midway between the surfaces; first time of impact to
 * 1e-4 × dt). The CLI runs in-process through runCli; one test runs the real bin/collide.js on
 * the same files and expects the same bytes.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../../../server/src/cli/cli';
import { BIN, ensureCliBuilt } from './build-cli';

type Point = [number, number];
interface OverlapJson {
  kind: 'overlap';
  a: string;
  b: string;
  depth: number;
  normal: Point;
  points: Point[];
}
interface ImpactJson {
  kind: 'tunnelling' | 'collision';
  a: string;
  b: string;
  toi: number;
  point: Point;
  normal: Point;
}
type FindingJson = OverlapJson | ImpactJson;
interface FileJson {
  path: string;
  diagnostics: { severity: string; code: string; message: string }[];
  findings: FindingJson[];
}

const DT = 1 / 60;
let dir = '';
let counter = 0;

/** Writes `text` to a fresh .collide file and checks it; exit code, stdout and the one file's report. */
async function check(text: string): Promise<{ code: number | 'running'; stdout: string; file: FileJson }> {
  const name = `scene-${++counter}.collide`;
  fs.writeFileSync(path.join(dir, name), text);
  let stdout = '';
  let stderr = '';
  const code = await runCli(['check', '--format', 'json', name], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd: dir,
  });
  assert.equal(stderr, '', 'nothing on stderr');
  const json = JSON.parse(stdout) as { version: number; files: FileJson[] };
  assert.equal(json.version, 1);
  assert.equal(json.files.length, 1);
  assert.equal(json.files[0]!.path, name, 'the path as given');
  return { code, stdout, file: json.files[0]! };
}

/** The findings of a scene that must have no error diagnostic (exit code 0). */
async function findings(text: string): Promise<FindingJson[]> {
  const r = await check(text);
  assert.equal(r.code, 0, JSON.stringify(r.file.diagnostics));
  for (const f of r.file.findings) {
    const keys = f.kind === 'overlap' ? ['a', 'b', 'depth', 'kind', 'normal', 'points'] : ['a', 'b', 'kind', 'normal', 'point', 'toi'];
    assert.deepEqual(Object.keys(f).sort(), keys, 'exactly the documented fields');
    assert.ok(Math.abs(Math.hypot(...f.normal) - 1) < 1e-12, 'the normal is a unit vector');
  }
  // One diagnostic per finding, with the finding's kind as its code.
  const codes = r.file.diagnostics.filter((d) => ['overlap', 'tunnelling', 'collision'].includes(d.code)).map((d) => d.code);
  assert.deepEqual(codes.sort(), r.file.findings.map((f) => f.kind).sort());
  return r.file.findings;
}

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

const byXY = (p: Point, q: Point) => p[0] - q[0] || p[1] - q[1];

function expectOverlap(list: FindingJson[], e: { a: string; b: string; depth: number; normal: Point; points: Point[] }): void {
  assert.equal(list.length, 1, JSON.stringify(list));
  const f = list[0] as OverlapJson;
  assert.equal(f.kind, 'overlap');
  assert.deepEqual([f.a, f.b], [e.a, e.b]);
  near(f.depth, e.depth, 1e-12, 'depth');
  near(f.normal[0], e.normal[0], 1e-12, 'normal x');
  near(f.normal[1], e.normal[1], 1e-12, 'normal y');
  // Contact points in any order.
  assert.equal(f.points.length, e.points.length, `points ${JSON.stringify(f.points)}`);
  const got = [...f.points].sort(byXY);
  const want = [...e.points].sort(byXY);
  got.forEach((p, k) => {
    near(p[0], want[k]![0], 1e-12, `point ${k} x`);
    near(p[1], want[k]![1], 1e-12, `point ${k} y`);
  });
}

function expectImpact(
  list: FindingJson[],
  e: { kind: 'tunnelling' | 'collision'; a: string; b: string; toi: number; point: Point; normal: Point; dt?: number },
): void {
  assert.equal(list.length, 1, JSON.stringify(list));
  const f = list[0] as ImpactJson;
  assert.equal(f.kind, e.kind);
  assert.deepEqual([f.a, f.b], [e.a, e.b]);
  near(f.toi, e.toi, 1e-4 * (e.dt ?? DT), 'toi');
  near(f.normal[0], e.normal[0], 1e-6, 'normal x');
  near(f.normal[1], e.normal[1], 1e-6, 'normal y');
  near(f.point[0], e.point[0], 1e-6, 'point x');
  near(f.point[1], e.point[1], 1e-6, 'point y');
}

describe('findings: collide check --format json on inline scenes', function () {
  this.timeout(60000);
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-findings-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('overlap at t = 0: depth, normal from a to b, contact points', () => {
    it('circles: along the line of centers, one point midway between the surfaces', async () => {
      // Centers 1 apart along (0.6, 0.8), radii 1 and 0.5: depth 0.5; A's surface at 1, B's at 0.5.
      expectOverlap(await findings('body a circle(1)\nbody b circle(0.5) at (0.6, 0.8)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.5,
        normal: [0.6, 0.8],
        points: [[0.45, 0.6]],
      });
    });

    it('a is the body declared first: the same circles declared the other way round', async () => {
      expectOverlap(await findings('body b circle(0.5) at (0.6, 0.8)\nbody a circle(1)\n'), {
        a: 'b',
        b: 'a',
        depth: 0.5,
        normal: [-0.6, -0.8],
        points: [[0.45, 0.6]],
      });
    });

    it('boxes offset on both axes: the least push is along x, two points on the shared face', async () => {
      // Overlap 0.5 along x, 1.5 along y; B's left face x = 0.5 meets A's right face x = 1 over
      // y ∈ [-0.5, 1].
      expectOverlap(await findings('body a box(2, 2)\nbody b box(2, 2) at (1.5, 0.5)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.5,
        normal: [1, 0],
        points: [
          [0.75, -0.5],
          [0.75, 1],
        ],
      });
    });

    it('exactly aligned boxes (two support vertices on each side): a crate sunk 0.1 into a floor', async () => {
      expectOverlap(await findings('body floor static box(10, 1) at (0, -0.5)\nbody crate box(1, 1) at (0, 0.4)\n'), {
        a: 'floor',
        b: 'crate',
        depth: 0.1,
        normal: [0, 1],
        points: [
          [-0.5, -0.05],
          [0.5, -0.05],
        ],
      });
      // Two equal boxes side by side, faces flush top and bottom.
      expectOverlap(await findings('body a box(1, 1)\nbody b box(1, 1) at (0.9, 0)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.1,
        normal: [1, 0],
        points: [
          [0.45, -0.5],
          [0.45, 0.5],
        ],
      });
    });

    it('a box turned 45° pushes its corner into the other box: one point', async () => {
      // B's corner is at x = 2.2 - √2, A's face at x = 1.
      const corner = 2.2 - Math.SQRT2;
      expectOverlap(await findings('body a box(2, 2)\nbody b box(2, 2) at (2.2, 0) angle 45deg\n'), {
        a: 'a',
        b: 'b',
        depth: 1 - corner,
        normal: [1, 0],
        points: [[(1 + corner) / 2, 0]],
      });
    });

    it('capsules: parallel ones touch along a segment (two points), an end meets a circle (one)', async () => {
      // Cores 0.8 apart, radii 0.5 + 0.5: depth 0.2 over x ∈ [-0.5, 1]; surfaces at y = 0.5 and 0.3.
      expectOverlap(await findings('body a capsule(2, 0.5)\nbody b capsule(2, 0.5) at (0.5, 0.8)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.2,
        normal: [0, 1],
        points: [
          [-0.5, 0.4],
          [1, 0.4],
        ],
      });
      // The capsule's end cap at (1, 0) and the circle's center 0.8 apart; surfaces at 1.5 and 1.3.
      expectOverlap(await findings('body a capsule(2, 0.5)\nbody b circle(0.5) at (1.8, 0)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.2,
        normal: [1, 0],
        points: [[1.4, 0]],
      });
    });

    it('a compound overlaps as much as its deepest part', async () => {
      // Left part 0.1 deep, right part 0.3 deep (its bottom at 0.2 under the box's top at 0.5).
      expectOverlap(await findings('body a static box(4, 1)\nbody b compound(circle(0.5) at (-1, 0), circle(0.5) at (1, -0.2)) at (0, 0.9)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.3,
        normal: [0, 1],
        points: [[1, 0.35]],
      });
    });

    it('slop: a depth at slop is resting contact, just above it an overlap', async () => {
      // 1 - 0.99 is 0.010000000000000009 in binary: still "at slop" as the author wrote it.
      assert.deepEqual(await findings('slop 0.01\nbody a box(1, 1)\nbody b box(1, 1) at (0.99, 0)\n'), []);
      expectOverlap(await findings('slop 0.01\nbody a box(1, 1)\nbody b box(1, 1) at (0.989, 0)\n'), {
        a: 'a',
        b: 'b',
        depth: 0.011,
        normal: [1, 0],
        points: [
          [0.4945, -0.5],
          [0.4945, 0.5],
        ],
      });
      // The default slop is 0.005.
      assert.deepEqual(await findings('body a circle(1)\nbody b circle(1) at (1.995, 0)\n'), []);
      assert.equal((await findings('body a circle(1)\nbody b circle(1) at (1.994, 0)\n')).length, 1);
      // Touching exactly, and apart: nothing.
      assert.deepEqual(await findings('body a circle(1)\nbody b circle(1) at (2, 0)\nbody c circle(1) at (10, 0)\n'), []);
    });

    it('the pair filter: static/static, sensors and layers', async () => {
      assert.deepEqual(await findings('body a static box(2, 2)\nbody b static box(2, 2) at (1, 0)\n'), [], 'two static bodies');
      assert.deepEqual(await findings('body a box(2, 2)\nbody b sensor box(2, 2) at (1, 0)\n'), [], 'a sensor reports nothing');
      const layered = await findings(
        [
          'layer player collides ground',
          'layer ground',
          'layer ghost',
          'body g static box(10, 1) at (0, -0.5) layer ground',
          'body p box(1, 1) at (0, 0.4) layer player',
          'body x box(1, 1) at (0, 0.4) layer ghost',
          'body q box(1, 1) at (0, 0.4) layer ghost',
          '',
        ].join('\n'),
      );
      // player–ground collide (declared on player's side: symmetric); ghost collides with
      // nothing, not even ghost; player and ghost are not named for each other.
      expectOverlap(layered, {
        a: 'g',
        b: 'p',
        depth: 0.1,
        normal: [0, 1],
        points: [
          [-0.5, -0.05],
          [0.5, -0.05],
        ],
      });
      // A body with no layer collides with everything; a layer that names itself collides with itself.
      const free = await findings('layer ghost\nbody x box(1, 1) layer ghost\nbody y box(1, 1) at (0.9, 0)\n');
      assert.deepEqual(free.map((f) => [f.kind, f.a, f.b]), [['overlap', 'x', 'y']]);
      const crowd = await findings('layer crowd collides crowd\nbody x box(1, 1) layer crowd\nbody y box(1, 1) at (0.9, 0) layer crowd\n');
      assert.deepEqual(crowd.map((f) => [f.kind, f.a, f.b]), [['overlap', 'x', 'y']]);
    });
  });

  describe('tunnelling and collision: first time of impact within 1e-4 dt of the closed form', () => {
    it('a bullet through a thin wall: tunnelling, normal from the wall (a) to the shot (b)', async () => {
      // The wall's face is at 1.95; the shot's front (radius 0.05) starts at -0.95 and moves at 600.
      const scene = 'dt 1/60\nbody wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\n';
      expectImpact(await findings(scene), { kind: 'tunnelling', a: 'wall', b: 'shot', toi: 2.9 / 600, point: [1.95, 0], normal: [-1, 0] });
      // Declared the other way round, a is the shot and the normal turns.
      const swapped = 'body shot circle(0.05) at (-1, 0) velocity (600, 0)\nbody wall static box(0.1, 4) at (2, 0)\n';
      expectImpact(await findings(swapped), { kind: 'tunnelling', a: 'shot', b: 'wall', toi: 2.9 / 600, point: [1.95, 0], normal: [1, 0] });
    });

    it('a slow ball that ends the step inside the wall: collision', async () => {
      // Gap 0.15 at 12 units/s: contact at 0.0125 s; at the step end it is 0.05 deep (> slop).
      expectImpact(await findings('body wall static box(0.1, 4) at (2, 0)\nbody ball circle(0.2) at (1.6, -1) velocity (12, 0)\n'), {
        kind: 'collision',
        a: 'wall',
        b: 'ball',
        toi: 0.15 / 12,
        point: [1.95, -1],
        normal: [-1, 0],
      });
    });

    it('a square shot turned 45° leads with its corner (linear cast on B ⊖ A)', async () => {
      const toi = (4.9 - 0.1 * Math.SQRT2) / 600;
      expectImpact(await findings('body wall static box(0.2, 4) at (5, 0)\nbody shot box(0.2, 0.2) angle 45deg velocity (600, 0)\n'), {
        kind: 'tunnelling',
        a: 'wall',
        b: 'shot',
        toi,
        point: [4.9, 0],
        normal: [-1, 0],
      });
    });

    it('segments on one line meeting end-on, with another dt', async () => {
      // Gap 3 closed at 600 units/s: contact at 0.005 s, and 2 units past each other at the step end.
      expectImpact(await findings('dt 0.01\nbody a static segment((-1, 0), (1, 0))\nbody b segment((-1, 0), (1, 0)) at (5, 0) velocity (-600, 0)\n'), {
        kind: 'tunnelling',
        a: 'a',
        b: 'b',
        toi: 0.005,
        point: [1, 0],
        normal: [1, 0],
        dt: 0.01,
      });
    });

    it('a spinning bar sweeps through a target by rotation alone', async () => {
      // A 4 × 0.1 bar spinning at 90° per step; the 0.1-radius target 1.5 out at 45°. The bar's face
      // (0.05 from its axis) reaches the target when 1.5 sin(45° − θ) = 0.15; by the step end the
      // bar has turned 90° and is clear of it on the other side.
      const h = 1.5 * 0.7071067811865476;
      const w = (Math.PI / 2) * 60;
      const theta = Math.atan2(h, h) - Math.asin(0.15 / Math.hypot(h, h));
      const n: Point = [-Math.sin(theta), Math.cos(theta)];
      expectImpact(await findings(`let h = 1.5 * 0.7071067811865476\nbody bar box(4, 0.1) spin (pi / 2) * 60\nbody target static circle(0.1) at (h, h)\n`), {
        kind: 'tunnelling',
        a: 'bar',
        b: 'target',
        toi: theta / w,
        // Where the target's surface meets the bar's face.
        point: [h - 0.1 * n[0], h - 0.1 * n[1]],
        normal: n,
      });
    });
  });

  it('the real bin/collide.js prints the same bytes and exit code', async () => {
    ensureCliBuilt();
    const text = 'body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\nbody crate box(1, 1) at (2.5, 0)\n';
    const inProcess = await check(text);
    const name = `scene-${counter}.collide`;
    const r = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', name], { cwd: dir, encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, inProcess.code);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, inProcess.stdout);
    // By a's then b's declaration index: the shot passes through the wall and the crate behind it.
    assert.deepEqual(
      inProcess.file.findings.map((f) => [f.kind, f.a, f.b]),
      [
        ['tunnelling', 'wall', 'shot'],
        ['overlap', 'wall', 'crate'],
        ['tunnelling', 'shot', 'crate'],
      ],
    );
  });
});
