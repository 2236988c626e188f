// GET /api/search (docs/api.md, Search): the request's address, and the search box's first results as you
// type (the results page's pages are in search-pages.ts, so that the shell's box does not carry them).
import useSWR from 'swr';
import { emptyFilters, filtersToParams, type SearchFilters } from '@/features/search/query';
import type { SearchResponse } from '@/types/api';

export const searchPath = '/api/search';

/** How many results the search box shows under the field. */
export const BOX_LIMIT = 6;
/** How many results a page of the results page holds. */
export const PAGE_LIMIT = 20;

export const searchKey = (
  filters: SearchFilters,
  { limit, cursor }: { limit: number; cursor?: string | null },
): string => {
  const params = filtersToParams({ ...filters, q: filters.q.trim() });
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `${searchPath}?${params.toString()}`;
};

/**
 * The search box's results for `q` (null: nothing to ask). The previous answer stays on screen while the
 * next one loads, so the list does not flicker as you type.
 */
export const useQuickSearch = (q: string | null) =>
  useSWR<SearchResponse>(
    q === null ? null : searchKey({ ...emptyFilters, q }, { limit: BOX_LIMIT }),
    { keepPreviousData: true },
  );
