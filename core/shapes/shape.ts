import type { Vec2 } from '../math/vec2';

/**
 * Every convex shape in Collide is a *rounded convex point set*: the convex hull of `vertices`
 * (its "core") swept by a disc of `radius`. This is the representation GJK needs (van den Bergen,
 * "Collision Detection in Interactive 3D Environments", ch. 4: a core shape plus a margin) and the
 * one Box2D v3 uses for its shape proxies:
 *
 * | kind     | vertices                         | radius |
 * |----------|----------------------------------|--------|
 * | circle   | 1: the centre                    | r > 0  |
 * | capsule  | 2: the ends of the inner segment | r > 0  |
 * | segment  | 2: the ends                      | 0      |
 * | polygon  | >= 3, convex, counter-clockwise  | >= 0 (rounded polygon when > 0) |
 *
 * Coordinates are in the shape's local frame (for a scene body: body-local, with any compound
 * part offset and angle already applied). A box is a polygon. Polygons are validated before they
 * get here (semantics does it, with diagnostics): convex, CCW, no repeated or collinear vertices.
 */
export type ShapeKind = 'circle' | 'capsule' | 'segment' | 'polygon';

export interface ConvexShape {
  readonly kind: ShapeKind;
  readonly vertices: readonly Vec2[];
  readonly radius: number;
  /** Outward unit normal of edge i → i+1 (polygon only; empty for the other kinds). */
  readonly normals: readonly Vec2[];
}
