import { openWithTicket } from '@/lib/download';

/** Opens uploaded minutes (a PDF) in a new tab through a short-lived view ticket. */
export const viewMinutes = (id: number) => openWithTicket(`/api/minutes/${id}/view-ticket`);
