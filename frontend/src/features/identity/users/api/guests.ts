// Guests' passes (spec §6 Guests): the list for admins and chairs, inviting, changing and ending access,
// and what a pass may name (the meetings and documents of the board).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type {
  ChangeGuestRequest,
  Guest,
  InviteGuestRequest,
  Meeting,
  PortalDocument,
} from '@/types/api';
import { usersPath } from '@/features/identity/users/api/get-users';

export const guestsPath = '/api/guests';

/** Every guest, newest first; asked only of admins and chairs (anyone else is refused). */
export const useGuests = (enabled: boolean) => useSWR<Guest[]>(enabled ? guestsPath : null);

/** Every meeting (admins and chairs see all) and every library document: what a pass may name. */
export const useMeetingChoices = () => useSWR<Meeting[]>('/api/meetings');
export const useDocumentChoices = () => useSWR<PortalDocument[]>('/api/documents');

/** Invites, changes and ends guests; each refreshes the guests and the users list (a guest is a user). */
export function useGuestActions() {
  const revalidate = useRevalidate();
  const after = async (guest: Promise<Guest>) => {
    const result = await guest;
    await revalidate(guestsPath, usersPath);
    return result;
  };
  return {
    invite: (body: InviteGuestRequest) => after(api.post<Guest>(guestsPath, body)),
    change: (id: number, body: ChangeGuestRequest) =>
      after(api.put<Guest>(`${guestsPath}/${id}`, body)),
    end: (id: number) => after(api.post<Guest>(`${guestsPath}/${id}/end`)),
  };
}
