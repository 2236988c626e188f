// Downloads a protected file with the bearer token and saves it under the server's file name.
import { api, request } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import type { TicketResponse } from '@/types/api';

/** Reads the file name of a Content-Disposition header: RFC 5987 filename* first, then filename. */
export function fileNameFromDisposition(header: string | null, fallback = 'document'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // malformed encoding: try the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted && quoted[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (plain && plain[1]) return plain[1];
  return fallback;
}

export async function downloadFile(path: string): Promise<string> {
  const res = await request(path);
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition'));
  saveBlob(await res.blob(), name);
  return name;
}

/** Saves data the page holds as a file of the given name (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens a protected file in a new tab through a short-lived view ticket. The tab is opened
 * synchronously (inside the click) so that popup blockers allow it; its location is set once the
 * ticket arrives. The session token never appears in a URL.
 */
export async function openWithTicket(ticketPath: string): Promise<void> {
  const win = browser.open('', '_blank');
  if (win) {
    try {
      win.opener = null;
    } catch {
      // some browsers forbid it; harmless
    }
  }
  try {
    const { url } = await api.post<TicketResponse>(ticketPath);
    if (win) win.location.href = url;
    else browser.open(url, '_blank', 'noopener');
  } catch (error) {
    win?.close();
    throw error;
  }
}

/** Opens an external link in a new tab without giving it a handle on this one. */
export function openExternal(url: string): void {
  browser.open(url, '_blank', 'noopener,noreferrer');
}

/** One meeting as an iCalendar file (the "Add to calendar" buttons of the calendar and the meeting page). */
export const downloadMeetingIcs = (meetingId: number) =>
  downloadFile(`/api/meetings/${meetingId}/ics`);
