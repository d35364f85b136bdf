/**
 * Run by bench/v8-probes.ts in a fresh `node --allow-natives-syntax`: analyses a scene with an
 * overlap of one and of two contact points, a tunnelling and a collision pair, and prints, as
 * JSON, each finding's kind, length of `data` and whether V8 holds it as PACKED_DOUBLE_ELEMENTS.
 */
import { analyzeDocument } from '../../server/src/analysis/pipeline';

const packedDoubles = new Function('a', 'return %HasDoubleElements(a) && !%HasHoleyElements(a)') as (a: readonly number[]) => boolean;

const text = [
  'body a box(2, 2)',
  'body b box(2, 2) at (1, 0)',
  'body c circle(1) at (20, 0)',
  'body d circle(1) at (21, 0)',
  'body wall static box(0.1, 10) at (40, 0)',
  'body shot circle(0.05) at (39, 0) velocity (600, 0)',
  'body floor static box(20, 1) at (0, -20)',
  'body crate box(1, 1) at (0, -18.9) velocity (0, -60)',
].join('\n');
const report = analyzeDocument(text).findings.map((f) => ({ kind: f.kind, a: f.a, b: f.b, length: f.data.length, packedDoubles: packedDoubles(f.data) }));
process.stdout.write(JSON.stringify(report));
