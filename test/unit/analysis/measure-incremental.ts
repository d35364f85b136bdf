/**
 * Measures the incremental analysis (not a test: timings belong in a script, not in mocha).
 *
 *   npx tsx test/unit/analysis/measure-incremental.ts [bodies=10000] [edits=25]
 *   node --expose-gc --import tsx test/unit/analysis/measure-incremental.ts 100000 5   (memory)
 *
 * Generates a scene like the benchmark's (circles, boxes and triangles at rest on a jittered
 * grid, about one overlap per body, one body in ten moving), analyses it once from scratch, then
 * applies one-body edits (a body moved) and reports the median and p95 of the incremental
 * re-analysis, with the share spent re-parsing and re-evaluating, next to a from-scratch
 * `analyzeDocument` of the same text. With --expose-gc it also reports the heap held with the
 * analyzer and its last analysis alive.
 */
import { IncrementalAnalyzer } from '../../../server/src/analysis/incremental';
import { analyzeDocument } from '../../../server/src/analysis/pipeline';
import { analyzeSemantics } from '../../../server/src/semantics/check';
import { parse } from '../../../server/src/syntax/parser';

const n = Number(process.argv[2] ?? 10000);
const edits = Number(process.argv[3] ?? 25);

let seed = 12345;
function random(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}

function bodyLine(i: number, dx = 0): string {
  const side = Math.ceil(Math.sqrt(n));
  const x = (i % side) * 1.6 + (i % 2) * 0.9 + dx;
  const y = Math.floor(i / side) * 1.6;
  const shape = i % 3 === 0 ? 'circle(0.5)' : i % 3 === 1 ? 'box(1, 0.8)' : 'polygon((-0.5, -0.4), (0.5, -0.4), (0, 0.5))';
  const motion = i % 10 === 0 ? ` velocity (${((i % 7) - 3) * 5}, 2)` : '';
  return `body b${i} ${shape} at (${x.toFixed(3)}, ${y.toFixed(3)})${motion}`;
}

const lines = ['dt 1/60', 'frames 2', ...Array.from({ length: n }, (_, i) => bodyLine(i))];
const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};

const base = heap();
const analyzer = new IncrementalAnalyzer();
let t = performance.now();
let analysis = analyzer.analyze(lines.join('\n'));
const first = performance.now() - t;
console.log(`${n} bodies: first (full) analysis ${first.toFixed(0)} ms, ${analysis.findings.length} findings, ${analysis.diagnostics.length} diagnostics`);
if (gc) {
  const held = heap() - base;
  const rss = process.memoryUsage().rss / 1e6;
  console.log(`heap held by the analyzer and its analysis: ${held.toFixed(1)} MB (process rss ${rss.toFixed(0)} MB)`);
}

const times: number[] = [];
const frontEnd: number[] = [];
const tested: number[] = [];
for (let k = 0; k < edits; k++) {
  const i = Math.floor(random() * n);
  lines[2 + i] = bodyLine(i, (random() - 0.5) * 2);
  const text = lines.join('\n');
  t = performance.now();
  analysis = analyzer.analyze(text);
  times.push(performance.now() - t);
  tested.push(analyzer.stats!.testedPairs);
  t = performance.now();
  analyzeSemantics(parse(text));
  frontEnd.push(performance.now() - t);
}
const scratchStart = performance.now();
analyzeDocument(lines.join('\n'));
const scratch = performance.now() - scratchStart;

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(
  `one-body edit, incremental: median ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms ` +
    `(parse + semantics alone: median ${pct(frontEnd, 0.5).toFixed(1)} ms; pair tests per edit: median ${pct(tested, 0.5)})`,
);
console.log(`the same text from scratch (analyzeDocument): ${scratch.toFixed(0)} ms`);
if (gc) console.log(`heap held after the edits: ${(heap() - base).toFixed(1)} MB`);
void analysis;
