// POST /api/verify (public, spec §16 Checking): is this file, or this code, one the portal signed?
import { api } from '@/lib/api-client';
import type { VerifyCodeRequest, VerifyResult } from '@/types/api';

/** A verification code as printed, `ABCDE-FGHIJ`: ten base32 characters, any case, dash optional. */
export const CODE_PATTERN = /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/;

/** The code as the server prints it: trimmed, upper case, with its dash. */
export function normaliseCode(code: string): string {
  const bare = code.trim().replace(/[\s-]/g, '').toUpperCase();
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : code.trim().toUpperCase();
}

/** Checks a file: multipart, part `file`. */
export function verifyFile(file: File): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<VerifyResult>('/api/verify', form);
}

/** Checks a verification code (JSON). */
export function verifyCode(code: string): Promise<VerifyResult> {
  const body: VerifyCodeRequest = { code: normaliseCode(code) };
  return api.post<VerifyResult>('/api/verify', body);
}
