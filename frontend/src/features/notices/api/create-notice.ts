import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Notice, NoticePriority } from '@/types/api';
import { noticesPath } from '@/features/notices/api/get-notices';

export type CreateNoticeInput = {
  title: string;
  content: string;
  priority: NoticePriority;
  pinned: boolean;
  expiresAt: string | null;
};

export const createNotice = (input: CreateNoticeInput) => api.post<Notice>(noticesPath, input);

export function useCreateNotice() {
  const revalidate = useRevalidate();
  return async (input: CreateNoticeInput) => {
    const notice = await createNotice(input);
    await revalidate(noticesPath);
    return notice;
  };
}
