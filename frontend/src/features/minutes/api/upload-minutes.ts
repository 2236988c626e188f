import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Minutes } from '@/types/api';
import { minutesPath } from '@/features/minutes/api/get-minutes';

export type UploadMinutesInput = {
  title: string;
  /** RFC 3339 timestamp. */
  meetingDate: string;
  meetingId: number | null;
  file: File | null;
  externalLink: string | null;
};

export function uploadMinutes(input: UploadMinutesInput): Promise<Minutes> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('meetingDate', input.meetingDate);
  if (input.meetingId !== null) form.append('meetingId', String(input.meetingId));
  if (input.file) form.append('file', input.file);
  if (input.externalLink) form.append('externalLink', input.externalLink);
  return api.upload<Minutes>(minutesPath, form);
}

export function useUploadMinutes() {
  const revalidate = useRevalidate();
  return async (input: UploadMinutesInput) => {
    const minutes = await uploadMinutes(input);
    await revalidate(minutesPath, '/api/meetings');
    return minutes;
  };
}
