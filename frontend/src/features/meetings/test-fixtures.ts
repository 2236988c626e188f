// What the meeting page's tests answer for meeting 7: the meeting, its agenda items and its attendance
// sheet, each test passing only the fields it is about. Imported by tests only.
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import type { AgendaItem, Attendance, Meeting } from '@/types/api';

export const MEETING_START = '2030-03-05T18:30:00.000Z';

/** A two-hour board meeting at 18:30 on 5 March 2030 whose agenda is published. */
export const meetingFixture = (overrides: Partial<Meeting> = {}): Meeting => ({
  id: 7,
  title: 'Spring board meeting',
  description: '',
  meetingDate: MEETING_START,
  location: null,
  meetingLink: null,
  agendaLink: null,
  kind: 'board',
  committeeId: null,
  committeeName: null,
  minutesId: null,
  minutesLink: null,
  createdAt: MEETING_START,
  status: 'scheduled',
  cancelledAt: null,
  durationMinutes: 120,
  plannedEnd: '2030-03-05T20:30:00.000Z',
  agendaStatus: 'published',
  agendaPublishedAt: MEETING_START,
  agendaChangedSincePublication: false,
  revision: 0,
  updatedAt: MEETING_START,
  ...overrides,
});

/** A 15-minute item for decision, numbered as its id unless `number` is given, with no papers. */
export const agendaItemFixture = (
  id: number,
  title: string,
  overrides: Partial<AgendaItem> = {},
): AgendaItem => ({
  id,
  number: id,
  title,
  purpose: 'decision',
  presenterUserId: null,
  presenterName: null,
  durationMinutes: 15,
  description: '',
  papers: [],
  changedSincePublication: false,
  resolutionId: null,
  ...overrides,
});

export { attendanceFixture } from '@/testing/mocks/attendance-sheet';

type MeetingPageAnswer = {
  meeting?: Meeting;
  agenda?: AgendaItem[];
  agendaVisible?: boolean;
  canManage: boolean;
  /** Answered at `/api/meetings/7/attendance` when given; otherwise the test answers that call. */
  attendance?: Attendance;
};

/** Answers the meeting page's own calls for meeting 7 (the meeting with its agenda, its attendance). */
export function serveMeetingPage({
  meeting = meetingFixture(),
  agenda = [],
  agendaVisible = true,
  canManage,
  attendance,
}: MeetingPageAnswer): void {
  server.use(
    http.get('/api/meetings/7', () =>
      HttpResponse.json({ meeting, agendaVisible, agenda, canManage }),
    ),
  );
  if (attendance) {
    server.use(http.get('/api/meetings/7/attendance', () => HttpResponse.json(attendance)));
  }
}
