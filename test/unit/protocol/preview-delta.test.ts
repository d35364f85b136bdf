/**
 * The scene delta's checks and its application (protocol/preview-delta.ts) on small hand-made
 * scenes: a delta is refused as strictly as a scene is, and one that does not fit the scene it
 * is applied to gives null rather than a wrong scene.
 */
import { strict as assert } from 'node:assert';
import { applySceneDelta, isPreviewSceneDelta, type PreviewSceneDelta } from '../../../protocol/preview-delta';
import type { PreviewBody, PreviewFinding, PreviewScene } from '../../../protocol/preview-model';

function body(index: number, name: string, at: number): PreviewBody {
  return {
    index,
    name,
    kind: 'dynamic',
    isStatic: false,
    isSensor: false,
    isBullet: false,
    sourceKind: 'circle',
    layer: null,
    parts: [{ kind: 'circle', vertices: [0, 0], radius: 1, range: { start: at + 8, end: at + 17 } }],
    position: [index, 0],
    angle: 0,
    velocity: [0, 0],
    spin: 0,
    bounds: [index - 1, -1, index + 1, 1],
    nameRange: { start: at + 5, end: at + 5 + name.length },
    range: { start: at, end: at + 30 },
    atRange: { start: at + 21, end: at + 29 },
    insertOffset: at + 17,
  };
}

function finding(ia: number, ib: number, names: string[]): PreviewFinding {
  return { kind: 'overlap', severity: 'warning', a: names[ia]!, b: names[ib]!, ia, ib, normal: [1, 0], depth: 0.5, points: [[0, 0]], message: `${names[ib]} overlaps ${names[ia]}` };
}

const names = ['a', 'b', 'c', 'd'];
const scene: PreviewScene = {
  uri: 'file:///s.collide',
  version: 3,
  dt: 1 / 60,
  frames: 1,
  slop: 0.005,
  bodies: names.map((n, i) => body(i, n, 40 * i)),
  findings: [finding(0, 1, names), finding(1, 2, names), finding(2, 3, names)],
  bounds: [-1, -1, 4, 1],
  errorCount: 0,
};

/** Body b (index 1) replaced by a longer-named one: every later offset moves by 2. */
const delta: PreviewSceneDelta = {
  uri: scene.uri,
  base: 3,
  version: 4,
  dt: 1 / 60,
  frames: 1,
  slop: 0.005,
  bounds: [-1, -1, 4, 1],
  errorCount: 0,
  bodyCount: 4,
  shift: { at: 70, by: 2 },
  bodies: [{ start: 1, deleteCount: 1, bodies: [body(1, 'bbb', 40)] }],
  findings: [{ start: 0, deleteCount: 2, findings: [finding(0, 1, ['a', 'bbb', 'c', 'd']), finding(1, 2, ['a', 'bbb', 'c', 'd'])] }],
};

const edit = (change: (d: PreviewSceneDelta) => void): PreviewSceneDelta => {
  const d = structuredClone(delta);
  change(d);
  return d;
};

describe('protocol/preview-delta', () => {
  it('applies a splice, renumbers and shifts the kept bodies, and remaps the kept findings', () => {
    assert.ok(isPreviewSceneDelta(delta));
    const next = applySceneDelta(scene, delta)!;
    assert.ok(next);
    assert.deepStrictEqual(
      next.bodies.map((b) => [b.index, b.name, b.range.start, b.nameRange.start, b.parts[0]!.range.start, b.atRange!.start, b.insertOffset]),
      [
        [0, 'a', 0, 5, 8, 21, 17],
        [1, 'bbb', 40, 45, 48, 61, 57],
        [2, 'c', 82, 87, 90, 103, 99],
        [3, 'd', 122, 127, 130, 143, 139],
      ],
    );
    assert.deepStrictEqual(next.findings.map((f) => [f.a, f.b, f.ia, f.ib]), [['a', 'bbb', 0, 1], ['bbb', 'c', 1, 2], ['c', 'd', 2, 3]]);
    assert.equal(next.version, 4);
    assert.equal(next.bodies[0], scene.bodies[0], 'a body before the edit is shared, not copied');
    assert.equal(next.findings[2], scene.findings[2], 'a finding whose indices did not change is shared');
    assert.equal(scene.bodies[2]!.range.start, 80, 'the old scene is left as it was');
  });

  it('inserts and removes bodies, renumbering the findings that stay', () => {
    const d = edit((x) => {
      x.bodyCount = 3;
      x.shift = { at: 40, by: -40 };
      x.bodies = [{ start: 0, deleteCount: 2, bodies: [body(0, 'z', 0)] }];
      x.findings = [{ start: 0, deleteCount: 2, findings: [] }];
    });
    assert.ok(isPreviewSceneDelta(d));
    const next = applySceneDelta(scene, d)!;
    assert.deepStrictEqual(next.bodies.map((b) => [b.index, b.name, b.range.start]), [[0, 'z', 0], [1, 'c', 40], [2, 'd', 80]]);
    assert.deepStrictEqual(next.findings.map((f) => [f.ia, f.ib]), [[1, 2]]);
  });

  it('carries a ghost bump, and keeps its seam, moving side and pieces when its bodies move', () => {
    const bump: PreviewFinding = { kind: 'ghost-bump', severity: 'warning', a: 'c', b: 'd', ia: 2, ib: 3, normal: [0, 0], toi: 0.25, point: [1, 0], moving: 'b', pieces: ['c', 'x'], message: 'd reaches a seam' };
    const withBump: PreviewScene = { ...scene, findings: [...scene.findings.slice(0, 2), bump] };
    const inserted = edit((x) => x.findings.push({ start: 3, deleteCount: 0, findings: [{ ...bump, a: 'a', b: 'bbb', ia: 0, ib: 1 }] }));
    assert.ok(isPreviewSceneDelta(inserted));
    assert.deepStrictEqual(applySceneDelta(scene, inserted)!.findings[3], { ...bump, a: 'a', b: 'bbb', ia: 0, ib: 1 });
    const d = edit((x) => {
      x.bodyCount = 3;
      x.shift = { at: 40, by: -40 };
      x.bodies = [{ start: 0, deleteCount: 2, bodies: [body(0, 'z', 0)] }];
      x.findings = [{ start: 0, deleteCount: 2, findings: [] }];
    });
    assert.deepStrictEqual(applySceneDelta(withBump, d)!.findings, [{ ...bump, ia: 1, ib: 2 }]);
    assert.ok(!isPreviewSceneDelta(edit((x) => x.findings.push({ start: 3, deleteCount: 0, findings: [{ ...bump, ia: 0, ib: 1, moving: 'c' as 'a' }] }))), 'moving is a or b');
    assert.ok(!isPreviewSceneDelta(edit((x) => x.findings.push({ start: 3, deleteCount: 0, findings: [{ ...bump, ia: 0, ib: 1, pieces: ['c'] as unknown as [string, string] }] }))), 'two pieces');
  });

  const refused: [string, (d: PreviewSceneDelta) => void][] = [
    ['splices out of order', (d) => (d.bodies = [{ start: 2, deleteCount: 1, bodies: [body(2, 'x', 80)] }, { start: 0, deleteCount: 1, bodies: [body(0, 'y', 0)] }])],
    ['overlapping splices', (d) => (d.bodies = [{ start: 0, deleteCount: 2, bodies: [body(0, 'x', 0), body(1, 'y', 40)] }, { start: 1, deleteCount: 1, bodies: [body(2, 'z', 80)] }])],
    ['an inserted body with the wrong index', (d) => (d.bodies[0]!.bodies[0]!.index = 2)],
    ['a finding past the new bodies', (d) => (d.findings[0]!.findings[0]!.ib = 4)],
    ['findings splices out of order', (d) => d.findings.push({ start: 1, deleteCount: 0, findings: [] })],
    ['a version older than the base', (d) => (d.version = 2)],
    ['a negative splice start', (d) => (d.bodies[0]!.start = -1)],
    ['a fractional shift', (d) => (d.shift.by = 0.5)],
    ['no shift', (d) => delete (d as Partial<PreviewSceneDelta>).shift],
    ['a body that does not fit the protocol', (d) => ((d.bodies[0]!.bodies[0] as unknown as { kind: string }).kind = 'ghost')],
    ['dt 0', (d) => (d.dt = 0)],
    ['a yDown that is not a boolean', (d) => ((d as unknown as { yDown: unknown }).yDown = 1)],
  ];
  for (const [what, change] of refused) {
    it(`refuses ${what}`, () => assert.equal(isPreviewSceneDelta(edit(change)), false));
  }

  it('gives the scene the delta\'s frame: yDown as the delta says, absent when it says nothing', () => {
    const down = applySceneDelta(scene, edit((d) => (d.yDown = true)))!;
    assert.equal(down.yDown, true);
    const back = applySceneDelta({ ...down, version: 3 }, delta)!;
    assert.ok(!('yDown' in back), 'a delta without yDown makes a y-up scene');
    assert.ok(!('yDown' in applySceneDelta(scene, delta)!), 'a y-up scene stays without the key');
  });

  const unfit: [string, (d: PreviewSceneDelta) => void][] = [
    ['another base', (d) => (d.base = 2)],
    ['another document', (d) => (d.uri = 'file:///other.collide')],
    ['a splice past the end', (d) => (d.bodies = [{ start: 4, deleteCount: 1, bodies: [] }])],
    ['a body replaced in place past the end', (d) => (d.bodies = [{ start: 4, deleteCount: 1, bodies: [body(4, 'e', 160)] }])],
    ['a finding splice past the end', (d) => (d.findings = [{ start: 3, deleteCount: 1, findings: [] }])],
    ['a body count that does not add up', (d) => (d.bodyCount = 5)],
    ['a kept finding of a removed body', (d) => (d.findings = [])],
  ];
  for (const [what, change] of unfit) {
    it(`gives null for ${what}`, () => {
      const d = edit(change);
      assert.ok(isPreviewSceneDelta(d), 'valid on its own');
      assert.equal(applySceneDelta(scene, d), null);
      // Without offsets to shift, a delta of bodies replaced in place takes a shorter way.
      assert.equal(applySceneDelta(scene, d, { offsets: false }), null, 'without offsets too');
    });
  }
});
