import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.generated';
import type { MailLog, MessageResponse } from '@/types/api';

export const mailLogKey = '/api/mail/outbox';

/** The delivery log; refreshed every few seconds so queued messages turn to sent on screen. */
export const useMailLog = () => useSWR<MailLog>(mailLogKey, { refreshInterval: 3000 });

/** Queues a test e-mail to the signed-in admin; answers the server's message. */
export async function sendTestMail(): Promise<string> {
  const response = await api.post<components['schemas']['TestMailQueued']>('/api/mail/test');
  await mutate(mailLogKey);
  return response?.message ?? 'A test e-mail is queued.';
}

/** One-click unsubscribe with the signed token of a bulk mail's link (no session); the server's message. */
export async function unsubscribe(token: string): Promise<string> {
  const response = await api.post<MessageResponse>(
    `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  return response?.message ?? 'You will no longer receive these e-mails.';
}
