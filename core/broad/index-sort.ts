/**
 * Sorts `index[from, to)` so that `keys[index[i]]` ascends, in place and without allocation:
 * introsort (Musser 1997): quicksort with a median-of-three pivot, insertion sort for short runs,
 * and heapsort once the recursion is deeper than 2·log2(n), so adversarial inputs stay
 * O(n log n). Not stable. Used by the sweep-and-prune to order proxies by their lower bound
 * without a comparator callback per comparison (TypedArray#sort calls one).
 */
export function sortIndicesByKey(index: Int32Array, from: number, to: number, keys: Float64Array): void {
  const n = to - from;
  if (n < 2) return;
  introsort(index, from, to - 1, keys, 2 * Math.ceil(Math.log2(n)) + 2);
}

const SHORT_RUN = 16;

function introsort(a: Int32Array, lo: number, hi: number, keys: Float64Array, depth: number): void {
  while (hi - lo >= SHORT_RUN) {
    if (depth-- === 0) {
      heapsort(a, lo, hi, keys);
      return;
    }
    const mid = (lo + hi) >>> 1;
    // Median of three moved to lo as the pivot.
    if (keys[a[mid]!]! < keys[a[lo]!]!) swap(a, mid, lo);
    if (keys[a[hi]!]! < keys[a[lo]!]!) swap(a, hi, lo);
    if (keys[a[hi]!]! < keys[a[mid]!]!) swap(a, hi, mid);
    const pivot = keys[a[mid]!]!;
    // Hoare partition: equal keys split evenly between both sides.
    let i = lo - 1;
    let j = hi + 1;
    for (;;) {
      do i++;
      while (keys[a[i]!]! < pivot);
      do j--;
      while (keys[a[j]!]! > pivot);
      if (i >= j) break;
      swap(a, i, j);
    }
    // Recurse into the smaller half, loop on the larger: O(log n) stack.
    if (j - lo < hi - j) {
      introsort(a, lo, j, keys, depth);
      lo = j + 1;
    } else {
      introsort(a, j + 1, hi, keys, depth);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i]!;
    const k = keys[v]!;
    let j = i - 1;
    while (j >= lo && keys[a[j]!]! > k) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

function heapsort(a: Int32Array, lo: number, hi: number, keys: Float64Array): void {
  const n = hi - lo + 1;
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(a, lo, i, n, keys);
  for (let end = n - 1; end > 0; end--) {
    swap(a, lo, lo + end);
    siftDown(a, lo, 0, end, keys);
  }
}

function siftDown(a: Int32Array, lo: number, i: number, n: number, keys: Float64Array): void {
  const v = a[lo + i]!;
  const k = keys[v]!;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keys[a[lo + c + 1]!]! > keys[a[lo + c]!]!) c++;
    if (keys[a[lo + c]!]! <= k) break;
    a[lo + i] = a[lo + c]!;
    i = c;
  }
  a[lo + i] = v;
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
