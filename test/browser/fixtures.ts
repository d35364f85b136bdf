/**
 * Hand-made preview messages (independent of the server): a crate resting 0.1 deep in a floor,
 * a bullet that tunnels through a thin wall within one step, and a sensor.
 */
import type { PreviewSceneDelta } from '../../protocol/preview-delta';
import type { PairDetail, PreviewBody, PreviewScene } from '../../protocol/preview-model';

export function box(w: number, h: number): number[] {
  return [-w / 2, -h / 2, w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2];
}

let offset = 0;
function body(index: number, name: string, kind: PreviewBody['kind'], vertices: number[], radius: number, at: [number, number], extra: Partial<PreviewBody> = {}): PreviewBody {
  const start = offset;
  offset += 40;
  const xs = [];
  const ys = [];
  for (let i = 0; i < vertices.length; i += 2) {
    xs.push(vertices[i]! + at[0]);
    ys.push(vertices[i + 1]! + at[1]);
  }
  return {
    index,
    name,
    kind,
    isStatic: kind === 'static',
    isSensor: kind === 'sensor',
    isBullet: kind === 'bullet',
    sourceKind: vertices.length === 2 ? 'circle' : 'box',
    layer: null,
    parts: [{ kind: vertices.length === 2 ? 'circle' : 'polygon', vertices, radius, range: { start: start + 10, end: start + 20 } }],
    position: at,
    angle: 0,
    velocity: [0, 0],
    spin: 0,
    bounds: [Math.min(...xs) - radius, Math.min(...ys) - radius, Math.max(...xs) + radius, Math.max(...ys) + radius],
    nameRange: { start: start + 5, end: start + 5 + name.length },
    range: { start, end: start + 38 },
    atRange: { start: start + 24, end: start + 32 },
    insertOffset: start + 20,
    ...extra,
  };
}

export function sampleScene(version = 1): PreviewScene {
  offset = 0;
  const bodies = [
    body(0, 'floor', 'static', box(10, 1), 0, [0, -0.5]),
    body(1, 'crate', 'dynamic', box(1, 1), 0, [0, 0.4]),
    body(2, 'wall', 'static', box(0.2, 4), 0, [3, 3]),
    body(3, 'shot', 'dynamic', [0, 0], 0.1, [-4, 3], { velocity: [600, 0], sourceKind: 'circle' }),
    body(4, 'zone', 'sensor', box(2, 2), 0, [-3, 3]),
  ];
  return {
    uri: 'file:///work/scene.collide',
    version,
    dt: 1 / 60,
    frames: 1,
    slop: 0.005,
    bodies,
    findings: [
      {
        kind: 'overlap',
        severity: 'warning',
        a: 'floor',
        b: 'crate',
        ia: 0,
        ib: 1,
        normal: [0, 1],
        depth: 0.1,
        points: [
          [-0.5, -0.05],
          [0.5, -0.05],
        ],
        message: 'crate overlaps floor by 0.1',
      },
      {
        kind: 'tunnelling',
        severity: 'warning',
        a: 'wall',
        b: 'shot',
        ia: 2,
        ib: 3,
        normal: [-1, 0],
        toi: 6.8 / 600,
        point: [2.9, 3],
        substeps: 3,
        message: 'shot tunnels through wall at t = 0.01133 s',
      },
    ],
    bounds: [-5, -1, 5.1, 5],
    errorCount: 0,
  };
}

/** The inspector's data for floor × crate: B ⊖ A of two boxes is a 11 × 2 box around (0, 0.9). */
export function samplePair(): PairDetail {
  return {
    uri: 'file:///work/scene.collide',
    version: 1,
    a: 'floor',
    b: 'crate',
    ia: 0,
    ib: 1,
    partA: 0,
    partB: 0,
    finding: sampleScene().findings[0]!,
    minkowski: {
      vertices: [-5.5, -0.1, 5.5, -0.1, 5.5, 1.9, -5.5, 1.9],
      vertexA: [1, 0, 3, 2],
      vertexB: [0, 1, 2, 3],
      edgeFrom: ['B', 'A', 'B', 'A'],
      radius: 0,
    },
    distance: -0.1,
    closest: [0, -0.1],
    normal: [0, 1],
    pushOut: [0, 0.1],
    relativeVelocity: [0, 0],
    relativeSpin: 0,
    toi: null,
    gjk: [
      {
        simplex: [{ w: [5.5, 1.9], indexA: 3, indexB: 2 }],
        closest: [5.5, 1.9],
        direction: [-5.5, -1.9],
      },
      {
        simplex: [
          { w: [5.5, 1.9], indexA: 3, indexB: 2 },
          { w: [-5.5, -0.1], indexA: 1, indexB: 0 },
        ],
        closest: [0.0123, 0.0356],
        direction: [-0.0356, 0.0123],
      },
    ],
    epa: [
      {
        polytope: [
          { w: [5.5, 1.9], indexA: 3, indexB: 2 },
          { w: [-5.5, -0.1], indexA: 1, indexB: 0 },
          { w: [5.5, -0.1], indexA: 0, indexB: 1 },
        ],
        closestEdge: 1,
        distance: 0.1,
      },
    ],
    advancement: [],
    notes: [],
  };
}

/** A delta from `scene` to its next version that changes nothing but what `change` says. */
export function sceneDelta(scene: PreviewScene, change: Partial<PreviewSceneDelta> = {}): PreviewSceneDelta {
  return {
    uri: scene.uri,
    base: scene.version,
    version: scene.version + 1,
    dt: scene.dt,
    frames: scene.frames,
    slop: scene.slop,
    bounds: scene.bounds,
    errorCount: 0,
    bodyCount: scene.bodies.length,
    shift: { at: 0, by: 0 },
    bodies: [],
    findings: [],
    ...change,
  };
}
