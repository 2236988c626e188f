// The features drawn on the reader (docs/spec.md §2 Pack reader): the one place where the reader's routes
// gather them, so adding one (notes) is a line here.
import { useNotesExtension } from '@/features/reader/notes';
import { useReadingRecordsExtension } from '@/features/reader/reading-records';
import type { ReaderExtension, ReaderSource } from '@/features/reader/types';

/** The paper a source's reading line is about: a single paper; the pack has none. */
export const singlePaper = (source: ReaderSource | null) =>
  source && source.segments.length === 1 && source.segments[0].firstPage === 1
    ? source.segments[0].paper
    : null;

export function useReaderExtensions(source: ReaderSource): ReaderExtension[] {
  const readingRecords = useReadingRecordsExtension(singlePaper(source));
  const notes = useNotesExtension(source);
  return [readingRecords, notes];
}
