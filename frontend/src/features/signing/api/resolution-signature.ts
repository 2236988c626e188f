// A passed written resolution's certificate (spec §16 Signing): GET /api/resolutions/{id}/signature
// (404 when not certified: null), POST .../certify by the chair with the password or a two-factor code,
// GET .../signed-pdf.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Signature, SignRequest } from '@/types/api';
import { orUnsigned } from '@/features/signing/api/or-unsigned';

export const resolutionSignaturePath = (id: number) => `/api/resolutions/${id}/signature`;

/** Asked only when `wanted` (a passed resolution). */
export const useResolutionSignature = (id: number, wanted: boolean) =>
  useSWR<Signature | null>(wanted ? resolutionSignaturePath(id) : null, orUnsigned);

export const certifyResolution = (id: number, body: SignRequest) =>
  api.post<Signature>(`/api/resolutions/${id}/certify`, body);

export const downloadCertifiedResolution = (id: number) =>
  downloadFile(`/api/resolutions/${id}/signed-pdf`);
