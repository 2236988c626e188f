// One page of the reader (docs/spec.md §2 Pack reader, Reading in the portal): a placeholder of the page's
// size until it comes near the view, then the canvas, pdf.js's text layer (selectable, read by screen readers)
// and every extension's overlay. Pages far from the view give their canvas back, so a 300-page pack keeps
// only a few in memory.
import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import { normalise } from '@/features/reader/search';
import type { ReaderContext, ReaderExtension, ReaderPage } from '@/features/reader/types';

/** CSS pixels per PDF point (pdf.js's PixelsPerInch.PDF_TO_CSS_UNITS: 96 / 72). */
export const CSS_UNITS = 96 / 72;

type Props = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** The page's size in CSS pixels at scale 1 (its own once known, else page 1's). */
  size: { width: number; height: number };
  scale: number;
  extensions: ReaderExtension[];
  context: ReaderContext;
  /** The words searched for, marked on the page. */
  highlight: string;
  isCurrentMatch: boolean;
  pointArmed: boolean;
  onPoint: (at: { pageNumber: number; x: number; y: number }) => void;
  onSize: (pageNumber: number, size: { width: number; height: number }) => void;
  register: (pageNumber: number, element: HTMLDivElement | null) => void;
};

function useNearView(ref: React.RefObject<HTMLDivElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => setNear(!!entry?.isIntersecting), {
      rootMargin: '150% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

function markHits(layer: HTMLElement, highlight: string) {
  const needle = normalise(highlight).trim();
  for (const span of Array.from(layer.querySelectorAll('span'))) {
    const hit = !!needle && normalise(span.textContent ?? '').includes(needle);
    span.classList.toggle('reader-hit', hit);
  }
}

function PdfPageView({
  pdf,
  pageNumber,
  size,
  scale,
  extensions,
  context,
  highlight,
  isCurrentMatch,
  pointArmed,
  onPoint,
  onSize,
  register,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const near = useNearView(box);
  const [rendered, setRendered] = useState(false);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);

  useEffect(() => {
    register(pageNumber, box.current);
    return () => register(pageNumber, null);
  }, [pageNumber, register]);

  useEffect(() => {
    if (!near) {
      setRendered(false);
      return undefined;
    }
    let cancelled = false;
    let cancel: (() => void) | null = null;
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        if (cancelled) return;
        const base = page.getViewport({ scale: CSS_UNITS });
        onSize(pageNumber, { width: base.width, height: base.height });
        const viewport = page.getViewport({ scale: scale * CSS_UNITS });
        const canvas = canvasRef.current;
        const layer = textRef.current;
        if (!canvas || !layer) return;
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        const task = page.render({
          canvas,
          viewport,
          transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
        });
        cancel = () => task.cancel();
        await task.promise;
        if (cancelled) return;
        layer.replaceChildren();
        const text = new TextLayer({
          textContentSource: page.streamTextContent(),
          container: layer,
          viewport,
        });
        cancel = () => text.cancel();
        await text.render();
        if (cancelled) return;
        markHits(layer, highlight);
        setRendered(true);
      } catch {
        // A render cancelled by a zoom or a scroll away: the next one takes over.
      }
    })();
    return () => {
      cancelled = true;
      cancel?.();
    };
    // highlight is applied by its own effect; re-rendering the canvas for it would flicker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, pdf, pageNumber, scale]);

  useEffect(() => {
    if (rendered && textRef.current) markHits(textRef.current, highlight);
  }, [rendered, highlight]);

  const readerPage: ReaderPage = {
    pageNumber,
    width,
    height,
    text: () => context.pageText(pageNumber),
  };

  const click = (event: MouseEvent<HTMLDivElement>) => {
    if (!pointArmed || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return;
    onPoint({
      pageNumber,
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    });
  };

  return (
    <Box
      ref={box}
      role="region"
      aria-label={`Page ${pageNumber}`}
      data-reader-page={pageNumber}
      onClick={click}
      sx={{
        position: 'relative',
        width,
        height,
        mx: 'auto',
        mb: 2,
        bgcolor: '#fff',
        boxShadow: 1,
        outline: isCurrentMatch ? '3px solid' : 'none',
        outlineColor: 'primary.main',
        cursor: pointArmed ? 'crosshair' : 'auto',
        '--scale-factor': scale * CSS_UNITS,
        '--total-scale-factor': scale * CSS_UNITS,
        '& canvas': { display: 'block', width: '100%', height: '100%' },
        // pdf.js's text layer rules (web/pdf_viewer.css): transparent text over the canvas, selectable.
        '& .textLayer': {
          position: 'absolute',
          inset: 0,
          overflow: 'clip',
          lineHeight: 1,
          textAlign: 'initial',
          textSizeAdjust: 'none',
          forcedColorAdjust: 'none',
          transformOrigin: '0 0',
          zIndex: 0,
          '--min-font-size': 1,
          '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
          '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
          '& :is(span, br)': {
            color: 'transparent',
            position: 'absolute',
            whiteSpace: 'pre',
            cursor: pointArmed ? 'crosshair' : 'text',
            transformOrigin: '0% 0%',
          },
          '& > :not(.markedContent), & .markedContent span:not(.markedContent)': {
            zIndex: 1,
            '--font-height': 0,
            fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
            '--scale-x': 1,
            '--rotate': '0deg',
            transform:
              'rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))',
          },
          '& .markedContent': { display: 'contents' },
          '& .endOfContent': {
            display: 'block',
            position: 'absolute',
            inset: '100% 0 0',
            zIndex: 0,
            cursor: 'default',
            userSelect: 'none',
          },
          '& ::selection': { background: 'rgba(0, 0, 255, 0.25)' },
          '& .reader-hit': { backgroundColor: 'rgba(255, 200, 0, 0.45)', borderRadius: '2px' },
        },
      }}
    >
      {near && <canvas ref={canvasRef} aria-hidden />}
      {near && <div ref={textRef} className="textLayer" />}
      {near &&
        extensions.map(
          (extension, i) =>
            extension.PageOverlay && (
              <extension.PageOverlay key={i} page={readerPage} context={context} />
            ),
        )}
    </Box>
  );
}

export const PdfPage = memo(PdfPageView);
