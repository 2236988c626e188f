// The search box at the top of a list page (minutes archive, decisions register): the query applies when
// it is submitted (Search or Enter), so each keystroke does not reload the list; Clear shows everything.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { EmptyState } from '@/components/empty-state';

export type SubmittedSearch = {
  /** What is typed. */
  input: string;
  setInput: (value: string) => void;
  /** The query in force: the trimmed input as last submitted. */
  search: string;
  submit: () => void;
  clear: () => void;
};

export function useSubmittedSearch(): SubmittedSearch {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  return {
    input,
    setInput,
    search,
    submit: () => setSearch(input.trim()),
    clear: () => {
      setInput('');
      setSearch('');
    },
  };
}

type Props = {
  id: string;
  label: string;
  state: SubmittedSearch;
  /** Whether the list shows matches, to say what they match. */
  hasResults: boolean;
};

export function SearchForm({ id, label, state, hasResults }: Props) {
  return (
    <>
      <Box
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          state.submit();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 2, alignItems: 'center' }}
      >
        <TextField
          id={id}
          label={label}
          size="small"
          type="search"
          value={state.input}
          onChange={(event) => state.setInput(event.target.value)}
          sx={{ flex: '1 1 220px', width: 'auto' }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
          Search
        </Button>
        <Button variant="outlined" onClick={state.clear}>
          Clear
        </Button>
      </Box>
      {state.search && hasResults && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          Showing results for &quot;{state.search}&quot;
        </Typography>
      )}
    </>
  );
}

/** What a list shows when the search in force matches nothing: the search, and the way back to all. */
export function NoSearchMatches({
  state,
  noun,
  icon,
}: {
  state: SubmittedSearch;
  /** What the list holds, in the plural: 'minutes', 'decisions'. */
  noun: string;
  icon: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={`No ${noun} found matching "${state.search}"`}
      action={
        <Link component="button" type="button" onClick={state.clear}>
          {`View all ${noun}`}
        </Link>
      }
    />
  );
}
