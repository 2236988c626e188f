// The results page, /search?q=... (docs/spec.md §2 Search, The search box and results page): the query, the
// count, the results grouped by kind (or newest first), the filters in the address, and "Load more".
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { categoryLabels } from '@/components/status-chips';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { DocumentCategory } from '@/types/api';
import { useCommitteeChoices, useMeetingChoices } from '@/features/search/api/filter-choices';
import { useSearchPages } from '@/features/search/api/search-pages';
import type { SearchKind, SearchResult } from '@/types/api';
import { kindOrder, kindPlural } from '@/features/search/kinds';
import {
  MAX_QUERY,
  filtersFromParams,
  filtersToParams,
  type SearchFilters,
} from '@/features/search/query';
import { ResultItem } from '@/features/search/components/result-item';

const categories = Object.keys(categoryLabels) as DocumentCategory[];

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The server's word on a refused field (400), or null. */
const fieldError = (error: unknown, field: string): string | null =>
  error instanceof ApiError && error.status === 400 ? (error.fieldErrors?.[field] ?? null) : null;

/** A 400 about the query or a filter the page does not show a field for: said under the query field. */
function queryError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors = error.fieldErrors ?? {};
  const other = Object.entries(errors)
    .filter(([field]) => field !== 'from' && field !== 'to')
    .map(([, message]) => message);
  if (other.length > 0) return other.join(' ');
  return Object.keys(errors).length > 0 ? null : (error.serverMessage ?? error.message);
}

function ResultList({ results, q }: { results: SearchResult[]; q: string }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {results.map((result) => (
        <ResultItem key={`${result.kind}-${result.id}`} result={result} q={q} />
      ))}
    </Box>
  );
}

function Filters({
  filters,
  counts,
  error,
  change,
}: {
  filters: SearchFilters;
  counts: Partial<Record<SearchKind, number>>;
  error: unknown;
  change: (next: Partial<SearchFilters>) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [more, setMore] = useState(false);
  const meetings = useMeetingChoices();
  const { data: committees } = useCommitteeChoices();
  const kinds = kindOrder.filter((k) => (counts[k] ?? 0) > 0 || filters.kinds.includes(k));
  const toggle = (kind: SearchKind) =>
    change({
      kinds: filters.kinds.includes(kind)
        ? filters.kinds.filter((k) => k !== kind)
        : [...filters.kinds, kind],
    });
  const filtered =
    filters.kinds.length > 0 ||
    !!(filters.from || filters.to || filters.meetingId || filters.committeeId || filters.category);
  const showMore = !phone || more;

  return (
    <Box component="section" aria-label="Filters" sx={{ display: 'grid', gap: 2, mb: 2 }}>
      {kinds.length > 0 && (
        <Box
          role="group"
          aria-label="Kinds of record"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {kinds.map((kind) => {
            const on = filters.kinds.includes(kind);
            return (
              <Chip
                key={kind}
                label={`${kindPlural[kind]} (${counts[kind] ?? 0})`}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => toggle(kind)}
              />
            );
          })}
        </Box>
      )}
      {phone && (
        <Box>
          <Button
            startIcon={<TuneOutlined />}
            aria-expanded={more}
            aria-controls="search-more-filters"
            onClick={() => setMore((m) => !m)}
          >
            {more ? 'Fewer filters' : 'More filters'}
          </Button>
        </Box>
      )}
      <Box
        id="search-more-filters"
        hidden={!showMore}
        sx={{
          display: showMore ? 'grid' : 'none',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(180px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <TextField
          type="date"
          size="small"
          label="From"
          value={filters.from}
          error={!!fieldError(error, 'from')}
          helperText={fieldError(error, 'from') ?? undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => change({ from: event.target.value })}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={filters.to}
          error={!!fieldError(error, 'to')}
          helperText={fieldError(error, 'to') ?? undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => change({ to: event.target.value })}
        />
        <TextField
          select
          size="small"
          label="Meeting"
          value={filters.meetingId}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(event) => change({ meetingId: event.target.value })}
        >
          <option value="">Any meeting</option>
          {meetings.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {`${m.title} (${formatDate(m.meetingDate)})`}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Committee"
          value={filters.committeeId}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(event) => change({ committeeId: event.target.value })}
        >
          <option value="">Any committee</option>
          {(committees ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Category"
          value={filters.category}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(event) => change({ category: event.target.value })}
        >
          <option value="">Any category</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {categoryLabels[c]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Order"
          value={filters.order}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(event) =>
            change({ order: event.target.value === 'date' ? 'date' : 'relevance' })
          }
        >
          <option value="relevance">Relevance</option>
          <option value="date">Newest first</option>
        </TextField>
        {filtered && (
          <Button
            onClick={() =>
              change({
                kinds: [],
                from: '',
                to: '',
                meetingId: '',
                committeeId: '',
                category: '',
              })
            }
            sx={{ justifySelf: 'start' }}
          >
            Clear filters
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const q = filters.q.trim();
  const [input, setInput] = useState(filters.q);
  // The field follows the address (the back button, the shell's box opening another search).
  useEffect(() => setInput(filters.q), [filters.q]);

  const { data, error, isLoading, size, setSize } = useSearchPages(q ? filters : null);
  const first = data?.[0];
  const results = (data ?? []).flatMap((page) => page.results);
  const last = data?.[data.length - 1];
  const loadingMore = !!data && size > data.length;

  const change = (next: Partial<SearchFilters>) =>
    setParams(filtersToParams({ ...filters, ...next }));
  const underField = queryError(error);
  // Not a form's submit: the address changes in a transition, which jsdom's FormData cannot follow; Enter
  // in the field and the button do the same.
  const submit = () => {
    const words = input.trim();
    if (words) change({ q: words });
  };

  let body: ReactNode;
  if (!q) {
    body = (
      <EmptyState
        icon={<SearchIcon />}
        title="Search the board's records"
        description="Type a word or two: papers and minutes (the words inside them too), decisions, agenda items, notices, actions, resolutions, interests and committee chat."
      />
    );
  } else if (error && !first) {
    body = underField ? null : <ErrorBlock error={error} />;
  } else if (isLoading && !first) {
    body = <LoadingBlock label="Searching" />;
  } else if (first && first.total === 0) {
    body = (
      <EmptyState
        icon={<SearchOffOutlined />}
        title={`No results for “${q}”`}
        description="Check the spelling, or try fewer words or fewer filters."
      />
    );
  } else if (first) {
    const groups =
      filters.order === 'date'
        ? null
        : kindOrder
            .map((kind) => ({ kind, items: results.filter((r) => r.kind === kind) }))
            .filter((g) => g.items.length > 0);
    body = (
      <>
        {groups ? (
          groups.map((group) => (
            <Card
              key={group.kind}
              component="section"
              aria-labelledby={`search-group-${group.kind}`}
              sx={{ px: 2, py: 1.5, mb: 2 }}
            >
              <Typography variant="h2" id={`search-group-${group.kind}`} sx={{ mb: 0.5 }}>
                {`${kindPlural[group.kind]} (${first.counts[group.kind] ?? group.items.length})`}
              </Typography>
              <ResultList results={group.items} q={q} />
            </Card>
          ))
        ) : (
          <Card component="section" aria-labelledby="search-by-date" sx={{ px: 2, py: 1.5 }}>
            <Typography variant="h2" id="search-by-date" sx={hidden}>
              Results, newest first
            </Typography>
            <ResultList results={results} q={q} />
          </Card>
        )}
        {error && <ErrorBlock error={error} />}
        {last?.nextCursor && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button
              variant="outlined"
              disabled={loadingMore}
              onClick={() => void setSize(size + 1)}
            >
              {loadingMore ? 'Loading...' : 'Load more'}
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Box>
      <PageHeader title="Search" />
      <Box
        role="search"
        aria-label="This search"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          label="Search for"
          type="search"
          size="small"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          error={!!underField}
          helperText={
            underField ?? 'Quote a phrase, put - before a word to leave it out, or use "or".'
          }
          slotProps={{ htmlInput: { maxLength: MAX_QUERY + 50, enterKeyHint: 'search' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="contained" startIcon={<SearchIcon />} onClick={submit} sx={{ mt: 0.25 }}>
          Search
        </Button>
      </Box>
      {q && (
        <Filters filters={filters} counts={first?.counts ?? {}} error={error} change={change} />
      )}
      {q && first && (
        <Typography role="status" sx={{ mb: 2 }}>
          {first.total === 1 ? '1 result' : `${first.total} results`} for “{q}”
        </Typography>
      )}
      {body}
    </Box>
  );
}
