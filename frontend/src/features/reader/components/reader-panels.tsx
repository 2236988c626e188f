// The reader's side panels (docs/spec.md §2 Pack reader, Reading in the portal): the outline (the PDF's
// bookmarks and the pack's papers) and page thumbnails, drawn only when scrolled into the panel.
import { useEffect, useRef, useState } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ReaderSource } from '@/features/reader/types';

type OutlineEntry = { title: string; pageNumber: number | null; depth: number };

type PdfOutlineNode = { title: string; dest: string | unknown[] | null; items: PdfOutlineNode[] };

async function resolveOutline(pdf: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = ((await pdf.getOutline()) ?? []) as unknown as PdfOutlineNode[];
  const entries: OutlineEntry[] = [];
  const pageOf = async (dest: PdfOutlineNode['dest']): Promise<number | null> => {
    try {
      const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
      const target = explicit?.[0];
      if (typeof target === 'number') return target + 1;
      if (target && typeof target === 'object')
        return (await pdf.getPageIndex(target as Parameters<typeof pdf.getPageIndex>[0])) + 1;
    } catch {
      // a broken bookmark is listed without a page
    }
    return null;
  };
  const walk = async (nodes: PdfOutlineNode[], depth: number) => {
    for (const node of nodes) {
      entries.push({ title: node.title, pageNumber: await pageOf(node.dest), depth });
      await walk(node.items ?? [], depth + 1);
    }
  };
  await walk(outline, 0);
  return entries;
}

export function OutlinePanel({
  pdf,
  source,
  onGo,
}: {
  pdf: PDFDocumentProxy;
  source: ReaderSource;
  onGo: (pageNumber: number) => void;
}) {
  const [bookmarks, setBookmarks] = useState<OutlineEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    resolveOutline(pdf)
      .then((entries) => live && setBookmarks(entries))
      .catch(() => live && setBookmarks([]));
    return () => {
      live = false;
    };
  }, [pdf]);
  const papers = source.segments.length > 1 || (source.segments[0]?.firstPage ?? 1) > 1;
  return (
    <Box>
      {papers && (
        <List dense aria-labelledby="reader-outline-papers">
          <ListSubheader id="reader-outline-papers">Papers</ListSubheader>
          {(source.segments[0]?.firstPage ?? 1) > 1 && (
            <ListItemButton onClick={() => onGo(1)}>
              <ListItemText primary="Cover and agenda" secondary="Page 1" />
            </ListItemButton>
          )}
          {source.segments.map((s) => (
            <ListItemButton key={`${s.paper.kind}-${s.paper.id}`} onClick={() => onGo(s.firstPage)}>
              <ListItemText primary={s.title} secondary={`Page ${s.firstPage}`} />
            </ListItemButton>
          ))}
        </List>
      )}
      <List dense aria-labelledby="reader-outline-bookmarks">
        <ListSubheader id="reader-outline-bookmarks">Bookmarks</ListSubheader>
        {bookmarks === null && (
          <Typography variant="body2" sx={{ px: 2 }}>
            Loading bookmarks...
          </Typography>
        )}
        {bookmarks?.length === 0 && (
          <Typography variant="body2" sx={{ px: 2 }}>
            This document has no bookmarks.
          </Typography>
        )}
        {bookmarks?.map((b, i) => (
          <ListItemButton
            key={i}
            disabled={b.pageNumber === null}
            onClick={() => b.pageNumber !== null && onGo(b.pageNumber)}
            sx={{ pl: 2 + b.depth * 2 }}
          >
            <ListItemText
              primary={b.title}
              secondary={b.pageNumber !== null ? `Page ${b.pageNumber}` : undefined}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

const THUMB_WIDTH = 120;

function Thumbnail({
  pdf,
  pageNumber,
  current,
  onGo,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  current: boolean;
  onGo: (pageNumber: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!near) return undefined;
    let cancel: (() => void) | null = null;
    let live = true;
    void pdf
      .getPage(pageNumber)
      .then((page) => {
        const target = canvas.current;
        if (!live || !target) return undefined;
        const viewport = page.getViewport({
          scale: THUMB_WIDTH / page.getViewport({ scale: 1 }).width,
        });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const task = page.render({ canvas: target, viewport });
        cancel = () => task.cancel();
        return task.promise;
      })
      .catch(() => undefined);
    return () => {
      live = false;
      cancel?.();
    };
  }, [near, pdf, pageNumber]);
  return (
    <ListItemButton
      ref={ref}
      onClick={() => onGo(pageNumber)}
      aria-current={current ? 'page' : undefined}
      aria-label={`Page ${pageNumber}`}
      selected={current}
      sx={{ flexDirection: 'column', gap: 0.5 }}
    >
      <Box
        component="canvas"
        ref={canvas}
        aria-hidden
        sx={{ width: THUMB_WIDTH, minHeight: 150, bgcolor: '#fff', boxShadow: 1 }}
      />
      <Typography variant="caption">{pageNumber}</Typography>
    </ListItemButton>
  );
}

export function ThumbnailsPanel({
  pdf,
  pageCount,
  currentPage,
  onGo,
}: {
  pdf: PDFDocumentProxy;
  pageCount: number;
  currentPage: number;
  onGo: (pageNumber: number) => void;
}) {
  return (
    <List dense aria-label="Page thumbnails">
      {Array.from({ length: pageCount }, (_, i) => (
        <Thumbnail
          key={i + 1}
          pdf={pdf}
          pageNumber={i + 1}
          current={currentPage === i + 1}
          onGo={onGo}
        />
      ))}
    </List>
  );
}
