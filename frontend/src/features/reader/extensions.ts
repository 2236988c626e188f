// The features drawn on the reader (docs/spec.md §2 Pack reader): the one place where the reader's routes
// gather them, so adding one (notes) is a line here.
import { useUser } from '@/lib/auth';
import { isGuest } from '@/lib/permissions';
import { useNotesExtension } from '@/features/reader/notes';
import { useReadingRecordsExtension } from '@/features/reader/reading-records';
import { singlePaper } from '@/features/reader/page-map';
import type { ReaderExtension, ReaderSource } from '@/features/reader/types';

export function useReaderExtensions(source: ReaderSource): ReaderExtension[] {
  // A guest reads without notes and without reading records (spec §6 Guests).
  const guest = isGuest(useUser());
  const readingRecords = useReadingRecordsExtension(singlePaper(source));
  const notes = useNotesExtension(source, !guest);
  return guest ? [] : [readingRecords, notes];
}
