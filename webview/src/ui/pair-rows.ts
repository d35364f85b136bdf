import { formatNumber as fmt } from '../../../protocol/format';
import type { PairDetail, Point, PreviewFinding } from '../../../protocol/preview-model';
import type { StepKind } from '../../../render/pair-painter';
import type { TableRow } from './table-row';

/**
 * The pair inspector's tables as text rows. Every number that changes with time says at which
 * instant it holds: the scene's time (the scrubber's, where the picture shows the bodies), the
 * time of impact, or each conservative-advancement step's own t; the GJK and EPA steps ran at
 * the scene's time. The relative velocity and spin hold at every instant.
 */

/** The pair at the scene's time: what the picture shows and the table's first rows say. */
export interface InstantNumbers {
  readonly t: number;
  readonly distance: number;
  readonly closest: Point;
  readonly normal: Point | null;
  readonly pushOut: Point | null;
  readonly overlapArea: number;
}

/**
 * A signed distance this close to zero is a touch: far above the queries' rounding (1e-16 of the
 * coordinates, 1e-13 at a level's pixel coordinates) and far below anything a scene means.
 */
const TOUCH_TOLERANCE = 1e-9;

/** A coordinate of a touch's closest point: its rounding noise read as 0. */
const snap = (v: number): number => (Math.abs(v) <= TOUCH_TOLERANCE ? 0 : v);

const pt = (p: readonly [number, number]): string => `(${fmt(p[0])}, ${fmt(p[1])})`;
export const instantLabel = (t: number): string => `t = ${fmt(t)} s`;

/**
 * The result's numbers, as the hover and the diagnostics word them, under headings that give
 * their instant (each value's key repeats it: "Distance at t = 0 s"). `now` is the pair at the
 * scene's time; `dragged` says that a body is shown at a pose the text does not have yet.
 */
export function pairRows(d: PairDetail, now: InstantNumbers, dragged: boolean): TableRow[] {
  const rows: TableRow[] = [{ heading: `At ${instantLabel(now.t)}${dragged ? ', dragged' : ''}` }];
  const at = `at ${instantLabel(now.t)}${dragged ? ' (dragged)' : ''}`;
  const add = (label: string, value: string): void => void rows.push([label, value, `${label} ${at}`]);
  // At a time of impact the pair touches, and the queries' rounding leaves a depth of 1e-16 or
  // so either way: say touching rather than print the noise as a depth, a push-out and an area.
  const touching = Math.abs(now.distance) <= TOUCH_TOLERANCE;
  if (touching) add('Distance', '0 (touching)');
  else if (now.distance < 0) add('Penetration depth', fmt(-now.distance));
  else add('Distance', fmt(now.distance));
  add('Closest point of B ⊖ A', pt(touching ? [snap(now.closest[0]), snap(now.closest[1])] : now.closest));
  if (now.normal) add('Normal (A → B)', pt(now.normal));
  if (now.pushOut && !touching) add('Push-out (move B)', pt(now.pushOut));
  if (now.overlapArea > 0 && !touching) add('Overlap area', fmt(now.overlapArea));
  if (d.partA > 0 || d.partB > 0) rows.push(['Parts', `${d.a}[${d.partA}] × ${d.b}[${d.partB}]`]);
  rows.push({ heading: 'Motion, at every instant' });
  rows.push(['Relative velocity', pt(d.relativeVelocity)]);
  if (d.relativeSpin !== 0) rows.push(['Relative spin', `${fmt(d.relativeSpin)} rad/s`]);
  if (d.toi) {
    const hit = d.toi.state === 'hit';
    rows.push({ heading: hit ? `At impact, ${instantLabel(d.toi.t)}` : 'Impact' });
    rows.push(['Time of impact', hit ? `${fmt(d.toi.t)} s` : d.toi.state]);
    if (hit) {
      const impact = `at ${instantLabel(d.toi.t)}`;
      rows.push(['Contact point', pt(d.toi.point), `Contact point ${impact}`]);
      rows.push(['Contact normal (A → B)', pt(d.toi.normal), `Contact normal (A → B) ${impact}`]);
    }
    rows.push(['Method', methodText(d)]);
  }
  if (d.finding) {
    rows.push({ heading: `Finding: ${d.finding.kind}` });
    if (d.finding.kind === 'ghost-bump') rows.push(...seamRows(d.finding));
    rows.push(['Message', d.finding.message, 'Finding']);
  }
  return rows;
}

/**
 * The time-of-impact method and its work. Conservative advancement counts every distance
 * evaluation as an iteration, its end game's look-ahead evaluations (past the step it commits to)
 * included, and records only the steps it commits to (core/ccd/conservative-advancement.ts): the
 * two counts are named apart when they differ.
 */
export function methodText(d: PairDetail): string {
  if (!d.toi) return '';
  const steps = d.advancement.length;
  if (steps > 0 && d.toi.iterations !== steps) {
    const ahead = d.toi.iterations - steps;
    return `${d.toi.method}: ${d.toi.iterations} distance evaluations, ${steps} steps and ${ahead} ${ahead === 1 ? 'look-ahead' : 'look-aheads'}`;
  }
  return `${d.toi.method}, ${d.toi.iterations} iterations`;
}

/** A ghost bump's seam: where, which two pieces meet there, which body slides and when it gets there. */
function seamRows(f: PreviewFinding): [string, string][] {
  const rows: [string, string][] = [];
  if (f.point) rows.push(['Seam', pt(f.point)]);
  if (f.pieces) rows.push(['Pieces', `${f.pieces[0]} | ${f.pieces[1]}`]);
  if (f.moving) rows.push(['Sliding body', f.moving === 'a' ? f.a : f.b]);
  if (f.toi !== undefined) rows.push(['Reaches the seam', `t = ${fmt(f.toi)} s`]);
  return rows;
}

/** The chosen step's numbers; GJK and EPA ran on the poses at time `t` (the instant shown). */
export function stepRows(d: PairDetail, kind: StepKind, index: number, t = 0): TableRow[] {
  if (kind === 'gjk') {
    const s = d.gjk[index];
    if (!s) return [];
    return [
      ['Step', `GJK ${index + 1} at ${instantLabel(t)}`],
      ...s.simplex.map((v, i): [string, string] => [`w${i} = b${v.indexB} − a${v.indexA}`, pt(v.w)]),
      ['Closest to origin', pt(s.closest)],
      ['|closest|', fmt(Math.hypot(s.closest[0], s.closest[1]))],
      ['Search direction', pt(s.direction)],
    ];
  }
  if (kind === 'epa') {
    const s = d.epa[index];
    if (!s) return [];
    return [
      ['Step', `EPA ${index + 1} at ${instantLabel(t)}`],
      ['Polytope vertices', String(s.polytope.length)],
      ['Closest edge', String(s.closestEdge)],
      ['Edge distance', fmt(s.distance)],
    ];
  }
  const s = d.advancement[index];
  if (!s) return [];
  const at = `at ${instantLabel(s.t)}`;
  return [
    ['Step', `Advancement ${index + 1} of ${d.advancement.length}`],
    ['t', `${fmt(s.t)} s`],
    ['Distance', fmt(s.distance), `Distance ${at}`],
    ['Normal (A → B)', pt(s.normal), `Normal (A → B) ${at}`],
  ];
}

/** The advancement step at or before time t (the last one that has started), or -1 before the first. */
export function stepAtTime(d: PairDetail, t: number): number {
  let k = -1;
  // The steps run forward in time; a hair of tolerance keeps a time set from a step on that step.
  const eps = 1e-12 * Math.max(1, Math.abs(t));
  for (let i = 0; i < d.advancement.length; i++) if (d.advancement[i]!.t <= t + eps) k = i;
  return k;
}
