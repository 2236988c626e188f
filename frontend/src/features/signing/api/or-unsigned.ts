// A record's signature, or null when it is not signed: the server's 404 on a signature is an answer
// ("not signed yet"), not an error.
import { api, ApiError } from '@/lib/api-client';
import type { Signature } from '@/types/api';

export const orUnsigned = async (path: string): Promise<Signature | null> => {
  try {
    return await api.get<Signature>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};
