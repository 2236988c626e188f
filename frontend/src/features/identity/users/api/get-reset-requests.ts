import useSWR from 'swr';
import type { ResetRequest } from '@/types/api';

export const resetRequestsPath = '/api/auth/reset-requests';

export const useResetRequests = (enabled: boolean) =>
  useSWR<ResetRequest[]>(enabled ? resetRequestsPath : null);
