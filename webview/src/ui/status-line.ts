import type { FindingKind, PreviewFinding } from '../../../protocol/preview-model';

export type FindingCounts = Record<FindingKind, number>;

export function countFindings(findings: readonly PreviewFinding[]): FindingCounts {
  const counts = { overlap: 0, tunnelling: 0, collision: 0, 'ghost-bump': 0 };
  for (const f of findings) counts[f.kind]++;
  return counts;
}

/** The toolbar's summary of a scene: its bodies, its findings by kind, and its errors when it has some. */
export function statusLine(bodies: number, counts: FindingCounts, errors: number): string {
  return (
    `${count(bodies, 'body', 'bodies')} · ${count(counts.overlap, 'overlap', 'overlaps')} · ${counts.tunnelling} tunnelling · ` +
    count(counts.collision, 'collision', 'collisions') +
    (counts['ghost-bump'] > 0 ? ` · ${count(counts['ghost-bump'], 'ghost bump', 'ghost bumps')}` : '') +
    (errors > 0 ? ` · ${count(errors, 'error', 'errors')}` : '')
  );
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
