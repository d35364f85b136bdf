// Godot's collision layers and masks as the language's declared layers (lower.ts).

/** A body's Godot bits, as LevelBody.layers holds them. */
export interface LayerBits {
  readonly layer: number;
  readonly mask: number;
}

/**
 * Godot's rule for whether two bodies are tested (Godot's `CollisionObject2D` docs, "collision
 * layers and masks"; levels-and-tiles.md §1): either one's mask meets the other's layer.
 */
export function godotLayersMeet(a: LayerBits, b: LayerBits): boolean {
  return ((a.mask & b.layer) | (b.mask & a.layer)) !== 0;
}

/** The lowered layer of a (layer, mask) pair: `godot_l<layer>_m<mask>`, both unsigned. */
export function godotLayerName(bits: LayerBits): string {
  return `godot_l${bits.layer >>> 0}_m${bits.mask >>> 0}`;
}

export interface LoweredLayers {
  /** The `layer` statements, one a line, in first-use order (empty when none is needed). */
  readonly statements: readonly string[];
  /** Whether bodies say `layer <name>`: false when every body collides with every other anyway. */
  readonly used: boolean;
}

/**
 * One declared layer per distinct (layer, mask) pair, each `collides` with every pair Godot's rule
 * lets it meet, itself included when `mask & layer` is not zero. The relation of the language is
 * symmetric, so a layer lists only the pairs declared at or after it. A body without bits has no
 * `layer` and collides with every body, as in Godot's absence of a filter; when every body with
 * bits has the same self-colliding pair, the filter changes nothing and no layer is declared.
 */
export function lowerLayers(bodies: Iterable<LayerBits | undefined>): LoweredLayers {
  const pairs = new Map<string, LayerBits>();
  for (const bits of bodies) {
    if (bits === undefined) continue;
    const name = godotLayerName(bits);
    if (!pairs.has(name)) pairs.set(name, { layer: bits.layer >>> 0, mask: bits.mask >>> 0 });
  }
  const list = [...pairs];
  if (list.length === 0) return { statements: [], used: false };
  if (list.length === 1 && godotLayersMeet(list[0]![1], list[0]![1])) return { statements: [], used: false };
  const statements: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const [name, bits] = list[i]!;
    const meets: string[] = [];
    for (let j = i; j < list.length; j++) if (godotLayersMeet(bits, list[j]![1])) meets.push(list[j]![0]);
    statements.push(meets.length === 0 ? `layer ${name}` : `layer ${name} collides ${meets.join(' ')}`);
  }
  return { statements, used: true };
}
