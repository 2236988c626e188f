// The results page's filters live in its address (docs/spec.md §2 Search, The search box and results page),
// so that a search can be shared and the back button undoes a filter; the same filters make the API's query.
import { isSearchKind } from '@/features/search/kinds';
import type { SearchKind } from '@/types/api';

export type SearchOrder = 'relevance' | 'date';

export type SearchFilters = {
  q: string;
  kinds: SearchKind[];
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  /** An id or ''. */
  meetingId: string;
  committeeId: string;
  category: string;
  order: SearchOrder;
};

/** The shortest query the search box sends: one letter finds too much to be useful as you type. */
export const MIN_QUERY = 2;
/** The longest query the server takes (docs/api.md, Search). */
export const MAX_QUERY = 200;

const id = (value: string | null) => (value && /^\d+$/.test(value) ? value : '');
const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The filters an address's query string holds; anything malformed is left out. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const kinds = params
    .getAll('kind')
    .flatMap((k) => k.split(','))
    .map((k) => k.trim())
    .filter(isSearchKind);
  return {
    q: params.get('q') ?? '',
    kinds: [...new Set(kinds)],
    from: date(params.get('from')),
    to: date(params.get('to')),
    meetingId: id(params.get('meetingId')),
    committeeId: id(params.get('committeeId')),
    category: params.get('category') ?? '',
    order: params.get('order') === 'date' ? 'date' : 'relevance',
  };
}

/** The query string of the filters, without the empty ones (the results page's address and the API's). */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.kinds.length > 0) params.set('kind', filters.kinds.join(','));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.meetingId) params.set('meetingId', filters.meetingId);
  if (filters.committeeId) params.set('committeeId', filters.committeeId);
  if (filters.category) params.set('category', filters.category);
  if (filters.order === 'date') params.set('order', 'date');
  return params;
}

export const emptyFilters: SearchFilters = {
  q: '',
  kinds: [],
  from: '',
  to: '',
  meetingId: '',
  committeeId: '',
  category: '',
  order: 'relevance',
};
