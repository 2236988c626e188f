// A meeting's attendance sheet as the mock server answers it, and as tests shape it: one fixture for both.
import type { Attendance } from '@/types/api';

export type AttendanceOverrides = Partial<Omit<Attendance, 'summary'>> & {
  summary?: Partial<Attendance['summary']>;
};

/** Five serving trustees, three needed, nobody answered yet; the reader neither answers nor records. */
export const attendanceFixture = ({
  summary,
  ...overrides
}: AttendanceOverrides = {}): Attendance => ({
  meetingId: 7,
  canRespond: false,
  canRecord: false,
  mine: null,
  members: [],
  guests: [],
  ...overrides,
  summary: {
    rule: 'count',
    ruleText: '3 trustees',
    serving: 5,
    required: 3,
    expectedAttending: 0,
    apologies: 0,
    notSure: 0,
    noAnswer: 5,
    expectedQuorate: false,
    recordedPresent: null,
    recordedQuorate: null,
    ...summary,
  },
});
