// Test hosts for the Godot reader: files from a record, or from a folder on disk.
import { readFileSync } from 'node:fs';
import type { LevelHost } from '../../../../server/src/readers/level-scene';

export function memoryHost(files: Readonly<Record<string, string>>): LevelHost & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readFile: (path) => {
      reads.push(path);
      return Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined;
    },
    inflate: () => undefined,
  };
}

export const diskHost: LevelHost = {
  readFile: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  inflate: () => undefined,
};
