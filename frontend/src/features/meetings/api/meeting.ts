// One meeting's page: its details, agenda and papers, and every write the page makes.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useRevalidate } from '@/lib/swr';
import type {
  AgendaItem,
  AgendaItemRequest,
  AgendaPaper,
  CreateMeetingRequest,
  Meeting,
  MeetingDetail,
  MessageResponse,
} from '@/types/api';

export const meetingKey = (id: number): string => `/api/meetings/${id}`;

export const useMeeting = (id: number) => useSWR<MeetingDetail>(meetingKey(id));

const items = (id: number) => `${meetingKey(id)}/agenda-items`;

/** Decided written resolutions offered to a board meeting's agenda (admins and chairs). */
export const resolutionOffersKey = (id: number): string => `${meetingKey(id)}/resolution-offers`;

export const meetingApi = {
  update: (id: number, body: CreateMeetingRequest) => api.put<Meeting>(meetingKey(id), body),
  cancel: (id: number) => api.post<Meeting>(`${meetingKey(id)}/cancel`),
  remove: (id: number) => api.delete<MessageResponse>(meetingKey(id)),
  publish: (id: number) => api.post<Meeting>(`${meetingKey(id)}/publish`),
  addItem: (id: number, body: AgendaItemRequest) => api.post<AgendaItem>(items(id), body),
  addStandardItems: (id: number) => api.post<AgendaItem[]>(`${items(id)}/standard`),
  addResolutionItem: (id: number, resolutionId: number) =>
    api.post<AgendaItem>(`${items(id)}/from-resolution`, { resolutionId }),
  updateItem: (id: number, item: number, body: AgendaItemRequest) =>
    api.put<AgendaItem>(`${items(id)}/${item}`, body),
  deleteItem: (id: number, item: number) => api.delete<MessageResponse>(`${items(id)}/${item}`),
  reorder: (id: number, itemIds: number[]) =>
    api.put<AgendaItem[]>(`${items(id)}/order`, { itemIds }),
  uploadPaper: (id: number, item: number, form: FormData) =>
    api.upload<AgendaPaper>(`${items(id)}/${item}/papers`, form),
  linkPaper: (id: number, item: number, documentId: number) =>
    api.post<AgendaPaper>(`${items(id)}/${item}/papers/link`, { documentId }),
  removePaper: (id: number, item: number, paper: number) =>
    api.delete<MessageResponse>(`${items(id)}/${item}/papers/${paper}`),
  downloadPaper: (id: number, item: number, paper: number) =>
    downloadFile(`${items(id)}/${item}/papers/${paper}/download`),
};

/** Refreshes the meeting page (with the resolutions offered to its agenda: deleting an item or moving the
 * meeting changes them) and the lists that show the meeting (calendar, dashboard). */
export function useRefreshMeeting(id: number) {
  const revalidate = useRevalidate();
  return () =>
    revalidate(meetingKey(id), resolutionOffersKey(id), '/api/meetings', '/api/dashboard/stats');
}
