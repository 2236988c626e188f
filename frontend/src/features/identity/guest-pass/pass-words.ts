// A guest's pass in words (spec §6 Guests), the same on the Users page and on the guest's own page.
import { formatDay } from '@/lib/format';
import type { Guest, GuestMeeting } from '@/types/api';

/**
 * "Access until 31 Dec 2026" (the last day, `endsOn`, as the server reads it in the board's time zone), or
 * "Ended" once the end has passed.
 */
export const accessText = (guest: Pick<Guest, 'ended' | 'endsOn'>): string =>
  guest.ended ? 'Ended' : `Access until ${formatDay(guest.endsOn)}`;

/** "Audit period 1 Apr 2025 to 31 Mar 2026", or null for a pass without one. */
export const auditText = (guest: Pick<Guest, 'auditFrom' | 'auditTo'>): string | null =>
  guest.auditFrom && guest.auditTo
    ? `Audit period ${formatDay(guest.auditFrom)} to ${formatDay(guest.auditTo)}`
    : null;

/** "Spring board meeting (5 Mar 2030)". */
export const meetingText = (meeting: Pick<GuestMeeting, 'title' | 'meetingDate'>): string =>
  `${meeting.title} (${formatDay(meeting.meetingDate)})`;
