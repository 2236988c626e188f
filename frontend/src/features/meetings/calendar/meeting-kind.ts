// The calendar's tag of a meeting (spec §2 Calendar): from its kind, so that a committee meeting or the
// AGM is never labelled 'Board Meeting'.
import type { Meeting } from '@/types/api';

export type MeetingKind = Meeting['kind'];

export const meetingKindLabels: Record<MeetingKind, string> = {
  board: 'Board Meeting',
  committee: 'Committee Meeting',
  agm: 'AGM',
  other: 'Other Meeting',
};

/** A committee meeting is tagged with its committee's name while that committee exists. */
export const meetingTag = (meeting: Pick<Meeting, 'kind' | 'committeeName'>): string =>
  meeting.kind === 'committee' && meeting.committeeName
    ? meeting.committeeName
    : meetingKindLabels[meeting.kind];
