import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { documentsPath } from '@/features/library/api/get-documents';

export const deleteDocument = (id: number) => api.delete<MessageResponse>(`${documentsPath}/${id}`);

export function useDeleteDocument() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    await deleteDocument(id);
    await revalidate(documentsPath, '/api/dashboard/stats');
  };
}
