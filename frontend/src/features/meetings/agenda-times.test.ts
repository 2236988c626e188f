import { agendaEnd, moved, overrunMinutes, runningTimes } from '@/features/meetings/agenda-times';

const start = '2030-03-05T18:30:00.000Z';

describe('agenda running times', () => {
  it('starts each item when the ones before it end', () => {
    const times = runningTimes(start, [
      { durationMinutes: 5 },
      { durationMinutes: 0 },
      { durationMinutes: 25 },
    ]);
    expect(times.map((t) => t.startsAt)).toEqual([
      '2030-03-05T18:30:00.000Z',
      '2030-03-05T18:35:00.000Z',
      '2030-03-05T18:35:00.000Z',
    ]);
    expect(times[2].endsAt).toBe('2030-03-05T19:00:00.000Z');
    expect(agendaEnd(start, [{ durationMinutes: 90 }])).toBe('2030-03-05T20:00:00.000Z');
  });

  it('measures how far the agenda runs past the planned end', () => {
    const plannedEnd = '2030-03-05T19:30:00.000Z';
    expect(overrunMinutes(start, plannedEnd, [{ durationMinutes: 60 }])).toBe(0);
    expect(
      overrunMinutes(start, plannedEnd, [{ durationMinutes: 50 }, { durationMinutes: 25 }]),
    ).toBe(15);
  });

  it('moves an item one place and not past the ends', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
