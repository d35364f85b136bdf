/**
 * Which files are levels that the editor checks in place (levels-and-tiles.md §1), as both sides
 * of the editor tell them: by the path's extension, and for a `.json` file by its text, since
 * every other JSON file (package.json, settings) must be left alone. No dependency on the LSP
 * libraries or Node.
 */

/** Extensions that are always levels: Godot text scenes and Tiled maps (XML and JSON). */
export const LEVEL_EXTENSIONS: readonly string[] = ['.tscn', '.tmx', '.tmj'];

/** The extension of a path or URI path, lower case with its dot ('' when it has none). */
export function extensionOf(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot).toLowerCase() : '';
}

/** A `.tscn`, `.tmx` or `.tmj` path. */
export function hasLevelExtension(path: string): boolean {
  return LEVEL_EXTENSIONS.includes(extensionOf(path));
}

/** A `.json` path: a level only when its text is a Tiled map (the server tells: readers/index.ts). */
export function hasJsonExtension(path: string): boolean {
  return extensionOf(path) === '.json';
}
