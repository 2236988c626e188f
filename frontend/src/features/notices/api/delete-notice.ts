import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { noticesPath } from '@/features/notices/api/get-notices';

export const deleteNotice = (id: number) => api.delete<MessageResponse>(`${noticesPath}/${id}`);

export function useDeleteNotice() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    await deleteNotice(id);
    await revalidate(noticesPath);
  };
}
