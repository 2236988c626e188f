import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import type { components } from '@/types/api.generated';
import { usersPath } from '@/features/identity/users/api/get-users';

export type MailStatus = components['schemas']['MailStatus'];

export const mailStatusPath = '/api/mail/status';

/** Whether the server sends mail (SMTP_URL); only admins may ask, and only they create users. */
export const useMailStatus = (enabled: boolean) =>
  useSWR<MailStatus>(enabled ? mailStatusPath : null);

/** Sends the user a new invitation; their earlier links stop working. Answers the server's message. */
export function useResendInvitation() {
  const revalidate = useRevalidate();
  return async (userId: number) => {
    const response = await api.post<MessageResponse>(`/api/users/${userId}/invitation`);
    await revalidate(usersPath);
    return response?.message ?? 'A new invitation is queued.';
  };
}
