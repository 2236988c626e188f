import useSWR from 'swr';
import type { Committee } from '@/types/api';

export const committeesPath = '/api/committees';

export const committeesKey = (includeArchived: boolean): string =>
  includeArchived ? `${committeesPath}?includeArchived=true` : committeesPath;

export const useCommittees = (includeArchived: boolean) =>
  useSWR<Committee[]>(committeesKey(includeArchived));
