import useSWR from 'swr';
import type { CommitteeMember, DirectoryEntry } from '@/types/api';

export const membersKey = (committeeId: number): string => `/api/committees/${committeeId}/members`;

export const useMembers = (committeeId: number) =>
  useSWR<CommitteeMember[]>(membersKey(committeeId));

/** Candidates for membership: the active people of the directory. */
export const useCandidates = (enabled: boolean) =>
  useSWR<DirectoryEntry[]>(enabled ? '/api/trustees/active' : null);
