// Who may read a meeting, to choose who chaired it or who signs its minutes (spec §16 Signing): its
// members from the attendance sheet (GET /api/meetings/{id}/attendance, those recorded present first)
// and the admins and chairs, who read every meeting (GET /api/trustees/active).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.generated';

type Attendance = components['schemas']['Attendance'];
type DirectoryEntry = components['schemas']['DirectoryEntry'];

export type MeetingPerson = { id: number; name: string; present: boolean };

export function useMeetingPeople(meetingId: number): MeetingPerson[] | undefined {
  const { data: sheet } = useSWR<Attendance>(
    `/api/meetings/${meetingId}/attendance`,
    (path: string) => api.get<Attendance>(path),
  );
  const { data: active } = useSWR<DirectoryEntry[]>('/api/trustees/active', (path: string) =>
    api.get<DirectoryEntry[]>(path),
  );
  if (!sheet || !active) return undefined;
  // A guest invited to the meeting neither chairs it nor signs its minutes (spec §6 Guests).
  const members = sheet.members
    .filter((m) => m.role !== 'guest')
    .map((m) => ({
      id: m.userId,
      name: m.name,
      present: m.recorded === 'present',
    }));
  const officers = active
    .filter(
      (u) => (u.role === 'admin' || u.role === 'chair') && !members.some((m) => m.id === u.id),
    )
    .map((u) => ({ id: u.id, name: u.name, present: false }));
  return [...members.filter((m) => m.present), ...members.filter((m) => !m.present), ...officers];
}
