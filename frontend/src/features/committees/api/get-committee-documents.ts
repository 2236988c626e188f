import useSWR from 'swr';
import type { CommitteeDocument } from '@/types/api';

export const committeeDocumentsKey = (committeeId: number): string =>
  `/api/committees/${committeeId}/documents`;

export const useCommitteeDocuments = (committeeId: number) =>
  useSWR<CommitteeDocument[]>(committeeDocumentsKey(committeeId));
