// A meeting's attendance and quorum (spec §2 Attendance section): the caller's answer, what admins
// and chairs record.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Attendance, AttendanceResponse, RecordedAttendance } from '@/types/api';

export const attendancePath = (meetingId: number) => `/api/meetings/${meetingId}/attendance`;

export const useAttendance = (meetingId: number) => useSWR<Attendance>(attendancePath(meetingId));

export const respond = (meetingId: number, response: AttendanceResponse, reason: string) =>
  api.put<Attendance>(`${attendancePath(meetingId)}/me`, {
    response,
    reason: response === 'apologies' && reason.trim() ? reason.trim() : null,
  });

export const recordAttendance = (
  meetingId: number,
  userId: number,
  status: RecordedAttendance | null,
) => api.put<Attendance>(`${attendancePath(meetingId)}/${userId}`, { status });

export const addGuest = (meetingId: number, name: string) =>
  api.post<Attendance>(`${attendancePath(meetingId)}/guests`, { name });

export const removeGuest = (meetingId: number, guestId: number) =>
  api.delete<Attendance>(`${attendancePath(meetingId)}/guests/${guestId}`);

export const responseLabels: Record<AttendanceResponse, string> = {
  attending: 'Attending',
  apologies: 'Apologies',
  'not-sure': 'Not sure',
};

export const recordedLabels: Record<RecordedAttendance, string> = {
  present: 'Present',
  absent: 'Absent',
  apologies: 'Apologies',
  guest: 'Guest',
};
