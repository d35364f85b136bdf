/**
 * A generated preview scene of many bodies for the culling and cached-layer tests: a jittered
 * grid of boxes, circles, rounded polygons and capsules of every kind, moving and spinning, with
 * a run of overlapping pairs (outlined in the warning color) and a tunnelling pair (swept areas).
 * Deterministic for a seed.
 */
import type { PreviewBody, PreviewFinding, PreviewPart, PreviewScene } from '../../../../protocol/preview-model';

export function largeScene(count: number, seed = 7): PreviewScene {
  let s = seed >>> 0 || 1;
  const rnd = (): number => {
    // xorshift32 (Marsaglia 2003): a fixed sequence per seed.
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  const side = Math.ceil(Math.sqrt(count));
  const bodies: PreviewBody[] = [];
  const findings: PreviewFinding[] = [];
  for (let i = 0; i < count; i++) {
    const kind: PreviewBody['kind'] = i % 10 === 0 ? 'static' : i % 23 === 0 ? 'bullet' : i % 13 === 0 ? 'sensor' : 'dynamic';
    // Every 37th body sits on its predecessor: an overlapping pair.
    const onPrevious = i % 37 === 1;
    const x = onPrevious ? bodies[i - 1]!.position[0] + 0.4 : (i % side) * 3 + rnd();
    const y = onPrevious ? bodies[i - 1]!.position[1] + 0.3 : Math.floor(i / side) * 3 + rnd();
    const shape = i % 4;
    const part: Omit<PreviewPart, 'range'> =
      shape === 0
        ? { kind: 'polygon', vertices: [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5], radius: 0 }
        : shape === 1
          ? { kind: 'circle', vertices: [0, 0], radius: 0.3 + rnd() * 0.6 }
          : shape === 2
            ? { kind: 'polygon', vertices: [-0.6, -0.4, 0.6, -0.4, 0.8, 0.3, 0, 0.7, -0.8, 0.3], radius: 0.1 }
            : { kind: 'capsule', vertices: [-0.5, 0, 0.5, 0], radius: 0.25 };
    const moving = kind !== 'static';
    bodies.push({
      index: i,
      name: `b${i}`,
      kind,
      isStatic: kind === 'static',
      isSensor: kind === 'sensor',
      isBullet: kind === 'bullet',
      sourceKind: shape === 1 ? 'circle' : shape === 3 ? 'capsule' : 'polygon',
      layer: null,
      parts: [{ ...part, range: { start: i * 40 + 10, end: i * 40 + 20 } }],
      position: [x, y],
      angle: rnd() * Math.PI,
      velocity: moving ? [rnd() * 6 - 3, rnd() * 6 - 3] : [0, 0],
      spin: moving ? rnd() * 2 - 1 : 0,
      bounds: [x - 1, y - 1, x + 1, y + 1],
      nameRange: { start: i * 40 + 5, end: i * 40 + 8 },
      range: { start: i * 40, end: i * 40 + 39 },
      insertOffset: i * 40 + 20,
    });
    if (onPrevious) {
      findings.push({
        kind: 'overlap',
        severity: 'warning',
        a: `b${i - 1}`,
        b: `b${i}`,
        ia: i - 1,
        ib: i,
        normal: [0.8, 0.6],
        depth: 0.2,
        points: [[x - 0.2, y - 0.15]],
        message: `b${i} overlaps b${i - 1}`,
      });
    }
  }
  if (count > 5) {
    const shot = bodies[5]!;
    bodies[5] = { ...shot, kind: 'bullet', isBullet: true, isStatic: false, velocity: [240, 0] };
    findings.push({
      kind: 'tunnelling',
      severity: 'warning',
      a: 'b0',
      b: 'b5',
      ia: 0,
      ib: 5,
      normal: [-1, 0],
      toi: 0.01,
      point: [shot.position[0] + 2.4, shot.position[1]],
      substeps: 3,
      message: 'b5 tunnels through b0',
    });
  }
  return {
    uri: 'file:///work/large.collide',
    version: 1,
    dt: 1 / 60,
    frames: 4,
    slop: 0.005,
    bodies,
    findings,
    bounds: [-1, -1, side * 3 + 1, side * 3 + 1],
    errorCount: 0,
  };
}
