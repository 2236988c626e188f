// A guest's pass in words (spec §6 Guests), the same on the Users page and on the guest's own page.
import dayjs from 'dayjs';
import { formatDay } from '@/lib/format';
import type { Guest, GuestMeeting } from '@/types/api';

/**
 * The last day of access (`YYYY-MM-DD`): access ends at midnight after it, in the board's time zone, so
 * the last day is the day of the instant just before the end.
 */
export const lastDayOf = (endsAt: string): string =>
  dayjs(endsAt).subtract(1, 'millisecond').format('YYYY-MM-DD');

/** "Access until 31 Dec 2026", or "Ended" once the end has passed. */
export const accessText = (guest: Pick<Guest, 'ended' | 'endsAt'>): string =>
  guest.ended ? 'Ended' : `Access until ${formatDay(lastDayOf(guest.endsAt))}`;

/** "Audit period 1 Apr 2025 to 31 Mar 2026", or null for a pass without one. */
export const auditText = (guest: Pick<Guest, 'auditFrom' | 'auditTo'>): string | null =>
  guest.auditFrom && guest.auditTo
    ? `Audit period ${formatDay(guest.auditFrom)} to ${formatDay(guest.auditTo)}`
    : null;

/** "Spring board meeting (5 Mar 2030)". */
export const meetingText = (meeting: Pick<GuestMeeting, 'title' | 'meetingDate'>): string =>
  `${meeting.title} (${formatDay(meeting.meetingDate)})`;
