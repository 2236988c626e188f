import { openWithTicket } from '@/lib/download';

/** Opens the uploaded minutes linked to a meeting through a short-lived view ticket. */
export const viewLinkedMinutes = (minutesId: number) =>
  openWithTicket(`/api/minutes/${minutesId}/view-ticket`);
