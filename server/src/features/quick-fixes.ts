import type { Vec2 } from '../../../core';
import type { Finding, ImpactFinding, OverlapFinding } from '../analysis/findings';
import { impactPair } from '../analysis/continuous';
import { overlapMover, overlapPair } from '../analysis/overlap';
import { chainPair } from '../analysis/chain-pair';
import type { Diagnostic, TextRange } from '../common/diagnostic';
import type { PolygonFixData } from '../semantics/polygon-validation';
import type { Scene, SceneBody } from '../semantics/scene';
import type { ShapeCall } from '../syntax/ast';
import { forEachChild, type Node } from '../syntax/ast';
import { statementIndexOf } from '../syntax/statement-index';
import { findingOf, type AnalyzedDocument } from './document';
import { ghostBumpFixes } from './ghost-bump-fix';

/**
 * The quick fixes, computed in scene terms (offset edits); code-actions.ts wraps them for LSP.
 * Each fix is checked before it is offered: a move out of an overlap or a lowered velocity is
 * verified with the collision code itself on the edited pair, so applying it removes the
 * diagnostic it is offered for.
 */
export interface OffsetEdit {
  readonly range: TextRange;
  readonly newText: string;
}

export interface QuickFix {
  readonly title: string;
  readonly edits: readonly OffsetEdit[];
  /** The plain diagnostic the fix removes. */
  readonly diagnostic: Diagnostic;
  readonly isPreferred?: boolean;
}

export function quickFixes(doc: AnalyzedDocument, d: Diagnostic): QuickFix[] {
  switch (d.code) {
    case 'overlap': {
      const f = findingOf(doc, d);
      return f?.kind === 'overlap' ? overlapFixes(doc, d, f) : [];
    }
    case 'tunnelling': {
      const f = findingOf(doc, d);
      return f?.kind === 'tunnelling' ? tunnellingFixes(doc, d, f) : [];
    }
    case 'ghost-bump': {
      const f = findingOf(doc, d);
      return f?.kind === 'ghost-bump' ? ghostBumpFixes(doc, d, f) : [];
    }
    case 'polygon-not-convex':
    case 'polygon-winding':
    case 'polygon-welded':
    case 'polygon-redundant-vertex':
      return polygonFixes(doc, d);
    case 'unknown-name':
    case 'unknown-shape':
    case 'unknown-layer':
      return spellingFixes(d);
    default:
      return [];
  }
}

// ── Numbers in edits ──────────────────────────────────────────────────────────────────────────

/** A number as written into the text: plain decimal, never exponent notation or `-0`. */
function writeNumber(n: number): string {
  if (Object.is(n, -0) || n === 0) return '0';
  let s = String(n);
  if (/e/i.test(s)) s = n.toFixed(Math.min(20, Math.max(0, Math.ceil(-Math.log10(Math.abs(n))) + 6))).replace(/\.?0+$/, '');
  return s;
}

export function writeVec(v: Vec2): string {
  return `(${writeNumber(v.x)}, ${writeNumber(v.y)})`;
}

/** Rounds `x` to `decimals` places, away from zero along `direction`'s sign (plain rounding at 0). */
function roundToward(x: number, decimals: number, direction: number): number {
  const k = 10 ** decimals;
  const scaled = x * k;
  // Values already on the grid (up to representation error) stay put.
  const near = Math.round(scaled);
  if (Math.abs(scaled - near) < 1e-9 * Math.max(1, Math.abs(scaled))) return near / k;
  if (direction > 0) return Math.ceil(scaled) / k;
  if (direction < 0) return Math.floor(scaled) / k;
  return near / k;
}

// ── Overlap: move one body out along the push-out vector ──────────────────────────────────────

const MAX_SEPARATION_ROUNDS = 8;

/**
 * Where `moving` must go to leave the overlap with `fixed`: along the push-out vector by the
 * depth (the minimum translation distance; Ericson, "Real-Time Collision Detection" §5.5 and
 * van den Bergen's penetration depth via EPA). For a compound the deepest part pair is not the
 * only one, so the move is repeated with the next deepest until the pair is clear. Then the
 * coordinates are rounded, away from the overlap, to the fewest decimals that still separate the
 * pair without moving further than needed (at most a tenth of the depth or `slop` beyond).
 */
export function separatedPosition(doc: AnalyzedDocument, f: OverlapFinding, movingIndex: number): Vec2 | undefined {
  const scene = doc.analysis.semantics.scene;
  const moving = scene.bodies[movingIndex];
  const fixed = scene.bodies[movingIndex === f.ia ? f.ib : f.ia];
  if (!moving || !fixed) return undefined;
  let x = moving.x;
  let y = moving.y;
  let current: OverlapFinding | null = f;
  let dirX = 0;
  let dirY = 0;
  for (let round = 0; round < MAX_SEPARATION_ROUNDS && current; round++) {
    const s = current.ib === movingIndex ? 1 : -1;
    x += s * current.depth * current.normalX;
    y += s * current.depth * current.normalY;
    dirX += s * current.normalX;
    dirY += s * current.normalY;
    current = overlapWith(doc, moving, fixed, { x, y });
  }
  if (current) return undefined;
  const allowance = Math.max(0.1 * f.depth, scene.slop);
  for (let decimals = 0; decimals <= 12; decimals++) {
    const rx = roundToward(x, decimals, Math.abs(dirX) < 1e-12 ? 0 : dirX);
    const ry = roundToward(y, decimals, Math.abs(dirY) < 1e-12 ? 0 : dirY);
    if (Math.hypot(rx - x, ry - y) > allowance) continue;
    const p = { x: rx, y: ry };
    if (!overlapWith(doc, moving, fixed, p)) return p;
  }
  return { x, y };
}

function overlapWith(doc: AnalyzedDocument, moving: SceneBody, fixed: SceneBody, position: Vec2): OverlapFinding | null {
  const moved = moving.withMotion({ position });
  const r = pairFinding(doc, moved, fixed, false);
  return r?.kind === 'overlap' ? r : null;
}

/** The edit that puts `body` at `p`: its `at` value replaced, or an `at` added after its shape. */
function positionEdit(body: SceneBody, p: Vec2): OffsetEdit {
  const at = body.props.at;
  if (at) return { range: at.valueRange, newText: writeVec(p) };
  return { range: { start: body.shapeEnd, end: body.shapeEnd }, newText: ` at ${writeVec(p)}` };
}

/**
 * The bodies an overlap's quick fixes may move (indices), the preferred first: the mover of its
 * message (the later body, unless it is static and the other is not), then the other when
 * neither is static. A static body is never moved while the other can be.
 */
export function overlapMovers(scene: Scene, f: OverlapFinding): number[] {
  const a = scene.bodies[f.ia];
  const b = scene.bodies[f.ib];
  if (!a || !b) return [];
  const mover = overlapMover(scene, f);
  return !a.isStatic && !b.isStatic ? [mover, mover === f.ib ? f.ia : f.ib] : [mover];
}

/**
 * Moves out of an overlap, titled with the body that moves. A static body never moves while the
 * other can (scene-language.md: it never moves; it is the frame the others are placed against):
 * the move is the other body's, as the message says (overlap.ts, overlapMover). Two static bodies
 * have no overlap finding; were both static, only the one the diagnostic sits on (b) is offered.
 */
function overlapFixes(doc: AnalyzedDocument, d: Diagnostic, f: OverlapFinding): QuickFix[] {
  const scene = doc.analysis.semantics.scene;
  const fixes: QuickFix[] = [];
  for (const index of overlapMovers(scene, f)) {
    const body = scene.bodies[index]!;
    const p = separatedPosition(doc, f, index);
    if (!p) continue;
    const other = scene.bodies[index === f.ia ? f.ib : f.ia]!;
    fixes.push({
      title: `Move '${body.name}' out of '${other.name}' to ${writeVec(p)}`,
      edits: [positionEdit(body, p)],
      diagnostic: d,
      isPreferred: fixes.length === 0,
    });
  }
  return fixes;
}

// ── Tunnelling: bullet, or a velocity just low enough ─────────────────────────────────────────

function tunnellingFixes(doc: AnalyzedDocument, d: Diagnostic, f: ImpactFinding): QuickFix[] {
  const scene = doc.analysis.semantics.scene;
  const pair = [scene.bodies[f.ia], scene.bodies[f.ib]];
  if (!pair[0] || !pair[1]) return [];
  const fixes: QuickFix[] = [];
  const moving = pair.filter((b): b is SceneBody => !!b && !b.isStatic && (b.vx !== 0 || b.vy !== 0 || b.spin !== 0));
  // Fastest first: it is the one that outruns the thin obstacle.
  moving.sort((x, y) => Math.hypot(y.vx, y.vy) - Math.hypot(x.vx, x.vy));
  if (!pair[0].isBullet && !pair[1].isBullet) {
    for (const b of moving) {
      fixes.push({
        title: `Mark '${b.name}' as bullet (its engine runs continuous detection for it)`,
        edits: [{ range: { start: b.nameRange.end, end: b.nameRange.end }, newText: ' bullet' }],
        diagnostic: d,
        isPreferred: fixes.length === 0,
      });
    }
  }
  for (const b of moving) {
    const other = b.index === f.ia ? pair[1] : pair[0];
    if (b.props.velocity && (b.vx !== 0 || b.vy !== 0)) {
      const v = loweredMotion(doc, b, other, 'velocity');
      if (v) {
        fixes.push({
          title: `Lower the velocity of '${b.name}' to ${writeVec(v as Vec2)}, just enough to stop tunnelling`,
          edits: [{ range: b.props.velocity.valueRange, newText: writeVec(v as Vec2) }],
          diagnostic: d,
        });
      }
    }
    if (b.props.spin && b.spin !== 0) {
      const w = loweredMotion(doc, b, other, 'spin');
      if (w !== undefined) {
        fixes.push({
          title: `Lower the spin of '${b.name}' to ${writeNumber(w as number)}, just enough to stop tunnelling`,
          edits: [{ range: b.props.spin.valueRange, newText: writeNumber(w as number) }],
          diagnostic: d,
        });
      }
    }
  }
  return fixes;
}

const SCAN_STEPS = 64;
const BISECTIONS = 40;

/**
 * The finding for a pair after an edit of one of its bodies: the overlap at t = 0, else (when
 * `continuous`) the first impact. The same order of tests as the analysis (analysis/analyze.ts);
 * the layer filter is not repeated since the pair already has a finding.
 */
function pairFinding(doc: AnalyzedDocument, x: SceneBody, y: SceneBody, continuous: boolean): Finding | null {
  const scene = doc.analysis.semantics.scene;
  const [a, b] = x.index < y.index ? [x, y] : [y, x];
  // A chain body or tile grid has no convex part: its pairs go to the chain queries.
  if (a.partCount === 0 || b.partCount === 0) return chainPair(scene, a, b, continuous);
  const overlap = overlapPair(scene, a, b);
  if (overlap) return overlap;
  return continuous ? impactPair(scene, a, b) : null;
}

/**
 * The largest scaling of `body`'s velocity (or spin) below the written one at which the pair no
 * longer tunnels: either the swept motion misses the other body, or a step end sees the overlap
 * (an ordinary `collision`, which a discrete engine handles). Whether a pair tunnels is not
 * monotonic in the speed in general, so the factor is scanned downwards from 1 on a grid, the
 * first grid point that does not tunnel is refined by bisection against its tunnelling neighbor,
 * and the rounded result is checked once more by the continuous detection itself.
 */
function loweredMotion(doc: AnalyzedDocument, body: SceneBody, other: SceneBody, what: 'velocity' | 'spin'): Vec2 | number | undefined {
  const withVelocity = (v: Vec2): SceneBody => body.withMotion({ velocity: v });
  const withSpin = (w: number): SceneBody => body.withMotion({ spin: w });
  const scaled = (s: number): SceneBody =>
    what === 'velocity' ? withVelocity({ x: body.vx * s, y: body.vy * s }) : withSpin(body.spin * s);
  const tunnels = (b: SceneBody): boolean => pairFinding(doc, b, other, true)?.kind === 'tunnelling';
  let ok = -1;
  for (let k = 1; k <= SCAN_STEPS; k++) {
    const s = 1 - k / SCAN_STEPS;
    if (!tunnels(scaled(s))) {
      ok = s;
      break;
    }
  }
  if (ok <= 0) return undefined; // only stopping the body altogether helps: not a fix worth offering
  let hi = ok + 1 / SCAN_STEPS; // tunnels
  let lo = ok; // does not
  for (let i = 0; i < BISECTIONS && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (tunnels(scaled(mid))) hi = mid;
    else lo = mid;
  }
  // Round towards zero (never faster than the verified speed) to the fewest significant digits
  // that still do not tunnel.
  for (let digits = 3; digits <= 15; digits++) {
    const r = (x: number): number => (x === 0 ? 0 : truncateSignificant(x, digits));
    if (what === 'velocity') {
      const v = { x: r(body.vx * lo), y: r(body.vy * lo) };
      if ((v.x !== 0 || v.y !== 0) && !tunnels(withVelocity(v))) return v;
    } else {
      const w = r(body.spin * lo);
      if (w !== 0 && !tunnels(withSpin(w))) return w;
    }
  }
  return what === 'velocity' ? { x: body.vx * lo, y: body.vy * lo } : body.spin * lo;
}

function truncateSignificant(x: number, digits: number): number {
  const e = Math.floor(Math.log10(Math.abs(x)));
  const k = 10 ** (digits - 1 - e);
  return Math.trunc(x * k) / k;
}

// ── Polygons ──────────────────────────────────────────────────────────────────────────────────

/** The polygon call whose range is exactly `range` (the diagnostic's range). */
export function polygonAt(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  return polygonCallAt(range, (visit) => visitTouching(doc, range, visit));
}

/**
 * The polygon call whose range is exactly `range`, among the trees `walk` visits (the statements
 * that touch the range, or a node above them: the whole file in the equivalence test's oracle,
 * test/unit/features/oracle/finders.ts).
 */
export function polygonCallAt(range: TextRange, walk: (visit: (n: Node) => void) => void): ShapeCall | undefined {
  return findPolygon(range, walk, (call) => call.range.start === range.start && call.range.end === range.end);
}

/** The polygon call one of whose vertex arguments has range `range`, among the trees `walk` visits (see `polygonCallAt`). */
export function polygonCallContaining(range: TextRange, walk: (visit: (n: Node) => void) => void): ShapeCall | undefined {
  return findPolygon(range, walk, (call) => call.args.some((a) => a.range.start === range.start && a.range.end === range.end));
}

/** The first polygon call that touches `range` and `matches`, in a walk that skips nodes outside the range. */
function findPolygon(range: TextRange, walk: (visit: (n: Node) => void) => void, matches: (call: ShapeCall) => boolean): ShapeCall | undefined {
  let found: ShapeCall | undefined;
  const visit = (n: Node): void => {
    if (found || n.range.end < range.start || n.range.start > range.end) return;
    if (n.kind === 'ShapeCall' && n.constructorName === 'polygon' && matches(n)) {
      found = n;
      return;
    }
    forEachChild(n, visit);
  };
  walk(visit);
  return found;
}

/**
 * Walks the statements that touch `range` as a walk of the file that skips nodes outside the
 * range would (syntax/statement-index.ts parses only those): a code action asks about one
 * diagnostic's range, never about the whole file.
 */
function visitTouching(doc: AnalyzedDocument, range: TextRange, visit: (n: Node) => void): void {
  // The file's node spans the text; a range past it touches nothing.
  if (doc.text.length < range.start || range.end < 0) return;
  for (const s of statementIndexOf(doc.analysis.parse).touching(range.start, range.end)) visit(s);
}

function vertexList(doc: AnalyzedDocument, call: ShapeCall, set: { readonly indices: readonly number[]; readonly points: readonly (readonly [number, number])[] }): string {
  // The author's own expressions where the vertex is one of theirs, so `(w, h)` stays `(w, h)`.
  return set.indices
    .map((i, k) => {
      const arg = i >= 0 ? call.args[i] : undefined;
      if (arg) return doc.text.slice(arg.range.start, arg.range.end);
      const p = set.points[k]!;
      return `(${writeNumber(p[0])}, ${writeNumber(p[1])})`;
    })
    .join(', ');
}

function polygonFixes(doc: AnalyzedDocument, d: Diagnostic): QuickFix[] {
  const data = (d.data ?? {}) as PolygonFixData;
  if (d.code === 'polygon-redundant-vertex') {
    const i = data.dropped;
    const call = findPolygonContaining(doc, d.range);
    if (i === undefined || !call || !call.args[i]) return [];
    const args = call.args;
    const range = i + 1 < args.length ? { start: args[i]!.range.start, end: args[i + 1]!.range.start } : { start: args[i - 1]!.range.end, end: args[i]!.range.end };
    return [{ title: `Remove vertex ${i + 1} (it adds nothing to the outline)`, edits: [{ range, newText: '' }], diagnostic: d, isPreferred: true }];
  }
  const call = polygonAt(doc, d.range);
  if (!call) return [];
  const fixes: QuickFix[] = [];
  if (d.code === 'polygon-winding' && data.counterClockwise) {
    fixes.push({
      title: 'Rewrite the vertices counter-clockwise',
      edits: [{ range: call.range, newText: `polygon(${vertexList(doc, call, data.counterClockwise)})` }],
      diagnostic: d,
      isPreferred: true,
    });
  }
  if (d.code === 'polygon-welded' && data.hull) {
    fixes.push({
      title: `Replace with its convex hull (${data.hull.indices.length} vertices, as Collide uses it)`,
      edits: [{ range: call.range, newText: `polygon(${vertexList(doc, call, data.hull)})` }],
      diagnostic: d,
    });
  }
  if (d.code === 'polygon-not-convex') {
    if (data.parts && data.parts.length > 1) {
      const parts = data.parts.map((p) => `polygon(${vertexList(doc, call, p)})`);
      fixes.push({
        title: `Replace with a compound of ${parts.length} convex parts (same outline)`,
        edits: [{ range: call.range, newText: `compound(${parts.join(', ')})` }],
        diagnostic: d,
        isPreferred: true,
      });
    }
    if (data.hull) {
      fixes.push({
        title: `Replace with its convex hull (${data.hull.indices.length} vertices; fills the notch)`,
        edits: [{ range: call.range, newText: `polygon(${vertexList(doc, call, data.hull)})` }],
        diagnostic: d,
      });
    }
  }
  return fixes;
}

/** The polygon call one of whose vertex arguments has range `range` (redundant-vertex hints). */
export function findPolygonContaining(doc: AnalyzedDocument, range: TextRange): ShapeCall | undefined {
  return polygonCallContaining(range, (visit) => visitTouching(doc, range, visit));
}

// ── Names ─────────────────────────────────────────────────────────────────────────────────────

function spellingFixes(d: Diagnostic): QuickFix[] {
  const m = /Did you mean '([A-Za-z_][A-Za-z0-9_]*)'\?/.exec(d.message);
  if (!m) return [];
  return [{ title: `Change to '${m[1]}'`, edits: [{ range: d.range, newText: m[1]! }], diagnostic: d, isPreferred: true }];
}

