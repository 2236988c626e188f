// The pack reader's shared types (docs/spec.md §2 Pack reader): the reader shows a PDF and maps its pages
// to papers; features that draw on it (notes) plug in through a ReaderExtension.
import type { ComponentType } from 'react';
import type { components } from '@/types/api.generated';

export type PaperKind = components['schemas']['PaperKind'];

/** What a note or a reading record is about: one paper, or the pack's own front pages (boardPack). */
export type PaperRef = components['schemas']['PaperRef'];

/** A run of pages of the shown PDF that belongs to one paper. */
export type PaperSegment = {
  paper: PaperRef;
  title: string;
  /** 1-based page of the shown PDF on which the paper starts. */
  firstPage: number;
  pageCount: number;
};

/** What the reader opens: one paper (one segment from page 1) or the board pack (its layout). */
export type ReaderSource = {
  title: string;
  /** The Range-capable download URL under /api. */
  url: string;
  fileName: string;
  /** The pack's front pages have no segment: they are the boardPack paper's. */
  segments: PaperSegment[];
  meetingId?: number;
  /** The pack's fingerprint or the paper's ETag: changes when the file does. */
  version?: string;
  backTo: { label: string; href: string };
};

/** A rectangle in fractions (0..1) of the page, y from the top. */
export type PageRect = { x: number; y: number; w: number; h: number };

/** A run of text on a page, positioned in fractions of the page. */
export type TextRun = { text: string; rect: PageRect };

/** A rendered page, as extensions see it. */
export type ReaderPage = {
  /** 1-based page of the shown PDF. */
  pageNumber: number;
  /** Its size on screen in CSS pixels at the current zoom. */
  width: number;
  height: number;
  /** The page's text runs in reading order (loaded once, then cached by the reader). */
  text: () => Promise<TextRun[]>;
};

/** Text the reader selected on one page. */
export type ReaderSelection = {
  pageNumber: number;
  quote: string;
  prefix: string;
  suffix: string;
  rects: PageRect[];
};

export type ReaderContext = {
  source: ReaderSource;
  pageCount: number;
  /** The page mostly in view. */
  currentPage: number;
  goToPage: (pageNumber: number, at?: { y: number }) => void;
  /** The text of any page (loads it when needed). */
  pageText: (pageNumber: number) => Promise<TextRun[]>;
};

/**
 * A feature drawn on the reader. The reader renders `PageOverlay` over every rendered page (absolutely
 * positioned, the page's size), `Panel` in its side panel (a bottom sheet on a phone) under `panelTitle`,
 * and offers `selectionActions` when the reader selects text and `pointAction` in the toolbar (the next tap
 * on a page answers the point).
 */
export type ReaderExtension = {
  PageOverlay?: ComponentType<{ page: ReaderPage; context: ReaderContext }>;
  panelTitle?: string;
  Panel?: ComponentType<{ context: ReaderContext }>;
  selectionActions?: {
    label: string;
    run: (selection: ReaderSelection, context: ReaderContext) => void;
  }[];
  pointAction?: {
    label: string;
    run: (at: { pageNumber: number; x: number; y: number }, context: ReaderContext) => void;
  };
};
