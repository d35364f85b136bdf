import { setFlagsFromString } from 'node:v8';

/**
 * Whether V8 stores `a` as PACKED_DOUBLE_ELEMENTS (v8.dev, "Elements kinds in V8"): doubles, no
 * holes. The shapes' coordinate arrays must all be of that one kind for the support functions,
 * GJK, SAT and clipping to stay monomorphic (core/shapes/shape.ts); a box of integer sides would
 * otherwise come out as Smis and `new Array(n)` as holey. Read through V8's own test intrinsics,
 * which need --allow-natives-syntax; the flag only lets later-compiled code use them.
 */
export function isPackedDoubleArray(a: readonly number[]): boolean {
  return check(a);
}

let checker: ((a: readonly number[]) => boolean) | undefined;
function check(a: readonly number[]): boolean {
  if (!checker) {
    setFlagsFromString('--allow-natives-syntax');
    checker = new Function('a', 'return %HasDoubleElements(a) && !%HasHoleyElements(a)') as (a: readonly number[]) => boolean;
  }
  return checker(a);
}
