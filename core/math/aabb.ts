/** Axis-aligned bounding box in whatever frame its producer documents (usually world). */
export interface AABB {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function makeAABB(minX: number, minY: number, maxX: number, maxY: number): AABB {
  return { minX, minY, maxX, maxY };
}
export function aabbOverlaps(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}
export function aabbUnion(a: AABB, b: AABB): AABB {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}
export function aabbContains(outer: AABB, inner: AABB): boolean {
  return (
    outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
  );
}
/** Perimeter: the insertion cost Box2D's dynamic tree minimizes (a 2D stand-in for surface area). */
export function aabbPerimeter(a: AABB): number {
  return 2 * (a.maxX - a.minX + (a.maxY - a.minY));
}
export function aabbArea(a: AABB): number {
  return (a.maxX - a.minX) * (a.maxY - a.minY);
}
export function aabbExpand(a: AABB, margin: number): AABB {
  return { minX: a.minX - margin, minY: a.minY - margin, maxX: a.maxX + margin, maxY: a.maxY + margin };
}
