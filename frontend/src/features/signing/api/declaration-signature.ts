// A trustee's signed annual declaration (spec §16 Signing): GET .../signature (404 when unsigned: null),
// POST .../sign by that trustee with the password or a two-factor code, GET .../signed-pdf. Read by the
// trustee and by admins and chairs.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Signature, SignRequest } from '@/types/api';
import { orUnsigned } from '@/features/signing/api/or-unsigned';

const base = (roundId: number, userId: number) =>
  `/api/declaration-rounds/${roundId}/declarations/${userId}`;

export const declarationSignaturePath = (roundId: number, userId: number) =>
  `${base(roundId, userId)}/signature`;

/** Asked only when `wanted` (a declaration made, seen by the trustee or an officer). */
export const useDeclarationSignature = (roundId: number, userId: number, wanted: boolean) =>
  useSWR<Signature | null>(wanted ? declarationSignaturePath(roundId, userId) : null, orUnsigned);

export const signDeclaration = (roundId: number, userId: number, body: SignRequest) =>
  api.post<Signature>(`${base(roundId, userId)}/sign`, body);

export const downloadSignedDeclaration = (roundId: number, userId: number) =>
  downloadFile(`${base(roundId, userId)}/signed-pdf`);
