// POST /api/meetings/{id}/written-minutes/sign: the chair signs the current approved version with their
// password or a current two-factor code (spec §16 Signing).
import { api } from '@/lib/api-client';
import type { Signature, SignRequest } from '@/types/api';

export const signMinutes = (meetingId: number, body: SignRequest) =>
  api.post<Signature>(`/api/meetings/${meetingId}/written-minutes/sign`, body);
