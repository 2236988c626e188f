// GET /api/search for the results page: page after page, each following the previous one's cursor.
import useSWRInfinite from 'swr/infinite';
import { PAGE_LIMIT, searchKey } from '@/features/search/api/search';
import type { SearchFilters } from '@/features/search/query';
import type { SearchResponse } from '@/types/api';

/** The results page: page after page, following `nextCursor` when "Load more" asks for the next. */
export const useSearchPages = (filters: SearchFilters | null) =>
  useSWRInfinite<SearchResponse>(
    (index, previous: SearchResponse | null) => {
      if (!filters) return null;
      if (index === 0) return searchKey(filters, { limit: PAGE_LIMIT });
      if (!previous?.nextCursor) return null;
      return searchKey(filters, { limit: PAGE_LIMIT, cursor: previous.nextCursor });
    },
    { keepPreviousData: true, revalidateFirstPage: false },
  );
