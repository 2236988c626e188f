// The signed-in guest's own pass (spec §6 Guests): who invited them and why, until when, and what it names.
import useSWR from 'swr';
import type { Guest } from '@/types/api';

export const guestPassPath = '/api/me/guest-pass';

export const useGuestPass = () => useSWR<Guest>(guestPassPath);

/** What a pass opens: the sidebar and the routes a guest has follow it. */
export type GuestScope = { meetings: boolean; documents: boolean; audit: boolean };

export const scopeOf = (pass: Guest | undefined): GuestScope => ({
  meetings: (pass?.meetings.length ?? 0) > 0,
  audit: !!pass?.auditFrom && !!pass?.auditTo,
  // Documents when the pass names some or an audit period (spec §6 Guests).
  documents: (pass?.documents.length ?? 0) > 0 || (!!pass?.auditFrom && !!pass?.auditTo),
});
