import useSWR from 'swr';
import type { DirectoryEntry } from '@/types/api';

export const trusteesKey = '/api/trustees/active';

export const useTrustees = () => useSWR<DirectoryEntry[]>(trusteesKey);
