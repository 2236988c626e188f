import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { DocumentUpload, PortalDocument, UploadFields } from '@/types/api';
import { documentsPath } from '@/features/library/api/get-documents';

/** The multipart form's fields as the OpenAPI document names them, with the browser's File. */
export type UploadDocumentInput = UploadFields<DocumentUpload>;

export function uploadDocument(input: UploadDocumentInput): Promise<PortalDocument> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('category', input.category);
  if (input.version) form.append('version', input.version);
  form.append('file', input.file);
  return api.upload<PortalDocument>(documentsPath, form);
}

export function useUploadDocument() {
  const revalidate = useRevalidate();
  return async (input: UploadDocumentInput) => {
    const document = await uploadDocument(input);
    await revalidate(documentsPath, '/api/dashboard/stats');
    return document;
  };
}
