import type { Vec2 } from '../../../core';
import type { GhostBumpFinding } from '../analysis/findings';
import { findSeams } from '../analysis/ghost-bump';
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { Scene, SceneBody } from '../semantics/scene';
import type { AnalyzedDocument } from './document';

/**
 * The quick fix of a ghost bump (levels-and-tiles.md §4): the flush static pieces become one
 * shape with no internal edge. The pieces are the bodies joined to the finding's two by seams
 * (any seam, so a floor of many boxes becomes one). The first-declared of them keeps its
 * statement (name, modifiers, layer, angle) with the new shape, and the others' statements go.
 *
 * - One `box` when every piece is a one-box body at the same angle and their union is exactly a
 *   rectangle: in that angle's frame, equal extents across and intervals along that join without
 *   a gap (or the same the other way round, a wall of stacked boxes).
 * - Else one `chain(...) loop` around their union, when it is a single loop: the pieces' edges
 *   (boxes and polygons, walked counter-clockwise) less the parts that two pieces share
 *   (collinear edges of opposite directions), linked end to end and with collinear runs merged,
 *   so no internal vertex is left. Declined when a piece is not a polygon, when two pieces
 *   overlap (an edge left over would run inside another piece), or when the outline is not one
 *   loop. Counter-clockwise, so the chain is solid inside (chains in the language are solid on
 *   the right-hand side of their walk).
 */
export interface GhostBumpFix {
  readonly title: string;
  readonly edits: readonly { readonly range: TextRange; readonly newText: string }[];
  readonly diagnostic: Diagnostic;
  readonly isPreferred?: boolean;
}

export function ghostBumpFixes(doc: AnalyzedDocument, d: Diagnostic, f: GhostBumpFinding): GhostBumpFix[] {
  const scene = doc.analysis.semantics.scene;
  const group = flushGroup(scene, f.pieceBodies[0], f.pieceBodies[1]);
  if (group.length === 0) return [];
  const keep = group[0]!;
  const tol = Math.max(0, scene.slop) + 1e-9;
  const box = unionBox(group, tol);
  const names = group.map((b) => b.name).join(', ');
  if (box) {
    return [
      {
        title: `Replace ${names} by one box (no internal edge to catch on)`,
        edits: [...newShape(keep, `box(${writeNumber(box.w)}, ${writeNumber(box.h)})`, { x: box.cx, y: box.cy }), ...removals(doc.text, group.slice(1))],
        diagnostic: d,
        isPreferred: true,
      },
    ];
  }
  const loop = unionLoop(group, tol);
  if (!loop) return [];
  // Vertices in the kept body's frame: its `at` and `angle` stay as written.
  const c = Math.cos(keep.angle);
  const s = Math.sin(keep.angle);
  const local = loop.map((p) => {
    const dx = p.x - keep.x;
    const dy = p.y - keep.y;
    return `(${writeNumber(c * dx + s * dy)}, ${writeNumber(-s * dx + c * dy)})`;
  });
  return [
    {
      title: group.length > 1 ? `Replace ${names} by one chain along their outline` : `Replace the parts of ${keep.name} by one chain along their outline`,
      edits: [...newShape(keep, `chain(${local.join(', ')}) loop`, null), ...removals(doc.text, group.slice(1))],
      diagnostic: d,
      isPreferred: true,
    },
  ];
}

/** The static bodies joined by seams to `first` and `second`, in declaration order. */
function flushGroup(scene: Scene, first: number, second: number): SceneBody[] {
  const seams = findSeams(scene);
  const links = new Map<number, number[]>();
  for (let k = 0; k < seams.count; k++) {
    const x = seams.bodies[seams.pieces[4 * k]!]!.index;
    const y = seams.bodies[seams.pieces[4 * k + 2]!]!.index;
    if (x === y) continue;
    (links.get(x) ?? links.set(x, []).get(x)!).push(y);
    (links.get(y) ?? links.set(y, []).get(y)!).push(x);
  }
  const seen = new Set<number>([first, second]);
  const todo = [first, second];
  while (todo.length > 0) {
    for (const n of links.get(todo.pop()!) ?? []) {
      if (!seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return [...seen].sort((x, y) => x - y).map((i) => scene.bodies[i]!).filter((b) => b !== undefined);
}

/** The one box of a group of one-box bodies at one angle whose union is a rectangle, or null. */
function unionBox(group: SceneBody[], tol: number): { w: number; h: number; cx: number; cy: number } | null {
  const angle = group[0]!.angle;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const spans: [number, number, number, number][] = [];
  for (const b of group) {
    if (b.partCount !== 1 || b.partKind(0) !== 'box' || b.angle !== angle) return null;
    const shape = b.partShape(0);
    let u0 = Infinity;
    let u1 = -Infinity;
    let v0 = Infinity;
    let v1 = -Infinity;
    for (let i = 0; i < shape.count; i++) {
      // The box's vertices in the common frame (its own, rotated by the same angle).
      const u = c * b.x + s * b.y + shape.xy[2 * i]!;
      const v = -s * b.x + c * b.y + shape.xy[2 * i + 1]!;
      u0 = Math.min(u0, u);
      u1 = Math.max(u1, u);
      v0 = Math.min(v0, v);
      v1 = Math.max(v1, v);
    }
    spans.push([u0, u1, v0, v1]);
  }
  const make = (u0: number, u1: number, v0: number, v1: number): { w: number; h: number; cx: number; cy: number } => {
    const mu = (u0 + u1) / 2;
    const mv = (v0 + v1) / 2;
    return { w: u1 - u0, h: v1 - v0, cx: c * mu - s * mv, cy: s * mu + c * mv };
  };
  const along = joined(spans, tol);
  if (along) return make(along.lo, along.hi, along.x0, along.x1);
  const across = joined(spans.map(([a, b, x, y]): [number, number, number, number] => [x, y, a, b]), tol);
  return across ? make(across.x0, across.x1, across.lo, across.hi) : null;
}

/**
 * Intervals [lo, hi] (the first two numbers) that chain without a gap while the other two
 * numbers are equal within tol: the union's extents, or null.
 */
function joined(spans: [number, number, number, number][], tol: number): { lo: number; hi: number; x0: number; x1: number } | null {
  const sorted = [...spans].sort((p, q) => p[0] - q[0]);
  const [lo, , x0, x1] = sorted[0]!;
  let hi = sorted[0]![1];
  for (const [a, b, y0, y1] of sorted) {
    if (Math.abs(y0 - x0) > tol || Math.abs(y1 - x1) > tol || a > hi + tol) return null;
    hi = Math.max(hi, b);
  }
  return { lo, hi, x0, x1 };
}

/** The outline of the group's union as one counter-clockwise loop of world points, or null. */
function unionLoop(group: SceneBody[], tol: number): Vec2[] | null {
  const polys: Vec2[][] = [];
  for (const b of group) {
    const c = Math.cos(b.angle);
    const s = Math.sin(b.angle);
    for (let part = 0; part < b.partCount; part++) {
      const shape = b.partShape(part);
      if (shape.kind !== 'polygon' || shape.radius !== 0) return null;
      const pts: Vec2[] = [];
      for (let i = 0; i < shape.count; i++) {
        const x = shape.xy[2 * i]!;
        const y = shape.xy[2 * i + 1]!;
        pts.push({ x: b.x + c * x - s * y, y: b.y + s * x + c * y });
      }
      polys.push(pts);
    }
  }
  // Each edge less the stretches another piece's opposite collinear edge covers.
  const left: [Vec2, Vec2][] = [];
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p]!;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      if (!(len > 0)) continue;
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      let keep: [number, number][] = [[0, len]];
      for (let q = 0; q < polys.length; q++) {
        if (q === p) continue;
        const other = polys[q]!;
        for (let j = 0; j < other.length; j++) {
          const c = other[j]!;
          const d = other[(j + 1) % other.length]!;
          if (Math.abs(uy * (c.x - a.x) - ux * (c.y - a.y)) > tol || Math.abs(uy * (d.x - a.x) - ux * (d.y - a.y)) > tol) continue;
          const tc = ux * (c.x - a.x) + uy * (c.y - a.y);
          const td = ux * (d.x - a.x) + uy * (d.y - a.y);
          if (td >= tc) continue; // the same direction: not a shared side
          keep = subtract(keep, td, tc, tol);
        }
      }
      for (const [t0, t1] of keep) left.push([{ x: a.x + ux * t0, y: a.y + uy * t0 }, { x: a.x + ux * t1, y: a.y + uy * t1 }]);
    }
  }
  if (left.length < 3) return null;
  // An edge left over inside another piece means they overlap: no simple outline.
  for (const [a, b] of left) {
    const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (polys.some((poly) => insideBy(poly, m, tol))) return null;
  }
  // Link end to start into one loop.
  const used = new Array<boolean>(left.length).fill(false);
  const loop: Vec2[] = [left[0]![0]];
  used[0] = true;
  let end = left[0]![1];
  for (let n = 1; n < left.length; n++) {
    const k = left.findIndex((e, i) => !used[i] && Math.hypot(e[0].x - end.x, e[0].y - end.y) <= tol);
    if (k < 0) return null;
    used[k] = true;
    loop.push(left[k]![0]);
    end = left[k]![1];
  }
  if (Math.hypot(end.x - loop[0]!.x, end.y - loop[0]!.y) > tol) return null;
  // Collinear runs merged: no vertex in the middle of a straight side.
  const out: Vec2[] = [];
  for (let i = 0; i < loop.length; i++) {
    const prev = loop[(i + loop.length - 1) % loop.length]!;
    const p = loop[i]!;
    const next = loop[(i + 1) % loop.length]!;
    const l = Math.hypot(next.x - prev.x, next.y - prev.y);
    const off = l > 0 ? Math.abs((next.x - prev.x) * (p.y - prev.y) - (next.y - prev.y) * (p.x - prev.x)) / l : 0;
    if (off > tol) out.push(p);
  }
  return out.length >= 3 ? out : null;
}

/** Intervals less (lo, hi). */
function subtract(keep: [number, number][], lo: number, hi: number, tol: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of keep) {
    if (hi <= a + tol || lo >= b - tol) {
      out.push([a, b]);
      continue;
    }
    if (lo > a + tol) out.push([a, lo]);
    if (hi < b - tol) out.push([hi, b]);
  }
  return out;
}

/** Whether `p` is inside the counter-clockwise convex polygon by more than tol. */
function insideBy(poly: Vec2[], p: Vec2, tol: number): boolean {
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len <= tol) return false;
  }
  return true;
}

/** Edits giving `body` the shape `text` and, when given, its origin at `at`. */
function newShape(body: SceneBody, shape: string, at: Vec2 | null): { range: TextRange; newText: string }[] {
  const edits = [{ range: { start: body.shapeStart, end: body.shapeEnd }, newText: shape }];
  if (at) {
    const clause = body.props.at;
    const value = `(${writeNumber(at.x)}, ${writeNumber(at.y)})`;
    if (clause) edits.push({ range: clause.valueRange, newText: value });
    else edits.push({ range: { start: body.shapeEnd, end: body.shapeEnd }, newText: ` at ${value}` });
  }
  return edits;
}

/** Edits deleting the bodies' statements, with their lines when nothing else is on them. */
function removals(text: string, bodies: SceneBody[]): { range: TextRange; newText: string }[] {
  return bodies.map((b) => {
    let start = b.start;
    let end = b.end;
    let lineStart = start;
    while (lineStart > 0 && (text[lineStart - 1] === ' ' || text[lineStart - 1] === '\t')) lineStart--;
    let lineEnd = end;
    while (lineEnd < text.length && (text[lineEnd] === ' ' || text[lineEnd] === '\t' || text[lineEnd] === '\r')) lineEnd++;
    if ((lineStart === 0 || text[lineStart - 1] === '\n') && (lineEnd === text.length || text[lineEnd] === '\n')) {
      start = lineStart;
      end = lineEnd < text.length ? lineEnd + 1 : lineEnd;
    }
    return { range: { start, end }, newText: '' };
  });
}

/** A number as written into the text: plain decimal, rounding noise of 1e-12 dropped. */
function writeNumber(n: number): string {
  const r = Math.round(n * 1e9) / 1e9;
  if (r === 0) return '0';
  let s = String(r);
  if (/e/i.test(s)) s = r.toFixed(12).replace(/\.?0+$/, '');
  return s;
}
