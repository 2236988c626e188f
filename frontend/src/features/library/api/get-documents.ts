import useSWR from 'swr';
import type { DocumentCategory, PortalDocument } from '@/types/api';

export const documentsPath = '/api/documents';

export const documentsKey = (category?: DocumentCategory): string =>
  category ? `${documentsPath}?category=${encodeURIComponent(category)}` : documentsPath;

export const useDocuments = (category?: DocumentCategory) =>
  useSWR<PortalDocument[]>(documentsKey(category));
