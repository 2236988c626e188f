import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Action, SettableActionStatus } from '@/types/api';
import { actionsPath } from '@/features/actions/api/get-actions';

/** The statuses a client may set; overdue is computed by the server. */
export type SettableStatus = SettableActionStatus;

export const updateActionStatus = (id: number, status: SettableStatus) =>
  api.patch<Action>(`${actionsPath}/${id}`, { status });

export function useUpdateActionStatus() {
  const revalidate = useRevalidate();
  return async (id: number, status: SettableStatus) => {
    const action = await updateActionStatus(id, status);
    await revalidate(actionsPath, '/api/dashboard/stats');
    return action;
  };
}
