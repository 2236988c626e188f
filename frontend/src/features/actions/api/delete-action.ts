import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { actionsPath } from '@/features/actions/api/get-actions';

export const deleteAction = (id: number) => api.delete<MessageResponse>(`${actionsPath}/${id}`);

export function useDeleteAction() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    await deleteAction(id);
    await revalidate(actionsPath, '/api/dashboard/stats');
  };
}
