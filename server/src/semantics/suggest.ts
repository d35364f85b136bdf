/**
 * "Did you mean ...?" for unknown names: the candidate with the smallest edit distance
 * (Levenshtein, with the two-row dynamic programme of Wagner and Fischer, 1974), if it is close
 * enough to be a plausible typo: at most one edit for short names, a third of the length for
 * longer ones.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - name.length) >= bestDistance) continue;
    const d = editDistance(name, c, bestDistance);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `cap`) once every entry of a row reaches `cap`. */
export function editDistance(a: string, b: string, cap = Infinity): number {
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]!;
}
