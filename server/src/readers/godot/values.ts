// Typed readings of Godot values: a float, a bool, a Vector2, a point list, a Transform2D. Each
// answers the value, or a problem sentence for a diagnostic on the value's range.
import { type Variant, numbersOf } from './variant';

export type Reading<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

const ok = <T>(value: T): Reading<T> => ({ ok: true, value });
const bad = <T>(problem: string): Reading<T> => ({ ok: false, problem });

export function describe(value: Variant): string {
  switch (value.kind) {
    case 'call': return `${value.name}(...)`;
    case 'string': return 'a string';
    case 'array': return 'an array';
    case 'dict': return 'a dictionary';
    case 'bool': return value.value ? 'true' : 'false';
    case 'null': return 'null';
    case 'number': return String(value.value);
    case 'opaque': return 'an unreadable value';
  }
}

export function readNumber(value: Variant, what: string): Reading<number> {
  if (value.kind === 'number' && Number.isFinite(value.value)) return ok(value.value);
  return bad(`${what} should be a finite number, not ${describe(value)}.`);
}

export function readBool(value: Variant, what: string): Reading<boolean> {
  if (value.kind === 'bool') return ok(value.value);
  // Godot reads a number as a bool too.
  if (value.kind === 'number' && Number.isFinite(value.value)) return ok(value.value !== 0);
  return bad(`${what} should be true or false, not ${describe(value)}.`);
}

export function readInteger(value: Variant, what: string): Reading<number> {
  if (value.kind === 'number' && Number.isInteger(value.value)) return ok(value.value);
  return bad(`${what} should be a whole number, not ${describe(value)}.`);
}

function finite(numbers: readonly number[]): boolean {
  return numbers.every(Number.isFinite);
}

/** `Vector2(x, y)` or `Vector2i(x, y)`. */
export function readVector(value: Variant, what: string): Reading<[number, number]> {
  if (value.kind === 'call' && (value.name === 'Vector2' || value.name === 'Vector2i')) {
    const n = numbersOf(value);
    if (n !== undefined && n.length === 2 && finite(n)) return ok([n[0]!, n[1]!]);
  }
  return bad(`${what} should be Vector2(x, y) with finite numbers, not ${describe(value)}.`);
}

/**
 * Flat x, y pairs of `PackedVector2Array(x, y, ...)`, also of `[Vector2(...), ...]` and
 * `Array[Vector2]([...])` (the shape a script or an older file writes).
 */
export function readPoints(value: Variant, what: string): Reading<number[]> {
  if (value.kind === 'call' && value.name === 'PackedVector2Array') {
    const n = numbersOf(value);
    if (n !== undefined && n.length % 2 === 0 && finite(n)) return ok(n);
    return bad(`${what} should list finite x, y pairs.`);
  }
  if (value.kind === 'array') {
    const out: number[] = [];
    for (const item of value.items) {
      const v = readVector(item, what);
      if (!v.ok) return bad(v.problem);
      out.push(v.value[0], v.value[1]);
    }
    return ok(out);
  }
  return bad(`${what} should be PackedVector2Array(...), not ${describe(value)}.`);
}

/** `Transform2D(xx, xy, yx, yy, ox, oy)`: columns x, y and the origin. */
export function readTransformNumbers(value: Variant, what: string): Reading<number[]> {
  if (value.kind === 'call' && value.name === 'Transform2D') {
    const n = numbersOf(value);
    if (n !== undefined && n.length === 6 && finite(n)) return ok(n);
  }
  return bad(`${what} should be Transform2D(xx, xy, yx, yy, ox, oy) with finite numbers, not ${describe(value)}.`);
}

/** The id of `SubResource("id")` or `ExtResource("id")`. */
export function resourceReference(value: Variant): { readonly external: boolean; readonly id: string } | undefined {
  if (value.kind !== 'call' || (value.name !== 'SubResource' && value.name !== 'ExtResource') || value.args.length !== 1) return undefined;
  const arg = value.args[0]!;
  const id = arg.kind === 'string' ? arg.value : arg.kind === 'number' ? String(arg.value) : undefined;
  return id === undefined ? undefined : { external: value.name === 'ExtResource', id };
}

/** A string value's text (plain, StringName or NodePath). */
export function readString(value: Variant): string | undefined {
  if (value.kind === 'string') return value.value;
  if (value.kind === 'call' && value.name === 'NodePath' && value.args.length === 1 && value.args[0]!.kind === 'string') return value.args[0].value;
  return undefined;
}
