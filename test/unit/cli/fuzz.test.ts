/**
 * Hostile files through the real CLI (bin/collide.js check --format json): huge polygons,
 * million-character lines, deep nesting, 20 MB files. Each must end within a bound, without a
 * crash or an internal error, and a bad input must get a diagnostic whose range is where the
 * input is bad. The cases are the same on every run (seed FUZZ_SEED below, or COLLIDE_FUZZ_SEED);
 * COLLIDE_FUZZ=long adds random cases of random sizes from a fresh seed, printed on failure.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BIN, ensureCliBuilt } from './build-cli';
import { prng } from '../../../bench/scenes';
import { MAX_NESTING } from '../../../server/src/syntax/grammar-tables';

const FUZZ_SEED = 20261128;
const LONG = process.env.COLLIDE_FUZZ === 'long';
const SEED = process.env.COLLIDE_FUZZ_SEED ? Number(process.env.COLLIDE_FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : FUZZ_SEED;
/** Per case: generous, for a loaded CI machine; a stall runs into it instead of hanging the suite. */
const CASE_MS = 30000;

interface Case {
  readonly name: string;
  readonly text: string;
  /** Where the input is bad (an offset a reported error's range must contain), if it is. */
  readonly badAt?: number;
  /** Where the input is bad when no single offset is (a reported error must start in [from, to]). */
  readonly badIn?: readonly [number, number];
  /** Codes one of which the bad input must get (any error when absent). */
  readonly codes?: readonly string[];
  /** Good input: no error at all. */
  readonly clean?: boolean;
}

const vertexList = (pts: readonly (readonly [number, number])[], decimals: number) =>
  pts.map(([x, y]) => `(${x.toFixed(decimals)}, ${y.toFixed(decimals)})`).join(', ');

function polygonCase(name: string, pts: readonly (readonly [number, number])[], decimals: number, bad: boolean, codes?: readonly string[]): Case {
  const head = 'body p polygon(';
  return { name, text: `${head}${vertexList(pts, decimals)})\n`, ...(bad ? { badAt: head.length, codes } : { clean: true }) };
}

const POLYGON_ERRORS = ['polygon-not-convex', 'polygon-self-intersecting', 'polygon-zero-area'];

/**
 * What a nesting case must get: beyond MAX_NESTING a nesting error starting in `where`, within it
 * no error at all; `undefined` when the generator cannot tell (only the common checks apply).
 */
function nesting(tooDeep: boolean | undefined, where: readonly [number, number]): Pick<Case, 'badIn' | 'codes' | 'clean'> {
  if (tooDeep === undefined) return {};
  return tooDeep ? { badIn: where, codes: ['syntax-nesting-too-deep'] } : { clean: true };
}

const generators = {
  convex(rnd: () => number, n: number): Case {
    const r = 1000 * (0.5 + rnd());
    const pts = Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as const);
    return polygonCase(`convex polygon, ${n} vertices`, pts, 6, false);
  },
  nearlyConvex(rnd: () => number, n: number): Case {
    // A unit circle rounded to 6 decimals, plus noise of the same size.
    const pts = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return [Math.cos(a) + (rnd() - 0.5) * 1e-6, Math.sin(a) + (rnd() - 0.5) * 1e-6] as const;
    });
    return polygonCase(`nearly convex polygon with rounding noise, ${n} vertices`, pts, 6, false);
  },
  concave(rnd: () => number, n: number): Case {
    const spikes = Math.max(3, Math.floor(n / 2));
    const pts = Array.from({ length: 2 * spikes }, (_, i) => {
      const a = (Math.PI * i) / spikes;
      const r = i % 2 === 0 ? 10 : 5 + 4 * rnd();
      return [r * Math.cos(a), r * Math.sin(a)] as const;
    });
    return polygonCase(`concave star, ${2 * spikes} vertices`, pts, 9, true, ['polygon-not-convex']);
  },
  selfCrossing(rnd: () => number, n: number): Case {
    const pts = Array.from({ length: Math.max(4, n) }, () => [100 * rnd(), 100 * rnd()] as const);
    return polygonCase(`self-crossing polygon of random points, ${pts.length} vertices`, pts, 4, true, POLYGON_ERRORS);
  },
  overlappingPolygons(rnd: () => number, n: number): Case {
    // Two large polygons overlapping and a third moving through them: the narrow phase's turn.
    const r = 1000;
    const pts = Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as const);
    const list = vertexList(pts, 6);
    const dx = Math.floor(200 + 1000 * rnd());
    const text = `body a polygon(${list})\nbody b polygon(${list}) at (${dx}, 0)\nbody c polygon(${list}) at (5000, 0) velocity (-6000, 0)\n`;
    return { name: `three polygons of ${n} vertices, overlapping and moving`, text, clean: true };
  },
  longLine(rnd: () => number, chars: number): Case {
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; length < chars / 2; i++) {
      const s = `let v${i} = ${Math.floor(rnd() * 1000)} `;
      parts.push(s);
      length += s.length;
    }
    const badAt = length + 'body b circle('.length;
    parts.push('body b circle(, 1) ');
    for (let i = 0; length < chars; i++) {
      const s = `let w${i} = v${i} `;
      parts.push(s);
      length += s.length;
    }
    return { name: `one line of ${chars} characters`, text: `${parts.join('')}\n`, badAt };
  },
  longNumber(_rnd: () => number, digits: number): Case {
    return { name: `a number of ${digits} digits`, text: `let x = ${'9'.repeat(digits)}\nbody b circle(x)\n`, badAt: 'let x = '.length + 1 };
  },
  deepParentheses(_rnd: () => number, depth: number): Case {
    const text = `let a = ${'('.repeat(depth)}1${')'.repeat(depth)}\nbody b circle(a)\n`;
    const from = 'let a = '.length;
    return { name: `parentheses ${depth} deep`, text, ...nesting(depth > MAX_NESTING, [from, from + depth]) };
  },
  deepExpression(rnd: () => number, length: number): Case {
    const ops = ['+', '-', '*'];
    const terms = Array.from({ length }, () => String(1 + Math.floor(rnd() * 9)));
    const expression = terms.map((t, i) => (i === 0 ? t : `${ops[Math.floor(rnd() * 3)]} ${t}`)).join(' ');
    const from = 'let a = '.length;
    // n terms make a tree at most n - 1 high; with two ops in three additive, 3 × MAX_NESTING
    // terms make one far above it. In between, either may happen.
    const bad = length > 3 * MAX_NESTING ? true : length <= MAX_NESTING ? false : undefined;
    return { name: `an expression of ${length} terms`, text: `let a = ${expression}\nbody b circle(1)\n`, ...nesting(bad, [from, from + expression.length]) };
  },
  deepUnary(_rnd: () => number, depth: number): Case {
    const from = 'let a = '.length;
    // The operand is one level more than the minuses before it.
    return { name: `${depth} unary minuses`, text: `let a = ${'-'.repeat(depth)}1\nbody b circle(1)\n`, ...nesting(depth >= MAX_NESTING, [from, from + depth]) };
  },
  deepCalls(_rnd: () => number, depth: number): Case {
    const text = `let a = ${'sqrt('.repeat(depth)}1${')'.repeat(depth)}\nbody b circle(a)\n`;
    const from = 'let a = '.length;
    return { name: `calls ${depth} deep`, text, ...nesting(depth > MAX_NESTING, [from, from + 5 * depth]) };
  },
  deepCompound(_rnd: () => number, depth: number): Case {
    const text = `body b ${'compound('.repeat(depth)}circle(1)${')'.repeat(depth)}\n`;
    const from = 'body b '.length;
    // The innermost shape is one level more than the compounds around it: at MAX_NESTING
    // compounds, the error is on its call.
    return { name: `compounds ${depth} deep`, text, ...nesting(depth >= MAX_NESTING, [from, from + 9 * depth + 'circle('.length]) };
  },
  hugeFile(rnd: () => number, bytes: number): Case {
    const parts: string[] = [];
    let length = 0;
    const comment = `// ${'x'.repeat(200)}\n`;
    for (let i = 0; length < bytes; i++) {
      const s = i % 1000 === 0 ? `body b${i} box(1, 1) at (${i * 3}, ${Math.floor(rnd() * 10)})\n` : comment;
      parts.push(s);
      length += s.length;
    }
    const badAt = length + 'body broken circle('.length;
    parts.push('body broken circle(\n');
    return { name: `a file of ${(bytes / 1e6).toFixed(0)} MB`, text: parts.join(''), badAt };
  },
} satisfies Record<string, (rnd: () => number, size: number) => Case>;

interface Reported {
  readonly files: {
    readonly diagnostics: {
      readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
      readonly severity: string;
      readonly code: string;
    }[];
  }[];
}

let dir = '';

/** Runs `collide check` on the case and asserts what every hostile file must get. */
function checkCase(c: Case, seed: number): number {
  const file = path.join(dir, 'case.collide');
  fs.writeFileSync(file, c.text);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', file], { encoding: 'utf8', timeout: CASE_MS, maxBuffer: 1 << 30 });
  const ms = Date.now() - t0;
  const where = `${c.name} (seed ${seed})`;
  assert.equal(r.error, undefined, `${where}: ${r.error?.message} after ${ms} ms`);
  assert.ok(r.status === 0 || r.status === 1, `${where}: exit ${r.status}, ${r.stderr.slice(0, 500)}`);
  assert.equal(r.stderr, '', where);
  const out = JSON.parse(r.stdout) as Reported;
  const diagnostics = out.files[0]!.diagnostics;
  assert.ok(!diagnostics.some((d) => d.code.endsWith('internal-error')), `${where}: ${diagnostics.map((d) => d.code).join(', ')}`);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (c.clean) assert.deepEqual(errors.map((d) => d.code), [], where);
  // Positions as comparable numbers (line, then character), as the report gives ranges.
  const at = (p: { line: number; character: number }) => p.line * 2 ** 32 + p.character;
  const position = (offset: number) => {
    const before = c.text.slice(0, offset);
    const line = before.split('\n').length - 1;
    return line * 2 ** 32 + offset - (before.lastIndexOf('\n') + 1);
  };
  const relevant = errors.filter((d) => (c.codes ? c.codes.includes(d.code) : true));
  const got = () => errors.map((d) => `${d.code} ${JSON.stringify(d.range)}`).join(', ');
  if (c.badAt !== undefined) {
    const target = position(c.badAt);
    const covering = relevant.filter((d) => at(d.range.start) <= target && target <= at(d.range.end));
    assert.ok(covering.length > 0, `${where}: no error at offset ${c.badAt}; got ${got()}`);
  }
  if (c.badIn !== undefined) {
    const [from, to] = c.badIn.map(position) as [number, number];
    const inside = relevant.filter((d) => from <= at(d.range.start) && at(d.range.start) <= to);
    assert.ok(inside.length > 0, `${where}: no error between offsets ${c.badIn.join(' and ')}; got ${got()}`);
  }
  return ms;
}

describe('cli: hostile files (fuzz)', function () {
  this.timeout(LONG ? 0 : 120000);
  before(function () {
    this.timeout(120000);
    ensureCliBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-fuzz-'));
    if (LONG || process.env.COLLIDE_FUZZ_SEED) console.log(`collide fuzz: seed ${SEED} (COLLIDE_FUZZ_SEED=${SEED} replays it)`);
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const fixed: [keyof typeof generators, number][] = [
    ['convex', 100000],
    ['nearlyConvex', 100000],
    ['concave', 100000],
    ['selfCrossing', 100000],
    ['overlappingPolygons', 100000],
    ['longLine', 1_000_000],
    ['longNumber', 1_000_000],
    ['deepParentheses', 50000],
    ['deepExpression', 100000],
    ['deepUnary', 100000],
    ['deepCalls', 20000],
    ['deepCompound', 20000],
    ['hugeFile', 20_000_000],
  ];
  for (const [kind, size] of fixed) {
    it(`${kind} (${size})`, () => {
      const seed = SEED + size;
      checkCase(generators[kind](prng(seed), size), seed);
    });
  }

  it('checks a 100,000-vertex nearly convex polygon well within a bound', () => {
    const c = generators.nearlyConvex(prng(SEED), 100000);
    const ms = checkCase(c, SEED);
    // Figures come from benchmark runs; this bound only catches a return to super-linear work.
    assert.ok(ms < 10000, `${ms} ms`);
  });

  if (LONG) {
    it('random hostile files (COLLIDE_FUZZ=long)', () => {
      const rnd = prng(SEED);
      const kinds = Object.keys(generators) as (keyof typeof generators)[];
      const sizes: Record<keyof typeof generators, number> = {
        convex: 100000,
        nearlyConvex: 100000,
        concave: 100000,
        selfCrossing: 100000,
        overlappingPolygons: 100000,
        longLine: 2_000_000,
        longNumber: 2_000_000,
        deepParentheses: 200000,
        deepExpression: 300000,
        deepUnary: 300000,
        deepCalls: 50000,
        deepCompound: 50000,
        hugeFile: 30_000_000,
      };
      for (let round = 0; round < 40; round++) {
        const kind = kinds[Math.floor(rnd() * kinds.length)]!;
        const size = Math.max(3, Math.floor(sizes[kind] * rnd()));
        const seed = Math.floor(rnd() * 2 ** 31);
        try {
          checkCase(generators[kind](prng(seed), size), seed);
        } catch (e) {
          console.log(`collide fuzz: ${kind}(${size}) failed with case seed ${seed} (suite seed ${SEED})`);
          throw e;
        }
      }
    });
  }
});
