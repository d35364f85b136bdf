import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { analyzeLevel, type LevelAnalysis } from '../analysis/level-analysis';
import type { AnalysisOptions } from '../analysis/analyze';
import { readLevel, slashed, type LevelHost } from '../readers';

/**
 * What a level reader asks of the disk, for the CLI: files read as UTF-8 with a leading
 * byte-order mark dropped (as files.ts readSceneFile does), and zlib or gzip data inflated by
 * node:zlib. Neither throws: what cannot be read or inflated is undefined, which the reader
 * reports on its range.
 */
export const nodeLevelHost: LevelHost = {
  readFile(absolutePath) {
    try {
      const text = fs.readFileSync(absolutePath, 'utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } catch {
      return undefined;
    }
  },
  inflate(data, format) {
    try {
      return format === 'gzip' ? zlib.gunzipSync(data) : zlib.inflateSync(data);
    } catch {
      return undefined;
    }
  },
};

/** Reads a level file's text (its absolute path given) with its reader, lowers it and analyzes it. */
export type LevelCheck = (text: string, absolutePath: string, options: AnalysisOptions) => LevelAnalysis;

export const checkLevelOnDisk: LevelCheck = (text, absolutePath, options) => analyzeLevel(readLevel(text, slashed(absolutePath), nodeLevelHost), text, options);
