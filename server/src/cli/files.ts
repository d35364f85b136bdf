import { isAscii } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Expands the PATH arguments of `collide check`: a file is taken as given (whatever its
 * extension), a folder contributes every `*.collide` file below it and the level files
 * (`*.tscn`, `*.tmx`, `*.tmj`, and `*.json` when its text is a Tiled map), depth first in sorted order
 * (code-unit order, the same on every machine). Hidden folders and node_modules are skipped when
 * recursing (not when named explicitly); symbolic-link loops are visited once. Each file keeps
 * the path as the user wrote it, joined with the relative path found below it.
 */
export interface SceneFile {
  /** The path to show: as given, or as given joined with the path below a folder. */
  readonly path: string;
  /** Absolute path to read. */
  readonly absolute: string;
  /**
   * Found below a folder with a `.json` name: checked only when its text is a Tiled map
   * (readers/index.ts looksLikeTiledJson), since folders hold every other kind of JSON too.
   */
  readonly ifTiledMap?: boolean;
}

/** Names a folder walk picks up, besides `.collide` files: level files (readers/index.ts). */
const LEVEL_NAME = /\.(tscn|tmx|tmj)$/i;
const JSON_NAME = /\.json$/i;

export interface Unreadable {
  readonly path: string;
  readonly reason: string;
}

export interface CollectedFiles {
  readonly files: SceneFile[];
  readonly unreadable: Unreadable[];
}

function reasonOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'not a folder';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function collectSceneFiles(args: readonly string[], cwd: string): CollectedFiles {
  const files: SceneFile[] = [];
  const unreadable: Unreadable[] = [];
  const seenFiles = new Set<string>();
  const seenDirs = new Set<string>();

  const addFile = (shown: string, absolute: string, ifTiledMap = false) => {
    let key = absolute;
    try {
      key = fs.realpathSync(absolute);
    } catch {
      // keep the absolute path as the key; reading it will report the problem
    }
    if (seenFiles.has(key)) return;
    seenFiles.add(key);
    files.push(ifTiledMap ? { path: shown, absolute, ifTiledMap } : { path: shown, absolute });
  };

  const walk = (shown: string, absolute: string) => {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = fs.realpathSync(absolute);
      entries = fs.readdirSync(absolute, { withFileTypes: true });
    } catch (e) {
      unreadable.push({ path: shown, reason: reasonOf(e) });
      return;
    }
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    entries.sort((a, b) => byCodeUnits(a.name, b.name));
    for (const entry of entries) {
      const childShown = path.join(shown, entry.name);
      const childAbsolute = path.join(absolute, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const st = fs.statSync(childAbsolute);
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue; // a dangling link inside a folder is not something the user asked for
        }
      }
      if (isDir) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        walk(childShown, childAbsolute);
      } else if (isFile && (entry.name.endsWith('.collide') || LEVEL_NAME.test(entry.name))) {
        addFile(childShown, childAbsolute);
      } else if (isFile && JSON_NAME.test(entry.name)) {
        addFile(childShown, childAbsolute, true);
      }
    }
  };

  for (const arg of args) {
    const absolute = path.resolve(cwd, arg);
    let st: fs.Stats;
    try {
      st = fs.statSync(absolute);
    } catch (e) {
      unreadable.push({ path: arg, reason: reasonOf(e) });
      continue;
    }
    if (st.isDirectory()) walk(arg, absolute);
    else addFile(arg, absolute);
  }
  return { files, unreadable };
}

/**
 * Reads a scene file as UTF-8 (malformed bytes become U+FFFD, which the lexer reports) and drops
 * a leading byte-order mark, as VS Code does when it opens a file, so that positions agree.
 * A file of ASCII bytes only (most scenes) is the same text read as Latin-1, which is a plain
 * copy, faster than UTF-8 decoding.
 */
export function readSceneFile(file: SceneFile): { text: string } | { error: string } {
  try {
    const bytes = fs.readFileSync(file.absolute);
    const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (e) {
    return { error: reasonOf(e) };
  }
}
