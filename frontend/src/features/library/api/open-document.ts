import { downloadFile, openWithTicket } from '@/lib/download';
import type { PortalDocument } from '@/types/api';

export const downloadDocument = (id: number) => downloadFile(`/api/documents/${id}/download`);

/** Opens the document in a new tab through a short-lived view ticket. */
export const viewDocument = (id: number) => openWithTicket(`/api/documents/${id}/view-ticket`);

/** Viewing in the browser is offered only for PDF and HTML files. */
export function isViewable(document: Pick<PortalDocument, 'mimeType' | 'fileName'>): boolean {
  const mime = (document.mimeType || '').toLowerCase();
  if (mime === 'application/pdf' || mime === 'text/html') return true;
  return /\.(pdf|html?)$/i.test(document.fileName || '');
}

/** PDFs open in the portal's reader (spec §2 Pack reader); other viewable files in a new tab. */
export function isPdf(document: Pick<PortalDocument, 'mimeType' | 'fileName'>): boolean {
  return (
    (document.mimeType || '').toLowerCase() === 'application/pdf' ||
    /\.pdf$/i.test(document.fileName || '')
  );
}
