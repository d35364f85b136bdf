/**
 * Hoare's quickselect (Hoare 1961, "Algorithm 65: FIND"): reorders keys[lo..hi] (inclusive) so
 * that position k holds the k-th smallest key, no larger key before it and no smaller one after
 * it, and returns that key. `payload`, when given, is swapped in lockstep with the keys, so a
 * caller can select items by a key it computed into a scratch column.
 *
 * The pivot is the middle element and the partition is Hoare's, which splits runs of equal keys
 * evenly: coincident boxes (duplicate keys) do not make it quadratic.
 */
export function selectKth(keys: Float64Array, lo: number, hi: number, k: number, payload: Int32Array | null = null): number {
  while (hi > lo) {
    const pivot = keys[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const t = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = t;
        if (payload !== null) {
          const u = payload[i]!;
          payload[i] = payload[j]!;
          payload[j] = u;
        }
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return keys[k]!;
}
