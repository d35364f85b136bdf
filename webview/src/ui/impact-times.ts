import type { PreviewFinding } from '../../../protocol/preview-model';

/** A finding that has a time of impact to land on: a tunnelling or a collision. */
export function impactOf(f: PreviewFinding): number | null {
  return (f.kind === 'tunnelling' || f.kind === 'collision') && f.toi !== undefined ? f.toi : null;
}

/** The findings' times of impact within [0, duration], sorted, each once. */
export function impactTimes(findings: readonly PreviewFinding[], duration: number): number[] {
  const out: number[] = [];
  for (const f of findings) {
    const t = impactOf(f);
    if (t !== null && t >= 0 && t <= duration) out.push(t);
  }
  out.sort((a, b) => a - b);
  return out.filter((t, k) => k === 0 || t !== out[k - 1]);
}

/**
 * The first time of `times` (sorted) after `t`, or the last one before it (`direction` -1);
 * null when there is none. A time within `tolerance` of `t` is where we are, not next: the
 * slider's own values are rounded.
 */
export function nextImpact(times: readonly number[], t: number, direction: 1 | -1, tolerance: number): number | null {
  if (direction === 1) {
    const k = firstAbove(times, t + tolerance);
    return k < times.length ? times[k]! : null;
  }
  const k = firstAtLeast(times, t - tolerance) - 1;
  return k >= 0 ? times[k]! : null;
}

/** The index of the first time greater than `x` (binary search). */
function firstAbove(times: readonly number[], x: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first time greater than or equal to `x` (binary search). */
function firstAtLeast(times: readonly number[], x: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
