import type { SearchKind, SearchResponse } from '@/types/api';

/**
 * A count as the search gives it: each kind is counted up to 1,000 (docs/spec.md §15, Ranking and counts),
 * so a capped count reads "1,000+".
 */
export function countLabel(n: number, capped: boolean): string {
  return capped ? `${n.toLocaleString('en-GB')}+` : n.toLocaleString('en-GB');
}

/** A kind's count on a chip or a group's heading. */
export function kindCount(
  page: Pick<SearchResponse, 'counts' | 'capped'>,
  kind: SearchKind,
): string {
  return countLabel(page.counts[kind] ?? 0, page.capped.includes(kind));
}

/** "1 result", "12 results", "1,000+ results". */
export function resultsLabel(page: Pick<SearchResponse, 'total' | 'totalCapped'>): string {
  if (page.total === 1 && !page.totalCapped) return '1 result';
  return `${countLabel(page.total, page.totalCapped)} results`;
}
