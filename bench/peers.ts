/**
 * The peer libraries, each driven the way its documentation shows for "which shapes overlap":
 *
 * - rapier (`@dimforge/rapier2d-compat`, parry2d in WebAssembly): colliders without rigid
 *   bodies, collision events enabled and `ActiveCollisionTypes.ALL | FIXED_FIXED` (rapier skips
 *   pairs of non-dynamic colliders by default, and ALL still leaves out fixed-fixed), one `world.step(eventQueue)`, started collision events
 *   drained. A move: `collider.setTranslation`, then the scene query `intersectionsWithShape`
 *   excluding the collider itself. (Rapier updates its BVH only in `step`; the probe moves of
 *   this bench put each body back before the next, so skipping the step is correct here and
 *   favors rapier.)
 * - planck (Box2D v2.4 in JavaScript): dynamic bodies in a world without gravity, one
 *   `world.step(0)`, which finds new contacts through the broad phase and updates every
 *   contact's manifold without solving; the touching contacts are the pairs. A move:
 *   `body.setTransform` (which moves the proxy in the broad-phase tree), then `world.queryAABB`
 *   with the fixture's box and the exported narrow-phase `testOverlap` per candidate.
 * - detect-collisions (also published as check2d; BVH broad phase + SAT): bodies created with
 *   `system.createCircle/createBox/createPolygon`, then `system.checkAll` (which reports each
 *   pair from both sides). A move: `body.setPosition` (which updates the BVH), then
 *   `system.checkOne`.
 *
 * Body creation is inside the timed region for every library: it is how each builds its broad
 * phase (rapier and planck also build their shapes there, as Collide's semantics does).
 */
import RAPIER from '@dimforge/rapier2d-compat';
import * as planck from 'planck';
import { System, type Body as DcBody } from 'detect-collisions';
import type { BenchBody, Scene } from './scenes';

export interface Peer {
  readonly name: string;
  /** Builds everything from scratch and returns the overlapping pairs as i * n + j keys (i < j). */
  allPairs(scene: Scene): number[];
  /** Builds the scene once (untimed), then returns a probe function: move, find overlaps. */
  prepareMoves(scene: Scene): MoveProbe;
}

export interface MoveProbe {
  /** Moves body k to (x, y), returns the bodies it overlaps (the timed part). */
  probe(k: number, x: number, y: number, out: number[]): void;
  /** Puts body k back where it was (untimed). */
  restore(k: number): void;
  dispose(): void;
}

function key(i: number, j: number, n: number): number {
  return i < j ? i * n + j : j * n + i;
}

function sortedUnique(keys: number[]): number[] {
  keys.sort((a, b) => a - b);
  let w = 0;
  for (let r = 0; r < keys.length; r++) if (r === 0 || keys[r] !== keys[r - 1]) keys[w++] = keys[r]!;
  keys.length = w;
  return keys;
}

// ---- rapier --------------------------------------------------------------------------------

let rapierReady: Promise<void> | null = null;
export function initRapier(): Promise<void> {
  rapierReady ??= RAPIER.init();
  return rapierReady;
}

function rapierDesc(b: BenchBody): RAPIER.ColliderDesc {
  let desc: RAPIER.ColliderDesc | null;
  if (b.kind === 'circle') desc = RAPIER.ColliderDesc.ball(b.r);
  else if (b.kind === 'box') desc = RAPIER.ColliderDesc.cuboid(b.w / 2, b.h / 2);
  else desc = RAPIER.ColliderDesc.convexPolyline(Float32Array.from(b.local));
  if (!desc) throw new Error(`rapier rejected body ${b.index}`);
  return desc
    .setTranslation(b.x, b.y)
    .setRotation(b.angle)
    .setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL | RAPIER.ActiveCollisionTypes.FIXED_FIXED)
    .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
}

export const rapierPeer: Peer = {
  name: 'rapier',
  allPairs(scene) {
    const world = new RAPIER.World({ x: 0, y: 0 });
    const queue = new RAPIER.EventQueue(true);
    const index = new Map<number, number>();
    for (const b of scene.bodies) index.set(world.createCollider(rapierDesc(b)).handle, b.index);
    world.step(queue);
    const keys: number[] = [];
    queue.drainCollisionEvents((h1, h2, started) => {
      if (started) keys.push(key(index.get(h1)!, index.get(h2)!, scene.n));
    });
    queue.free();
    world.free();
    return sortedUnique(keys);
  },
  prepareMoves(scene) {
    const world = new RAPIER.World({ x: 0, y: 0 });
    const colliders = scene.bodies.map((b) => world.createCollider(rapierDesc(b)));
    const index = new Map<number, number>();
    colliders.forEach((c, i) => index.set(c.handle, i));
    world.step();
    return {
      probe(k, x, y, out) {
        const c = colliders[k]!;
        c.setTranslation({ x, y });
        world.intersectionsWithShape({ x, y }, c.rotation(), c.shape, (other) => {
          out.push(index.get(other.handle)!);
          return true;
        }, undefined, undefined, c);
      },
      restore(k) {
        const b = scene.bodies[k]!;
        colliders[k]!.setTranslation({ x: b.x, y: b.y });
      },
      dispose() {
        world.free();
      },
    };
  },
};

// ---- planck ---------------------------------------------------------------------------------

function planckShape(b: BenchBody): planck.Shape {
  if (b.kind === 'circle') return new planck.Circle(b.r);
  if (b.kind === 'box') return new planck.Box(b.w / 2, b.h / 2);
  const pts: planck.Vec2Value[] = [];
  for (let i = 0; i < b.local.length; i += 2) pts.push({ x: b.local[i]!, y: b.local[i + 1]! });
  return new planck.Polygon(pts);
}

function planckWorld(scene: Scene): { world: planck.World; bodies: planck.Body[] } {
  const world = new planck.World({ gravity: { x: 0, y: 0 } });
  const bodies = scene.bodies.map((b) => {
    const body = world.createBody({ type: 'dynamic', position: { x: b.x, y: b.y }, angle: b.angle, userData: b.index });
    body.createFixture({ shape: planckShape(b), userData: b.index });
    return body;
  });
  return { world, bodies };
}

export const planckPeer: Peer = {
  name: 'planck',
  allPairs(scene) {
    const { world } = planckWorld(scene);
    world.step(0);
    const keys: number[] = [];
    for (let c = world.getContactList(); c; c = c.getNext()) {
      if (c.isTouching()) {
        keys.push(key(c.getFixtureA().getUserData() as number, c.getFixtureB().getUserData() as number, scene.n));
      }
    }
    return sortedUnique(keys);
  },
  prepareMoves(scene) {
    const { world, bodies } = planckWorld(scene);
    world.step(0);
    return {
      probe(k, x, y, out) {
        const body = bodies[k]!;
        body.setTransform({ x, y }, body.getAngle());
        const fixture = body.getFixtureList()!;
        const shape = fixture.getShape();
        const xf = body.getTransform();
        world.queryAABB(fixture.getAABB(0), (other) => {
          if (other !== fixture && planck.testOverlap(shape, 0, other.getShape(), 0, xf, other.getBody().getTransform())) {
            out.push(other.getUserData() as number);
          }
          return true;
        });
      },
      restore(k) {
        const b = scene.bodies[k]!;
        bodies[k]!.setTransform({ x: b.x, y: b.y }, b.angle);
      },
      dispose() {},
    };
  },
};

// ---- detect-collisions ----------------------------------------------------------------------

interface Tagged {
  benchIndex?: number;
}

function dcSystem(scene: Scene): { system: System; bodies: DcBody[] } {
  const system = new System();
  const bodies = scene.bodies.map((b) => {
    let body: DcBody;
    if (b.kind === 'circle') body = system.createCircle({ x: b.x, y: b.y }, b.r);
    else if (b.kind === 'box') body = system.createBox({ x: b.x, y: b.y }, b.w, b.h, { angle: b.angle, isCentered: true });
    else {
      const pts: { x: number; y: number }[] = [];
      for (let i = 0; i < b.local.length; i += 2) pts.push({ x: b.local[i]!, y: b.local[i + 1]! });
      body = system.createPolygon({ x: b.x, y: b.y }, pts, { angle: b.angle });
    }
    (body as unknown as Tagged).benchIndex = b.index;
    return body;
  });
  return { system, bodies };
}

export const detectCollisionsPeer: Peer = {
  name: 'detect-collisions',
  allPairs(scene) {
    const { system } = dcSystem(scene);
    const keys: number[] = [];
    system.checkAll((r) => {
      const i = (r.a as unknown as Tagged).benchIndex!;
      const j = (r.b as unknown as Tagged).benchIndex!;
      if (i < j) keys.push(i * scene.n + j); // each pair comes from both sides; keep one
    });
    return sortedUnique(keys);
  },
  prepareMoves(scene) {
    const { system, bodies } = dcSystem(scene);
    return {
      probe(k, x, y, out) {
        const body = bodies[k]!;
        body.setPosition(x, y);
        system.checkOne(body, (r) => {
          out.push((r.b as unknown as Tagged).benchIndex!);
        });
      },
      restore(k) {
        const b = scene.bodies[k]!;
        bodies[k]!.setPosition(b.x, b.y);
      },
      dispose() {},
    };
  },
};

export const PEERS: readonly Peer[] = [rapierPeer, planckPeer, detectCollisionsPeer];
