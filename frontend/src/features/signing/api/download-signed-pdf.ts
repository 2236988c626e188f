// GET /api/meetings/{id}/written-minutes/signed-pdf: the signed PDF exactly as signed, fetched with the
// session token and saved under the server's file name.
import { downloadFile } from '@/lib/download';

export const downloadSignedMinutes = (meetingId: number) =>
  downloadFile(`/api/meetings/${meetingId}/written-minutes/signed-pdf`);
