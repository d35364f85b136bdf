/**
 * The size of a large scene's bytes for the webview (protocol/preview-scene-bytes.ts) and the CPU
 * time of writing and reading them, in process: `node --import tsx bench/scene-bytes.ts
 * [--bodies=N] [--runs=N]`. The scene is the bench's (`generateScene(N, 0)`), analyzed and
 * modeled as the server does; writing is `SceneBytesWriter` in runs of 64 bodies (as the
 * server's answer makes it), reading is `decodeSceneBytes` (as the webview's receive does,
 * `isPreviewScene` included). Then the same in parts (preview-scene-parts.ts): each part written
 * and read through a SceneAssembly. Prints the size, how it splits into the header and the
 * sections, and the first run / median of each, in ms.
 *
 * The module is bundled by esbuild first and run as bundled, as the server and the webview run
 * it: under tsx, a constant imported from another module is read through a getter at each use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type * as SceneBytes from '../protocol/preview-scene-bytes';
import { analyzeDocument } from '../server/src/analysis/pipeline';
import { buildPreviewScene } from '../server/src/preview/scene-model';
import { generateScene, sceneText } from './scenes';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BODIES = option('bodies', 10_000);
const RUNS = Math.max(1, option('runs', 9));

const dir = mkdtempSync(join(tmpdir(), 'scene-bytes-'));
const bundle = join(dir, 'scene-bytes.js');
buildSync({ entryPoints: [join(__dirname, '../protocol/preview-scene-bytes.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: bundle, logLevel: 'error' });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { decodeSceneBytes, SceneAssembly, SceneBytesWriter, sceneSlices } = require(bundle) as typeof SceneBytes;
rmSync(dir, { recursive: true });

const analysis = analyzeDocument(sceneText(generateScene(BODIES, 0)));
const scene = buildPreviewScene('file:///bench.collide', 1, { scene: analysis.semantics.scene, findings: analysis.findings, diagnostics: analysis.diagnostics });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const cpuMs = () => process.cpuUsage().user / 1000;

const write: number[] = [];
const read: number[] = [];
let bytes: Uint8Array = new Uint8Array(0);
for (let run = 0; run < RUNS; run++) {
  let t = cpuMs();
  const writer = new SceneBytesWriter(scene);
  while (!writer.step(64));
  bytes = writer.bytes();
  write.push(cpuMs() - t);
  t = cpuMs();
  const back = decodeSceneBytes(bytes);
  read.push(cpuMs() - t);
  if (!back || back.bodies.length !== scene.bodies.length) throw new Error('the bytes did not read back');
}

const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as Record<string, unknown>;
const sections = Object.entries(header)
  .filter(([, v]) => typeof v === 'number')
  .map(([k, v]) => `${k} ${v as number}`)
  .join(', ');
const kb = (n: number) => `${(n / 1000).toFixed(0)} KB`;
console.log(`${scene.bodies.length} bodies, ${scene.findings.length} findings: ${bytes.length.toLocaleString('en-US')} bytes (header ${kb(headerLength)}; ${sections})`);
console.log(`write: ${write[0]!.toFixed(1)} / ${median(write).toFixed(1)} ms; read: ${read[0]!.toFixed(1)} / ${median(read).toFixed(1)} ms (first / median of ${RUNS}, CPU)`);

const slices = sceneSlices(scene.bodies.length, scene.findings.length);
const writeParts: number[] = [];
const readParts: number[] = [];
let parts: Uint8Array[] = [];
for (let run = 0; run < RUNS; run++) {
  let t = cpuMs();
  parts = slices.map((slice) => {
    const writer = new SceneBytesWriter(scene, slice);
    while (!writer.step(64));
    return writer.bytes();
  });
  writeParts.push(cpuMs() - t);
  t = cpuMs();
  const assembly = new SceneAssembly(parts.length);
  parts.forEach((p, k) => assembly.add(k, p));
  readParts.push(cpuMs() - t);
  if (assembly.scene?.bodies.length !== scene.bodies.length) throw new Error('the parts did not read back');
}
const partBytes = parts.reduce((n, p) => n + p.length, 0);
console.log(`in ${parts.length} parts: ${partBytes.toLocaleString('en-US')} bytes; write: ${writeParts[0]!.toFixed(1)} / ${median(writeParts).toFixed(1)} ms; read: ${readParts[0]!.toFixed(1)} / ${median(readParts).toFixed(1)} ms`);
