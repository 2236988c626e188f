import useSWR from 'swr';
import { isPast } from '@/lib/format';
import type { Notice } from '@/types/api';

export const noticesPath = '/api/notices';

export const noticesKey = (includeExpired: boolean): string =>
  `${noticesPath}?includeExpired=${includeExpired}`;

export const useNotices = (includeExpired: boolean) => useSWR<Notice[]>(noticesKey(includeExpired));

/** A notice is expired when its expiry time is in the past. */
export const isExpired = (notice: Pick<Notice, 'expiresAt' | 'expired'>): boolean =>
  notice.expired || isPast(notice.expiresAt);
