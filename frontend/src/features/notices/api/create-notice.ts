import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Notice, CreateNoticeRequest } from '@/types/api';
import { noticesPath } from '@/features/notices/api/get-notices';

export type CreateNoticeInput = CreateNoticeRequest;

export const createNotice = (input: CreateNoticeInput) => api.post<Notice>(noticesPath, input);

export function useCreateNotice() {
  const revalidate = useRevalidate();
  return async (input: CreateNoticeInput) => {
    const notice = await createNotice(input);
    await revalidate(noticesPath);
    return notice;
  };
}
