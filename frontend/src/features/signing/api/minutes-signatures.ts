// GET /api/meetings/{id}/written-minutes/signatures: every signed version of the minutes, newest first
// (a correction is a new version to sign, and the old signed one stays, spec §16), and
// GET .../versions/{version}/signed-pdf: one version's signed PDF exactly as signed.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Signature } from '@/types/api';

export const minutesSignaturesPath = (meetingId: number) =>
  `/api/meetings/${meetingId}/written-minutes/signatures`;

/**
 * Every signed version; the key carries the current version and whether it is signed, so a correction
 * or a new signature asks again.
 */
export const useMinutesSignatures = (meetingId: number, version: number, currentSigned: boolean) =>
  useSWR<Signature[]>(
    [minutesSignaturesPath(meetingId), version, currentSigned],
    ([path]: [string]) => api.get<Signature[]>(path),
  );

export const downloadSignedMinutesVersion = (meetingId: number, version: number) =>
  downloadFile(`/api/meetings/${meetingId}/written-minutes/versions/${version}/signed-pdf`);
