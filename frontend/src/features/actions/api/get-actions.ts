import useSWR from 'swr';
import type { Action, DirectoryEntry } from '@/types/api';

export const actionsPath = '/api/actions';

export const useActions = () => useSWR<Action[]>(actionsPath);

/** People an action can be assigned to: the active trustees of the directory. */
export const useAssignees = (enabled: boolean) =>
  useSWR<DirectoryEntry[]>(enabled ? '/api/trustees/active' : null);
