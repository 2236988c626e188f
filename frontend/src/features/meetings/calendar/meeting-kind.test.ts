import { meetingTag } from '@/features/meetings/calendar/meeting-kind';

describe('calendar tags from the meeting kind', () => {
  it('names each kind', () => {
    expect(meetingTag({ kind: 'board', committeeName: null })).toBe('Board Meeting');
    expect(meetingTag({ kind: 'agm', committeeName: null })).toBe('AGM');
    expect(meetingTag({ kind: 'other', committeeName: null })).toBe('Other Meeting');
  });

  it("tags a committee meeting with its committee's name, or as a committee meeting once it is gone", () => {
    expect(meetingTag({ kind: 'committee', committeeName: 'Finance Committee' })).toBe(
      'Finance Committee',
    );
    expect(meetingTag({ kind: 'committee', committeeName: null })).toBe('Committee Meeting');
  });
});
