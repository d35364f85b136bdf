import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The build measured: this checkout, or COLLIDE_BENCH_ROOT's (DIR/bin/collide.js and DIR/dist/). */
export const ROOT = process.env.COLLIDE_BENCH_ROOT || join(__dirname, '..');
export const COLLIDE = join(ROOT, 'bin', 'collide.js');

export function cliAvailable(): boolean {
  return existsSync(join(ROOT, 'dist', 'cli.js'));
}

export function serverAvailable(): boolean {
  return existsSync(join(ROOT, 'dist', 'server.js'));
}
