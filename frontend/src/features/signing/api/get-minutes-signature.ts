// GET /api/meetings/{id}/written-minutes/signature: the current version's signature; 404 when unsigned
// (answered as null, not as an error).
import useSWR from 'swr';
import type { Signature } from '@/types/api';
import { orUnsigned } from '@/features/signing/api/or-unsigned';

export const minutesSignaturePath = (meetingId: number) =>
  `/api/meetings/${meetingId}/written-minutes/signature`;

/**
 * The signature of the minutes' current version; asked only when `wanted` (approved or locked minutes).
 * The key carries the version, so a correction (a new version) asks again.
 */
export const useMinutesSignature = (meetingId: number, version: number, wanted: boolean) =>
  useSWR<Signature | null>(
    wanted ? [minutesSignaturePath(meetingId), version] : null,
    ([path]: [string, number]) => orUnsigned(path),
  );
