// The in-app PDF reader (docs/spec.md §2 Pack reader, Reading in the portal).
//
// Pages are drawn with pdf.js's core API (getDocument, page.render, TextLayer) rather than its PDFViewer:
// the reader needs its own page boxes to draw extensions' overlays on and to take a tap as a point, its own
// panels and toolbar as MUI buttons with names, and lazy pages whose page-in-view drives reading records;
// PDFViewer would bring its own DOM, CSS and controls to be hidden and worked around instead.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Search from '@mui/icons-material/Search';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import WidthFull from '@mui/icons-material/WidthFullOutlined';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { useUser } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { isGuest } from '@/lib/permissions';
import { takePdf } from '@/features/reader/pdf';
import { withPageCount } from '@/features/reader/page-map';
import {
  quoteInContext,
  runsText,
  textRuns,
  toPageRects,
  type PdfTextItem,
} from '@/features/reader/page-text';
import {
  findMatches,
  firstMatchFrom,
  searchesFor,
  searchForQuery,
  stepMatch,
  type SearchMatch,
} from '@/features/reader/search';
import { readingLine, useOwnReading } from '@/features/reader/reading-records';
import { singlePaper } from '@/features/reader/page-map';
import { CSS_UNITS, PdfPage } from '@/features/reader/components/pdf-page';
import { OutlinePanel, ThumbnailsPanel } from '@/features/reader/components/reader-panels';
import type {
  ReaderContext,
  ReaderExtension,
  ReaderSelection,
  ReaderSource,
  TextRun,
} from '@/features/reader/types';

type Props = {
  source: ReaderSource;
  extensions: ReaderExtension[];
  /** `?page=N`: the page to open at. */
  initialPage?: number;
  /** `?q=`: a portal search's words, searched for at once (the first match's page, unless `?page=`). */
  initialQuery?: string;
};

const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
/** Room kept above a page scrolled to: the app bar on a phone and the reader's sticky toolbar. */
const TOP_OFFSET = 130;

type Zoom = { fit: true } | { fit: false; scale: number };

function useReaderPdf(url: string) {
  const [state, setState] = useState<{
    pdf: PDFDocumentProxy | null;
    error: unknown;
    progress: number | null;
  }>({ pdf: null, error: null, progress: null });
  useEffect(() => {
    setState({ pdf: null, error: null, progress: null });
    const { task, release } = takePdf(url);
    task.onProgress = ({ loaded, total }: { loaded: number; total: number }) =>
      setState((s) => (s.pdf ? s : { ...s, progress: total > 0 ? loaded / total : null }));
    task.promise.then(
      (pdf) => setState({ pdf, error: null, progress: null }),
      (error: unknown) => setState({ pdf: null, error, progress: null }),
    );
    return release;
  }, [url]);
  return state;
}

function OpenError({ source, error }: { source: ReaderSource; error: unknown }) {
  const notify = useNotify();
  const status = (error as { status?: number } | null)?.status;
  const message =
    status === 404 || status === 403
      ? 'This paper cannot be found, or you may not read it.'
      : 'The reader could not open this file. You can download it instead.';
  return (
    <Alert
      severity="error"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() =>
            downloadFile(source.url).catch((e) => notify(errorToast(e, 'Failed to download')))
          }
        >
          Download
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export function Reader({ source: given, extensions, initialPage, initialQuery }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { pdf, error, progress } = useReaderPdf(given.url);
  const pageCount = pdf?.numPages ?? 0;
  const source = useMemo(() => withPageCount(given, pageCount), [given, pageCount]);

  const [baseSize, setBaseSize] = useState<{ width: number; height: number } | null>(null);
  const [sizes, setSizes] = useState<Record<number, { width: number; height: number }>>({});
  const [zoom, setZoom] = useState<Zoom>({ fit: true });
  const [columnWidth, setColumnWidth] = useState(0);
  const [currentPage, setCurrentPage] = useState(1);
  const [panel, setPanel] = useState<string | null>(null);
  const [pointArmed, setPointArmed] = useState(false);
  const [selection, setSelection] = useState<ReaderSelection | null>(null);
  const [query, setQuery] = useState(() =>
    initialQuery ? (searchesFor(initialQuery)[0] ?? '') : '',
  );
  const [matches, setMatches] = useState<SearchMatch[] | null>(null);
  const [matchIndex, setMatchIndex] = useState(-1);
  const [searchOpen, setSearchOpen] = useState(!!initialQuery);

  const column = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const pageElements = useRef(new Map<number, HTMLDivElement>());
  const ratios = useRef(new Map<number, number>());
  const texts = useRef(new Map<number, Promise<TextRun[]>>());
  const opened = useRef(false);

  useEffect(() => {
    texts.current.clear();
    opened.current = false;
    setSizes({});
    setBaseSize(null);
    if (!pdf) return;
    let live = true;
    void pdf.getPage(1).then((page) => {
      const v = page.getViewport({ scale: CSS_UNITS });
      if (live) setBaseSize({ width: v.width, height: v.height });
    });
    return () => {
      live = false;
    };
  }, [pdf]);

  // The column's width, for fit-to-width.
  useEffect(() => {
    const element = column.current;
    if (!element) return undefined;
    const measure = () => setColumnWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf]);

  const fitScale =
    baseSize && columnWidth > 0 ? Math.max(MIN_ZOOM, (columnWidth - 8) / baseSize.width) : 1;
  const scale = zoom.fit ? fitScale : zoom.scale;

  const pageText = useCallback(
    (pageNumber: number): Promise<TextRun[]> => {
      if (!pdf) return Promise.resolve([]);
      let text = texts.current.get(pageNumber);
      if (!text) {
        text = pdf
          .getPage(pageNumber)
          .then(async (page) => {
            const content = await page.getTextContent();
            return textRuns(content.items as PdfTextItem[], page.getViewport({ scale: 1 }));
          })
          .catch(() => []);
        texts.current.set(pageNumber, text);
      }
      return text;
    },
    [pdf],
  );

  const goToPage = useCallback(
    (pageNumber: number, at?: { y: number }) => {
      const n = Math.min(Math.max(1, Math.round(pageNumber)), Math.max(1, pageCount));
      const element = pageElements.current.get(n);
      if (!element) return;
      const top =
        element.getBoundingClientRect().top +
        window.scrollY +
        (at ? at.y * element.offsetHeight : 0) -
        TOP_OFFSET;
      window.scrollTo({ top: Math.max(0, top) });
      setCurrentPage(n);
    },
    [pageCount],
  );

  // The page mostly in view is the current page.
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    observer.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const n = Number((entry.target as HTMLElement).dataset.readerPage);
          ratios.current.set(n, entry.isIntersecting ? entry.intersectionRect.height : 0);
        }
        let best = 0;
        let bestHeight = 0;
        for (const [n, h] of ratios.current) if (h > bestHeight) [best, bestHeight] = [n, h];
        if (best > 0) setCurrentPage(best);
      },
      { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    for (const element of pageElements.current.values()) observer.current.observe(element);
    return () => observer.current?.disconnect();
  }, [pdf]);

  const register = useCallback((pageNumber: number, element: HTMLDivElement | null) => {
    const old = pageElements.current.get(pageNumber);
    if (old) observer.current?.unobserve(old);
    if (element) {
      pageElements.current.set(pageNumber, element);
      observer.current?.observe(element);
    } else pageElements.current.delete(pageNumber);
  }, []);

  const onSize = useCallback((pageNumber: number, size: { width: number; height: number }) => {
    setSizes((s) =>
      s[pageNumber]?.width === size.width && s[pageNumber]?.height === size.height
        ? s
        : { ...s, [pageNumber]: size },
    );
  }, []);

  // Open at ?page=N once the pages are laid out. With ?q= (a portal search's result), search for its words
  // and show the first match's page; ?page= still decides the page when both are given.
  useEffect(() => {
    if (!pdf || !baseSize || opened.current) return;
    opened.current = true;
    const atPage = initialPage && initialPage > 1 ? initialPage : null;
    if (atPage) requestAnimationFrame(() => goToPage(atPage));
    if (!initialQuery?.trim()) return;
    void Promise.all(
      Array.from({ length: pdf.numPages }, (_, i) => pageText(i + 1).then(runsText)),
    ).then((all) => {
      const found = searchForQuery(all, initialQuery);
      setQuery(found.query);
      setMatches(found.matches);
      const first = atPage ? firstMatchFrom(found.matches, atPage) : found.matches.length ? 0 : -1;
      setMatchIndex(first);
      if (!atPage && first >= 0) goToPage(found.matches[first].pageNumber);
    });
  }, [pdf, baseSize, initialPage, initialQuery, goToPage, pageText]);

  const context: ReaderContext = useMemo(
    () => ({ source, pageCount, currentPage, goToPage, pageText }),
    [source, pageCount, currentPage, goToPage, pageText],
  );

  // Text selected on a page is offered to the extensions' selection actions.
  const hasSelectionActions = extensions.some((e) => (e.selectionActions ?? []).length > 0);
  useEffect(() => {
    if (!hasSelectionActions) return undefined;
    const onChange = () => {
      const sel = window.getSelection();
      if (!sel || sel.isCollapsed || sel.rangeCount === 0) {
        setSelection(null);
        return;
      }
      const range = sel.getRangeAt(0);
      const pageOf = (node: Node | null) =>
        (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>(
          '[data-reader-page]',
        ) ?? null;
      const page = pageOf(range.startContainer);
      if (!page || page !== pageOf(range.endContainer)) {
        setSelection(null);
        return;
      }
      const layerText = page.querySelector('.textLayer')?.textContent ?? '';
      const { quote, prefix, suffix } = quoteInContext(layerText, sel.toString());
      if (!quote) {
        setSelection(null);
        return;
      }
      setSelection({
        pageNumber: Number(page.dataset.readerPage),
        quote,
        prefix,
        suffix,
        rects: toPageRects(Array.from(range.getClientRects()), page.getBoundingClientRect()),
      });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [hasSelectionActions]);

  const pointAction = extensions.find((e) => e.pointAction)?.pointAction;
  const onPoint = useCallback(
    (at: { pageNumber: number; x: number; y: number }) => {
      if (!pointAction) return;
      setPointArmed(false);
      pointAction.run(at, context);
    },
    [pointAction, context],
  );

  // Search.
  const runSearch = useCallback(
    async (q: string) => {
      if (!pdf || !q.trim()) {
        setMatches(null);
        setMatchIndex(-1);
        return;
      }
      const all = await Promise.all(
        Array.from({ length: pdf.numPages }, (_, i) => pageText(i + 1).then(runsText)),
      );
      const found = findMatches(all, q);
      setMatches(found);
      const first = firstMatchFrom(found, currentPage);
      setMatchIndex(first);
      if (first >= 0) goToPage(found[first].pageNumber);
    },
    [pdf, pageText, currentPage, goToPage],
  );
  const step = (by: 1 | -1) => {
    if (!matches) {
      void runSearch(query);
      return;
    }
    const next = stepMatch(matches.length, matchIndex, by);
    setMatchIndex(next);
    if (next >= 0) goToPage(matches[next].pageNumber);
  };

  const zoomBy = useCallback(
    (factor: number) =>
      setZoom((z) => {
        const now = z.fit ? fitScale : z.scale;
        return { fit: false, scale: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, now * factor)) };
      }),
    [fitScale],
  );

  // Keyboard operation.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        !!target &&
        (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setSearchOpen(true);
        requestAnimationFrame(() => searchInput.current?.focus());
        return;
      }
      if (event.key === 'Escape') {
        setPanel(null);
        setPointArmed(false);
        if (typing && target === searchInput.current) target.blur();
        return;
      }
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      const go = (n: number) => {
        event.preventDefault();
        goToPage(n);
      };
      if (event.key === 'PageDown') go(currentPage + 1);
      else if (event.key === 'PageUp') go(currentPage - 1);
      else if (event.key === 'Home') go(1);
      else if (event.key === 'End') go(pageCount);
      else if (event.key === '+' || event.key === '=') {
        event.preventDefault();
        zoomBy(ZOOM_STEP);
      } else if (event.key === '-') {
        event.preventDefault();
        zoomBy(1 / ZOOM_STEP);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [currentPage, pageCount, goToPage, zoomBy]);

  // A guest has no reading record (spec §6 Guests).
  const guest = isGuest(useUser());
  const reading = useOwnReading(guest ? null : singlePaper(source));
  const line = readingLine(reading.data);

  const panels: { id: string; title: string; body: ReactNode }[] = pdf
    ? [
        {
          id: 'outline',
          title: 'Outline',
          body: <OutlinePanel pdf={pdf} source={source} onGo={(n) => go(n)} />,
        },
        {
          id: 'thumbnails',
          title: 'Pages',
          body: (
            <ThumbnailsPanel
              pdf={pdf}
              pageCount={pageCount}
              currentPage={currentPage}
              onGo={(n) => go(n)}
            />
          ),
        },
        ...extensions.flatMap((extension, i) =>
          extension.Panel
            ? [
                {
                  id: `extension-${i}`,
                  title: extension.panelTitle ?? 'More',
                  body: <extension.Panel context={context} />,
                },
              ]
            : [],
        ),
      ]
    : [];
  // On a phone a panel covers the page: going to a page closes it.
  function go(n: number) {
    goToPage(n);
    if (phone) setPanel(null);
  }
  const shownPanel = panels.find((p) => p.id === panel) ?? null;

  const panelBody = shownPanel && (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={shownPanel.id}
          onChange={(_, v: string) => setPanel(v)}
          variant="scrollable"
          aria-label="Reader panels"
          sx={{ flex: 1, minHeight: 40 }}
        >
          {panels.map((p) => (
            <Tab key={p.id} value={p.id} label={p.title} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
        <IconButton aria-label="Close panel" onClick={() => setPanel(null)}>
          <Close />
        </IconButton>
      </Box>
      <Box role="tabpanel" aria-label={shownPanel.title} sx={{ overflow: 'auto', flex: 1 }}>
        {shownPanel.body}
      </Box>
    </Box>
  );

  const selectionActions = extensions.flatMap((e) => e.selectionActions ?? []);
  const searchCount =
    matches === null
      ? ''
      : matches.length === 0
        ? 'No matches'
        : `${matchIndex + 1} of ${matches.length}`;

  const toolbar = (
    <Box
      role="toolbar"
      aria-label="Reader"
      sx={{
        position: 'sticky',
        top: { xs: 56, md: 0 },
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        py: 0.5,
      }}
    >
      <Tooltip title="Outline and pages">
        <IconButton
          aria-label="Outline and pages"
          aria-expanded={panel !== null}
          onClick={() => setPanel((p) => (p ? null : 'outline'))}
        >
          <MenuBookOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title="Previous page">
        <span>
          <IconButton
            aria-label="Previous page"
            disabled={currentPage <= 1}
            onClick={() => goToPage(currentPage - 1)}
          >
            <NavigateBefore />
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="body2" aria-live="polite" sx={{ minWidth: 64, textAlign: 'center' }}>
        {pageCount > 0 ? `Page ${currentPage} of ${pageCount}` : ''}
      </Typography>
      <Tooltip title="Next page">
        <span>
          <IconButton
            aria-label="Next page"
            disabled={currentPage >= pageCount}
            onClick={() => goToPage(currentPage + 1)}
          >
            <NavigateNext />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Zoom out">
        <IconButton aria-label="Zoom out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <ZoomOut />
        </IconButton>
      </Tooltip>
      {!phone && (
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'center' }}>
          {Math.round(scale * 100)}%
        </Typography>
      )}
      <Tooltip title="Zoom in">
        <IconButton aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
          <ZoomIn />
        </IconButton>
      </Tooltip>
      <Tooltip title="Fit to width">
        <IconButton
          aria-label="Fit to width"
          aria-pressed={zoom.fit}
          onClick={() => setZoom({ fit: true })}
        >
          <WidthFull />
        </IconButton>
      </Tooltip>
      {pointAction && (
        <Tooltip title={pointAction.label}>
          <IconButton
            aria-label={pointAction.label}
            aria-pressed={pointArmed}
            color={pointArmed ? 'primary' : 'default'}
            onClick={() => setPointArmed((a) => !a)}
          >
            <TouchAppOutlined />
          </IconButton>
        </Tooltip>
      )}
      {phone && (
        <IconButton
          aria-label="Search in the document"
          aria-expanded={searchOpen}
          onClick={() => setSearchOpen((o) => !o)}
        >
          <Search />
        </IconButton>
      )}
      {(!phone || searchOpen) && (
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) step(1);
            else void runSearch(query);
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            ml: { sm: 'auto' },
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <TextField
            size="small"
            label="Search in the document"
            value={query}
            inputRef={searchInput}
            onChange={(e) => {
              setQuery(e.target.value);
              setMatches(null);
              setMatchIndex(-1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.shiftKey) {
                e.preventDefault();
                step(-1);
              }
            }}
            slotProps={{
              input: {
                endAdornment: searchCount ? (
                  <InputAdornment position="end">
                    <Typography variant="caption" aria-live="polite">
                      {searchCount}
                    </Typography>
                  </InputAdornment>
                ) : undefined,
              },
            }}
            sx={{ flex: 1, minWidth: 0, width: { sm: 240 } }}
          />
          <IconButton aria-label="Previous match" onClick={() => step(-1)} disabled={!query.trim()}>
            <KeyboardArrowUp />
          </IconButton>
          <IconButton aria-label="Next match" onClick={() => step(1)} disabled={!query.trim()}>
            <KeyboardArrowDown />
          </IconButton>
        </Box>
      )}
      {selectionActions.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, width: '100%' }}>
          {selectionActions.map((action) => (
            <Button
              key={action.label}
              size="small"
              variant="outlined"
              disabled={!selection}
              // Keep the selection: a button press would otherwise clear it before the click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => selection && action.run(selection, context)}
            >
              {action.label}
            </Button>
          ))}
        </Box>
      )}
    </Box>
  );

  const currentMatch = matches && matchIndex >= 0 ? matches[matchIndex] : null;

  return (
    <Box>
      <Link
        component={RouterLink}
        to={source.backTo.href}
        sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
      >
        <ArrowBack fontSize="small" aria-hidden />
        {source.backTo.label}
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' }, mt: 1 }}>
        {source.title}
      </Typography>
      {line && (
        <Typography variant="body2" color="text.secondary">
          {line}
        </Typography>
      )}
      {error ? (
        <Box sx={{ mt: 2 }}>
          <OpenError source={source} error={error} />
        </Box>
      ) : (
        <>
          {toolbar}
          {!pdf && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2">Opening {source.fileName}...</Typography>
              <LinearProgress
                aria-label={`Opening ${source.fileName}`}
                variant={progress === null ? 'indeterminate' : 'determinate'}
                value={progress === null ? undefined : Math.round(progress * 100)}
              />
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            {!phone && shownPanel && (
              <Box
                component="aside"
                aria-label="Reader panels"
                sx={{
                  position: 'sticky',
                  top: 64,
                  width: 280,
                  flexShrink: 0,
                  height: 'calc(100vh - 96px)',
                  border: 1,
                  borderColor: 'divider',
                  mt: 1,
                }}
              >
                {panelBody}
              </Box>
            )}
            <Box
              ref={column}
              sx={{ flex: 1, minWidth: 0, overflowX: zoom.fit ? 'hidden' : 'auto', pt: 1 }}
            >
              {pdf &&
                baseSize &&
                Array.from({ length: pageCount }, (_, i) => (
                  <PdfPage
                    key={i + 1}
                    pdf={pdf}
                    pageNumber={i + 1}
                    size={sizes[i + 1] ?? baseSize}
                    scale={scale}
                    extensions={extensions}
                    context={context}
                    highlight={matches && matches.length > 0 ? query : ''}
                    isCurrentMatch={currentMatch?.pageNumber === i + 1}
                    pointArmed={pointArmed}
                    onPoint={onPoint}
                    onSize={onSize}
                    register={register}
                  />
                ))}
            </Box>
          </Box>
          {phone && (
            <Drawer
              anchor="bottom"
              open={!!shownPanel}
              onClose={() => setPanel(null)}
              slotProps={{ paper: { sx: { height: '70vh' } } }}
            >
              {panelBody}
            </Drawer>
          )}
        </>
      )}
    </Box>
  );
}

/** A paper that is not a PDF: the reader offers its download. */
export function NotPdf({
  title,
  downloadUrl,
  backTo,
}: {
  title: string;
  downloadUrl: string;
  backTo: ReaderSource['backTo'];
}) {
  const notify = useNotify();
  return (
    <Box>
      <Link component={RouterLink} to={backTo.href}>
        {backTo.label}
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' }, mt: 1 }}>
        {title}
      </Typography>
      <Alert severity="info" sx={{ mt: 2 }}>
        This paper is not a PDF file, so it cannot be read in the portal. Download it to read it.
      </Alert>
      <Button
        sx={{ mt: 2 }}
        variant="contained"
        startIcon={<DownloadOutlined />}
        onClick={() =>
          downloadFile(downloadUrl).catch((e) => notify(errorToast(e, 'Failed to download')))
        }
      >
        Download {title}
      </Button>
    </Box>
  );
}
