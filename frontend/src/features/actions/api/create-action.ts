import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Action, CreateActionRequest } from '@/types/api';
import { actionsPath } from '@/features/actions/api/get-actions';

export type CreateActionInput = CreateActionRequest;

export const createAction = (input: CreateActionInput) => api.post<Action>(actionsPath, input);

export function useCreateAction() {
  const revalidate = useRevalidate();
  return async (input: CreateActionInput) => {
    const action = await createAction(input);
    await revalidate(actionsPath, '/api/dashboard/stats');
    return action;
  };
}
