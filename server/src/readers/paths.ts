// '/'-separated absolute paths for readers, which run where Node's `path` may not (a browser
// worker): the host hands them in so (a Windows path's backslashes turned to '/').

/** The folder of a path: everything before its last '/' ('/' for a file at the root). */
export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/**
 * `relative` resolved against `folder`: '.' and '..' segments folded, an absolute `relative`
 * ('/x' or 'C:/x') taken as is. Never climbs above the root.
 */
export function joinPath(folder: string, relative: string): string {
  const absolute = relative.startsWith('/') || /^[A-Za-z]:\//.test(relative);
  const segments = (absolute ? relative : `${folder}/${relative}`).split('/');
  const drive = /^[A-Za-z]:$/.test(segments[0]!) ? segments.shift()! : '';
  const out: string[] = [];
  for (const s of segments) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `${drive}/${out.join('/')}`;
}

/** A path with Windows separators turned to '/'. */
export function slashed(path: string): string {
  return path.replace(/\\/g, '/');
}
