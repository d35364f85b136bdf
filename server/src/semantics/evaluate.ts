import type { Vec2 } from '../../../core';
import { formatNumber, formatVector } from '../../../protocol/format';
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { Expression, Identifier } from '../syntax/ast';
import type { ValueTable } from './value-table';

/**
 * Expression evaluation: numbers and 2D vectors in IEEE doubles, with every way to lose a value
 * reported on the exact range where it happened (scene-language.md, "Expressions"):
 *  - a literal beyond the double range (`1e400`) → `number-overflow` on the literal;
 *  - `x / 0` → `division-by-zero` on the division;
 *  - a finite computation that leaves the double range → `number-overflow` on that operation;
 *  - NaN (`sqrt(-1)`) → `not-a-number` on the operation.
 * A value that failed is `undefined` and poisons what depends on it silently, so one mistake gives
 * one diagnostic. Angle units: `30deg` is 30 · π/180; `rad` and no suffix are radians.
 */

export type Value = number | Vec2;

export function isVector(v: Value): v is Vec2 {
  return typeof v !== 'number';
}

/** Formats a value for messages, hovers and inlay hints (protocol/format.ts: 6 significant digits). */
export function formatValue(v: Value): string {
  return isVector(v) ? formatVector(v.x, v.y) : formatNumber(v);
}

/** What a name in an expression resolves to; `undefined` when the resolver has reported why not. */
export type NameResolver = (name: Identifier) => Value | undefined;

/** Built-in functions (room to grow in scene-language.md): name → [min args, max args, implementation]. */
const FUNCTIONS: Record<string, readonly [number, number, (args: number[]) => number]> = {
  sqrt: [1, 1, (a) => Math.sqrt(a[0]!)],
  abs: [1, 1, (a) => Math.abs(a[0]!)],
  sin: [1, 1, (a) => Math.sin(a[0]!)],
  cos: [1, 1, (a) => Math.cos(a[0]!)],
  tan: [1, 1, (a) => Math.tan(a[0]!)],
  asin: [1, 1, (a) => Math.asin(a[0]!)],
  acos: [1, 1, (a) => Math.acos(a[0]!)],
  atan: [1, 1, (a) => Math.atan(a[0]!)],
  atan2: [2, 2, (a) => Math.atan2(a[0]!, a[1]!)],
  hypot: [2, 2, (a) => Math.hypot(a[0]!, a[1]!)],
  min: [1, Infinity, (a) => Math.min(...a)],
  max: [1, Infinity, (a) => Math.max(...a)],
};

/** Names of the built-in functions, for completion and hover. */
export const FUNCTION_NAMES: readonly string[] = Object.keys(FUNCTIONS);

/** An evaluated expression as recorded for inlay hints and hover. */
export interface EvaluatedValue {
  readonly range: TextRange;
  readonly value: Value;
  /** What the slot means: 'angle' values are radians, 'spin' radians per second. */
  readonly role: ValueRole;
}

export type ValueRole = 'angle' | 'spin' | 'length' | 'position' | 'velocity' | 'time' | 'count' | 'constant' | 'argument';

export class Evaluator {
  /** Whether a literal with an angle unit has been seen since the last reset (for `unit-not-angle`). */
  sawAngleUnit = false;

  constructor(
    private readonly resolve: NameResolver,
    /** Where problems are reported (the caller may redirect it between evaluations). */
    public diagnostics: Diagnostic[],
    /**
     * Every literal with a unit is recorded here with its radian value; null when nothing reads
     * the record (a whole-file run: values are evaluated again on request, semantics/check.ts
     * `SemanticResult.valuesOf`).
     */
    public values: ValueTable | null,
  ) {}

  private report(range: TextRange, code: string, message: string): undefined {
    this.diagnostics.push({ range, severity: 'error', code, message });
    return undefined;
  }

  /** Checks a computed number: finite results pass, others are reported on `range`. */
  private checked(n: number, range: TextRange): number | undefined {
    if (Number.isFinite(n)) return n;
    if (Number.isNaN(n)) return this.report(range, 'not-a-number', 'This has no numeric value (the result is not a number).');
    return this.report(range, 'number-overflow', 'This result is too large for a double-precision number (beyond ±1.8e308).');
  }

  /**
   * The value of `e`. A vector is a fresh object, except for a name's: a constant evaluates to the
   * one value object it holds (semantics/check.ts relies on both).
   */
  evaluate(e: Expression): Value | undefined {
    switch (e.kind) {
      case 'Number': {
        if (Number.isNaN(e.value)) return undefined; // malformed literal, reported by the lexer
        if (!Number.isFinite(e.value)) {
          return this.report(e.range, 'number-overflow', 'This number is too large for a double-precision number (beyond ±1.8e308).');
        }
        if (e.unit === null) return e.value;
        this.sawAngleUnit = true;
        const rad = e.unit === 'deg' ? (e.value * Math.PI) / 180 : e.value;
        this.values?.push(e.range, rad, 'angle');
        return rad;
      }
      case 'Pi':
        return Math.PI;
      case 'Identifier':
        return this.resolve(e);
      case 'Paren':
        return this.evaluate(e.expression);
      case 'Vector': {
        const x = this.evaluateNumber(e.x, 'the x component');
        const y = this.evaluateNumber(e.y, 'the y component');
        return x === undefined || y === undefined ? undefined : { x, y };
      }
      case 'Unary': {
        const v = this.evaluate(e.operand);
        if (v === undefined) return undefined;
        return isVector(v) ? { x: -v.x, y: -v.y } : -v;
      }
      case 'Binary':
        return this.binary(e.operator, e.left, e.right, e.range);
      case 'Call':
        return this.call(e.callee, e.args, e.range);
      case 'Missing':
      case 'Error':
        return undefined; // reported by the parser
    }
  }

  /** Evaluates an expression that must be a number (a vector is a `type-mismatch`). */
  evaluateNumber(e: Expression, what: string): number | undefined {
    const v = this.evaluate(e);
    if (v === undefined) return undefined;
    if (isVector(v)) return this.report(e.range, 'type-mismatch', `Expected a number for ${what}, but this is a vector ${formatValue(v)}.`);
    return v;
  }

  /** Evaluates an expression that must be a vector (a number is a `type-mismatch`). */
  evaluateVector(e: Expression, what: string): Vec2 | undefined {
    const v = this.evaluate(e);
    if (v === undefined) return undefined;
    if (!isVector(v)) return this.report(e.range, 'type-mismatch', `Expected a vector (x, y) for ${what}, but this is the number ${formatValue(v)}.`);
    return v;
  }

  private binary(op: '+' | '-' | '*' | '/', left: Expression, right: Expression, range: TextRange): Value | undefined {
    // Long left-leaning chains (1 + 2 + ... ) recurse once per operator; the parser caps the
    // tree's height, so this recursion is bounded.
    const a = this.evaluate(left);
    const b = this.evaluate(right);
    if (a === undefined || b === undefined) return undefined;
    const va = isVector(a);
    const vb = isVector(b);
    if (op === '+' || op === '-') {
      if (va !== vb) {
        return this.report(range, 'type-mismatch', `Cannot ${op === '+' ? 'add' : 'subtract'} a number and a vector.`);
      }
      if (va && vb) {
        const x = this.checked(op === '+' ? a.x + b.x : a.x - b.x, range);
        const y = this.checked(op === '+' ? a.y + b.y : a.y - b.y, range);
        return x === undefined || y === undefined ? undefined : { x, y };
      }
      return this.checked(op === '+' ? (a as number) + (b as number) : (a as number) - (b as number), range);
    }
    if (op === '*') {
      if (va && vb) return this.report(range, 'type-mismatch', 'Cannot multiply two vectors (scale a vector by a number instead).');
      if (va || vb) {
        const v = (va ? a : b) as Vec2;
        const s = (va ? b : a) as number;
        const x = this.checked(v.x * s, range);
        const y = this.checked(v.y * s, range);
        return x === undefined || y === undefined ? undefined : { x, y };
      }
      return this.checked((a as number) * (b as number), range);
    }
    // Division.
    if (vb) return this.report(range, 'type-mismatch', 'Cannot divide by a vector.');
    if (b === 0) return this.report(range, 'division-by-zero', 'Division by zero.');
    if (va) {
      const x = this.checked(a.x / b, range);
      const y = this.checked(a.y / b, range);
      return x === undefined || y === undefined ? undefined : { x, y };
    }
    return this.checked((a as number) / b, range);
  }

  private call(callee: Identifier, args: readonly Expression[], range: TextRange): Value | undefined {
    const f = FUNCTIONS[callee.name];
    if (!f) {
      return this.report(
        callee.range,
        'unknown-function',
        `Unknown function '${callee.name}'. Available: ${FUNCTION_NAMES.join(', ')}.`,
      );
    }
    const values: number[] = [];
    let failed = false;
    // Angle units inside a call are the function's business (sin(30deg) is the point of them).
    const sawAngleUnit = this.sawAngleUnit;
    for (const arg of args) {
      const v = this.evaluateNumber(arg, `an argument of ${callee.name}`);
      if (v === undefined) failed = true;
      else values.push(v);
    }
    this.sawAngleUnit = sawAngleUnit;
    const [min, max] = f;
    if (args.length < min || args.length > max) {
      const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
      return this.report(range, 'argument-count', `${callee.name} takes ${expected} argument${min === 1 && max === 1 ? '' : 's'}, not ${args.length}.`);
    }
    if (failed) return undefined;
    return this.checked(f[2](values), range);
  }
}
