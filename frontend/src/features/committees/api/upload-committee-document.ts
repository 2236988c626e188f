import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { CommitteeDocument } from '@/types/api';
import { committeeDocumentsKey } from '@/features/committees/api/get-committee-documents';

/** The title of a committee document is its file name. */
export function uploadCommitteeDocument(committeeId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('title', file.name);
  return api.upload<CommitteeDocument>(committeeDocumentsKey(committeeId), form);
}

export function useUploadCommitteeDocument() {
  const revalidate = useRevalidate();
  return async (committeeId: number, file: File) => {
    const document = await uploadCommitteeDocument(committeeId, file);
    await revalidate(committeeDocumentsKey(committeeId));
    return document;
  };
}
