import useSWR from 'swr';
import type { Minutes, WrittenMinutesSummary } from '@/types/api';

export const minutesPath = '/api/minutes';

export const minutesKey = (search: string): string =>
  search ? `${minutesPath}?search=${encodeURIComponent(search)}` : minutesPath;

export const useMinutes = (search: string) => useSWR<Minutes[]>(minutesKey(search));

export const writtenMinutesArchivePath = '/api/written-minutes';

/** Minutes written in the portal, one line per meeting, with the status this reader sees. */
export const useWrittenMinutesArchive = (search: string) =>
  useSWR<WrittenMinutesSummary[]>(
    search
      ? `${writtenMinutesArchivePath}?search=${encodeURIComponent(search)}`
      : writtenMinutesArchivePath,
  );
