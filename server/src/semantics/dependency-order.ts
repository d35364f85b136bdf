/**
 * Evaluation order for definitions that may refer to each other in any order (`let` constants,
 * named shapes): a depth-first post-order (Tarjan, "Depth-first search and linear graph
 * algorithms", 1972; Cormen et al. §22.4, topological sort), written with an explicit stack so
 * that a hostile file with a chain of 100 000 forward references cannot overflow the call stack.
 * A back edge closes a cycle; its members are returned so that each can be reported, and the
 * order still lists every item once.
 */
export interface DependencyOrder<T> {
  /** Every item, each after the items it depends on (cycle members in discovery order). */
  readonly order: T[];
  /** Each cycle found, as the items on it in dependency order (a self-reference is a cycle of one). */
  readonly cycles: T[][];
}

export function dependencyOrder<T>(items: readonly T[], dependencies: (item: T) => readonly T[]): DependencyOrder<T> {
  const WHITE = 0;
  const GRAY = 1;
  const BLACK = 2;
  const color = new Map<T, number>();
  const stackIndex = new Map<T, number>();
  const order: T[] = [];
  const cycles: T[][] = [];
  const stack: { item: T; deps: readonly T[]; next: number }[] = [];
  for (const root of items) {
    if ((color.get(root) ?? WHITE) !== WHITE) continue;
    color.set(root, GRAY);
    stackIndex.set(root, 0);
    stack.push({ item: root, deps: dependencies(root), next: 0 });
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next < top.deps.length) {
        const d = top.deps[top.next++]!;
        const c = color.get(d) ?? WHITE;
        if (c === WHITE) {
          color.set(d, GRAY);
          stackIndex.set(d, stack.length);
          stack.push({ item: d, deps: dependencies(d), next: 0 });
        } else if (c === GRAY) {
          cycles.push(stack.slice(stackIndex.get(d)!).map((f) => f.item));
        }
        continue;
      }
      stack.pop();
      color.set(top.item, BLACK);
      stackIndex.delete(top.item);
      order.push(top.item);
    }
  }
  return { order, cycles };
}
