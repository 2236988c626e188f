// The lists the results page's filters choose from, read from the calls their own pages make (the keys are
// those pages' keys, so the lists are shared in the cache; features do not import each other). Each list
// holds only what the person may read, as on its own page.
import useSWR from 'swr';
import type { Committee, Meeting } from '@/types/api';

/** Every meeting the person may see, newest first: the calendar's past and upcoming lists together. */
export function useMeetingChoices(): Meeting[] {
  const { data: past } = useSWR<Meeting[]>('/api/meetings?upcoming=false');
  const { data: upcoming } = useSWR<Meeting[]>('/api/meetings?upcoming=true');
  return [...(upcoming ?? []), ...(past ?? [])].sort((a, b) =>
    b.meetingDate.localeCompare(a.meetingDate),
  );
}

/** The committees the person belongs to or manages, as the Sub Committees page lists them. */
export const useCommitteeChoices = () => useSWR<Committee[]>('/api/committees');
