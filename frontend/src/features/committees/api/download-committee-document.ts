import { downloadFile } from '@/lib/download';
import { committeeDocumentsKey } from '@/features/committees/api/get-committee-documents';

export const downloadCommitteeDocument = (committeeId: number, documentId: number) =>
  downloadFile(`${committeeDocumentsKey(committeeId)}/${documentId}/download`);
