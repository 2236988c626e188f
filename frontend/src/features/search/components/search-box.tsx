// The search box of the app shell (docs/spec.md §2 Search, The search box and results page): a combobox
// whose listbox shows the first results as you type, "See all results" for the results page, and the `/`
// key that focuses it from anywhere but another field. On a phone it is an icon button in the app bar that
// opens a full-width field over the bar. Kept small: it is part of every page's first load; the results
// page is its own lazy chunk.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { searchPath } from '@/config/paths';
import { useQuickSearch } from '@/features/search/api/search';
import type { SearchResult } from '@/types/api';
import { kindLabel } from '@/features/search/kinds';
import { resultTarget } from '@/features/search/links';
import { MAX_QUERY, MIN_QUERY } from '@/features/search/query';
import { Snippet } from '@/features/search/components/snippet';

/** How long typing pauses before the box asks the server. */
export const DEBOUNCE_MS = 200;

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The value after it has stopped changing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Whether a key press is someone typing into a field (where `/` is a character, not a shortcut). */
const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.isContentEditable ||
    !!target.closest('[contenteditable="true"], [contenteditable=""]')
  );
};

/** Calls `onSlash` when `/` is pressed outside any field, to focus the search box. */
function useSlashKey(onSlash: () => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event.target)) return;
      event.preventDefault();
      onSlash();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSlash]);
}

/** Where a result lives, in a few words: its meeting or committee. */
const whereOf = (result: SearchResult) =>
  [result.meeting?.title, result.committee?.name].filter(Boolean).join(' · ');

type FieldProps = {
  /** Focus the field when it appears (the phone's field, opened by its button). */
  autoFocus?: boolean;
  /** After a result or the results page is opened, and on Escape with nothing to close. */
  onDone?: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

function SearchField({ autoFocus, onDone, inputRef }: FieldProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const listboxId = useId();
  const optionId = (i: number) => `${listboxId}-option-${i}`;
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typed = input.trim();
  const settled = useDebounced(typed, DEBOUNCE_MS);
  const asked = settled.length >= MIN_QUERY ? settled : null;
  const { data, error, isLoading } = useQuickSearch(asked);
  const results = asked && typed.length >= MIN_QUERY ? (data?.results ?? []) : [];
  const shown = open && typed.length >= MIN_QUERY;
  const refused =
    error instanceof ApiError && error.status === 400
      ? (error.fieldErrors?.q ?? error.serverMessage ?? error.message)
      : null;

  // A new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [data]);

  const finish = () => {
    setOpen(false);
    setActive(-1);
    setInput('');
    onDone?.();
  };

  const openResult = (result: SearchResult) => {
    const target = resultTarget(result, typed);
    finish();
    if (target.type === 'link') navigate(target.to);
    else downloadFile(target.url).catch((e) => notify(errorToast(e, 'Failed to download')));
  };

  const seeAll = () => {
    if (!typed) return;
    const to = searchPath(typed.slice(0, MAX_QUERY));
    finish();
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (results.length > 0) setActive((a) => (a + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (results.length > 0) setActive((a) => (a <= 0 ? results.length - 1 : a - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (shown && active >= 0 && results[active]) openResult(results[active]);
        else seeAll();
        break;
      case 'Escape':
        event.preventDefault();
        if (shown) {
          setOpen(false);
          setActive(-1);
        } else if (input) setInput('');
        else onDone?.();
        break;
      default:
        break;
    }
  };

  let status: string;
  if (refused) status = refused;
  else if (error) status = 'Search failed. Try again.';
  else if (!data || (isLoading && results.length === 0)) status = 'Searching...';
  else if (results.length === 0) status = `No results for “${typed}”`;
  else
    status = `${data.total} ${data.total === 1 ? 'result' : 'results'}; the first ${results.length} below`;

  return (
    <Box sx={{ position: 'relative', width: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          height: 40,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <SearchIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        <InputBase
          inputRef={inputRef}
          autoFocus={autoFocus}
          value={input}
          placeholder="Search the portal"
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          sx={{ flex: 1, fontSize: '0.95rem' }}
          inputProps={{
            role: 'combobox',
            type: 'search',
            'aria-label': 'Search the portal',
            'aria-autocomplete': 'list',
            'aria-expanded': shown,
            'aria-controls': shown ? listboxId : undefined,
            'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
            'aria-keyshortcuts': '/',
            enterKeyHint: 'search',
            autoComplete: 'off',
          }}
        />
        <Typography
          component="kbd"
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'inline-block' },
            fontSize: 12,
            color: 'text.secondary',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 0.75,
            lineHeight: 1.6,
          }}
        >
          /
        </Typography>
      </Box>
      {shown && (
        <Paper
          elevation={8}
          // Clicks inside keep the focus in the field, so the list does not close under the pointer.
          onMouseDown={(event) => event.preventDefault()}
          sx={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            left: 0,
            right: 0,
            zIndex: (theme) => theme.zIndex.modal,
            maxHeight: 'min(70vh, 560px)',
            overflowY: 'auto',
          }}
        >
          <Typography
            role="status"
            variant="body2"
            color={refused ? 'error' : 'text.secondary'}
            sx={results.length > 0 ? hidden : { px: 2, py: 1.5 }}
          >
            {status}
          </Typography>
          <Box
            component="ul"
            role="listbox"
            id={listboxId}
            aria-label="Search results"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {results.map((result, i) => (
              <Box
                component="li"
                key={`${result.kind}-${result.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onClick={() => openResult(result)}
                onMouseMove={() => setActive(i)}
                sx={{
                  px: 2,
                  py: 1,
                  cursor: 'pointer',
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: i === active ? 'action.selected' : undefined,
                }}
              >
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {result.title}
                </Typography>
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {[kindLabel[result.kind], formatDate(result.date), whereOf(result)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Snippet runs={result.snippet} lines={1} />
              </Box>
            ))}
          </Box>
          <Box sx={{ px: 2, py: 1 }}>
            <Link
              component={RouterLink}
              to={searchPath(typed.slice(0, MAX_QUERY))}
              onClick={() => finish()}
            >
              See all results
            </Link>
          </Box>
        </Paper>
      )}
    </Box>
  );
}

/** The shell's search: the field on a desktop; on a phone the app bar's button and the field it opens. */
export function ShellSearch({ phone }: { phone: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const { pathname } = useLocation();

  const focus = useCallback(() => {
    if (phone) setPhoneOpen(true);
    inputRef.current?.focus();
  }, [phone]);
  useSlashKey(focus);

  // A new page closes the phone's field.
  useEffect(() => setPhoneOpen(false), [pathname]);

  if (!phone)
    return (
      <Box role="search" aria-label="Search the portal" sx={{ width: '100%' }}>
        <SearchField inputRef={inputRef} />
      </Box>
    );

  const close = () => {
    setPhoneOpen(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };
  return (
    <>
      <IconButton
        ref={buttonRef}
        aria-label="Search"
        aria-expanded={phoneOpen}
        onClick={() => setPhoneOpen(true)}
        sx={{ ml: 'auto' }}
      >
        <SearchIcon />
      </IconButton>
      {phoneOpen && (
        <Box
          role="search"
          aria-label="Search the portal"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            bgcolor: 'background.paper',
          }}
        >
          <IconButton aria-label="Close search" onClick={close}>
            <ArrowBack />
          </IconButton>
          <SearchField inputRef={inputRef} autoFocus onDone={close} />
        </Box>
      )}
    </>
  );
}
