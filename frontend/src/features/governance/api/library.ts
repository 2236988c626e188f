// Library documents to choose from (code of conduct, supporting papers).
import useSWR from 'swr';
import type { PortalDocument } from '@/types/api';

export const useLibrary = () => useSWR<PortalDocument[]>('/api/documents');
