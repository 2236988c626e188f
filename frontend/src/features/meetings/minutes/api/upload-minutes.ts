import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Minutes, MinutesUpload } from '@/types/api';
import { minutesPath } from '@/features/meetings/minutes/api/get-minutes';

/** The multipart form's fields as the OpenAPI document names them (text parts), with the browser's File. */
export type UploadMinutesInput = Omit<MinutesUpload, 'file'> & { file?: File | null };

export function uploadMinutes(input: UploadMinutesInput): Promise<Minutes> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('meetingDate', input.meetingDate);
  if (input.meetingId) form.append('meetingId', input.meetingId);
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
